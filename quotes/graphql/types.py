"""GraphQL types of quotes. Plain strawberry types built from rows the selectors load with their relations in a
fixed number of queries (the list node has no nested lists, so it cannot be asked for N+1 data)."""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from decimal import Decimal
from enum import Enum
from typing import Any

import strawberry

from accounts.selectors import Actor
from pricing.graphql.types import absolute_url, product_url
from quotes import amounts, downloads
from quotes.downloads import DOWNLOAD_MAX_AGE
from quotes.models import Quote, QuoteAttachment
from quotes.permissions import (
    CHECKOUT_WITH_QUOTE,
    GET_QUOTE_PDF,
    UPDATE_QUOTE_MESSAGE,
    scope_level,
)
from quotes.selectors import DraftLineView, DraftView, effective_status


def signed_download_url(info: strawberry.Info, *, kind: str, pk: int) -> str:
    return downloads.signed_download_url(info.context.request, kind=kind, pk=pk)


@strawberry.enum(description="Where products are added to the quote draft from (shell §4 page switches).")
class QuoteSource(Enum):
    PRODUCT_PAGE = "PRODUCT_PAGE"
    CART_PAGE = "CART_PAGE"
    QUOTE_DRAFT = "QUOTE_DRAFT"


# --- shared pieces ---------------------------------------------------------------------------------------------


@strawberry.type(description="Contact info of a quote (business §3).")
class QuoteContactInfo:
    name: str
    email: str
    company_name: str
    phone_number: str
    quote_title: str


@strawberry.type(description="A shipping or billing address of a quote (business §3).")
class QuoteAddress:
    address: str
    address_id: int | None = strawberry.field(description="The address book entry it came from, if any.")
    apartment: str
    company_name: str
    city: str
    country: str
    first_name: str
    label: str
    last_name: str
    phone_number: str
    state: str
    zip_code: str

    @classmethod
    def of(cls, data: dict | None) -> QuoteAddress:
        data = data if isinstance(data, dict) else {}
        address_id = data.get("addressId")
        return cls(
            address=str(data.get("address", "")),
            address_id=address_id if isinstance(address_id, int) else None,
            apartment=str(data.get("apartment", "")),
            company_name=str(data.get("companyName", "")),
            city=str(data.get("city", "")),
            country=str(data.get("country", "")),
            first_name=str(data.get("firstName", "")),
            label=str(data.get("label", "")),
            last_name=str(data.get("lastName", "")),
            phone_number=str(data.get("phoneNumber", "")),
            state=str(data.get("state", "")),
            zip_code=str(data.get("zipCode", "")),
        )


@strawberry.type(description="A chosen option as shown to the buyer.")
class QuoteOptionValue:
    option_id: int | None
    option_name: str
    value: str


@strawberry.type(description="A file attached to a quote or its draft (business §5 drop zone).")
class QuoteFile:
    attachment: strawberry.Private[QuoteAttachment]

    @strawberry.field
    def id(self) -> int:
        return self.attachment.pk

    @strawberry.field
    def file_name(self) -> str:
        return self.attachment.file_name

    @strawberry.field(description="Bytes.")
    def file_size(self) -> int:
        return self.attachment.size

    @strawberry.field
    def content_type(self) -> str:
        return self.attachment.content_type

    @strawberry.field(description="True for the supplier's files, false for the buyer's.")
    def from_supplier(self) -> bool:
        return self.attachment.from_staff

    @strawberry.field
    def created_at(self) -> datetime.datetime:
        return self.attachment.created_at

    @strawberry.field(
        description=f"A signed link valid {DOWNLOAD_MAX_AGE} seconds. The file can also be fetched from "
        "GET /api/v2/quotes/attachments/{id} with the bearer token (or accessKey for a guest's quote)."
    )
    def download_url(self, info: strawberry.Info) -> str:
        return signed_download_url(info, kind="attachment", pk=self.attachment.pk)


# --- the draft -------------------------------------------------------------------------------------------------


