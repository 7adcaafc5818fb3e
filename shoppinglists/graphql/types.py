"""GraphQL types of shopping lists (business §3 "Shopping list", "Shopping list item"). Plain strawberry types over
rows the selectors load with their relations; what every list of a request shares (prices, totals, channel names,
the caller's ordering rights) is read once, in `ListContext`, so that neither the lists nor a list's items cost
queries per row."""

from __future__ import annotations

import datetime
import json
from decimal import Decimal
from functools import cached_property
from typing import Annotated, Self

import strawberry

from accounts.selectors import Actor, PortalRole, membership_of
from portal.graphql.paging import page_arguments_checked
from pricing.graphql.types import NextTierHint, ProductPrice, absolute_url, product_url
from shoppinglists import permissions, selectors, services
from shoppinglists.models import ShoppingList as ShoppingListModel
from shoppinglists.models import ShoppingListStatus

STATUS_DESCRIPTION = (
    "0 approved, 30 draft, 40 ready for approval, 50 rejected (ARCHITECTURE §8; 20 deleted is never shown)."
)


class ListContext:
    """What the lists of one answer share, each read at most once and only when a field needs it."""

    def __init__(self, *, actor: Actor, lists: list[ShoppingListModel]):
        self.actor = actor
        self.lists = lists
        self.pricing = selectors.ListPricing(
            actor=actor, list_ids=[lst.pk for lst in lists], channel_id=lists[0].channel_id if lists else 1
        )

    def company_name(self, company_id: int | None) -> str | None:
        """The name of a list's company: one of the units the caller reaches (`Actor.unit_names`: read once per
        request when there are several, never for a unit without units below it)."""
        return self.actor.unit_names.get(company_id) if company_id is not None else None

    @cached_property
    def channel_names(self) -> dict[int, str]:
        return selectors.channel_names(lst.channel_id for lst in self.lists)

    @cached_property
    def order_rights(self) -> permissions.OrderRights:
        return permissions.order_rights(actor=self.actor)


# --- shared pieces ---------------------------------------------------------------------------------------------


@strawberry.type(description="Who made a list (business §3 customerInfo).")
class ShoppingListCustomerInfo:
    user_id: int = strawberry.field(description="The user's id (as createdByUser gives it).")
    first_name: str = strawberry.field(description="The user's first name.")
    last_name: str = strawberry.field(description="The user's last name.")
    email: str = strawberry.field(description="The user's e-mail address.")
    role: int = strawberry.field(
        description="The user's role now: 0 admin, 1 senior buyer, 2 junior buyer, 3 super admin, 5 custom role, "
        "99 individual customer."
    )


def _customer_info(user) -> ShoppingListCustomerInfo | None:
    if user is None:
        return None
    membership = membership_of(user)
    if membership is not None:
        role = membership.role
    elif user.is_super_admin:
        role = PortalRole.SUPER_ADMIN
    else:
        role = PortalRole.INDIVIDUAL
    return ShoppingListCustomerInfo(
        user_id=user.pk, first_name=user.first_name, last_name=user.last_name, email=user.email, role=role
    )


@strawberry.type(description="A chosen option of a list's product, as shown to the buyer.")
class ShoppingListOptionValue:
    option_id: int | None = strawberry.field(description="The option's id.")
    option_name: str = strawberry.field(description="The option's name, e.g. “Pack size”.")
    value: str = strawberry.field(description="The chosen value as shown, e.g. “500 mL”, “Yes” or the text typed.")


# --- items -------------------------------------------------------------------------------------------------------


