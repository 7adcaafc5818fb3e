"""The quote as a PDF (issue 6): an HTML template rendered by WeasyPrint, with the store's logo (when the
`quote_logo` switch is on), the lines, the totals and the terms."""

from __future__ import annotations

import base64
import logging
import mimetypes

from django.template.loader import render_to_string

from accounts.countries import postal_address_from
from portal.models import Store
from portal.selectors import storefront_switch_on
from quotes import notifications
from quotes.models import Quote

# WeasyPrint reports each rendering step at INFO: not worth a log line per PDF.
logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)

LOGO_TYPES = {".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}


def _logo_data_uri(store: Store | None) -> str | None:
    """The logo embedded in the document (no file paths or URLs for WeasyPrint to fetch)."""
    if store is None or not store.logo:
        return None
    name = store.logo.name.lower()
    content_type = next((t for ext, t in LOGO_TYPES.items() if name.endswith(ext)), None)
    content_type = content_type or mimetypes.guess_type(name)[0]
    if content_type is None or not content_type.startswith("image/"):
        return None
    try:
        with store.logo.open("rb") as logo:
            data = logo.read(2_000_000)
    except OSError:
        return None
    return f"data:{content_type};base64,{base64.b64encode(data).decode()}"


# business §3 address fields → the parts of a postal address.
QUOTE_ADDRESS_KEYS = {
    "name": ("firstName", "lastName"), "company": "companyName", "street": "address", "street2": "apartment",
    "city": "city", "state": "state", "postcode": "zipCode", "country": "country",
}  # fmt: skip


def _address_lines(address: dict) -> list[str]:
    """A quote address (business §3 fields) as its country's post writes it; none when it has no street or city."""
    if not (address.get("address") or address.get("city")):
        return []
    return postal_address_from(address, keys=QUOTE_ADDRESS_KEYS)


def quote_pdf_render(*, quote_id: int) -> bytes:
    from weasyprint import HTML
    from weasyprint.urls import URLFetcher

    quote = notifications.quote_for_mail(quote_id)
    store = Store.objects.order_by("pk").first()
    show_logo = storefront_switch_on(key="quote_logo", channel_id=quote.channel_id)
    html = render_to_string(
        "quotes/pdf/quote.html",
        {
            **notifications.context(quote),
            "store": store,
            "logo": _logo_data_uri(store) if show_logo else None,
            "ship_to": _address_lines(quote.shipping_address),
            "bill_to": _address_lines(quote.billing_address),
        },
    )
    # Everything the document shows is embedded (data: URIs): nothing is fetched from the network or the disk.
    return HTML(string=html, url_fetcher=URLFetcher(allowed_protocols={"data"})).write_pdf()


def quote_pdf_file_name(quote: Quote) -> str:
    return f"quote-{quote.number}.pdf"