@strawberry.type(description="A line of the quote draft (business §3 quote draft line) with its live price.")
class QuoteDraftLine:
    view: strawberry.Private[DraftLineView]
    show_inclusive: strawberry.Private[bool]

    @strawberry.field
    def id(self) -> int:
        return self.view.line.pk

    @strawberry.field
    def product_id(self) -> int:
        return self.view.line.product_id

    @strawberry.field
    def variant_id(self) -> int:
        return self.view.line.variant_id

    @strawberry.field
    def variant_sku(self) -> str:
        return self.view.sku

    @strawberry.field
    def product_name(self) -> str:
        return self.view.line.product.name

    @strawberry.field
    def primary_image(self, info: strawberry.Info) -> str | None:
        line = self.view.line
        return absolute_url(info, line.variant.image or line.product.image)

    @strawberry.field
    def product_url(self, info: strawberry.Info) -> str | None:
        return product_url(info, self.view.line.product)

    @strawberry.field
    def quantity(self) -> int:
        return self.view.line.quantity

    @strawberry.field(description='The modifier options as a JSON string: [{"optionId": 12, "optionValue": "34"}].')
    def option_list(self) -> str:
        return json.dumps(
            [{"optionId": option_id, "optionValue": value} for option_id, value in self.view.line.options]
        )

    @strawberry.field(description="The variant's option values, then the chosen options, with their labels.")
    def options(self) -> list[QuoteOptionValue]:
        return [
            QuoteOptionValue(option_id=o.option_id, option_name=o.display_name, value=o.value)
            for o in self.view.options
        ]

    @strawberry.field(
        description="Unit price excluding tax; null while prices are hidden, when the price is on request, or when "
        "the line cannot be priced."
    )
    def base_price(self) -> Decimal | None:
        return self.view.price.calculated_price.tax_exclusive if self.view.price else None

    @strawberry.field(description="Tax on one unit.")
    def tax_price(self) -> Decimal | None:
        price = self.view.price
        return price.calculated_price.tax_inclusive - price.calculated_price.tax_exclusive if price else None

    @strawberry.field(
        description="The unit price as the store displays it (with tax when its tax zone shows prices so)."
    )
    def calculated_value(self) -> Decimal | None:
        return self.view.price.calculated_price.displayed(self.show_inclusive) if self.view.price else None

    @strawberry.field(description="Quantity × unit price, excluding tax.")
    def line_total(self) -> Decimal | None:
        return self.view.price.line_total.tax_exclusive if self.view.price else None

    @strawberry.field(description="Quantity × unit price, including tax.")
    def line_total_with_tax(self) -> Decimal | None:
        return self.view.price.line_total.tax_inclusive if self.view.price else None

    @strawberry.field(description='"Price error" (business §8) when the line cannot be priced any more.')
    def price_error(self) -> str | None:
        return self.view.price_error

    @strawberry.field(
        description='The catalog gives no price for this product ("Price on request"): its prices are null, the '
        "supplier prices it in the quote."
    )
    def price_on_request(self) -> bool:
        return self.view.price_on_request


@strawberry.type(
    description="Totals of the draft at live prices; null while prices are hidden, a line fails, or a line's price "
    "is on request."
)
class QuoteDraftTotals:
    subtotal: Decimal | None = strawberry.field(description="Excluding tax.")
    tax: Decimal | None
    grand_total: Decimal | None = strawberry.field(description="Including tax.")


