"""The price engine (business §3 pricing request/response, §9 pricing): pure reads, a fixed number of queries.

For each item, in the store's default currency and excluding tax (docs/decisions.md, issue 4):
1. base: the customer group's price-list record for the variant, else the variant's price, else the product's
   base price;
2. plus the adjustments of the chosen modifier values (an amount, or a percentage of the base) and of ticked
   checkbox options; never below 0;
3. the bulk tier that applies to the quantity (min ≤ quantity ≤ max, max 0 = no upper bound; the group's price
   list tiers, when it has any for the product, replace the store-wide ones): `fixed` replaces the unit price,
   `percent` takes a percentage off, `price` takes an amount off (never below 0);
4. tax: the sum of the enabled rates for the product's tax class in the store's applicable tax zone (the enabled
   zone with the lowest priority number);
5. currency: times the currency's exchange rate, rounded half-up to its decimal places.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from functools import cached_property
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Q, Subquery

from portal.actor import PortalActor
from portal.models import Currency, Store, TaxClassRate, TaxZone
from portal.selectors import storefront_switch_on
from pricing.errors import PricingErrorCode
from pricing.models import (
    MULTIPLE_CHOICE_TYPES,
    BulkPricingTier,
    DiscountType,
    OptionType,
    OptionValue,
    PriceAdjuster,
    PriceListRecord,
    Product,
    ProductOption,
    ProductVariant,
    is_price_on_request,
)
from pricing.options import QUANTITY_MAX, checkbox_ticked, validate_quantity, value_id

ZERO = Decimal(0)
HUNDRED = Decimal(100)
# A product without a tax class is taxed as the store's class of this name (the demo store's "Default").
DEFAULT_TAX_CLASS_NAME = "default"
PRICES_HIDDEN_CONFIG_KEY = "block_pending_account_seeing_products_pricing"
DEFAULT_CHANNEL_ID = 1  # shell §9


# --- request and result shapes -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PriceRequestItem:
    """business §3 pricing request item. `options` are (option id, value) pairs: a value id for multiple-choice
    options, a truthy value or value id for checkboxes; other option types do not change the price."""

    product_id: int
    variant_id: int | None = None
    quantity: int = 1
    options: Sequence[tuple[int, Any]] = ()


@dataclass(frozen=True)
class Price:
    """business §3: each price has asEntered, enteredInclusive, taxExclusive and taxInclusive."""

    as_entered: Decimal
    entered_inclusive: bool
    tax_exclusive: Decimal
    tax_inclusive: Decimal

    def displayed(self, show_inclusive: bool) -> Decimal:
        return self.tax_inclusive if show_inclusive else self.tax_exclusive


@dataclass(frozen=True)
class BulkTier:
    """business §3 bulk_pricing entry; `discount_amount` is in the requested currency (a percentage for percent)."""

    minimum: int
    maximum: int
    discount_type: str
    discount_amount: Decimal


@dataclass(frozen=True)
class NextTier:
    """Beyond the anchors: `additional_quantity` more units reach the tier starting at `minimum`, where one unit
    costs `unit_price`."""

    additional_quantity: int
    minimum: int
    unit_price: Price


@dataclass(frozen=True)
class PriceResult:
    product_id: int
    variant_id: int | None
    quantity: int
    options: tuple[tuple[int, Any], ...]
    currency_code: str
    calculated_price: Price  # one unit, after the bulk tier
    base_price: Price  # one unit before the bulk tier (base + option adjustments)
    bulk_pricing: list[BulkTier]
    applied_tier: BulkTier | None
    next_tier: NextTier | None
    tax_rate: Decimal  # percent
    show_inclusive: bool  # how the applicable tax zone displays prices
    # The catalog hides this price from buyers (`pricing.models.is_price_on_request`): every read path a buyer
    # reaches shows "Price on request" instead of it. Only submission (for staff) and checks use the amounts.
    price_on_request: bool = False

    @property
    def line_total(self) -> Price:
        return line_total(self)


def line_total(result: PriceResult) -> Price:
    """The line's total: the rounded unit prices times the quantity (so that unit × quantity always adds up)."""
    unit, quantity = result.calculated_price, result.quantity
    return Price(
        as_entered=unit.as_entered * quantity,
        entered_inclusive=unit.entered_inclusive,
        tax_exclusive=unit.tax_exclusive * quantity,
        tax_inclusive=unit.tax_inclusive * quantity,
    )


