from __future__ import annotations

from typing import Annotated

import strawberry

from orders.graphql.transfer import ORDER_ID_ARGUMENT, ORDER_LINE_IDS_ARGUMENT, OrderLinesTransfer
from orders.selectors import order_for, order_lines_chosen
from portal.client_address import client_ip
from portal.errors import InputError, NotFoundError, PermissionDeniedError, field_error
from portal.graphql.permissions import GuestOrValidToken, IsAuthenticated
from quotes import permissions, selectors, services
from quotes.graphql.types import (
    QuoteDraft,
    QuoteDraftInfoInput,
    QuoteDraftLineInput,
    QuoteDraftPayload,
    QuoteMessagePayload,
    QuoteMessageType,
    QuoteOptionInput,
    QuoteSource,
    QuoteSubmitResult,
)

DraftKey = Annotated[
    str | None,
    strawberry.argument(description="A guest's draft key (from an earlier answer); ignored when signed in."),
]


def _payload(info: strawberry.Info, result: services.DraftResult) -> QuoteDraftPayload:
    view = selectors.quote_draft_view(draft=result.draft, actor=info.context.actor)
    return QuoteDraftPayload(message=result.message, draft=QuoteDraft(view=view, key=result.draft_key))


def _options(options: list[QuoteOptionInput] | None) -> list[tuple[int, str]] | None:
    if options is None:
        return None
    if len(options) > services.MAX_OPTIONS_PER_LINE:
        raise InputError(
            fields=field_error(
                "options", f"Send at most {services.MAX_OPTIONS_PER_LINE} options.", code="too_many_items"
            )
        )
    return [(option.option_id, option.value) for option in options]