@strawberry.type(description="The quote draft (business §3 draft quote), persisted on the server.")
class QuoteDraft:
    view: strawberry.Private[DraftView]
    key: strawberry.Private[str | None]

    @strawberry.field(
        description="A guest's draft key: keep it and send it back as draftKey. Null for signed-in users (their "
        "draft is theirs) and for a guest who has no draft yet."
    )
    def draft_key(self) -> str | None:
        return self.key if self.view.draft is not None and self.view.draft.user_id is None else None

    @strawberry.field(description="Null until something is stored.")
    def id(self) -> int | None:
        return self.view.draft.pk if self.view.draft else None

    @strawberry.field(description="The cart whose products were added with Add All to Quote (business §4).")
    def cart_id(self) -> str | None:
        return (self.view.draft.cart_id or None) if self.view.draft else None

    @strawberry.field
    def currency_code(self) -> str:
        return self.view.currency_code

    @strawberry.field(description="Show prices with tax (the store's tax zone setting).")
    def show_inclusive(self) -> bool:
        return self.view.show_inclusive

    @strawberry.field(description="Prices are hidden from the caller (a pending company account, shell §3).")
    def prices_hidden(self) -> bool:
        return self.view.prices_hidden

    @strawberry.field
    def contact_info(self) -> QuoteContactInfo:
        draft = self.view.draft
        if draft is None:  # nothing stored yet: a signed-in user's own details, a guest's blank
            defaults = self.view.contact_defaults
            return QuoteContactInfo(
                name=defaults.get("contact_name", ""),
                email=defaults.get("contact_email", ""),
                company_name=defaults.get("company_name", ""),
                phone_number=defaults.get("phone_number", ""),
                quote_title="",
            )
        return QuoteContactInfo(
            name=draft.contact_name,
            email=draft.contact_email,
            company_name=draft.company_name,
            phone_number=draft.phone_number,
            quote_title=draft.quote_title,
        )

    @strawberry.field
    def shipping_address(self) -> QuoteAddress:
        return QuoteAddress.of(self.view.draft.shipping_address if self.view.draft else None)

    @strawberry.field
    def billing_address(self) -> QuoteAddress:
        return QuoteAddress.of(self.view.draft.billing_address if self.view.draft else None)

    @strawberry.field
    def note(self) -> str:
        return self.view.draft.note if self.view.draft else ""

    @strawberry.field(description="The files dropped on the draft (at most 3).")
    def file_info(self) -> list[QuoteFile]:
        if self.view.draft is None:
            return []
        return [QuoteFile(attachment=a) for a in self.view.draft.attachments.all()]

    @strawberry.field(description="The lines, oldest first.")
    def products(self) -> list[QuoteDraftLine]:
        return [QuoteDraftLine(view=line, show_inclusive=self.view.show_inclusive) for line in self.view.lines]

    @strawberry.field
    def totals(self) -> QuoteDraftTotals:
        subtotal, total = self.view.subtotal, self.view.total_with_tax
        tax = total - subtotal if subtotal is not None and total is not None else None
        return QuoteDraftTotals(subtotal=subtotal, tax=tax, grand_total=total)


@strawberry.type
class QuoteDraftPayload:
    message: str = strawberry.field(
        description='A success text, e.g. "Product was added to your quote." (business §8).'
    )
    draft: QuoteDraft


@strawberry.type(description="Whether the caller may build a quote, and where the quote buttons show (shell §4).")
class QuoteEnabled:
    enabled: bool = strawberry.field(description="The caller may add to a quote and submit it.")
    reason: str | None = strawberry.field(description="Why not: QUOTES_DISABLED or PERMISSION_DENIED.")
    on_product_page: bool = strawberry.field(description="Show Add to Quote on product pages.")
    on_cart_page: bool = strawberry.field(description="Show Add All to Quote on the cart page.")
    on_non_purchasable_products: bool = strawberry.field(
        description="Show Add to Quote on products that cannot be bought."
    )
    floating_button: bool = strawberry.field(
        description="Show the floating Finish quote button (when the draft has lines)."
    )
    product_quotable: bool | None = strawberry.field(
        description="For the productId asked: whether its Add to Quote button shows (business §4). Null otherwise."
    )


# --- quotes --------------------------------------------------------------------------------------------------------


@strawberry.type
class QuotePerson:
    name: str
    email: str


def _person(user) -> QuotePerson | None:
    if user is None:
        return None
    return QuotePerson(name=user.get_full_name() or user.email, email=user.email)