def lines_total(results: Iterable[PriceResult]) -> Price:
    """The sum of the line totals (one currency)."""
    totals = [line_total(result) for result in results]
    return Price(
        as_entered=sum((t.as_entered for t in totals), ZERO),
        entered_inclusive=False,
        tax_exclusive=sum((t.tax_exclusive for t in totals), ZERO),
        tax_inclusive=sum((t.tax_inclusive for t in totals), ZERO),
    )


# --- who prices ----------------------------------------------------------------------------------------------


def customer_group_for(actor: PortalActor) -> int | None:
    """The customer group id whose prices the actor sees (shell §4, business §6) — the one place that decides.

    A user of an approved company (or, once masquerade exists, a super admin masquerading as a company: its
    `b2b_company`) prices with the company's group; anyone else with their own group; a guest with none."""
    company = actor.b2b_company
    if company is not None:
        return company.customer_group_id
    if actor.user is not None:
        return actor.user.customer_group_id
    return None


def prices_hidden_for(actor: PortalActor, *, channel_id: int = DEFAULT_CHANNEL_ID) -> bool:
    """shell §3/§4: with `block_pending_account_seeing_products_pricing` on, users of a pending company see no
    prices. Every price rendered for the actor goes through this check."""
    from accounts.models import CompanyStatus

    company = actor.company
    if company is None or company.status != CompanyStatus.PENDING:
        return False
    return storefront_switch_on(key=PRICES_HIDDEN_CONFIG_KEY, channel_id=channel_id)


# --- store-wide pricing context --------------------------------------------------------------------------------


@dataclass
class StorePricing:
    """What prices every item alike: the currency, the tax zone's rates per tax class."""

    currency: Currency
    rates_by_class: dict[int, Decimal]
    default_class_id: int | None
    show_inclusive: bool

    def tax_rate(self, tax_class_id: int | None) -> Decimal:
        class_id = tax_class_id if tax_class_id is not None else self.default_class_id
        return self.rates_by_class.get(class_id, ZERO) if class_id is not None else ZERO

    @cached_property
    def _quantum(self) -> Decimal:
        return Decimal(1).scaleb(-self.currency.decimal_places)

    def rounded(self, amount: Decimal) -> Decimal:
        return amount.quantize(self._quantum, rounding=ROUND_HALF_UP)

    def price(self, amount_default_currency: Decimal, tax_rate: Decimal) -> Price:
        converted = amount_default_currency * self.currency.exchange_rate
        exclusive = self.rounded(converted)
        inclusive = self.rounded(converted * (1 + tax_rate / HUNDRED))
        # Prices are entered excluding tax (docs/decisions.md, issue 4).
        return Price(as_entered=exclusive, entered_inclusive=False, tax_exclusive=exclusive, tax_inclusive=inclusive)

    def convert(self, amount_default_currency: Decimal) -> Decimal:
        return self.rounded(amount_default_currency * self.currency.exchange_rate)


def store_pricing(*, currency_code: str | None) -> StorePricing:
    """The store's currency (the default one when `currency_code` is empty) and tax rates. Three queries."""
    first_store = Subquery(Store.objects.order_by("pk").values("pk")[:1])
    currencies = Currency.objects.filter(store_id=first_store, enabled=True)
    code = (currency_code or "").strip()
    if len(code) > 3:
        currency = None
    elif code:
        currency = currencies.filter(code__iexact=code).first()
    else:
        currency = currencies.filter(is_default=True).first()
    if currency is None:
        raise ValidationError(
            {"currencyCode": ValidationError("Unknown currency.", code=PricingErrorCode.UNKNOWN_CURRENCY)}
        )
    zone = TaxZone.objects.filter(store_id=currency.store_id, enabled=True).order_by("priority", "pk").first()
    rates: dict[int, Decimal] = defaultdict(lambda: ZERO)
    default_class_id = None
    if zone is not None:
        rows = TaxClassRate.objects.filter(zone_rate__zone=zone, zone_rate__enabled=True).values_list(
            "tax_class_id", "tax_class__name", "rate"
        )
        for class_id, class_name, rate in rows:
            rates[class_id] += rate
            if class_name.strip().lower() == DEFAULT_TAX_CLASS_NAME:
                default_class_id = class_id
    return StorePricing(
        currency=currency,
        rates_by_class=dict(rates),
        default_class_id=default_class_id,
        show_inclusive=bool(zone and zone.show_inclusive),
    )


