"""The quote as a PDF (issue 6): an HTML template rendered by WeasyPrint, with the store's logo (when the
`quote_logo` switch is on), the lines, the totals and the terms."""

from __future__ import annotations

from accounts.countries import postal_address_from
from portal.models import Store
from portal.pdf import logo_data_uri, template_to_pdf
from portal.selectors import storefront_switch_on
from quotes import notifications
from quotes.models import Quote

# business §3 address fields → the parts of a postal address.
QUOTE_ADDRESS_KEYS: dict[str, str | tuple[str, str]] = {
    "name": ("firstName", "lastName"), "company": "companyName", "street": "address", "street2": "apartment",
    "city": "city", "state": "state", "postcode": "zipCode", "country": "country",
}  # fmt: skip


def _address_lines(address: dict) -> list[str]:
    """A quote address (business §3 fields) as its country's post writes it; none when it has no street or city."""
    if not (address.get("address") or address.get("city")):
        return []
    return postal_address_from(address, keys=QUOTE_ADDRESS_KEYS)


def quote_pdf_render(*, quote_id: int) -> bytes:
    quote = notifications.quote_for_mail(quote_id)
    store = Store.objects.order_by("pk").first()
    show_logo = storefront_switch_on(key="quote_logo", channel_id=quote.channel_id)
    return template_to_pdf(
        "quotes/pdf/quote.html",
        {
            **notifications.context(quote),
            "store": store,
            "logo": logo_data_uri(store) if show_logo else None,
            "ship_to": _address_lines(quote.shipping_address),
            "bill_to": _address_lines(quote.billing_address),
        },
    )


def quote_pdf_file_name(quote: Quote) -> str:
    return f"quote-{quote.number}.pdf"