@strawberry.type(description="A quote's header: what the quotes list shows.")
class QuoteHeader:
    # Built by `quote_header` from a quote of the list. QuoteDetail has the same fields, each resolved from its quote.
    id: int
    number: str = strawberry.field(description="Q-100001 and on.")
    title: str
    status: str = strawberry.field(
        description="open, ordered or expired (an open quote past its expiry date is expired)."
    )
    revision: int = strawberry.field(
        description="0: as submitted, awaiting the supplier; 1 and on: the supplier's versions."
    )
    is_priced: bool = strawberry.field(description="The supplier has priced it (revision 1 or later).")
    issued_on: datetime.datetime
    expires_on: datetime.date = strawberry.field(description="The last day it can be ordered.")
    updated_at: datetime.datetime
    sales_rep: QuotePerson | None
    created_by: QuotePerson | None = strawberry.field(description="Who requested it (null for a guest).")
    contact_info: QuoteContactInfo
    currency_code: str
    original_subtotal: Decimal | None = strawberry.field(
        description="At the buyer's prices when submitted, excluding tax; null while a line's price is on request "
        "and not yet quoted."
    )
    quoted_subtotal: Decimal | None = strawberry.field(description="Null until priced.")
    grand_total: Decimal | None = strawberry.field(description="Null until priced.")
    order_id: int | None = strawberry.field(description="The order placed from it, once ordered.")
    company_id: int | None = strawberry.field(
        description="The company (unit) whose quote it is: the list's company column and filter when the caller's "
        "reach spans the units below the one they act for (issue 40). Null for an individual customer's or a guest's."
    )
    company_name: str = strawberry.field(
        description="That company's name (as QuoteDetail.companyName); for an individual customer's or a guest's quote "
        "the company name given in its contact info."
    )


def quote_header(quote: Quote, *, on: datetime.date, unit_names: Mapping[int, str] | None = None) -> QuoteHeader:
    """A quote as the list shows it: what QuoteDetail's resolvers of the same fields answer, with the status as of
    `on` (today), and its company's name from `unit_names` (the caller's units, `Actor.unit_names`: no query per
    row)."""
    company_id = quote.company_id
    return QuoteHeader(
        id=quote.pk,
        number=quote.number or "",
        title=quote.title,
        status=effective_status(quote, on=on),
        revision=quote.revision,
        is_priced=quote.is_priced,
        issued_on=quote.created_at,
        expires_on=quote.expires_on,
        updated_at=quote.updated_at,
        sales_rep=_person(quote.sales_rep),
        created_by=_person(quote.user),
        contact_info=QuoteContactInfo(
            name=quote.contact_name,
            email=quote.contact_email,
            company_name=quote.company_name,
            phone_number=quote.phone_number,
            quote_title=quote.title,
        ),
        currency_code=quote.currency_code,
        original_subtotal=quote.original_subtotal,
        quoted_subtotal=quote.quoted_subtotal,
        grand_total=quote.grand_total,
        order_id=quote.order_id,
        company_id=company_id,
        # A super admin who is not masquerading works in no unit: the name the quote was submitted with.
        company_name=(unit_names or {}).get(company_id, quote.company_name) if company_id else quote.company_name,
    )


@strawberry.type
class QuoteEdge:
    node: QuoteHeader


@strawberry.type(description="A page of quotes (business §3 pagination: offset, first, count).")
class QuoteList:
    total_count: int
    edges: list[QuoteEdge]


@strawberry.type(
    name="QuoteLine", description="A quote line with the original (buyer's) and the quoted (supplier's) unit prices."
)
class QuoteLineType:
    line: strawberry.Private[Any]
    quote: strawberry.Private[Quote]

    def _amounts(self) -> amounts.LineAmounts:
        return amounts.quote_line_amounts(self.quote, self.line)

    @strawberry.field
    def id(self) -> int:
        return self.line.pk

    @strawberry.field
    def product_id(self) -> int | None:
        return self.line.product_id

    @strawberry.field
    def variant_id(self) -> int | None:
        return self.line.variant_id

    @strawberry.field
    def sku(self) -> str:
        return self.line.sku

    @strawberry.field
    def product_name(self) -> str:
        return self.line.name

    @strawberry.field
    def primary_image(self, info: strawberry.Info) -> str | None:
        return absolute_url(info, self.line.image)

    @strawberry.field
    def quantity(self) -> int:
        return self.line.quantity

    @strawberry.field
    def options(self) -> list[QuoteOptionValue]:
        return [
            QuoteOptionValue(option_id=None, option_name=str(o.get("name", "")), value=str(o.get("value", "")))
            for o in self.line.option_labels
        ]

    @strawberry.field(description='The options as a JSON string: [{"optionId": 12, "optionValue": "34"}].')
    def option_list(self) -> str:
        return json.dumps([{"optionId": option_id, "optionValue": value} for option_id, value in self.line.options])

    @strawberry.field(
        description="The buyer's unit price when submitted, excluding tax. For a price on request: the quoted "
        "price once the supplier has priced it, null until then."
    )
    def original_price(self) -> Decimal | None:
        return self._amounts().original_unit

    @strawberry.field(
        description='The catalog gave no price for this product ("Price on request"): the supplier prices it.'
    )
    def price_on_request(self) -> bool:
        return self.line.price_on_request

    @strawberry.field(description="The supplier's unit price before the overall discount; null until priced.")
    def quoted_price(self) -> Decimal | None:
        return self._amounts().quoted_unit

    @strawberry.field(description="The unit price to pay: quoted price less the overall discount; null until priced.")
    def discounted_price(self) -> Decimal | None:
        return self._amounts().unit_price

    @strawberry.field(description="Percent.")
    def tax_rate(self) -> Decimal:
        return self.line.tax_rate

    @strawberry.field(description="Quantity × original price; null while the original price is.")
    def original_total(self) -> Decimal | None:
        return self._amounts().original_total

    @strawberry.field(description="Quantity × discounted price, excluding tax; null until priced.")
    def quoted_total(self) -> Decimal | None:
        return self._amounts().total


