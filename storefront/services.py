import unicodedata
from decimal import Decimal

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from accounts.selectors import Actor
from approvals.models import PurchaseRequest
from approvals.services.placement import order_place
from invoices.services.payment import invoice_payment_request_abandon
from orders.models import Order, PaymentMethod
from orders.services import OrderLineData
from portal.errors import field_error
from portal.quantity import QUANTITY_MAX, QUANTITY_MIN
from pricing.errors import PricingErrorCode
from pricing.models import Product, ProductVariant
from pricing.options import QUANTITY_MESSAGE, stock_problem
from quotes.permissions import Source
from quotes.services import (
    DraftLineRequest,
    DraftResult,
    quote_draft_add_lines,
    quote_for_checkout,
    quote_order_check,
)
from storefront.models import Cart, CartLine, ContactRequest, SavedCostCentre
from storefront.permissions import purchase_refusal
from storefront.selectors import cart_usable_by
from storefront.tasks import contact_request_notify


@transaction.atomic
def contact_request_submit(*, name: str, email: str, organisation: str, topic: str, message: str) -> ContactRequest:
    contact = ContactRequest.objects.create(
        name=name, email=email, organisation=organisation, topic=topic, message=message
    )
    transaction.on_commit(lambda: contact_request_notify.delay(contact.pk))
    return contact


# ---- Cart (shell §7: the cart id travels in a cookie) ----------------------------------------------------------

CART_COOKIE = "sf_cart_id"
MAX_CART_LINES = 200


def _refuse_unless_buyer(actor: Actor) -> None:
    refusal = purchase_refusal(actor)
    if refusal:
        raise PermissionDenied(refusal)


def _check_quantity(quantity: int) -> None:
    if not QUANTITY_MIN <= quantity <= QUANTITY_MAX:
        raise field_error("qty", QUANTITY_MESSAGE, code=PricingErrorCode.INVALID_QUANTITY)


def _normalised(options: list[tuple[int, object]]) -> list[list]:
    return sorted([[int(option_id), value] for option_id, value in options], key=lambda pair: pair[0])


@transaction.atomic
def cart_create(*, actor: Actor, currency_code: str, quote=None) -> Cart:
    """A new cart of the caller (of nobody for a guest; of the company a masquerading super admin acts for); the
    quote checkout passes its quote, whose prices the cart then carries. A quote checkout replaces the caller's
    earlier quote carts: one left behind would otherwise wait with quoted prices (issue 13)."""
    if quote is not None and actor.user is not None:
        Cart.objects.filter(user=actor.user, masquerade_company=actor.masquerade_company, quote__isnull=False).delete()
    return Cart.objects.create(
        user=actor.user, masquerade_company=actor.masquerade_company, currency_code=currency_code, quote=quote
    )


@transaction.atomic
def cart_line_add(
    *, cart: Cart, actor: Actor, product: Product, variant: ProductVariant | None, quantity: int, options: list
) -> CartLine:
    """Add a product; the same variant with the same choices adds to the existing line (business §4 merge rule)."""
    _refuse_unless_buyer(actor)
    if cart.invoice_payment_id is not None:
        raise field_error(
            "__all__", "This cart pays invoices: products cannot be added to it.", code="cart_pays_invoices"
        )
    _check_quantity(quantity)
    normalised = _normalised(options)
    line = next(
        (
            existing
            for existing in cart.lines.select_for_update().filter(product=product, variant=variant)
            if existing.options == normalised
        ),
        None,
    )
    new_quantity = quantity + (line.quantity if line else 0)
    if new_quantity > QUANTITY_MAX:
        raise field_error(
            "qty",
            f"The quantity of each product is {QUANTITY_MIN}-{QUANTITY_MAX}.",
            code=PricingErrorCode.INVALID_QUANTITY,
        )
    problem = stock_problem(product, variant, new_quantity, quoted=cart.quote_id is not None)
    if problem:
        raise field_error("qty", problem, code=problem.code)
    if line:
        line.quantity = new_quantity
        line.save(update_fields=["quantity"])
        return line
    if cart.lines.count() >= MAX_CART_LINES:
        raise field_error(
            "__all__", f"A cart holds at most {MAX_CART_LINES} different products.", code="cart_too_many_lines"
        )
    Cart.objects.filter(pk=cart.pk).update(updated_at=timezone.now())
    return CartLine.objects.create(cart=cart, product=product, variant=variant, quantity=quantity, options=normalised)


