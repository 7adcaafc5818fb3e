"""Cart and checkout of the built-in storefront (shell §7; ARCHITECTURE §8 payments)."""

from __future__ import annotations

from typing import Literal, overload

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_http_methods, require_POST

from accounts.models import Address
from accounts.selectors import (
    Actor,
    AddressFilters,
    address_default,
    address_is_book_default,
    address_list,
    credit_account,
)
from approvals.models import PurchaseRequest
from approvals.services.drafts import OrderDraft
from orders.models import Order
from portal.money import format_money
from portal.quantity import QUANTITY_MAX, QUANTITY_MIN
from pricing import selectors as catalog
from pricing.options import QUANTITY_MESSAGE, validate_options
from storefront import services
from storefront.budget_views import budget_panel
from storefront.catalog_views import _int, product_page, selected_values, variant_for
from storefront.checkout_handoff import checkout_handoff
from storefront.forms import BILLING_OTHER, BILLING_PREFIX, CheckoutForm, saved_address_values, states_by_country
from storefront.models import Cart
from storefront.permissions import purchase_refusal, storefront_actor
from storefront.selectors import (
    cart_summary,
    cart_usable_by,
    currency_for,
    own_cart,
    quote_cart_usable,
    saved_cost_centre,
    store_home_country,
)
from storefront.services import COST_CENTRE_MAX_LENGTH
from storefront.views import base_context

CONFIRMED_ORDERS_KEY = "sf_confirmed_orders"
CONFIRMED_REQUESTS_KEY = "sf_confirmed_purchase_requests"


@overload
def current_cart(request, *, create: Literal[True], for_adding: bool = False) -> Cart: ...


@overload
def current_cart(request, *, create: bool = False, for_adding: bool = False) -> Cart | None: ...


def current_cart(request, *, create: bool = False, for_adding: bool = False) -> Cart | None:
    """The caller's cart: the cookie's cart (claimed when a signed-in customer has none of their own), or theirs.
    A masquerading super admin's cart is the one of the company they act for (issue 12). A quote checkout's cart
    is the cart only while its quote is open, and products from the catalog go to the buyer's own cart
    (`for_adding`), never into a quote's (issue 13)."""
    actor = storefront_actor(request)
    cart_id = request.COOKIES.get(services.CART_COOKIE)
    cart = None
    if cart_id:
        try:
            cart = Cart.objects.select_related("quote").filter(pk=cart_id).first()
        except ValidationError:
            cart = None
    if cart is not None and not cart_usable_by(cart, actor):
        cart = None  # another customer's cart, or one from another masquerade: never shown
    if cart is not None and cart.invoice_payment_id is not None:
        cart = None  # a cart that pays invoices is its checkout's only (issue 20), never the shopping cart
    if cart is not None and cart.quote_id is not None and (for_adding or not quote_cart_usable(cart)):
        cart = None
    if actor.user is not None:
        own = own_cart(actor)
        if cart is None or (own is not None and own.pk != cart.pk and cart.user_id is None and not cart.lines.exists()):
            cart = own
        elif cart.user_id is None:
            Cart.objects.filter(pk=cart.pk).update(user=actor.user, masquerade_company=actor.masquerade_company)
    if cart is None and create:
        cart = services.cart_create(actor=actor, currency_code=currency_for(None).code)
    return cart


def _with_cart_cookie(response, cart: Cart | None):
    if cart is not None:
        response.set_cookie(
            services.CART_COOKIE, str(cart.pk), max_age=60 * 60 * 24 * 30, httponly=True, samesite="Lax"
        )
    return response


