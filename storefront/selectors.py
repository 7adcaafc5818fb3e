"""Reads of the storefront: the cart, priced for the caller."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Prefetch

from accounts.countries import country_find
from accounts.selectors import Actor
from portal.models import Currency, TaxZone
from portal.money import format_money
from portal.selectors import store_current
from pricing import calculation
from pricing.models import OptionValue, ProductOption
from pricing.options import stock_problem
from quotes.models import QuoteStatus
from quotes.selectors import options_key, quote_cart_prices
from storefront.models import Cart, CartLine, SavedCostCentre

PRICE_ON_REQUEST_LABEL = "Price on request"
QUOTE_LINE_MISMATCH = "This product is not part of the quote in this quantity: remove it or order it separately."
# Shipping (not shown in the spec; docs/decisions.md): a flat rate, free above a subtotal.
FLAT_SHIPPING = Decimal("25.00")
FREE_SHIPPING_FROM = Decimal("500.00")


@dataclass
class PricedLine:
    id: int
    product_id: int
    variant_id: int | None
    slug: str
    name: str
    sku: str
    quantity: int
    options: list[dict]
    raw_options: list
    unit_price: Decimal
    unit_tax: Decimal
    unit_price_label: str = ""
    total_label: str = ""
    problem: str | None = None
    price_on_request: bool = False  # issue 13: no amount shown (0 in the totals), and it cannot be ordered

    @property
    def total(self) -> Decimal:
        return self.unit_price * self.quantity


@dataclass
class CartSummary:
    currency: Currency
    lines: list[PricedLine] = field(default_factory=list)
    subtotal: Decimal = Decimal(0)
    tax: Decimal = Decimal(0)
    shipping: Decimal = Decimal(0)

    @property
    def total(self) -> Decimal:
        return self.subtotal + self.tax + self.shipping

    @property
    def has_problems(self) -> bool:
        return any(line.problem for line in self.lines)

    def label(self, amount: Decimal) -> str:
        return format_money(amount, self.currency)

    @property
    def subtotal_label(self) -> str:
        return self.label(self.subtotal)

    @property
    def tax_label(self) -> str:
        return self.label(self.tax)

    @property
    def shipping_label(self) -> str:
        return "Free" if self.lines and not self.shipping else self.label(self.shipping)

    @property
    def total_label(self) -> str:
        return self.label(self.total)


def cart_usable_by(cart: Cart, actor: Actor) -> bool:
    """Whether the caller may use the cart: a cart of nobody (a guest's), or their own — for a super admin the one
    of the company they masquerade as now, or of none when they are not masquerading (issue 12)."""
    if cart.user_id is None:
        return True
    if actor.user is None or cart.user_id != actor.user.pk:
        return False
    masquerade_company = actor.masquerade_company
    return cart.masquerade_company_id == (masquerade_company.pk if masquerade_company else None)


def own_cart(actor: Actor) -> Cart | None:
    """The signed-in caller's own cart: their most recent one (for the company they masquerade as, if they do) that
    is not a quote checkout's. A quote's cart is reached only through the checkout link that made it (issue 13), a cart
    that pays invoices only through the invoice checkout (issue 20)."""
    if actor.user is None:
        return None
    return (
        Cart.objects.filter(
            user=actor.user,
            masquerade_company=actor.masquerade_company,
            quote__isnull=True,
            invoice_payment__isnull=True,
        )
        .order_by("-updated_at")
        .first()
    )


def store_home_country() -> str:
    """The country a typed checkout address starts on (issue 36 item 14): the first country of the store's tax zones
    by priority, the market it sells to; '' when it has none of the country list."""
    for codes in (
        TaxZone.objects.filter(enabled=True).order_by("priority", "pk").values_list("country_codes", flat=True)
    ):
        for code in codes if isinstance(codes, list) else []:
            country = country_find(str(code))
            if country is not None:
                return country.country_code
    return ""


def saved_cost_centre(actor: Actor) -> str:
    """The grant or cost-centre code the signed-in buyer gave at their last checkout for the company they buy for
    now (issue 20), or ""."""
    if actor.user is None:
        return ""
    saved = SavedCostCentre.objects.filter(user=actor.user, company=actor.b2b_company).first()
    return saved.code if saved is not None else ""


def quote_cart_usable(cart: Cart) -> bool:
    """A quote checkout's cart serves only while its quote is open: once ordered or expired, its quoted prices are
    never offered again, and the buyer's own cart is the cart (issue 13)."""
    return cart.quote is None or cart.quote.status == QuoteStatus.OPEN  # no query without a quote


def currency_for(code: str | None) -> Currency:
    store = store_current()
    currencies = {c.code: c for c in store.currencies.filter(enabled=True)}
    return currencies.get(code or "") or next(c for c in currencies.values() if c.is_default)


def _option_labels(line: CartLine, options: dict[int, ProductOption], values: dict[int, OptionValue]) -> list[dict]:
    labels = []
    for option_id, value in line.options:
        option = options.get(option_id)
        if option is None:
            continue
        if option.type in ("dropdown", "radio_buttons", "rectangles", "swatch", "product_list_with_images"):
            shown = values[int(value)].label if str(value).isdigit() and int(value) in values else str(value)
        elif option.type == "checkbox":
            shown = "Yes" if value else "No"
        else:
            shown = str(value)
        labels.append({"name": option.display_name, "value": shown})
    for value in line.variant.option_values.all() if line.variant else []:
        labels.insert(0, {"name": value.option.display_name, "value": value.label})
    return labels


def unit_price_and_tax(result: calculation.PriceResult) -> tuple[Decimal, Decimal]:
    """A line's unit price without tax and its unit tax, as an order keeps them; (0, 0) for a product sold on request
    (issue 13: never priced from the catalog)."""
    if result.price_on_request:
        return Decimal(0), Decimal(0)
    price = result.calculated_price
    return price.tax_exclusive, price.tax_inclusive - price.tax_exclusive


def shipping_for(*, subtotal: Decimal, currency: Currency) -> Decimal:
    """The store's shipping: flat, free from an order of 500 in the default currency (converted at its rate)."""
    rate = currency.exchange_rate or Decimal(1)
    free_from = (FREE_SHIPPING_FROM * rate).quantize(Decimal("0.01"))
    return Decimal(0) if subtotal >= free_from else (FLAT_SHIPPING * rate).quantize(Decimal("0.01"))


def cart_summary(*, cart: Cart | None, actor: Actor) -> CartSummary:
    """The cart with live prices for the caller's customer group, tax and shipping, and any line's problem."""
    currency = currency_for(cart.currency_code if cart else None)
    summary = CartSummary(currency=currency)
    if cart is None:
        return summary
    lines = list(
        cart.lines.select_related("product", "variant").prefetch_related(
            Prefetch("variant__option_values", queryset=OptionValue.objects.select_related("option"))
        )
    )
    if not lines:
        return summary
    product_ids = {line.product_id for line in lines}
    options = {o.pk: o for o in ProductOption.objects.filter(product_id__in=product_ids)}
    values = {v.pk: v for v in OptionValue.objects.filter(option__product_id__in=product_ids)}
    results = calculation.price_items(
        items=[
            calculation.PriceRequestItem(
                product_id=line.product_id,
                variant_id=line.variant_id,
                quantity=line.quantity,
                options=[tuple(pair) for pair in line.options],
            )
            for line in lines
        ],
        customer_group_id=calculation.customer_group_for(actor),
        currency_code=currency.code,
    )
    # The quote checkout: the quote's lines are priced at the quoted prices (after its overall discount); a line
    # that is not the quote's, or not in its quantity, cannot be ordered from this cart.
    quoted = quote_cart_prices(quote_id=cart.quote_id) if cart.quote_id else None
    for line, result in zip(lines, results, strict=True):
        unit_price, unit_tax = unit_price_and_tax(result)
        # Issue 13: the stock check keeps a price-on-request product out of carts; one that became so after it was
        # added is never priced from the catalog here (the stock check's problem keeps it from being ordered).
        price_on_request = result.price_on_request
        problem: str | None = stock_problem(line.product, line.variant, line.quantity, quoted=quoted is not None)
        if quoted is not None:
            match = quoted.get((line.variant_id, options_key(line.options)))
            if match is not None and match[2] == line.quantity:
                unit_price, unit_tax = match[0], match[1]
                price_on_request = False  # the supplier's price
            else:
                problem = problem or QUOTE_LINE_MISMATCH
        priced = PricedLine(
            id=line.pk,
            product_id=line.product_id,
            variant_id=line.variant_id,
            slug=line.product.slug,
            name=line.product.name,
            sku=line.variant.sku if line.variant else line.product.sku,
            quantity=line.quantity,
            options=_option_labels(line, options, values),
            raw_options=line.options,
            unit_price=unit_price,
            unit_tax=unit_tax,
            problem=problem,
            price_on_request=price_on_request,
        )
        if price_on_request:
            priced.unit_price_label = priced.total_label = PRICE_ON_REQUEST_LABEL
        else:
            priced.unit_price_label = format_money(priced.unit_price, currency)
            priced.total_label = format_money(priced.total, currency)
        summary.lines.append(priced)
    summary.subtotal = sum((line.total for line in summary.lines), Decimal(0))
    summary.tax = sum((line.unit_tax * line.quantity for line in summary.lines), Decimal(0))
    summary.shipping = shipping_for(subtotal=summary.subtotal, currency=currency)
    if cart.quote is not None and cart.quote.shipping_total is not None:
        summary.shipping = cart.quote.shipping_total  # the supplier quoted the shipping
    return summary