@strawberry.type
class Mutation:
    @strawberry.mutation(
        permission_classes=[GuestOrValidToken],
        description="Add products to the caller's quote draft (from the product page, the cart's Add All to Quote "
        "with its cartId, or the draft's search and quick add by SKU + quantity). Creates the draft when there is "
        "none (a guest gets its draftKey back). Rules (business §4, §5, §8): a line needs a SKU or a productId "
        "(NO_SKU 'Can not add products without SKU.'); none at all is NO_PRODUCTS 'No products being added.' "
        "(NO_CART_PRODUCTS 'No products in Cart.' from the cart); options are validated first (VALIDATION_ERROR "
        "with the option messages); quantities are 1 to 1,000,000 per line after merging "
        "(QUOTE_QUANTITY_OUT_OF_RANGE 'The quantity of each product in Quote is 1-1000000.'); a line with the same "
        "SKU and options adds its quantity; a product that cannot be priced is PRICE_ERROR 'Price error'. Refusals: "
        "QUOTES_DISABLED, PERMISSION_DENIED, NOT_QUOTABLE (a non-purchasable product with those quotes off). "
        "Nothing is changed when anything fails. message: 'Product was added to your quote.' Guest-allowed.",
    )
    def quote_draft_add_lines(
        self,
        info: strawberry.Info,
        lines: list[QuoteDraftLineInput],
        draft_key: DraftKey = None,
        # Named apart in Python: strawberry's permission extension takes a `source` of its own.
        line_source: Annotated[QuoteSource, strawberry.argument(name="source")] = QuoteSource.QUOTE_DRAFT,
        cart_id: Annotated[str | None, strawberry.argument(description="With source CART_PAGE.")] = None,
        channel_id: int = 1,
    ) -> QuoteDraftPayload:
        if len(lines) > services.MAX_LINES_PER_CALL:
            raise InputError(
                fields=field_error(
                    "lines", f"Add at most {services.MAX_LINES_PER_CALL} products at a time.", code="too_many"
                )
            )
        requests = [
            services.DraftLineRequest(
                quantity=line.quantity,
                sku=line.sku,
                product_id=line.product_id,
                variant_id=line.variant_id,
                options=_options(line.options) or [],
            )
            for line in lines
        ]
        result = services.quote_draft_add_lines(
            actor=info.context.actor,
            draft_key=draft_key,
            lines=requests,
            source=line_source.value,
            cart_id=(cart_id or "")[:64] or None,
            channel_id=channel_id,
        )
        return _payload(info, result)

    @strawberry.mutation(
        permission_classes=[GuestOrValidToken],
        description="Change a draft line's quantity, options or variant (validated like adding; a line that becomes "
        "equal to another is merged into it). Guest-allowed.",
    )
    def quote_draft_update_line(
        self,
        info: strawberry.Info,
        line_id: int,
        draft_key: DraftKey = None,
        quantity: int | None = None,
        options: list[QuoteOptionInput] | None = None,
        variant_id: int | None = None,
    ) -> QuoteDraftPayload:
        result = services.quote_draft_update_line(
            actor=info.context.actor,
            draft_key=draft_key,
            line_id=line_id,
            quantity=quantity,
            options=_options(options),
            variant_id=variant_id,
        )
        return _payload(info, result)

    @strawberry.mutation(
        permission_classes=[GuestOrValidToken], description="Remove a line from the draft. Guest-allowed."
    )
    def quote_draft_remove_line(
        self, info: strawberry.Info, line_id: int, draft_key: DraftKey = None
    ) -> QuoteDraftPayload:
        result = services.quote_draft_remove_line(actor=info.context.actor, draft_key=draft_key, line_id=line_id)
        return _payload(info, result)

    @strawberry.mutation(
        permission_classes=[GuestOrValidToken],
        description="Set the draft's contact info (name, email, companyName, phoneNumber, quoteTitle), shipping "
        "and billing addresses and note (business §3). Creates the draft when there is none. Guest-allowed.",
    )
    def quote_draft_update(
        self, info: strawberry.Info, data: QuoteDraftInfoInput, draft_key: DraftKey = None
    ) -> QuoteDraftPayload:
        contact = None
        if data.contact_info is not None:
            c = data.contact_info
            contact = {
                "name": c.name, "email": c.email, "companyName": c.company_name, "phoneNumber": c.phone_number,
                "quoteTitle": c.quote_title,
            }  # fmt: skip
        result = services.quote_draft_update(
            actor=info.context.actor,
            draft_key=draft_key,
            contact=contact,
            shipping_address=data.shipping_address.as_dict() if data.shipping_address else None,
            billing_address=data.billing_address.as_dict() if data.billing_address else None,
            note=data.note,
        )
        return _payload(info, result)

    @strawberry.mutation(
        permission_classes=[GuestOrValidToken], description="Remove a file from the draft. Guest-allowed."
    )
    def quote_draft_remove_file(
        self, info: strawberry.Info, file_id: int, draft_key: DraftKey = None
    ) -> QuoteDraftPayload:
        result = services.quote_draft_attachment_remove(
            actor=info.context.actor, draft_key=draft_key, attachment_id=file_id
        )
        return _payload(info, result)

    @strawberry.mutation(
        permission_classes=[GuestOrValidToken],
        description="Empty the draft: lines, title, note, addresses and files. Guest-allowed.",
    )
    def quote_draft_clear(self, info: strawberry.Info, draft_key: DraftKey = None) -> QuoteDraftPayload:
        result = services.quote_draft_clear(actor=info.context.actor, draft_key=draft_key)
        return _payload(info, result)

    @strawberry.mutation(
        permission_classes=[IsAuthenticated],
        description="After signing in: merge the guest draft of draftKey into the user's draft (merge rule of "
        "business §4; quantities clamped to 1,000,000; empty details and the cart id taken over; files moved while "
        "there is room for them) and delete the guest draft. An unknown key changes nothing.",
    )
    def quote_draft_claim(self, info: strawberry.Info, draft_key: str) -> QuoteDraftPayload:
        result = services.quote_draft_claim(actor=info.context.actor, draft_key=draft_key)
        return _payload(info, result)

    @strawberry.mutation(
        permission_classes=[GuestOrValidToken],
        description="Submit the draft as a quote (status open, a number such as Q-100001); the draft is cleared. "
        "Needs contact name and e-mail (VALIDATION_ERROR fields contactInfo.name / contactInfo.email) and at "
        "least one line (QUOTE_DRAFT_EMPTY). Returns the quote_submission_response title and message; a guest "
        "gets the quote's accessKey (also e-mailed). Guest-allowed.",
    )
    def quote_draft_submit(
        self, info: strawberry.Info, draft_key: DraftKey = None, channel_id: int = 1
    ) -> QuoteSubmitResult:
        result = services.quote_submit(
            actor=info.context.actor,
            draft_key=draft_key,
            channel_id=channel_id,
            client_ip=client_ip(info.context.request),
        )
        quote = result.quote
        assert quote.number is not None  # a submitted quote is numbered
        return QuoteSubmitResult(
            quote_id=quote.pk,
            number=quote.number,
            status=quote.status,
            access_key=result.access_key,
            title=result.title,
            message=result.message,
            auto_quoted=result.auto_quoted,
        )

    @strawberry.mutation(
        description="Write to the supplier on a quote (update_quote_message: level 2 on the company's quotes and "
        "those of the units below it the caller reaches, 1 on "
        "the caller's own; a guest with the accessKey). Not on ordered quotes. Guest-allowed (with accessKey)."
    )
    def quote_message_create(
        self, info: strawberry.Info, id: strawberry.ID, message: str, access_key: str | None = None
    ) -> QuoteMessagePayload:
        actor = info.context.actor
        if len(message) > services.MAX_MESSAGE_LENGTH:
            raise InputError(
                fields=field_error(
                    "message", f"Enter at most {services.MAX_MESSAGE_LENGTH} characters.", code="max_length"
                )
            )
        if not access_key and permissions.scope_level(actor, permissions.UPDATE_QUOTE_MESSAGE) == 0:
            if actor.user is None:
                raise NotFoundError("Quote not found.")
            raise PermissionDeniedError()
        quote = selectors.quote_for(
            actor=actor, ref=str(id), code=permissions.UPDATE_QUOTE_MESSAGE, access_key=access_key
        )
        if selectors.effective_status(quote) == "ordered":
            raise PermissionDeniedError("This quote has been ordered.")
        created = services.quote_message_create(quote=quote, actor=None if access_key else actor, body=message)
        return QuoteMessagePayload(message=QuoteMessageType(message_row=created))


@strawberry.type
class OrderAddToQuoteMutation:
    """The order page's Add to quote (issue 17). Its own type, merged in portal/schema.py where the orders' fields
    stand, so the schema keeps it beside orderReorder."""

    @strawberry.mutation(
        permission_classes=[IsAuthenticated],
        description="Add to quote: the order's lines (or the ones named) into the caller's quote draft as they were "
        "bought, each line on its own (a line the draft refuses is reported in notAdded with its code). Needs "
        "order(id)'s access (else NOT_FOUND, or PERMISSION_DENIED without get_order_detail) and the quote "
        "enablement (QUOTES_DISABLED or PERMISSION_DENIED otherwise).",
    )
    def order_add_to_quote(
        self,
        info: strawberry.Info,
        id: Annotated[strawberry.ID, ORDER_ID_ARGUMENT],
        line_ids: Annotated[list[strawberry.ID] | None, ORDER_LINE_IDS_ARGUMENT] = None,
    ) -> OrderLinesTransfer:
        actor = info.context.actor
        order = order_for(actor, str(id))
        lines = order_lines_chosen(order, line_ids)
        return OrderLinesTransfer.of(services.order_lines_to_quote_draft(actor=actor, lines=lines), cart_entity_id=None)