@ensure_csrf_cookie
def cart(request):
    actor = storefront_actor(request)
    cart_obj = current_cart(request)
    refusal = purchase_refusal(actor)
    summary = cart_summary(cart=cart_obj, actor=actor) if not refusal else cart_summary(cart=None, actor=actor)
    from pricing.calculation import prices_hidden_for

    return render(
        request,
        "storefront/cart.html",
        {
            **base_context(request),
            "summary": summary,
            "cart_id": cart_obj.pk if cart_obj else "",
            "purchase_refusal": refusal,
            "prices_hidden": prices_hidden_for(actor),
            "handoff": checkout_handoff(request),
            # Issue 41: the budgets the buyer's usual cost centre draws on, and what this cart would leave.
            "budget_panel": None
            if refusal or actor.user is None
            else budget_panel(actor=actor, summary=summary, cost_centre=saved_cost_centre(actor)),
        },
    )


@require_POST
def cart_add(request):
    actor = storefront_actor(request)
    product = catalog.product_detail(product_id=_int(request.POST.get("product_id"), 0))
    if product is None:
        raise Http404("No such product.")
    chosen = selected_values(request.POST, product)
    quantity = _int(request.POST.get("qty"))
    errors: dict = {}
    if quantity is None or not QUANTITY_MIN <= quantity <= QUANTITY_MAX:
        errors["qty"] = [QUANTITY_MESSAGE]
    option_errors = validate_options(product, chosen, files=request.FILES)
    errors.update(option_errors)
    variant = variant_for(product, chosen)
    if product.variants.exists() and variant is None and "__all__" not in errors:
        errors["__all__"] = ["Please fill out product options first."]
    if errors:
        return product_page(request, product.slug, form_errors=errors, status=400)
    modifiers = [(oid, value) for oid, value in chosen.items()
                 if not next(o for o in product.options.all() if o.pk == oid).is_variant_option]  # fmt: skip
    assert quantity is not None  # refused above when missing
    cart_obj = current_cart(request, create=True, for_adding=True)
    try:
        services.cart_line_add(
            cart=cart_obj, actor=actor, product=product, variant=variant, quantity=quantity, options=modifiers
        )
    except PermissionDenied as exc:
        return product_page(request, product.slug, form_errors={"__all__": [str(exc)]}, status=403)
    except ValidationError as exc:
        return product_page(request, product.slug, form_errors=exc.message_dict, status=400)
    messages.success(request, f"{product.name} was added to your cart.")
    return _with_cart_cookie(redirect("storefront:cart"), cart_obj)


def _cart_line_action(request, line_id: int, action) -> object:
    actor = storefront_actor(request)
    cart_obj = current_cart(request)
    if cart_obj is None or not cart_obj.lines.filter(pk=line_id).exists():
        messages.error(request, "That line is no longer in your cart.")
        return redirect("storefront:cart")
    try:
        action(cart_obj, actor)
    except (PermissionDenied, ValidationError) as exc:
        text = " ".join(exc.messages) if isinstance(exc, ValidationError) else str(exc)
        messages.error(request, text)
    return redirect("storefront:cart")


@require_POST
def cart_update(request, line_id: int):
    quantity = _int(request.POST.get("qty"))
    if quantity is None or not QUANTITY_MIN <= quantity <= QUANTITY_MAX:
        messages.error(request, QUANTITY_MESSAGE)
        return redirect("storefront:cart")
    return _cart_line_action(
        request, line_id, lambda c, a: services.cart_line_update(cart=c, actor=a, line_id=line_id, quantity=quantity)
    )


@require_POST
def cart_remove(request, line_id: int):
    return _cart_line_action(request, line_id, lambda c, a: services.cart_line_remove(cart=c, line_id=line_id))


# The saved shipping addresses the checkout offers (the book holds at most 1,000; a select of this many is the
# limit of what reads well — the default is always among them).
CHECKOUT_SAVED_ADDRESSES = 100


