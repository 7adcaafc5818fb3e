"""Shared pieces of the cart API: finding a cart the caller may use, and its payload."""

from __future__ import annotations

import uuid
from decimal import Decimal

from django.core.exceptions import ValidationError

from accounts.selectors import Actor
from invoices.services.payment import invoice_payment_total
from portal.errors import InputError, NotFoundError, field_error, field_errors
from pricing import selectors as catalog
from pricing.options import option_errors
from storefront import services
from storefront.graphql.types import (
    CartAmounts,
    CartLineItem,
    CartLineItemInput,
    CartLineItems,
    CartSelectedOption,
    CartType,
    Money,
)
from storefront.invoice_payment import invoice_cart_payment
from storefront.models import Cart
from storefront.selectors import cart_summary, cart_usable_by

MAX_LINE_ITEMS = 100


def cart_for_actor(actor: Actor, entity_id: str) -> Cart | None:
    try:
        cart_id = uuid.UUID(entity_id)
    except ValueError:
        return None
    cart = Cart.objects.filter(pk=cart_id).first()
    if cart is None or not cart_usable_by(cart, actor):
        return None  # another customer's (or another masquerade's) cart does not exist for the caller
    return cart


def cart_or_not_found(actor: Actor, entity_id: str) -> Cart:
    cart = cart_for_actor(actor, entity_id)
    if cart is None:
        raise NotFoundError("Cart not found.")
    return cart


def _invoice_cart_payload(cart: Cart) -> CartType:
    """Issue 20: a cart that pays invoices holds no products; its amounts are what it pays (no tax, no shipping)."""
    payment = invoice_cart_payment(cart)
    code = payment.currency_code
    total = Money(currency_code=code, value=invoice_payment_total(payment))
    zero = Money(currency_code=code, value=Decimal(0))
    return CartType(
        entity_id=str(cart.pk),
        currency_code=code,
        is_tax_included=False,
        amounts=CartAmounts(subtotal=total, tax=zero, shipping=zero, grand_total=total),
        line_items=CartLineItems(physical_items=[]),
    )


def cart_payload(cart: Cart, actor: Actor) -> CartType:
    if cart.invoice_payment_id is not None:
        return _invoice_cart_payload(cart)
    summary = cart_summary(cart=cart, actor=actor)
    code = summary.currency.code

    def money(value) -> Money:
        return Money(currency_code=code, value=value)

    return CartType(
        entity_id=str(cart.pk),
        currency_code=code,
        is_tax_included=False,
        amounts=CartAmounts(
            subtotal=money(summary.subtotal),
            tax=money(summary.tax),
            shipping=money(summary.shipping),
            grand_total=money(summary.total),
        ),  # fmt: skip
        line_items=CartLineItems(
            physical_items=[
                CartLineItem(
                    entity_id=line.id,
                    product_entity_id=line.product_id,
                    variant_entity_id=line.variant_id,
                    sku=line.sku,
                    name=line.name,
                    quantity=line.quantity,
                    list_price=money(line.unit_price),
                    extended_list_price=money(line.total),
                    selected_options=[CartSelectedOption(name=o["name"], value=o["value"]) for o in line.options],
                )
                for line in summary.lines
            ]
        ),
    )


def add_line_items(cart: Cart, actor: Actor, items: list[CartLineItemInput]) -> None:
    """Validate every item first (options, variant, quantity); add none unless all are valid."""
    if not items:
        raise InputError(
            "No products being added.", fields=field_error("lineItems", "No products being added.", code="NO_PRODUCTS")
        )
    if len(items) > MAX_LINE_ITEMS:
        raise InputError(
            fields=field_error("lineItems", f"Add at most {MAX_LINE_ITEMS} lines at a time.", code="too_many")
        )
    prepared = []
    for index, item in enumerate(items):
        product = catalog.product_detail(product_id=item.product_entity_id)
        if product is None:
            raise InputError(
                "Product not found.",
                fields=field_error(f"lineItems.{index}.productEntityId", "Product not found.", code="unknown_product"),
            )
        variant = None
        if item.variant_entity_id is not None:
            variant = next((v for v in product.variants.all() if v.pk == item.variant_entity_id), None)
            if variant is None:
                raise InputError(
                    fields=field_error(
                        f"lineItems.{index}.variantEntityId",
                        "This variant is not of the product.",
                        code="unknown_variant",
                    )
                )
        elif product.variants.count() > 1:
            raise InputError(
                fields=field_error(
                    f"lineItems.{index}.variantEntityId",
                    "Please fill out product options first.",
                    code="required_options_missing",
                )
            )
        else:
            variant = product.variants.first()
        selections = {
            o.option_entity_id: (o.option_value_entity_id if o.option_value_entity_id is not None else o.text)
            for o in item.selected_options
        }
        modifier_options = [o for o in product.options.all() if not o.is_variant_option]
        errors = option_errors(options=modifier_options, selections=selections)
        if errors:
            first = next(iter(errors.values()))[0]
            # A required option left empty (under "__all__"), else a value the option does not take (as
            # pricing.line_items codes them).
            coded = {
                f"lineItems.{index}.{key}": [
                    ValidationError(message, code="required_options_missing" if key == "__all__" else "invalid_option")
                    for message in messages
                ]
                for key, messages in errors.items()
            }
            raise InputError(first, fields=field_errors(coded))
        prepared.append((product, variant, item.quantity, list(selections.items())))
    for product, variant, quantity, options in prepared:
        try:
            services.cart_line_add(
                cart=cart, actor=actor, product=product, variant=variant, quantity=quantity, options=options
            )
        except ValidationError as exc:
            message = exc.messages[0]
            raise InputError(message, fields=field_errors({"quantity": [exc]})) from exc