@strawberry.type(
    description="A product of a shopping list (business §3 shopping list item) with its live price for the caller's "
    "customer group (the masqueraded company's group while masquerading). Unit prices unless named total; null while "
    "prices are hidden from the caller, when the price is on request, or when the item cannot be priced."
)
class ShoppingListItem:
    view: strawberry.Private[selectors.ItemView]
    context: strawberry.Private[ListContext]

    @property
    def _price(self):
        return self.view.price

    @strawberry.field(description="The item's id (the itemId of the item mutations).")
    def id(self) -> int:
        return self.view.item.pk

    @strawberry.field(description="The same as id (business §3 names both).")
    def item_id(self) -> int:
        return self.view.item.pk

    @strawberry.field(description="The product's id.")
    def product_id(self) -> int:
        return self.view.item.product_id

    @strawberry.field(description="The variant's id.")
    def variant_id(self) -> int:
        return self.view.item.variant_id

    @strawberry.field(description="How many (1 to 1,000,000).")
    def quantity(self) -> int:
        return self.view.item.quantity

    @strawberry.field(description="The product's name.")
    def product_name(self) -> str:
        return self.view.item.product.name

    @strawberry.field(description="The product's own SKU (catalog number).")
    def base_sku(self) -> str:
        return self.view.item.product.sku

    @strawberry.field(description="The variant's SKU: what goes into the cart.")
    def variant_sku(self) -> str:
        return self.view.item.variant.sku

    @strawberry.field(
        description='The modifier options as a JSON string, as added: [{"optionId": 12, "optionValue": "34"}].'
    )
    def option_list(self) -> str:
        return json.dumps([{"optionId": o, "optionValue": v} for o, v in self.view.item.options])

    @strawberry.field(description="The variant's option values, then the chosen modifier options, with their labels.")
    def options(self) -> list[ShoppingListOptionValue]:
        return [
            ShoppingListOptionValue(option_id=o.option_id, option_name=o.display_name, value=o.value)
            for o in self.view.options
        ]

    @strawberry.field(description="The buyer's note on the product (business §3 productNote).")
    def product_note(self) -> str:
        return self.view.item.note

    @strawberry.field(description="The product page on the storefront.")
    def product_url(self, info: strawberry.Info) -> str | None:
        return product_url(info, self.view.item.product)

    @strawberry.field(description="The variant's image, else the product's; null when it has none.")
    def primary_image(self, info: strawberry.Info) -> str | None:
        item = self.view.item
        return absolute_url(info, item.variant.image or item.product.image)

    @strawberry.field(description="Unit price excluding tax, after the quantity break.")
    def base_price(self) -> Decimal | None:
        return self._price.calculated_price.tax_exclusive if self._price else None

    @strawberry.field(description="The quantity break's saving on one unit, excluding tax (0 without a break).")
    def discount(self) -> Decimal | None:
        price = self._price
        return price.base_price.tax_exclusive - price.calculated_price.tax_exclusive if price else None

    @strawberry.field(description="Tax on one unit.")
    def tax(self) -> Decimal | None:
        price = self._price
        return price.calculated_price.tax_inclusive - price.calculated_price.tax_exclusive if price else None

    @strawberry.field(description="Whether catalog prices are entered with tax (always false in this store).")
    def entered_inclusive(self) -> bool:
        return self._price.calculated_price.entered_inclusive if self._price else False

    @strawberry.field(
        description="The unit price as the store displays it: with tax when its tax zone shows prices so "
        "(the list's showInclusive)."
    )
    def calculated_value(self) -> Decimal | None:
        price = self._price
        return price.calculated_price.displayed(price.show_inclusive) if price else None

    @strawberry.field(description="Quantity × unit price, excluding tax.")
    def line_total(self) -> Decimal | None:
        return self._price.line_total.tax_exclusive if self._price else None

    @strawberry.field(description="Quantity × unit price, including tax.")
    def line_total_with_tax(self) -> Decimal | None:
        return self._price.line_total.tax_inclusive if self._price else None

    @strawberry.field(
        description="The unit price excluding tax when the product was added (for whoever added it), to show against "
        "basePrice; null when it had none, and while prices are hidden from the caller."
    )
    def price_when_added(self) -> Decimal | None:
        if self.context.pricing.prices_hidden:
            return None
        return self.view.item.added_unit_price

    @strawberry.field(
        description="The next quantity break: how many more units give a lower unit price, and that price "
        "(“add 4 more for the 10+ price”); null when none does or there is no price."
    )
    def next_tier(self) -> NextTierHint | None:
        price = self._price
        if price is None or price.next_tier is None:
            return None
        tier = price.next_tier
        return NextTierHint(
            additional_quantity=tier.additional_quantity, minimum=tier.minimum, price=ProductPrice.of(tier.unit_price)
        )

    @strawberry.field(description='"Price error" (business §8) when the item cannot be priced any more.')
    def price_error(self) -> str | None:
        return self.view.price_error

    @strawberry.field(description="The catalog gives no price for this product (“Price on request”): ask for a quote.")
    def price_on_request(self) -> bool:
        return self.view.price_on_request

    @strawberry.field(
        description="Whether the product passes business §4's stock check at this quantity (available, purchasing "
        "not disabled, enough stock): only such rows are selectable for the cart."
    )
    def purchasable(self) -> bool:
        return self.view.stock is None

    @strawberry.field(
        description="Why not purchasable: not_available, out_of_stock or insufficient_stock; null when purchasable."
    )
    def stock_code(self) -> str | None:
        return self.view.stock.code if self.view.stock is not None else None

    @strawberry.field(description="The stock check's message, e.g. “Only 3 in stock.”; null when purchasable.")
    def stock_message(self) -> str | None:
        return self.view.stock.message if self.view.stock is not None else None

    @strawberry.field(description="When it was added.")
    def created_at(self) -> datetime.datetime:
        return self.view.item.created_at

    @strawberry.field(description="When it last changed (the default order is newest change first).")
    def updated_at(self) -> datetime.datetime:
        return self.view.item.updated_at