def checkout_saved_addresses(actor: Actor, kind: str = "shipping") -> list[Address]:
    """The signed-in customer's saved shipping (or billing) addresses (issue 16: the company's book, a masquerading
    super admin's company's, or an individual's own), as far as they may read them: the default first, then by
    label."""
    if actor.user is None:
        return []
    default = address_default(actor=actor, kind=kind)
    # The book of the unit ordered for: its own addresses and those shared from above, never the units' below it.
    filters = (
        AddressFilters(is_billing=True, order_by="label", own_book=True)
        if kind == "billing"
        else AddressFilters(is_shipping=True, order_by="label", own_book=True)
    )
    others = address_list(actor=actor, filters=filters)
    if default is not None:
        others = others.exclude(pk=default.pk)
    return [*([default] if default else []), *others[: CHECKOUT_SAVED_ADDRESSES - (1 if default else 0)]]


@ensure_csrf_cookie
@require_http_methods(["GET", "POST"])
def checkout(request):
    actor = storefront_actor(request)
    refusal = purchase_refusal(actor)
    if refusal:
        messages.error(request, refusal)
        return redirect("storefront:cart")
    handoff = checkout_handoff(request)
    if handoff is not None:  # issue 39: the procurement system places the order; the cart goes back to it
        if handoff.action:
            messages.info(
                request, f"Your cart is sent back with “{handoff.label}”: your organisation places the order."
            )
        else:
            messages.info(request, handoff.label)
        return redirect("storefront:cart")
    cart_obj = current_cart(request)
    summary = cart_summary(cart=cart_obj, actor=actor)
    if cart_obj is None or not summary.lines:  # no cart: no lines
        return redirect("storefront:cart")
    user = request.user if request.user.is_authenticated else None
    saved = checkout_saved_addresses(actor)
    saved_billing = checkout_saved_addresses(actor, kind="billing")
    # Issue 36 item 14: a typed address starts on the store's home market, not on the first of the list.
    home = store_home_country()
    initial = {"country_code": home, f"{BILLING_PREFIX}country_code": home}
    first_billing = saved_billing[0] if saved_billing else None
    default_billing = first_billing if first_billing and address_is_book_default(first_billing, "billing") else None
    if default_billing is not None:
        initial.update({BILLING_PREFIX + key: value for key, value in saved_address_values(default_billing).items()})
        initial["billing_saved_address"] = str(default_billing.pk)
        # A book whose invoices go elsewhere (accounts payable) starts on that address.
        default_shipping = saved[0] if saved and address_is_book_default(saved[0], "shipping") else None
        if default_shipping is None or default_shipping.pk != default_billing.pk:
            initial["billing"] = BILLING_OTHER
    elif saved_billing:
        initial["billing_saved_address"] = ""
    if user:
        initial.update(email=user.email, first_name=user.first_name, last_name=user.last_name, phone=user.phone,
                       cost_centre=saved_cost_centre(actor))  # fmt: skip
        default = saved[0] if saved and saved[0].is_default_shipping else None
        if default is not None:
            # The book's default shipping address is preselected (issue 16).
            initial.update(saved_address_values(default), saved_address=str(default.pk))
        else:
            initial["saved_address"] = ""  # "A new address", not the first saved one
            if actor.b2b_company:
                company = actor.b2b_company
                initial.update(
                    company=company.name, address_line1=company.address_line1, address_line2=company.address_line2,
                    city=company.city, state=company.state, zip_code=company.zip_code,
                    country_code=company.country_code or "US",
                )  # fmt: skip
    form = CheckoutForm(
        request.POST or None, initial=initial, payment_methods=services.payment_methods_for(actor),
        saved_addresses=saved, saved_billing_addresses=saved_billing,
    )  # fmt: skip
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            order = services.checkout_place_order(
                cart=cart_obj, actor=actor, email=data["email"], payment_method=data["payment_method"],
                po_number=data.get("po_number", ""), address=form.address(), customer_message=data["customer_message"],
                billing_address=form.billing_address(),
                cost_centre=data.get("cost_centre", ""),
            )  # fmt: skip
        except PermissionDenied as exc:
            form.add_error(None, str(exc))
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                form.add_error(None if field in ("__all__", "paymentMethod") or field not in form.fields else field,
                               errors)  # fmt: skip
        else:
            if isinstance(order, PurchaseRequest):  # held for approval (issue 41)
                held = request.session.get(CONFIRMED_REQUESTS_KEY, [])[-9:]
                request.session[CONFIRMED_REQUESTS_KEY] = [*held, order.pk]
                return redirect("storefront:request-confirmation", pk=order.pk)
            request.session[CONFIRMED_ORDERS_KEY] = [*request.session.get(CONFIRMED_ORDERS_KEY, [])[-9:], order.number]
            return redirect("storefront:order-confirmation", number=order.number)
    # Company credit (shell §3) where the buyer orders: what is left, whether it caps an order, and a hold.
    credit = None
    credit_company = credit_account(actor.b2b_company) if actor.b2b_company else None  # issue 40: maybe a unit's above
    if credit_company and credit_company.credit_enabled:
        credit = {
            "available": f"{credit_company.available_credit:,.2f} {credit_company.credit_currency}",
            "limited": credit_company.limit_purchases,
            "hold": credit_company.credit_hold,
        }
    return render(
        request,
        "storefront/checkout.html",
        {
            **base_context(request),
            "form": form,
            "summary": summary,
            "credit": credit,
            # Issue 41: the budgets of the cost centre given (checkout.js refreshes it as it is typed).
            "budget_panel": budget_panel(
                actor=actor if actor.user is not None else None,
                summary=summary,
                cost_centre=str(form["cost_centre"].value() or "").strip()[:COST_CENTRE_MAX_LENGTH],
            ),
            # What the page's script fills the fields with when another saved address is chosen.
            "saved_addresses": {str(address.pk): saved_address_values(address) for address in saved},
            "saved_billing_addresses": {str(address.pk): saved_address_values(address) for address in saved_billing},
            # The states the state fields offer for each country that has a list (as the address book's).
            "country_states": states_by_country(),
        },
        status=400 if request.method == "POST" else 200,
    )