# --- the engine ------------------------------------------------------------------------------------------------
# The catalog is read as plain rows (values_list), not model instances: building thousands of instances per call
# was most of the time of a 500-item call (bench/pricing.py).


@dataclass(slots=True)
class _ProductRow:
    pk: int
    base_price: Decimal
    tax_class_id: int | None
    availability: str


@dataclass(slots=True)
class _VariantRow:
    pk: int
    product_id: int
    price: Decimal | None


@dataclass(slots=True)
class TierRow:
    """A bulk pricing tier as the engine reads it (the fields of BulkPricingTier it needs)."""

    pk: int
    product_id: int
    price_list_id: int | None
    min_quantity: int
    max_quantity: int
    discount_type: str
    amount: Decimal


@dataclass(slots=True)
class _OptionRow:
    pk: int
    product_id: int
    type: str
    is_variant_option: bool
    display_name: str
    checkbox_price_adjuster: str
    checkbox_price_adjustment: Decimal


@dataclass(slots=True)
class _ValueRow:
    pk: int
    option_id: int
    price_adjuster: str
    price_adjustment: Decimal
    value_data: Any


@dataclass
class _Catalog:
    """Everything the items need, loaded in bulk."""

    products: dict[int, _ProductRow] = field(default_factory=dict)
    variants: dict[int, _VariantRow] = field(default_factory=dict)
    variants_of_product: dict[int, list[int]] = field(default_factory=dict)
    records: dict[int, Decimal] = field(default_factory=dict)  # variant id → group price
    store_tiers: dict[int, list[TierRow]] = field(default_factory=dict)
    group_tiers: dict[int, list[TierRow]] = field(default_factory=dict)
    options: dict[int, _OptionRow] = field(default_factory=dict)
    values: dict[int, _ValueRow] = field(default_factory=dict)
    values_of_option: dict[int, dict[int, _ValueRow]] = field(default_factory=dict)

    def tiers_of(self, product_id: int) -> list[TierRow]:
        # The group's tiers for the product, when it has any, replace the store-wide ones.
        return self.group_tiers.get(product_id) or self.store_tiers.get(product_id, [])


def _load_catalog(items: Sequence[PriceRequestItem], customer_group_id: int | None, include_hidden: bool) -> _Catalog:
    catalog = _Catalog()
    products = Product.objects.filter(pk__in={item.product_id for item in items})
    if not include_hidden:
        products = products.filter(is_visible=True)
    for row in products.values_list("pk", "base_price", "tax_class_id", "availability"):
        catalog.products[row[0]] = _ProductRow(*row)
    product_ids = list(catalog.products)

    # The chosen variants, and every variant of products priced without one (a product whose only variant is
    # its base variant prices as that variant).
    without_variant = {item.product_id for item in items if item.variant_id is None}
    variant_ids = {item.variant_id for item in items if item.variant_id is not None}
    variants = ProductVariant.objects.filter(Q(pk__in=variant_ids) | Q(product_id__in=without_variant))
    for row in variants.values_list("pk", "product_id", "price"):
        variant = catalog.variants[row[0]] = _VariantRow(*row)
        if variant.product_id in without_variant:
            catalog.variants_of_product.setdefault(variant.product_id, []).append(variant.pk)

    if customer_group_id is not None:
        # By product, not by variant: a shorter IN list, and a product's records are few.
        records = PriceListRecord.objects.filter(
            price_list__customer_group_id=customer_group_id, variant__product_id__in=product_ids
        )
        catalog.records = dict(records.values_list("variant_id", "price"))

    tier_scope = Q(price_list__isnull=True)
    if customer_group_id is not None:
        tier_scope |= Q(price_list__customer_group_id=customer_group_id)
    tiers = BulkPricingTier.objects.filter(tier_scope, product_id__in=product_ids).order_by("min_quantity", "pk")
    for row in tiers.values_list(
        "pk", "product_id", "price_list_id", "min_quantity", "max_quantity", "discount_type", "amount"
    ):
        tier = TierRow(*row)
        target = catalog.group_tiers if tier.price_list_id is not None else catalog.store_tiers
        target.setdefault(tier.product_id, []).append(tier)

    option_ids = {value_id(option_id) for item in items for option_id, _ in item.options} - {None}
    if option_ids:
        options = ProductOption.objects.filter(pk__in=option_ids).values_list(
            "pk", "product_id", "type", "is_variant_option", "display_name", "checkbox_price_adjuster",
            "checkbox_price_adjustment",
        )  # fmt: skip
        catalog.options = {row[0]: _OptionRow(*row) for row in options}
        values = OptionValue.objects.filter(option_id__in=list(catalog.options)).values_list(
            "pk", "option_id", "price_adjuster", "price_adjustment", "value_data"
        )
        for row in values:
            value = catalog.values[row[0]] = _ValueRow(*row)
            catalog.values_of_option.setdefault(value.option_id, {})[value.pk] = value
    return catalog