@strawberry.type(description="An item of a page of a list's products.")
class ShoppingListItemEdge:
    node: ShoppingListItem = strawberry.field(description="The product.")


@strawberry.type(description="A page of a list's products (business §3 pagination: offset, first, totalCount).")
class ShoppingListItemList:
    total_count: int = strawberry.field(description="How many products match, over all pages.")
    edges: list[ShoppingListItemEdge] = strawberry.field(description="The page's products.")


# --- lists -------------------------------------------------------------------------------------------------------


@strawberry.type(
    description="A shopping list (business §3) as the lists table shows it, with its totals at live prices for the "
    "caller's customer group."
)
class ShoppingList:
    row: strawberry.Private[ShoppingListModel]
    context: strawberry.Private[ListContext]

    # The row's own values and what the caller may do with it are plain values, filled by `of` (issue 38): a field
    # without a resolver costs strawberry no Info and no resolver call, and a lists page holds 50 rows of them.
    # None of them reads the database. The fields below that may (who made it, the item count, the channel's name,
    # totals and ordering rights) stay resolvers: read only when asked.
    id: int = strawberry.field(description="The list's id (the route /shoppingList/{id}).")
    name: str = strawberry.field(description="The list's name (at most 200 characters).")
    description: str = strawberry.field(description="The list's description (at most 1,000 characters).")
    status: int = strawberry.field(description=STATUS_DESCRIPTION)
    status_label: str = strawberry.field(description="The status in English (translate by status).")
    reason: str | None = strawberry.field(description="Why the approver rejected it; null when it has no reason.")
    approved_flag: bool = strawberry.field(
        description="Whether the list is approved (a junior buyer may order only from such a list)."
    )
    is_owner: bool = strawberry.field(description="Whether the caller made the list.")
    company_id: int | None = strawberry.field(
        description="The company (unit) whose list it is: the list's company column and filter when the caller's "
        "reach spans the units below the one they act for (issue 40); null for an individual customer's own list."
    )
    company_name: str | None = strawberry.field(
        description="That company's name; null for an individual customer's own list."
    )
    channel_id: int = strawberry.field(description="The channel it was made on.")
    created_at: datetime.datetime = strawberry.field(description="When it was made.")
    updated_at: datetime.datetime = strawberry.field(description="Its last activity: any change to it or its products.")
    reviewed_at: datetime.datetime | None = strawberry.field(
        description="When it was last approved or rejected; null when never."
    )
    # What the caller may do with it now (the server checks every one again).
    can_edit: bool = strawberry.field(
        description="The caller may rename it and change its description (update_shopping_list at its level)."
    )
    can_add_items: bool = strawberry.field(
        description="The caller may add products (create_shopping_list_item at its level)."
    )
    can_edit_items: bool = strawberry.field(
        description="The caller may change products' quantities, options and notes (update_shopping_list_item)."
    )
    can_delete_items: bool = strawberry.field(
        description="The caller may remove products (delete_shopping_list_item at its level)."
    )
    can_delete: bool = strawberry.field(description="The caller may delete it (delete_shopping_list at its level).")
    can_duplicate: bool = strawberry.field(description="The caller may duplicate it (duplicate_shopping_list).")
    can_submit: bool = strawberry.field(
        description="The caller may submit it for approval now: a draft or rejected company list, and "
        "submit_shopping_list_for_approval at its level."
    )
    can_approve: bool = strawberry.field(
        description="The caller may approve or reject it now: ready for approval, and approve_draft_shopping_list at "
        "its level."
    )

    @classmethod
    def of(cls, row: ShoppingListModel, context: ListContext) -> Self:
        """The list as the caller sees it: its values and the caller's rights on it, computed once."""
        actor = context.actor
        return cls(
            row=row,
            context=context,
            id=row.pk,
            name=row.name,
            description=row.description,
            status=int(row.status),
            status_label=selectors.status_label(row.status),
            reason=row.reason or None,
            approved_flag=row.status == ShoppingListStatus.APPROVED,
            is_owner=permissions.is_own(actor, row),
            company_id=row.company_id,
            company_name=context.company_name(row.company_id),
            channel_id=row.channel_id,
            created_at=row.created_at,
            updated_at=row.updated_at,
            reviewed_at=row.reviewed_at,
            can_edit=permissions.can_change(actor, row, permissions.UPDATE_SHOPPING_LIST),
            can_add_items=permissions.can_change(actor, row, permissions.CREATE_SHOPPING_LIST_ITEM),
            can_edit_items=permissions.can_change(actor, row, permissions.UPDATE_SHOPPING_LIST_ITEM),
            can_delete_items=permissions.can_change(actor, row, permissions.DELETE_SHOPPING_LIST_ITEM),
            can_delete=permissions.can_change(actor, row, permissions.DELETE_SHOPPING_LIST),
            can_duplicate=actor.can(permissions.DUPLICATE_SHOPPING_LIST)
            and permissions.can_change(actor, row, permissions.GET_SHOPPING_LIST_DETAIL),
            can_submit=permissions.can_submit(actor, row),
            can_approve=permissions.can_review(actor, row),
        )

    @strawberry.field(description="Who made it; null when that account is gone.")
    def customer_info(self) -> ShoppingListCustomerInfo | None:
        return _customer_info(self.row.created_by)

    @strawberry.field(description="The channel's name.")
    def channel_name(self) -> str:
        return self.context.channel_names.get(self.row.channel_id, "")

    @strawberry.field(description="How many different products it holds.")
    def item_count(self) -> int:
        return selectors.list_item_count(self.row)

    @strawberry.field(description="Who last approved or rejected it; null when never, or when that account is gone.")
    def reviewed_by(self) -> ShoppingListCustomerInfo | None:
        return _customer_info(self.row.reviewed_by) if self.row.reviewed_at else None

    # Totals (business §3), for every list of the answer at once.

    @strawberry.field(description="The currency of the prices (the store's default).")
    def currency_code(self) -> str:
        return self.context.pricing.pricing.currency.code

    @strawberry.field(description="Show prices with tax (the store's tax zone setting).")
    def show_inclusive(self) -> bool:
        return self.context.pricing.pricing.show_inclusive

    @strawberry.field(description="Prices are hidden from the caller (a pending company account, shell §3).")
    def prices_hidden(self) -> bool:
        return self.context.pricing.prices_hidden

    @strawberry.field(
        description="Whether the totals can be shown: every product has a price for the caller (none on request or "
        "failing) and prices are not hidden. The totals are null otherwise."
    )
    def is_show_grand_total(self) -> bool:
        return self.context.pricing.totals(self.row.pk).is_show_grand_total

    @strawberry.field(description="The sum of the line totals excluding tax.")
    def subtotal(self) -> Decimal | None:
        return self.context.pricing.totals(self.row.pk).subtotal

    @strawberry.field(description="The tax on the line totals.")
    def total_tax(self) -> Decimal | None:
        return self.context.pricing.totals(self.row.pk).total_tax

    @strawberry.field(description="The sum of the line totals including tax.")
    def grand_total(self) -> Decimal | None:
        return self.context.pricing.totals(self.row.pk).grand_total

    @strawberry.field(description="What the quantity breaks save on the whole list, excluding tax.")
    def total_discount(self) -> Decimal | None:
        return self.context.pricing.totals(self.row.pk).total_discount

    @strawberry.field(
        description="The caller may put its products into the cart: purchase rights (purchase_enable, or a junior "
        "buyer while junior_place_order is on), and without purchase_enable only from an approved list. Each "
        "product still passes the stock check on its own."
    )
    def can_add_to_cart(self) -> bool:
        return self.context.order_rights.may_order(self.context.actor, self.row)


