"""Catalog pages of the built-in storefront: departments, search, product page with live price (issue 4)."""

from __future__ import annotations

import calendar
from datetime import date
from decimal import Decimal

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.csrf import ensure_csrf_cookie
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, authentication_classes
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.selectors import Actor
from portal.errors import NotFound
from portal.money import format_money
from portal.quantity import QUANTITY_MAX, QUANTITY_MIN
from portal.rest.authentication import StorefrontSessionAuthentication
from portal.rest.schema import refusals
from portal.selectors import storefront_switch_on
from pricing import calculation, selectors
from pricing.models import Category, OptionType, Product
from pricing.options import quote_button_visible, stock_problem
from storefront.permissions import purchase_refusal, storefront_actor
from storefront.selectors import currency_for
from storefront.views import base_context

PAGE_SIZE = 24
MAX_LISTED = 2400  # 100 pages


def _page_links(request, paginator: Paginator) -> list[tuple[int, str]]:
    if paginator.num_pages < 2:
        return []
    params = request.GET.copy()
    links = []
    for number in paginator.page_range:
        params["page"] = number
        links.append((number, f"?{params.urlencode()}"))
    return links


def _list_page(request, *, query: str = "", category: Category | None = None):
    actor = storefront_actor(request)
    results = selectors.product_search(
        query=query,
        category_slug=category.slug if category else None,
        customer_group_id=calculation.customer_group_for(actor),
        limit=MAX_LISTED,
    )
    paginator = Paginator(results, PAGE_SIZE)
    page = paginator.get_page(request.GET.get("page"))
    products = list(page.object_list)
    hidden = calculation.prices_hidden_for(actor)
    priced = [product for product in products if not product.price_on_request]  # their cards say so instead
    if priced and not hidden:
        currency = currency_for(None)
        prices = calculation.price_items(
            items=[
                calculation.PriceRequestItem(product_id=p.pk, variant_id=None, quantity=1, options=[]) for p in priced
            ],
            customer_group_id=calculation.customer_group_for(actor),
            currency_code=currency.code,
        )
        for product, price in zip(priced, prices, strict=True):
            unit = price.calculated_price
            product.price_label = format_money(  # type: ignore[attr-defined]  # the listing template's label
                unit.tax_inclusive if price.show_inclusive else unit.tax_exclusive, currency
            )
    return render(
        request,
        "storefront/search.html",
        {
            **base_context(request),
            "query": query,
            "category": category,
            "results": products,
            "total": paginator.count,
            "page": page.number,
            "page_links": _page_links(request, paginator),
            "prices_hidden": hidden,
        },
    )


@ensure_csrf_cookie
def search(request):
    return _list_page(request, query=request.GET.get("q", "").strip()[:200])


@ensure_csrf_cookie
def category(request, slug: str):
    found = Category.objects.filter(slug=slug).first()
    if found is None:
        raise Http404("No such department.")
    return _list_page(request, category=found)


def _int(value, default: int | None = None) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def selected_values(data, product: Product) -> dict[int, str]:
    """The raw `attribute[id]` choices of a form or query string, by option id (dates joined as YYYY-MM-DD)."""
    chosen: dict[int, str] = {}
    for option in product.options.all():
        key = f"attribute[{option.pk}]"
        if option.type == OptionType.DATE:
            parts = [data.get(f"{key}[{part}]", "") for part in ("year", "month", "day")]
            if all(parts):
                chosen[option.pk] = "-".join(f"{int(p):02d}" if p.isdigit() else p for p in parts)
            elif any(parts):
                chosen[option.pk] = "invalid"
        elif data.get(key, "") != "":
            chosen[option.pk] = data.get(key)
    return chosen


def with_default_variant(product: Product, chosen: dict[int, str]) -> dict[int, str]:
    """Preselect each variant option's default (or first) value, so that a variant and its price show at once."""
    for option in product.options.all():
        if option.is_variant_option and option.pk not in chosen:
            values = list(option.values.all())
            default = next((v for v in values if v.is_default), values[0] if values else None)
            if default:
                chosen[option.pk] = str(default.pk)
    return chosen


def variant_for(product: Product, chosen: dict[int, str]):
    """The variant whose option values match the variant-option choices (or the only variant)."""
    variants = list(product.variants.all())
    variant_options = [o for o in product.options.all() if o.is_variant_option]
    if not variant_options:
        return variants[0] if len(variants) == 1 else None
    wanted = {_int(chosen.get(o.pk)) for o in variant_options}
    for variant in variants:
        if {v.pk for v in variant.option_values.all()} == wanted:
            return variant
    return None