def _tier_applies(tier: TierRow | BulkPricingTier, quantity: int) -> bool:
    return tier.min_quantity <= quantity and (tier.max_quantity == 0 or quantity <= tier.max_quantity)


def applicable_tier(tiers: Sequence[TierRow | BulkPricingTier], quantity: int) -> TierRow | BulkPricingTier | None:
    """The tier for the quantity; when tiers overlap, the one with the highest minimum (the most specific)."""
    matching = [tier for tier in tiers if _tier_applies(tier, quantity)]
    return max(matching, key=lambda tier: (tier.min_quantity, tier.pk or 0)) if matching else None


def apply_tier(unit: Decimal, tier: TierRow | BulkPricingTier | None) -> Decimal:
    """business §9: fixed replaces the price, percent takes a percentage off, price takes an amount off."""
    if tier is None:
        return unit
    if tier.discount_type == DiscountType.FIXED:
        return max(tier.amount, ZERO)
    if tier.discount_type == DiscountType.PERCENT:
        return max(unit - unit * tier.amount / HUNDRED, ZERO)
    if tier.discount_type == DiscountType.PRICE:
        return max(unit - tier.amount, ZERO)
    return unit


def _adjustment(adjuster: str, amount: Decimal, base: Decimal) -> Decimal:
    if adjuster == PriceAdjuster.RELATIVE:
        return amount
    if adjuster == PriceAdjuster.PERCENTAGE:
        return base * amount / HUNDRED
    return ZERO


def _plain(number: Decimal) -> Decimal:
    """10.0000 → 10, 12.5000 → 12.5 (for percentages)."""
    return number.quantize(Decimal(1)) if number == number.to_integral_value() else number.normalize()


def price_items(
    *,
    items: Sequence[PriceRequestItem],
    customer_group_id: int | None,
    currency_code: str | None,
    include_hidden: bool = False,
    pricing: StorePricing | None = None,
) -> list[PriceResult]:
    """Unit prices of the items, in order (business §3 price response), in at most nine queries however many
    items there are. Raises ValidationError keyed `currencyCode` or `items.<index>.<field>` for unknown
    currencies, products (hidden ones too unless `include_hidden`), variants, options and bad quantities.
    `pricing` (from `store_pricing`) saves its three queries when the caller has it already."""
    if pricing is None:
        pricing = store_pricing(currency_code=currency_code)
    if not items:
        return []
    catalog = _load_catalog(items, customer_group_id, include_hidden)
    bulk_of_product: dict[int, list[BulkTier]] = {}
    errors: dict[str, list[ValidationError]] = {}
    results = []
    for index, item in enumerate(items):
        item_errors = _item_errors(item, catalog)
        if item_errors:
            for name, error in item_errors.items():
                errors.setdefault(f"items.{index}.{name}", []).append(error)
            continue
        if item.product_id not in bulk_of_product:
            bulk_of_product[item.product_id] = [_bulk_tier(t, pricing) for t in catalog.tiers_of(item.product_id)]
        if not isinstance(item.quantity, int):
            item = replace(item, quantity=validate_quantity(item.quantity))  # "12" → 12
        results.append(_price_item(item, catalog, pricing, bulk_of_product[item.product_id]))
    if errors:
        raise ValidationError(errors)
    return results


def _resolved_variant_id(item: PriceRequestItem, catalog: _Catalog) -> int | None:
    if item.variant_id is not None:
        return item.variant_id
    own = catalog.variants_of_product.get(item.product_id, [])
    return own[0] if len(own) == 1 else None