MAX_ITEMS_PAGE = services.MAX_ITEMS_PER_LIST


@strawberry.type(description="A shopping list with its products (`shoppingList(id)`, and the mutations' answers).")
class ShoppingListDetail(ShoppingList):
    @strawberry.field(
        description="The list's products, a page at a time (business §9: 100 by default, newest change first)."
    )
    def products(
        self,
        info: strawberry.Info,
        first: Annotated[
            int, strawberry.argument(description=f"Page size, 0 to {MAX_ITEMS_PAGE} (a list holds at most as many).")
        ] = 100,
        offset: Annotated[int, strawberry.argument(description="How many products to skip.")] = 0,
        search: Annotated[
            str | None, strawberry.argument(description="Matches the product name or a SKU (at most 100 characters).")
        ] = None,
        order_by: Annotated[
            str,
            strawberry.argument(
                description="updatedAt, createdAt, productName, sku or quantity, prefixed - for descending. Required: "
                "an empty value is 'Invalid query: orderBy property is required'."
            ),
        ] = selectors.DEFAULT_ITEMS_ORDER,
    ) -> ShoppingListItemList:
        page_arguments_checked(first, offset, max_first=MAX_ITEMS_PAGE, noun="products", texts={"search": search})
        items = selectors.list_items(shopping_list=self.row, search=search or "", order_by=order_by)
        total = items.count()
        page = list(items[offset : offset + first]) if first else []
        return ShoppingListItemList(total_count=total, edges=item_edges(page, self.context))