@transaction.atomic
def cart_line_update(*, cart: Cart, actor: Actor, line_id: int, quantity: int) -> CartLine:
    _refuse_unless_buyer(actor)
    _check_quantity(quantity)
    line = cart.lines.select_related("product", "variant").get(pk=line_id)
    problem = stock_problem(line.product, line.variant, quantity)
    if problem:
        raise field_error("qty", problem, code=problem.code)
    line.quantity = quantity
    line.save(update_fields=["quantity"])
    return line


@transaction.atomic
def cart_line_remove(*, cart: Cart, line_id: int) -> None:
    cart.lines.filter(pk=line_id).delete()


@transaction.atomic
def cart_delete(*, cart: Cart) -> None:
    """Delete the cart; a cart that pays invoices takes its payment with it (business §4 step 5: the overlay deletes
    it when the buyer leaves checkout)."""
    if cart.invoice_payment is not None:  # no query without one
        invoice_payment_request_abandon(request=cart.invoice_payment)
    cart.delete()


@transaction.atomic
def checkout_place_order(
    *,
    cart: Cart,
    actor: Actor,
    email: str,
    payment_method: str,
    po_number: str,
    address: dict,
    customer_message: str,
    cost_centre: str = "",
    billing_address: dict | None = None,
) -> Order | PurchaseRequest:
    """Place the cart as an order at the caller's live prices (a quote's cart: at the quoted prices), honouring
    stock, rights and company credit. A quote's cart needs the quote still open, unexpired and checkable by the
    caller (checkout_with_quote), and the quote becomes "ordered" with the order. `cost_centre` (issue 20: the
    buyer's grant or cost-centre code, `cost_centre_problem`) goes on the order and is remembered for the next
    checkout. The invoice goes to `billing_address`, the shipping address when it is not given (issue 36 item 14).
    Issue 41: an order that an approval rule or a soft budget holds is a purchase request instead, and one that a hard
    budget cannot cover is refused (BUDGET_EXCEEDED); the cart is emptied either way it is accepted."""
    from storefront.selectors import cart_summary

    _refuse_unless_buyer(actor)
    cost_centre = cost_centre.strip()
    problem = cost_centre_problem(cost_centre)
    if problem:
        code = "max_length" if len(cost_centre) > COST_CENTRE_MAX_LENGTH else "invalid"
        raise field_error("cost_centre", problem, code=code)
    summary = cart_summary(cart=cart, actor=actor)
    if not summary.lines:
        raise field_error("__all__", "Your cart is empty.", code="cart_empty")
    if cart.quote_id is not None:
        quote_order_check(
            actor=actor,
            quote_id=cart.quote_id,
            cart_lines=[(line.variant_id, line.raw_options, line.quantity) for line in summary.lines],
        )
    if summary.has_problems:
        raise field_error(
            "__all__",
            "Some products in your cart cannot be ordered as they are. Review your cart.",
            code="cart_problems",
        )
    if payment_method not in dict(payment_methods_for(actor)):
        raise field_error("payment_method", "Choose a payment method.", code="invalid_choice")
    placed = order_place(
        actor=actor,
        email=email,
        currency=summary.currency,
        lines=[
            OrderLineData(
                product_id=line.product_id,
                variant_id=line.variant_id,
                sku=line.sku,
                name=line.name,
                quantity=line.quantity,
                unit_price=line.unit_price.quantize(Decimal("0.01")),
                unit_tax=line.unit_tax.quantize(Decimal("0.01")),
                options=line.options,
                raw_options=[list(pair) for pair in line.raw_options],
            )
            for line in summary.lines
        ],
        shipping_total=summary.shipping,
        payment_method=payment_method,
        po_number=po_number,
        billing_address=billing_address if billing_address is not None else address,
        shipping_address=address,
        customer_message=customer_message,
        cost_centre=cost_centre,
        quote_id=cart.quote_id,
    )
    cost_centre_remember(actor=actor, code=cost_centre)
    cart.delete()
    return placed