def _item_errors(item: PriceRequestItem, catalog: _Catalog) -> dict[str, ValidationError]:
    errors: dict[str, ValidationError] = {}
    try:
        validate_quantity(item.quantity)
    except ValidationError as exc:
        errors["quantity"] = exc
    product = catalog.products.get(item.product_id)
    if product is None:
        errors["productId"] = ValidationError(
            f"Product {item.product_id} does not exist.", code=PricingErrorCode.UNKNOWN_PRODUCT
        )
        return errors
    if item.variant_id is not None:
        variant = catalog.variants.get(item.variant_id)
        if variant is None or variant.product_id != product.pk:
            errors["variantId"] = ValidationError(
                f"Variant {item.variant_id} does not belong to product {product.pk}.",
                code=PricingErrorCode.UNKNOWN_VARIANT,
            )
    for option_id, value in item.options:
        option = catalog.options.get(value_id(option_id)) if value_id(option_id) is not None else None
        if option is None or option.product_id != product.pk:
            errors["options"] = ValidationError(
                f"Option {option_id} does not belong to product {product.pk}.", code=PricingErrorCode.UNKNOWN_OPTION
            )
            break
        if option.type in MULTIPLE_CHOICE_TYPES:
            chosen = catalog.values.get(value_id(value)) if value_id(value) is not None else None
            if chosen is None or chosen.option_id != option.pk:
                errors["options"] = ValidationError(
                    f"Please choose a valid value in {option.display_name}.",
                    code=PricingErrorCode.INVALID_OPTION_VALUE,
                )
                break
    return errors


def _unit_before_tier(item: PriceRequestItem, catalog: _Catalog, variant_id: int | None) -> Decimal:
    base = catalog.products[item.product_id].base_price
    if variant_id is not None:
        if variant_id in catalog.records:
            base = catalog.records[variant_id]
        elif catalog.variants[variant_id].price is not None:
            base = catalog.variants[variant_id].price
    adjustment = ZERO
    for option_id, value in item.options:
        option = catalog.options[value_id(option_id)]
        if option.type in MULTIPLE_CHOICE_TYPES and not option.is_variant_option:
            chosen = catalog.values[value_id(value)]
            adjustment += _adjustment(chosen.price_adjuster, chosen.price_adjustment, base)
        elif option.type == OptionType.CHECKBOX and checkbox_ticked(
            option, value, catalog.values_of_option.get(option.pk, {})
        ):
            adjustment += _adjustment(option.checkbox_price_adjuster, option.checkbox_price_adjustment, base)
    return max(base + adjustment, ZERO)


def _price_item(item: PriceRequestItem, catalog: _Catalog, pricing: StorePricing, bulk: list[BulkTier]) -> PriceResult:
    product = catalog.products[item.product_id]
    tax_rate = pricing.tax_rate(product.tax_class_id)
    tiers = catalog.tiers_of(product.pk)
    variant_id = _resolved_variant_id(item, catalog)
    unit = _unit_before_tier(item, catalog, variant_id)
    tier_index = None
    tier = applicable_tier(tiers, item.quantity)
    if tier is not None:
        tier_index = tiers.index(tier)
    calculated = pricing.price(apply_tier(unit, tier), tax_rate)

    next_tier = None
    for candidate in tiers:
        if candidate.min_quantity <= item.quantity or candidate.min_quantity > QUANTITY_MAX:
            continue
        candidate_price = pricing.price(apply_tier(unit, applicable_tier(tiers, candidate.min_quantity)), tax_rate)
        if candidate_price.tax_exclusive < calculated.tax_exclusive:
            next_tier = NextTier(
                additional_quantity=candidate.min_quantity - item.quantity,
                minimum=candidate.min_quantity,
                unit_price=candidate_price,
            )
            break
    return PriceResult(
        product_id=product.pk,
        variant_id=variant_id,
        quantity=item.quantity,
        options=tuple(item.options),
        currency_code=pricing.currency.code,
        calculated_price=calculated,
        base_price=pricing.price(unit, tax_rate),
        bulk_pricing=bulk,
        applied_tier=bulk[tier_index] if tier_index is not None else None,
        next_tier=next_tier,
        tax_rate=_plain(tax_rate),
        show_inclusive=pricing.show_inclusive,
        price_on_request=is_price_on_request(product.availability),
    )


def _bulk_tier(tier: TierRow, pricing: StorePricing) -> BulkTier:
    amount = _plain(tier.amount) if tier.discount_type == DiscountType.PERCENT else pricing.convert(tier.amount)
    return BulkTier(
        minimum=tier.min_quantity, maximum=tier.max_quantity, discount_type=tier.discount_type, discount_amount=amount
    )
