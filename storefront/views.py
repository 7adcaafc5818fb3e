from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_http_methods

from accounts.selectors import actor_for_user, storefront_account_context
from portal.quantity import QUANTITY_MAX, QUANTITY_MIN
from portal.selectors import store_current
from pricing.calculation import customer_group_for
from pricing.models import Category, Product
from pricing.selectors import department_list, product_search
from storefront.forms import ContactRequestForm
from storefront.invoice_payment import INVOICE_CHECKOUT_URL_NAMES, invoice_checkout_left
from storefront.permissions import may_buy, storefront_actor
from storefront.services import contact_request_submit


def base_context(request) -> dict:
    match = request.resolver_match
    if match is None or match.url_name not in INVOICE_CHECKOUT_URL_NAMES:
        # business §4 step 5 (invoicePay): a storefront page other than the invoice checkout ends an invoice payment
        # this browser session left open.
        invoice_checkout_left(request)
    actor = actor_for_user(request.user) if request.user.is_authenticated else None
    # shell §6: without purchase_enable the cart link and cart element are removed (guests may buy; a junior buyer
    # may when the store lets juniors place orders).
    can_purchase = actor is None or may_buy(actor)
    # Issue 5: the convert-to-B2B link and the masquerade bar. The quantity fields' bounds are business §5's
    # (portal/quantity.py); the overlay's quote button reads them from the product page's field.
    return {
        "store": store_current(),
        "can_purchase": can_purchase,
        "quantity_min": QUANTITY_MIN,
        "quantity_max": QUANTITY_MAX,
        **storefront_account_context(actor),
    }


def department_products(request, departments: list[Category]) -> list[Product]:
    """The first product of each department that this shopper may see (business §7: visible, priced for their
    group), so that the home page leads to products and not only through search (issue 15). Cards need neither
    variants nor options: the catalog prefetches are dropped."""
    group = customer_group_for(storefront_actor(request))
    return [
        product
        for department in departments
        for product in product_search(category_slug=department.slug, customer_group_id=group, limit=1).prefetch_related(
            None
        )
    ]


@ensure_csrf_cookie
@require_http_methods(["GET", "POST"])
def home(request):
    form = ContactRequestForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        contact_request_submit(**form.cleaned_data)
        messages.success(
            request, "Thank you. A specialist will answer your question by e-mail within one business day."
        )
        return redirect("/#contact")
    departments = list(department_list())
    return render(
        request,
        "storefront/home.html",
        {
            **base_context(request),
            "form": form,
            "departments": departments,
            "products": department_products(request, departments),
        },
    )