def _tier_rows(product: Product, price, currency) -> list[dict]:
    rows = []
    for tier in price.bulk_pricing:
        bounds = f"{tier.minimum}+" if not tier.maximum else f"{tier.minimum}–{tier.maximum}"
        if tier.discount_type == "percent":
            effect = f"{tier.discount_amount.normalize():f}% off"
        elif tier.discount_type == "price":
            effect = f"{format_money(tier.discount_amount, currency)} off each"
        else:
            effect = f"{format_money(tier.discount_amount, currency)} each"
        rows.append({"label": bounds, "price": effect})
    return rows


def _price_view(product, variant, quantity, chosen, actor: Actor, currency) -> dict:
    modifiers = [(oid, value) for oid, value in chosen.items()
                 if not next(o for o in product.options.all() if o.pk == oid).is_variant_option]  # fmt: skip
    (price,) = calculation.price_items(
        items=[calculation.PriceRequestItem(product_id=product.pk, variant_id=variant.pk if variant else None,
                                            quantity=quantity, options=modifiers)],
        customer_group_id=calculation.customer_group_for(actor),
        currency_code=currency.code,
    )  # fmt: skip
    calc = price.calculated_price
    inclusive = price.show_inclusive
    shown = calc.tax_inclusive if inclusive else calc.tax_exclusive
    hint = ""
    if price.next_tier is not None:
        tier_price = price.next_tier.unit_price
        hint = (
            f"Buy {price.next_tier.additional_quantity} more to pay "
            f"{format_money(tier_price.tax_inclusive if inclusive else tier_price.tax_exclusive, currency)} each."
        )
    return {
        "price": format_money(shown, currency),
        "note": f"per unit, {'including' if inclusive else 'excluding'} tax"
        # "12 × $129.77 = $1,557.24": the unit price stands in the sum it makes (issue 13).
        + (
            f" · {quantity} × {format_money(shown, currency)} = {format_money(shown * quantity, currency)}"
            if quantity > 1
            else ""
        ),
        "tierHint": hint,
        "tiers": _tier_rows(product, price, currency),
    }


def _stock(product, variant, quantity) -> dict:
    problem = stock_problem(product, variant, quantity)
    if problem:
        return {"message": problem, "css": "out-of-stock"}
    tracked = product.inventory_tracking
    level = variant.inventory_level if (tracked == "variant" and variant) else product.inventory_level
    if tracked != "none" and level <= 5:
        return {"message": f"Only {level} left in stock", "css": "low-stock"}
    return {"message": "In stock" if tracked != "none" else "Available to order", "css": "in-stock"}


def _option_view(option, chosen: dict[int, str], errors: dict, variant, currency, *, prices_shown: bool) -> dict:
    current = chosen.get(option.pk, "")
    variant_values = {v.pk for v in variant.option_values.all()} if variant else set()
    choices = []
    for value in option.values.all():
        if option.is_variant_option:
            selected = value.pk in variant_values
        else:
            selected = str(value.pk) == str(current) or (not current and value.is_default)
        price_label = ""
        if not prices_shown:
            pass  # a price on request (or hidden) shows no surcharge either
        elif value.price_adjuster == "relative" and value.price_adjustment:
            price_label = f"+{format_money(value.price_adjustment, currency)}"
        elif value.price_adjuster == "percentage" and value.price_adjustment:
            price_label = f"+{value.price_adjustment.normalize():f}%"
        choices.append(
            {
                "pk": value.pk,
                "label": value.label,
                "selected": selected,
                "price_label": price_label,
                "color": (value.value_data.get("colors") or ["#ccc"])[0],
                "image": value.value_data.get("image_url", ""),
            }
        )
    current_date = None
    if option.type == OptionType.DATE and current and current != "invalid":
        try:
            current_date = date.fromisoformat(current)
        except ValueError:
            current_date = None
    checkbox_price = ""
    if prices_shown and option.type == OptionType.CHECKBOX and option.checkbox_price_adjuster == "relative":
        checkbox_price = f"+{format_money(option.checkbox_price_adjustment, currency)}"
    return {
        "pk": option.pk,
        "id_str": str(option.pk),
        "type": option.type,
        "display_name": option.display_name,
        "required": option.required,
        "is_variant_option": option.is_variant_option,
        "text_max_length": option.text_max_length,
        "text_max_lines": option.text_max_lines,
        "default_value": option.default_value,
        "checkbox_label": option.checkbox_label,
        "checked_by_default": option.checked_by_default,
        "checkbox_price_label": checkbox_price,
        "file_max_size": option.file_max_size,
        "file_types": option.file_types,
        "accept": ",".join(f".{ext.strip()}" for ext in option.file_types.split(",") if ext.strip()),
        "current": current if option.type != OptionType.CHECKBOX else bool(current),
        "current_date": current_date,
        "choices": choices,
        "error": " ".join(errors.get(option.pk, []) or errors.get(str(option.pk), [])),
    }


