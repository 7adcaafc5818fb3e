from __future__ import annotations

from decimal import Decimal

import strawberry


@strawberry.type(description="A money amount in the cart's currency.")
class Money:
    currency_code: str
    value: Decimal


@strawberry.type
class CartSelectedOption:
    name: str
    value: str


@strawberry.type
class CartLineItem:
    entity_id: int
    product_entity_id: int
    variant_entity_id: int | None
    sku: str
    name: str
    quantity: int
    list_price: Money = strawberry.field(description="Unit price excluding tax.")
    extended_list_price: Money = strawberry.field(description="Line total excluding tax.")
    selected_options: list[CartSelectedOption]


@strawberry.type
class CartLineItems:
    physical_items: list[CartLineItem]


@strawberry.type
class CartAmounts:
    subtotal: Money
    tax: Money
    shipping: Money
    grand_total: Money


@strawberry.type(description="A storefront cart (shell §7).")
class CartType:
    entity_id: str
    currency_code: str
    is_tax_included: bool
    amounts: CartAmounts
    line_items: CartLineItems


@strawberry.input
class CartSelectedOptionInput:
    option_entity_id: int
    option_value_entity_id: int | None = None
    text: str | None = None


@strawberry.input
class CartLineItemInput:
    product_entity_id: int
    variant_entity_id: int | None = None
    quantity: int
    selected_options: list[CartSelectedOptionInput] = strawberry.field(default_factory=list)


@strawberry.input
class CreateCartInput:
    line_items: list[CartLineItemInput]


@strawberry.input
class AddCartLineItemsData:
    line_items: list[CartLineItemInput]


@strawberry.input
class AddCartLineItemsInput:
    cart_entity_id: str
    data: AddCartLineItemsData


@strawberry.input
class DeleteCartInput:
    cart_entity_id: str


@strawberry.type
class DeleteCartResult:
    deleted_cart_entity_id: str


@strawberry.input
class CheckoutLoginCartData:
    cart_id: str


@strawberry.type
class CheckoutLoginResult:
    redirect_url: str


@strawberry.type
class CheckoutLoginPayload:
    result: CheckoutLoginResult


@strawberry.type(description="A one-time sign-in token for the storefront (issue 22).")
class StorefrontLoginToken:
    token: str = strawberry.field(
        description="Call GET /login/token/{token} on the storefront within two minutes, once: it signs the "
        "storefront session in as the caller (fire and forget; 204)."
    )