def request_confirmation(request, pk: int):
    """Issue 41: the checkout's order waits for approval: what was submitted, why, and who approves it first."""
    if pk not in request.session.get(CONFIRMED_REQUESTS_KEY, []):
        raise Http404("No such purchase request.")
    held = PurchaseRequest.objects.get(pk=pk)
    draft = OrderDraft.from_json(held.draft)
    currency = currency_for(held.currency_code)
    lines = [
        {"name": line.name, "sku": line.sku, "options": line.options, "quantity": line.quantity,
         "total_label": format_money(line.unit_price * line.quantity, currency)}
        for line in draft.lines
    ]  # fmt: skip
    return render(
        request,
        "storefront/request_confirmation.html",
        {
            **base_context(request),
            "purchase_request": held,
            "lines": lines,
            "total": format_money(held.grand_total, currency),
            "first_tier": held.tiers[0]["label"] if held.tiers else "",
            "portal_link": f"/#/approvals/{held.pk}",
        },
    )


def order_confirmation(request, number: int):
    # Only the browser session that placed the order sees its confirmation page.
    if number not in request.session.get(CONFIRMED_ORDERS_KEY, []):
        raise Http404("No such order.")
    order = Order.objects.prefetch_related("lines").get(number=number)
    currency = currency_for(order.currency_code)
    lines = [
        {"name": line.name, "sku": line.sku, "options": line.options, "quantity": line.quantity,
         "total_label": format_money(line.line_total, currency)}
        for line in order.lines.all()
    ]  # fmt: skip
    totals = {
        "subtotal": format_money(order.subtotal, currency),
        "tax": format_money(order.tax_total, currency),
        "shipping": format_money(order.shipping_total, currency),
        "total": format_money(order.grand_total, currency),
    }
    return render(
        request,
        "storefront/order_confirmation.html",
        {**base_context(request), "order": order, "lines": lines, "totals": totals},
    )