@strawberry.type(name="QuoteSummary", description="The quote's summary (amounts exclude tax unless named).")
class QuoteSummaryType:
    original_subtotal: Decimal | None = strawberry.field(
        description="Null while a line's price is on request and not yet quoted."
    )
    discount: Decimal | None = strawberry.field(description="Original subtotal minus quoted subtotal.")
    discount_percent: Decimal = strawberry.field(description="The supplier's overall discount in percent.")
    quoted_subtotal: Decimal | None
    shipping: Decimal | None = strawberry.field(description="Null: calculated at checkout.")
    tax: Decimal | None
    grand_total: Decimal | None


@strawberry.type(name="QuoteMessage", description="A message of the thread between the buyer and the supplier.")
class QuoteMessageType:
    message_row: strawberry.Private[Any]

    @strawberry.field
    def id(self) -> int:
        return self.message_row.pk

    @strawberry.field(description="True for the supplier's staff, false for the buyer.")
    def from_supplier(self) -> bool:
        return self.message_row.from_staff

    @strawberry.field
    def author_name(self) -> str:
        return self.message_row.author_name

    @strawberry.field
    def message(self) -> str:
        return self.message_row.body

    @strawberry.field
    def created_at(self) -> datetime.datetime:
        return self.message_row.created_at


@strawberry.type(description="One change of a revision.")
class QuoteChange:
    field: str = strawberry.field(description="quantity, price, discount, shipping or expiry.")
    line_id: int | None
    sku: str | None
    product_name: str | None
    before: str | None
    after: str | None


@strawberry.type(name="QuoteRevision", description="A version of the quote and what changed since the one before.")
class QuoteRevisionType:
    revision: strawberry.Private[Any]

    @strawberry.field
    def number(self) -> int:
        return self.revision.number

    @strawberry.field
    def created_at(self) -> datetime.datetime:
        return self.revision.created_at

    @strawberry.field(description="False for revision 0, the buyer's submission.")
    def by_supplier(self) -> bool:
        return self.revision.by_supplier

    @strawberry.field(description="Priced automatically (auto-quoting).")
    def automatic(self) -> bool:
        return self.revision.automatic

    @strawberry.field
    def updated_by(self) -> str | None:
        user = self.revision.created_by
        return (user.get_full_name() or user.email) if user else None

    @strawberry.field(description="The supplier's message sent with the revision.")
    def message(self) -> str:
        return self.revision.message

    @strawberry.field
    def changes(self) -> list[QuoteChange]:
        return [
            QuoteChange(
                field=str(change.get("field", "")),
                line_id=change.get("lineId"),
                sku=change.get("sku"),
                product_name=change.get("productName"),
                before=change.get("before"),
                after=change.get("after"),
            )
            for change in self.revision.changes
        ]