# Issue 20: the grant or cost-centre code university accounts payable departments ask for on every invoice.
COST_CENTRE_MAX_LENGTH = 60  # Order.cost_centre


def cost_centre_problem(code: str) -> str | None:
    """Why the code cannot be kept, or None: at most 60 characters of printable text — no NUL, control, format or
    unassigned characters."""
    if len(code) > COST_CENTRE_MAX_LENGTH:
        return f"Enter at most {COST_CENTRE_MAX_LENGTH} characters."
    if any(unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn") for char in code):
        return "Use letters, digits, spaces and punctuation only."
    return None


def cost_centre_remember(*, actor: Actor, code: str) -> None:
    """The code the signed-in buyer gave (blank too: they cleared it) is the one prefilled at their next checkout, per
    company they buy for (issue 20). A guest's is not kept."""
    if actor.user is None:
        return
    SavedCostCentre.objects.update_or_create(
        user=actor.user, company=actor.b2b_company, defaults={"code": code[:COST_CENTRE_MAX_LENGTH]}
    )


def payment_methods_for(actor: Actor) -> list[tuple[str, str]]:
    """Company users of an approved company may buy on account; everyone may use the test card."""
    methods = [(PaymentMethod.TEST_CARD.value, PaymentMethod.TEST_CARD.label)]
    if actor.b2b_company is not None:
        methods.insert(0, (PaymentMethod.PURCHASE_ORDER.value, PaymentMethod.PURCHASE_ORDER.label))
    return methods


# ---- Quote to cart (business §4 "Proceed to checkout" with a quote) ----------------------------------------------


@transaction.atomic
def cart_from_quote(*, actor: Actor, quote_id: int) -> Cart:
    """A new cart of the caller with every line of the quote as quoted: its product, variant, options and quantity;
    the cart carries the quote, so it is priced at the quoted prices (`cart_summary`). The quote's own rules
    (checkout_with_quote, open, unexpired, priced, stock) are quotes' `quote_for_checkout`: Quote.DoesNotExist or
    its ValidationError leave no cart, nor does a line the cart refuses."""
    quote = quote_for_checkout(actor=actor, quote_id=quote_id)
    cart = cart_create(actor=actor, currency_code=quote.currency_code, quote=quote)
    for line in quote.lines.select_related("product", "variant").order_by("pk"):
        assert line.product is not None  # quote_for_checkout refused a line whose product is gone
        cart_line_add(
            cart=cart, actor=actor, product=line.product, variant=line.variant, quantity=line.quantity,
            options=[tuple(pair) for pair in line.options],
        )  # fmt: skip
    return cart


# ---- Cart to quote (business §4 "Add All to Quote") --------------------------------------------------------------


def cart_to_quote_draft(*, actor: Actor, cart: Cart, draft_key: str | None, channel_id: int) -> DraftResult:
    """Every line of the cart into the caller's quote draft as the cart holds it: its variant, its options of
    every kind (business §3 "Cart": multiple choice and text) and its quantity, so the draft prices it as the cart
    does. The draft remembers the cart (business §4); nothing is added unless every line can be. The cart is read,
    never changed."""
    if not cart_usable_by(cart, actor):
        raise PermissionDenied("This cart is not yours.")
    lines = [
        DraftLineRequest(
            quantity=line.quantity,
            product_id=line.product_id,
            variant_id=line.variant_id,
            options=[(option_id, value) for option_id, value in line.options],
        )
        for line in cart.lines.order_by("created_at", "pk")
    ]
    return quote_draft_add_lines(
        actor=actor,
        draft_key=draft_key,
        lines=lines,
        source=Source.CART_PAGE,
        cart_id=str(cart.pk),
        channel_id=channel_id,
    )