@ensure_csrf_cookie
def product_page(request, slug: str, *, form_errors: dict | None = None, status: int = 200):
    product = selectors.product_detail(slug=slug)
    if product is None:
        raise Http404("No such product.")
    actor = storefront_actor(request)
    data = request.POST if request.method == "POST" else request.GET
    chosen = with_default_variant(product, selected_values(data, product))
    variant = variant_for(product, chosen)
    quantity = max(QUANTITY_MIN, min(_int(data.get("qty"), 1) or 1, QUANTITY_MAX))
    currency = currency_for(None)
    hidden = calculation.prices_hidden_for(actor)
    # Issue 13: a price on request shows no amount at all (no price, tier table or surcharges).
    prices_shown = not hidden and not product.price_on_request
    price = _price_view(product, variant, quantity, chosen, actor, currency) if prices_shown else {}
    stock = _stock(product, variant, quantity)
    refusal = purchase_refusal(actor)
    errors = form_errors or {}
    category_found = product.categories.first()
    synonyms = [s.strip() for s in product.synonyms.splitlines() if s.strip()]
    purchasable = (
        product.availability != "disabled"
        and not product.purchasing_disabled
        and not (variant and variant.purchasing_disabled)
    )
    context = {
        **base_context(request),
        "product": product,
        "category": category_found,
        "variant": variant,
        "synonyms": synonyms,
        "options": [
            _option_view(o, chosen, errors, variant, currency, prices_shown=prices_shown) for o in product.options.all()
        ],
        "quantity": quantity,
        "price_label": price.get("price", ""),
        "price_note": price.get("note", ""),
        "tier_hint": price.get("tierHint", ""),
        "tiers": price.get("tiers", []),
        "stock": stock,
        "prices_hidden": hidden,
        "purchasable": purchasable,
        "purchase_refusal": refusal if request.user.is_authenticated else None,
        "general_errors": errors.get("__all__", []),
        "quantity_errors": errors.get("qty", []),
        "submitted": request.method == "POST",
        "months": [(i, calendar.month_abbr[i]) for i in range(1, 13)],
        "days": list(range(1, 32)),
        "years": list(range(date.today().year, date.today().year + 3)),
        "product_data": {
            "id": product.pk,
            "availability": product.availability,
            "priceOnRequest": product.price_on_request,
            "priceUrl": reverse("storefront:product-price", args=[product.slug]),
            "priceErrorText": "Price error",
            "quoteButton": quote_button_visible(
                product,
                variant,
                quantity,
                non_purchasable_quote_enabled=storefront_switch_on(key="quote_on_non_purchasable_product_page"),
            ),
        },
    }
    return render(request, "storefront/product.html", context, status=status)


@extend_schema(
    parameters=[
        OpenApiParameter("qty", OpenApiTypes.INT, OpenApiParameter.QUERY, description="1 to 1,000,000; 1 by default."),
        OpenApiParameter(
            "attribute[{optionId}]",
            OpenApiTypes.STR,
            OpenApiParameter.QUERY,
            description="The chosen value of each option, as the product form sends it.",
        ),
    ],
    responses={
        200: inline_serializer(
            name="ProductPrice",
            fields={
                "sku": serializers.CharField(),
                "stock": inline_serializer(
                    name="ProductStock",
                    fields={"message": serializers.CharField(), "css": serializers.CharField()},
                ),
                "price": serializers.CharField(required=False, help_text="Formatted; absent when prices are hidden."),
                "note": serializers.CharField(required=False),
                "tierHint": serializers.CharField(required=False),
            },
        ),
        **refusals(404),
    },
)
@api_view(["GET"])
@authentication_classes([StorefrontSessionAuthentication])
def product_price(request: Request, slug: str) -> Response:
    """The live price of a choice of variant, options and quantity, formatted for the product page (a REST edge of
    the shop: JSON, for the signed-in customer's prices)."""
    product = selectors.product_detail(slug=slug)
    if product is None:
        raise NotFound("No such product.")
    actor = storefront_actor(request)
    chosen = with_default_variant(product, selected_values(request.query_params, product))
    quantity = max(QUANTITY_MIN, min(_int(request.query_params.get("qty"), 1) or 1, QUANTITY_MAX))
    variant = variant_for(product, chosen)
    body = {"stock": _stock(product, variant, quantity), "sku": variant.sku if variant else product.sku}
    if not calculation.prices_hidden_for(actor) and not product.price_on_request:
        view = _price_view(product, variant, quantity, chosen, actor, currency_for(None))
        body.update({k: view[k] for k in ("price", "note", "tierHint")})
    return Response(body)


def money_label(amount: Decimal, currency) -> str:
    return format_money(amount, currency)