@strawberry.type(description="A quote with everything its page shows (/quoteDetail/{id}).")
class QuoteDetail:
    quote: strawberry.Private[Quote]
    actor: strawberry.Private[Actor]
    guest_access: strawberry.Private[bool]

    # QuoteHeader's fields (quote_header gives the list the same answers)

    @strawberry.field
    def id(self) -> int:
        return self.quote.pk

    @strawberry.field(description="Q-100001 and on.")
    def number(self) -> str:
        return self.quote.number or ""

    @strawberry.field
    def title(self) -> str:
        return self.quote.title

    @strawberry.field(description="open, ordered or expired (an open quote past its expiry date is expired).")
    def status(self) -> str:
        return effective_status(self.quote)

    @strawberry.field(description="0: as submitted, awaiting the supplier; 1 and on: the supplier's versions.")
    def revision(self) -> int:
        return self.quote.revision

    @strawberry.field(description="The supplier has priced it (revision 1 or later).")
    def is_priced(self) -> bool:
        return self.quote.is_priced

    @strawberry.field
    def issued_on(self) -> datetime.datetime:
        return self.quote.created_at

    @strawberry.field(description="The last day it can be ordered.")
    def expires_on(self) -> datetime.date:
        return self.quote.expires_on

    @strawberry.field
    def updated_at(self) -> datetime.datetime:
        return self.quote.updated_at

    @strawberry.field
    def sales_rep(self) -> QuotePerson | None:
        return _person(self.quote.sales_rep)

    @strawberry.field(description="Who requested it (null for a guest).")
    def created_by(self) -> QuotePerson | None:
        return _person(self.quote.user)

    @strawberry.field
    def contact_info(self) -> QuoteContactInfo:
        quote = self.quote
        return QuoteContactInfo(
            name=quote.contact_name,
            email=quote.contact_email,
            company_name=quote.company_name,
            phone_number=quote.phone_number,
            quote_title=quote.title,
        )

    @strawberry.field
    def currency_code(self) -> str:
        return self.quote.currency_code

    @strawberry.field(
        description="At the buyer's prices when submitted, excluding tax; null while a line's price is on request "
        "and not yet quoted."
    )
    def original_subtotal(self) -> Decimal | None:
        return self.quote.original_subtotal

    @strawberry.field(description="Null until priced.")
    def quoted_subtotal(self) -> Decimal | None:
        return self.quote.quoted_subtotal

    @strawberry.field(description="Null until priced.")
    def grand_total(self) -> Decimal | None:
        return self.quote.grand_total

    @strawberry.field(description="The order placed from it, once ordered.")
    def order_id(self) -> int | None:
        return self.quote.order_id

    @strawberry.field(
        description="The company (unit) whose quote it is (issue 40); null for an individual customer's or a guest's."
    )
    def company_id(self) -> int | None:
        return self.quote.company_id

    # the detail's own fields

    @strawberry.field
    def shipping_address(self) -> QuoteAddress:
        return QuoteAddress.of(self.quote.shipping_address)

    @strawberry.field
    def billing_address(self) -> QuoteAddress:
        return QuoteAddress.of(self.quote.billing_address)

    @strawberry.field(description="The buyer's note at submission.")
    def note(self) -> str:
        return self.quote.note

    @strawberry.field
    def company_name(self) -> str:
        return self.quote.company.name if self.quote.company else self.quote.company_name

    @strawberry.field
    def lines(self) -> list[QuoteLineType]:
        return [QuoteLineType(line=line, quote=self.quote) for line in self.quote.lines.all()]

    @strawberry.field
    def summary(self) -> QuoteSummaryType:
        summary = amounts.quote_summary(self.quote, self.quote.lines.all())
        return QuoteSummaryType(
            original_subtotal=summary.original_subtotal,
            discount=summary.discount,
            discount_percent=self.quote.discount_percent,
            quoted_subtotal=summary.quoted_subtotal,
            shipping=summary.shipping,
            tax=summary.tax,
            grand_total=summary.grand_total,
        )

    @strawberry.field(description="The thread with the supplier, oldest first.")
    def messages(self) -> list[QuoteMessageType]:
        return [QuoteMessageType(message_row=m) for m in self.quote.messages.all()]

    @strawberry.field(description="Files of both sides.")
    def attachments(self) -> list[QuoteFile]:
        return [QuoteFile(attachment=a) for a in self.quote.attachments.all()]

    @strawberry.field(description="Revision 0 (as submitted) and each of the supplier's, oldest first.")
    def revisions(self) -> list[QuoteRevisionType]:
        return [QuoteRevisionType(revision=r) for r in self.quote.revisions.all()]

    def _may(self, code: str) -> bool:
        return self.guest_access or scope_level(self.actor, code) > 0

    @strawberry.field(description="The caller may message the supplier (update_quote_message).")
    def can_message(self) -> bool:
        return self._may(UPDATE_QUOTE_MESSAGE) and effective_status(self.quote) != "ordered"

    @strawberry.field(description="The caller may download the PDF (get_quote_pdf).")
    def can_download_pdf(self) -> bool:
        return self._may(GET_QUOTE_PDF)

    @strawberry.field(
        description="The caller may proceed to checkout: checkout_with_quote, open, not expired, priced (every "
        "line). The stock check runs on quoteCheckout."
    )
    def can_checkout(self) -> bool:
        return (
            not self.guest_access
            and scope_level(self.actor, CHECKOUT_WITH_QUOTE) > 0
            and effective_status(self.quote) == "open"
            and self.quote.is_priced
            and all(line.quoted_price is not None for line in self.quote.lines.all())
        )

    @strawberry.field
    def order_number(self) -> int | None:
        return self.quote.order.number if self.quote.order_id and self.quote.order else None


