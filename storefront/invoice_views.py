"""The invoice checkout and its receipt (issue 20; business §4 "Pay-invoice flow"). The rules are in
storefront.invoice_payment and invoices.services.payment; these views show them."""

from __future__ import annotations

import uuid
from urllib.parse import urlencode

from django.core.exceptions import ObjectDoesNotExist, PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_http_methods, require_POST

from invoices.models import PaymentRequestStatus
from invoices.services.payment import invoice_payment_refusal
from storefront.forms import InvoicePaymentForm
from storefront.invoice_payment import (
    INVOICE_PAY_SESSION_KEY,
    PAID_RECEIPTS_KEY,
    PORTAL_INVOICES_URL,
    invoice_cart_cancel,
    invoice_cart_for,
    invoice_cart_pay,
    invoice_cart_payment,
    invoice_cart_view,
    receipt_view,
)
from storefront.payments import PaymentDeclined
from storefront.permissions import storefront_actor
from storefront.views import base_context

KEEP_RECEIPTS = 10


def _gone(request):
    """The payment was paid or cancelled (or is not the caller's): nothing to pay here any more."""
    request.session.pop(INVOICE_PAY_SESSION_KEY, None)
    context = {**base_context(request), "gone": True, "invoices_url": PORTAL_INVOICES_URL}
    return render(request, "storefront/invoice_checkout.html", context, status=404)


@ensure_csrf_cookie
@require_http_methods(["GET", "POST"])
def invoice_checkout(request, cart_id: uuid.UUID):
    if not request.user.is_authenticated:
        return redirect(f"{reverse('storefront:login')}?{urlencode({'next': request.path})}")
    actor = storefront_actor(request)
    cart = invoice_cart_for(actor, cart_id)
    if cart is None or invoice_cart_payment(cart).status != PaymentRequestStatus.PENDING:
        return _gone(request)
    # The invoicePay flag (business §4 step 5): leaving this page for another storefront page ends the payment.
    request.session[INVOICE_PAY_SESSION_KEY] = str(cart.pk)
    refusal = invoice_payment_refusal(actor)
    user = request.user
    form = InvoicePaymentForm(
        request.POST if request.method == "POST" else None,
        initial={"payer_name": f"{user.first_name} {user.last_name}".strip()},
    )
    if request.method == "POST" and refusal is None and form.is_valid():
        try:
            receipt = invoice_cart_pay(
                cart=cart, actor=actor, card=form.card(), payer_name=form.cleaned_data["payer_name"]
            )
        except PaymentDeclined as declined:
            form.add_error("card_number", f"{declined.message} Nothing was charged.")
        except ValidationError as exc:
            for message in exc.messages:
                form.add_error(None, message)
        except (PermissionDenied, ObjectDoesNotExist) as exc:
            form.add_error(None, str(exc) or "You cannot pay these invoices.")
        else:
            request.session.pop(INVOICE_PAY_SESSION_KEY, None)
            paid = request.session.get(PAID_RECEIPTS_KEY, [])[-(KEEP_RECEIPTS - 1) :]
            request.session[PAID_RECEIPTS_KEY] = [*paid, receipt.pk]
            return redirect("storefront:invoice-receipt", receipt_id=receipt.pk)
    return render(
        request,
        "storefront/invoice_checkout.html",
        {
            **base_context(request),
            "cart": cart,
            "payment": invoice_cart_view(cart),
            "form": form,
            "refusal": refusal,
            "invoices_url": PORTAL_INVOICES_URL,
        },
        status=400 if request.method == "POST" else 200,
    )


@require_POST
def invoice_checkout_cancel(request, cart_id: uuid.UUID):
    """Cancel payment: the cart is deleted, its payment abandoned, and the buyer is back on the portal's invoices."""
    if request.user.is_authenticated:
        cart = invoice_cart_for(storefront_actor(request), cart_id)
        if cart is not None:
            invoice_cart_cancel(cart=cart)
    request.session.pop(INVOICE_PAY_SESSION_KEY, None)
    return redirect(PORTAL_INVOICES_URL)


def invoice_receipt(request, receipt_id: int):
    # Only the browser session that paid sees the page; the portal lists every receipt to those who may see them.
    if receipt_id not in request.session.get(PAID_RECEIPTS_KEY, []):
        raise Http404("No such receipt.")
    view = receipt_view(receipt_id)
    if view is None:
        raise Http404("No such receipt.")
    return render(
        request,
        "storefront/invoice_receipt.html",
        {**base_context(request), "view": view, "receipt": view.receipt, "invoices_url": PORTAL_INVOICES_URL},
    )