def item_views(items: list, context: ListContext) -> list[ShoppingListItem]:
    pricing = context.pricing
    views = selectors.item_views(
        items, actor=context.actor, pricing=pricing.pricing, prices_hidden=pricing.prices_hidden
    )
    return [ShoppingListItem(view=view, context=context) for view in views]


def item_edges(items: list, context: ListContext) -> list[ShoppingListItemEdge]:
    return [ShoppingListItemEdge(node=node) for node in item_views(items, context)]


@strawberry.type(description="An item of a page of shopping lists.")
class ShoppingListEdge:
    node: ShoppingList = strawberry.field(description="The list.")


@strawberry.type(description="A page of shopping lists (business §3 pagination: offset, first, totalCount).")
class ShoppingListList:
    total_count: int = strawberry.field(
        description="How many lists match, over all pages (hotlists are never counted, business §4)."
    )
    edges: list[ShoppingListEdge] = strawberry.field(description="The page's lists.")


def detail_of(shopping_list: ShoppingListModel, actor: Actor) -> ShoppingListDetail:
    return ShoppingListDetail.of(shopping_list, ListContext(actor=actor, lists=[shopping_list]))


# --- mutation inputs and answers ---------------------------------------------------------------------------------


@strawberry.input(description="A new list's name and description.")
class ShoppingListInput:
    name: str = strawberry.field(description="Required, at most 200 characters.")
    description: str = strawberry.field(default="", description="At most 1,000 characters.")


@strawberry.input(description="What changes about a list; a field left out (null) stays as it is.")
class ShoppingListUpdateInput:
    name: str | None = strawberry.field(default=None, description="At most 200 characters; not empty.")
    description: str | None = strawberry.field(default=None, description="At most 1,000 characters.")


@strawberry.input(description="A chosen option (business §3 option selection).")
class ShoppingListOptionInput:
    option_id: int = strawberry.field(description="The option's id (`productsSearch` allOptions).")
    option_value: str = strawberry.field(
        description="A value id for multiple-choice options and checkboxes (or a truthy value for a checkbox), the "
        "text for text and number options, YYYY-MM-DD for dates. A variant option's value may stand for the variant."
    )


@strawberry.input(
    description="A product to add (business §3 item as added): by sku, or by productId with variantId (or the "
    "variant options' values among options)."
)
class ShoppingListItemInput:
    product_id: int | None = strawberry.field(default=None, description="The product's id.")
    variant_id: int | None = strawberry.field(default=None, description="The variant's id.")
    sku: str | None = strawberry.field(
        default=None, description="A variant's SKU, or a product's own SKU when it has one variant (quick add)."
    )
    quantity: int = strawberry.field(default=1, description="1 to 1,000,000 (after adding to what the list holds).")
    options: list[ShoppingListOptionInput] = strawberry.field(
        default_factory=list, description="The chosen options (at most 50), validated as the product page does."
    )
    product_note: str = strawberry.field(default="", description="A note on the product, at most 1,000 characters.")