@strawberry.type(description="The result of submitting the draft.")
class QuoteSubmitResult:
    quote_id: int
    number: str
    status: str
    access_key: str | None = strawberry.field(
        description="A guest's key to the quote (also e-mailed): quote(id, accessKey). Null for signed-in users."
    )
    title: str = strawberry.field(description="quote_submission_response extraFields.title ('' when switched off).")
    message: str = strawberry.field(description="quote_submission_response extraFields.message.")
    auto_quoted: bool = strawberry.field(description="Priced at once by auto-quoting (revision 1).")


@strawberry.type
class QuotePdf:
    url: str = strawberry.field(description=f"A signed link to the PDF, valid {DOWNLOAD_MAX_AGE} seconds.")
    file_name: str


@strawberry.type(description="The quote checkout hand-over and the session-storage values of business §4.")
class QuoteCheckout:
    checkout_url: str = strawberry.field(description="A one-time link that signs in to the storefront checkout.")
    cart_id: str
    is_new_storefront: bool = strawberry.field(description="Session-storage key isNewStorefront.")
    quote_checkout_id: str = strawberry.field(description="Session-storage key quoteCheckoutId: the quote id.")
    quote_date: str = strawberry.field(description="Session-storage key quoteDate: the issue date, epoch seconds.")


@strawberry.type
class QuoteMessagePayload:
    message: QuoteMessageType


# --- inputs --------------------------------------------------------------------------------------------------------


@strawberry.input(description="An option of a line: a value id (multiple choice, checkbox) or a text, number or date.")
class QuoteOptionInput:
    option_id: int
    value: str


@strawberry.input(description="A product to add: by sku, or by productId (+ variantId or the variant options' values).")
class QuoteDraftLineInput:
    product_id: int | None = None
    variant_id: int | None = None
    sku: str | None = None
    quantity: int = 1
    options: list[QuoteOptionInput] = strawberry.field(default_factory=list)


@strawberry.input(description="Contact info; a field left out is unchanged.")
class QuoteContactInfoInput:
    name: str | None = None
    email: str | None = None
    company_name: str | None = None
    phone_number: str | None = None
    quote_title: str | None = None


@strawberry.input(description="An address; given, it replaces the stored one.")
class QuoteAddressInput:
    address: str = ""
    address_id: int | None = None
    apartment: str = ""
    company_name: str = ""
    city: str = ""
    country: str = ""
    first_name: str = ""
    label: str = ""
    last_name: str = ""
    phone_number: str = ""
    state: str = ""
    zip_code: str = ""

    def as_dict(self) -> dict:
        return {
            "address": self.address, "addressId": self.address_id, "apartment": self.apartment,
            "companyName": self.company_name, "city": self.city, "country": self.country,
            "firstName": self.first_name, "label": self.label, "lastName": self.last_name,
            "phoneNumber": self.phone_number, "state": self.state, "zipCode": self.zip_code,
        }  # fmt: skip


@strawberry.input(description="The draft's details; a part left out is unchanged.")
class QuoteDraftInfoInput:
    contact_info: QuoteContactInfoInput | None = None
    shipping_address: QuoteAddressInput | None = None
    billing_address: QuoteAddressInput | None = None
    note: str | None = None
