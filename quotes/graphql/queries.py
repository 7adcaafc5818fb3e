from __future__ import annotations

import datetime
from typing import Annotated

import strawberry

from portal.errors import InputError, NotFoundError, PermissionDeniedError, field_error
from portal.graphql.permissions import GuestOrValidToken, requires
from pricing.selectors import product_detail
from quotes import permissions, selectors
from quotes.graphql.types import (
    QuoteDetail,
    QuoteDraft,
    QuoteEdge,
    QuoteEnabled,
    QuoteList,
    QuotePdf,
    quote_header,
    signed_download_url,
)
from quotes.pdf import quote_pdf_file_name

MAX_PAGE_SIZE = 100


def quote_for_caller(info: strawberry.Info, ref: str, *, code: str, access_key: str | None):
    """The quote the caller reaches with `code` (or as a guest with its access key), loaded for its page.
    PERMISSION_DENIED when the caller lacks the code altogether, NOT_FOUND when the quote is not theirs."""
    actor = info.context.actor
    if not access_key and permissions.scope_level(actor, code) == 0:
        if actor.user is None:
            raise NotFoundError("Quote not found.")
        raise PermissionDeniedError()
    return selectors.quote_detail(actor=actor, ref=ref, access_key=access_key, code=code)


@strawberry.type
class Query:
    @strawberry.field(
        description="Whether the caller may build a quote and where the quote buttons show (shell §4 enablement: "
        "the quotes feature, quote_customer, the guest / individual / B2B switch, create_quote for B2B users; off "
        "for a super admin who is not masquerading). With productId (and variantId, quantity): whether that "
        "product's Add to Quote button shows (business §4). Guest-allowed."
    )
    def quote_enabled(
        self,
        info: strawberry.Info,
        channel_id: int = 1,
        product_id: int | None = None,
        variant_id: int | None = None,
        quantity: int = 1,
    ) -> QuoteEnabled:
        actor = info.context.actor
        switches = permissions.quote_switches(channel_id=channel_id)
        enablement = permissions.quote_enablement(actor, switches)
        on = enablement.enabled
        quotable = None
        if product_id is not None:
            product = product_detail(product_id=product_id)
            if product is None:
                raise NotFoundError("Product not found.")
            variants = list(product.variants.all())
            variant = next((v for v in variants if v.pk == variant_id), None)
            if variant is None and variant_id is None and len(variants) == 1:
                variant = variants[0]
            quotable = on and permissions.product_quotable(product, variant, max(quantity, 1), switches)
        return QuoteEnabled(
            enabled=on,
            reason=None if on else enablement.code,
            on_product_page=on and switches.on("quote_on_product_page"),
            on_cart_page=on and switches.on("quote_on_cart_page"),
            on_non_purchasable_products=on and switches.non_purchasable_allowed,
            floating_button=on and switches.on("quote_floating_action_button"),
            product_quotable=quotable,
        )

    @strawberry.field(
        permission_classes=[GuestOrValidToken],
        description="The caller's quote draft with live prices: a signed-in user's own, or a guest's by the "
        "draftKey returned when it was created (an unknown key gives an empty draft with a null draftKey). "
        "Guest-allowed.",
    )
    def quote_draft(
        self,
        info: strawberry.Info,
        draft_key: Annotated[
            str | None, strawberry.argument(description="Guests only; ignored when signed in.")
        ] = None,
    ) -> QuoteDraft:
        actor = info.context.actor
        draft = selectors.quote_draft_for(actor=actor, draft_key=draft_key)
        return QuoteDraft(view=selectors.quote_draft_view(draft=draft, actor=actor), key=draft_key)

    @strawberry.field(
        permission_classes=[requires("get_quotes")],
        description="The caller's quotes (get_quotes: level 2 the company's, level 1 their own; B2C users their "
        "own), newest first by default. orderBy is required ('Invalid query: orderBy property is required'): "
        "createdAt, number, title, status, expiresOn, grandTotal or updatedAt, prefixed - for descending. "
        "search matches the number, the title, product names and SKUs; status is open, ordered or expired; "
        "dateFrom/dateTo bound the issue date (inclusive). At level 2 a parent company's admin (or a member granted "
        "the units below) sees the quotes of every unit below the one they act for too (issue 40); companyId keeps "
        "one of those units (another is a VALIDATION_ERROR, field companyId, code invalid_choice).",
    )
    def quotes(
        self,
        info: strawberry.Info,
        first: Annotated[int, strawberry.argument(description=f"Page size, at most {MAX_PAGE_SIZE}.")] = 10,
        offset: int = 0,
        search: str | None = None,
        status: str | None = None,
        date_from: datetime.date | None = None,
        date_to: datetime.date | None = None,
        order_by: str | None = None,
        company_id: Annotated[
            int | None,
            strawberry.argument(description="Only the quotes of this company (unit): one the caller's reach covers."),
        ] = None,
    ) -> QuoteList:
        if first < 0 or offset < 0:
            raise InputError(
                fields=field_error("first" if first < 0 else "offset", "Enter 0 or more.", code="out_of_range")
            )
        if first > MAX_PAGE_SIZE:
            message = f"Ask for at most {MAX_PAGE_SIZE} quotes at a time."  # refused, not silently cut (issue 12)
            raise InputError(message, fields=field_error("first", message, code="out_of_range"))
        if search is not None and len(search) > 100:
            raise InputError(fields=field_error("search", "Enter at most 100 characters.", code="max_length"))
        filters = selectors.QuoteFilters(
            search=search or "",
            status=status or None,
            date_from=date_from,
            date_to=date_to,
            order_by=order_by or "",
            company_id=company_id,
        )
        actor = info.context.actor
        total, page = selectors.quote_list_page(actor=actor, filters=filters, offset=offset, limit=first)
        on = selectors.today()
        # The company column's names: none read for a unit without units below it, one query for one with.
        names = actor.unit_names if page else {}
        return QuoteList(
            total_count=total, edges=[QuoteEdge(node=quote_header(quote, on=on, unit_names=names)) for quote in page]
        )

    @strawberry.field(
        description="A quote by id or number, with its lines, summary, messages, files and revisions "
        "(get_quote_detail: level 2 the company's and those of the units below it the caller reaches, level 1 the "
        "caller's own). A guest passes the accessKey e-mailed at submission. Another company's quote, or a sibling "
        "unit's, is NOT_FOUND. Guest-allowed (with accessKey)."
    )
    def quote(self, info: strawberry.Info, id: strawberry.ID, access_key: str | None = None) -> QuoteDetail:
        quote = quote_for_caller(info, str(id), code=permissions.GET_QUOTE_DETAIL, access_key=access_key)
        return QuoteDetail(quote=quote, actor=info.context.actor, guest_access=bool(access_key))

    @strawberry.field(
        description="A signed link to the quote's PDF (get_quote_pdf; a guest with the accessKey). Guest-allowed "
        "(with accessKey)."
    )
    def quote_pdf(self, info: strawberry.Info, id: strawberry.ID, access_key: str | None = None) -> QuotePdf:
        actor = info.context.actor
        if not access_key and permissions.scope_level(actor, permissions.GET_QUOTE_PDF) == 0:
            if actor.user is None:
                raise NotFoundError("Quote not found.")
            raise PermissionDeniedError()
        quote = selectors.quote_for(actor=actor, ref=str(id), code=permissions.GET_QUOTE_PDF, access_key=access_key)
        return QuotePdf(url=signed_download_url(info, kind="pdf", pk=quote.pk), file_name=quote_pdf_file_name(quote))