@strawberry.input(description="What changes about a list's product; a field left out (null) stays as it is.")
class ShoppingListItemUpdateInput:
    quantity: int | None = strawberry.field(default=None, description="1 to 1,000,000.")
    variant_id: int | None = strawberry.field(default=None, description="Another variant of the same product.")
    options: list[ShoppingListOptionInput] | None = strawberry.field(
        default=None, description="The new options (replace the old ones; validated as adding does)."
    )
    product_note: str | None = strawberry.field(default=None, description="The note, at most 1,000 characters.")


@strawberry.type(description="The list after a change.")
class ShoppingListPayload:
    shopping_list: ShoppingListDetail = strawberry.field(description="The list as it is now.")


@strawberry.type(description="The list after a change to its products.")
class ShoppingListItemsPayload:
    message: str = strawberry.field(
        description="A success text: 'Products were added to your shopping list' after adding (business §8), else "
        "empty."
    )
    shopping_list: ShoppingListDetail = strawberry.field(description="The list as it is now.")
    items: list[ShoppingListItem] = strawberry.field(
        description="The products added or changed (a product added again is its merged item)."
    )


@strawberry.type(description="A deleted list.")
class ShoppingListDeletePayload:
    id: int = strawberry.field(description="The deleted list's id.")
    message: str = strawberry.field(description="A success text.")


@strawberry.type(description="One product of a list, put into the cart or not.")
class ShoppingListItemTransfer:
    item_id: int = strawberry.field(description="The list item's id.")
    product_id: int = strawberry.field(description="The product's id.")
    variant_id: int = strawberry.field(description="The variant's id.")
    sku: str = strawberry.field(description="The variant's SKU.")
    name: str = strawberry.field(description="The product's name.")
    quantity: int = strawberry.field(description="The list's quantity.")
    code: str | None = strawberry.field(
        description="Null when added; else PRODUCT_UNAVAILABLE (gone, hidden or not available), PURCHASE_DISABLED, "
        "OUT_OF_STOCK, OPTIONS_CHANGED (its options are no longer valid) or QUANTITY_LIMIT (the cart's line would "
        "pass 1,000,000, or the cart is full). Translate by code."
    )
    reason: str | None = strawberry.field(
        description="The English message with details (e.g. 'Only 3 in stock.'); null when added."
    )


@strawberry.type(description="What “Add selected to cart” did (the shape of an order's reorder answer).")
class ShoppingListCartTransfer:
    cart_entity_id: str | None = strawberry.field(
        description="The caller's storefront cart (its /cart.php shows it); null when nothing was added to a new one."
    )
    added: list[ShoppingListItemTransfer] = strawberry.field(description="The products put into the cart.")
    not_added: list[ShoppingListItemTransfer] = strawberry.field(
        description="The products that were not, each with its code and reason."
    )

    @classmethod
    def of(cls, transfer: selectors.CartTransfer) -> ShoppingListCartTransfer:
        def one(item: selectors.TransferredItem) -> ShoppingListItemTransfer:
            return ShoppingListItemTransfer(
                item_id=item.item_id, product_id=item.product_id, variant_id=item.variant_id, sku=item.sku,
                name=item.name, quantity=item.quantity, code=item.code, reason=item.reason,
            )  # fmt: skip

        return cls(
            cart_entity_id=transfer.cart_entity_id,
            added=[one(item) for item in transfer.added],
            not_added=[one(item) for item in transfer.not_added],
        )


@strawberry.type(description="Whether the caller has shopping lists, and where the Add to Shopping List button shows.")
class ShoppingListsEnabled:
    enabled: bool = strawberry.field(
        description="The caller may keep lists: the store's shopping-lists feature and the flag of its kind "
        "(shopping_list_on_product_page's enableForIndividual / enableForB2B; off for a super admin who is not "
        "masquerading)."
    )
    reason: str | None = strawberry.field(description="Why not: SHOPPING_LISTS_DISABLED or PERMISSION_DENIED.")
    on_product_page: bool = strawberry.field(
        description="Show Add to Shopping List on product pages (shopping_list_on_product_page on, the caller "
        "enabled and holding create_shopping_list_item)."
    )
