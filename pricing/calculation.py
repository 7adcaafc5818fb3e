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
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from functools import cached_property
from typing import Any, TypeVar, cast

from django.core.exceptions import ValidationError
from django.db.models import Subquery

from portal import startup_cache
from portal.actor import PortalActor
from portal.errors import field_errors
from portal.models import Currency, Store, TaxClassRate, TaxZone
from portal.selectors import storefront_switch_on
from pricing import catalog_rows
from pricing.errors import PricingErrorCode
from pricing.models import (
    MULTIPLE_CHOICE_TYPES,
    DiscountType,
    OptionType,
    PriceAdjuster,
    is_price_on_request,
)
from pricing.options import QUANTITY_MAX, QUANTITY_MIN, checkbox_ticked, validate_quantity, value_id

T = TypeVar("T")
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


_new_object = object.__new__
_set_attribute = object.__setattr__


def _frozen(cls: type[T], fields: dict[str, Any]) -> T:
    """An instance of a frozen dataclass above from ALL its fields: what its generated __init__ builds, without one
    `object.__setattr__` per field (that was a fifth of a 500-item call's time, bench/pricing.py). The engine builds
    Price, BulkTier, NextTier and PriceResult this way; tests/pricing/test_calculation_speed.py checks that both
    ways agree."""
    instance = _new_object(cls)
    _set_attribute(instance, "__dict__", fields)
    return instance


def line_total(result: PriceResult) -> Price:
    """The line's total: the rounded unit prices times the quantity (so that unit × quantity always adds up)."""
    unit, quantity = result.calculated_price, result.quantity
    return Price(
        as_entered=unit.as_entered * quantity,
        entered_inclusive=unit.entered_inclusive,
        tax_exclusive=unit.tax_exclusive * quantity,
        tax_inclusive=unit.tax_inclusive * quantity,
    )


# --- who prices ----------------------------------------------------------------------------------------------


def customer_group_for(actor: PortalActor) -> int | None:
    """The customer group id whose prices the actor sees (shell §4, business §6) — the one place that decides.

    A user of an approved company (or, once masquerade exists, a super admin masquerading as a company: its
    `b2b_company`) prices with the company's group; anyone else with their own group; a guest with none."""
    if actor.b2b_company is not None:
        return actor.company_customer_group_id  # a unit below another may take its group from above (issue 40)
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


def tax_factor(tax_rate: Decimal) -> Decimal:
    """What a tax-exclusive amount is multiplied by to include a tax rate (in percent)."""
    return 1 + tax_rate / HUNDRED


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
        return amount.quantize(self._quantum, ROUND_HALF_UP)  # the rounding as an argument: half the time

    def price(self, amount_default_currency: Decimal, tax_rate: Decimal) -> Price:
        return self.price_with_tax_factor(amount_default_currency, tax_factor(tax_rate))

    def price_with_tax_factor(self, amount_default_currency: Decimal, factor: Decimal) -> Price:
        """`price` with the tax rate as its factor (`tax_factor`), for callers that price many amounts at a rate."""
        converted = amount_default_currency * self.currency.exchange_rate
        quantum = self._quantum
        exclusive = converted.quantize(quantum, ROUND_HALF_UP)
        inclusive = (converted * factor).quantize(quantum, ROUND_HALF_UP)
        # Prices are entered excluding tax (docs/decisions.md, issue 4).
        return _frozen(
            Price,
            {
                "as_entered": exclusive,
                "entered_inclusive": False,
                "tax_exclusive": exclusive,
                "tax_inclusive": inclusive,
            },
        )

    def convert(self, amount_default_currency: Decimal) -> Decimal:
        return self.rounded(amount_default_currency * self.currency.exchange_rate)


# The store pricing of every enabled currency, one entry of the store-wide data cache (portal.startup_cache): dropped
# when Store, Currency, TaxClass, TaxZone, TaxZoneRate or TaxClassRate change (its signals, and again on commit).
# After a queryset `.update()` or `bulk_create` on those models call `portal.startup_cache.store_data_changed()`.
STORE_PRICING_ENTRY = "store-pricing"


@dataclass
class _StorePricingTable:
    """Every enabled currency's StorePricing: by upper-case code (ASCII codes), and the default one."""

    by_code: dict[str, StorePricing]
    default: StorePricing | None


def store_pricing(*, currency_code: str | None) -> StorePricing:
    """The store's currency (the default one when `currency_code` is empty) and tax rates. From the cache; three
    queries when it is cold (or the code is not ASCII)."""
    code = (currency_code or "").strip()
    if len(code) > 3:
        currency_pricing = None
    elif not code.isascii():
        currency_pricing = _store_pricing_table(code=code).default  # the database's own case folding
    else:
        table = startup_cache.cached(STORE_PRICING_ENTRY, _store_pricing_table)
        currency_pricing = table.by_code.get(code.upper()) if code else table.default
    if currency_pricing is None:
        raise ValidationError(
            {"currencyCode": ValidationError("Unknown currency.", code=PricingErrorCode.UNKNOWN_CURRENCY)}
        )
    return currency_pricing


def _store_pricing_table(*, code: str | None = None) -> _StorePricingTable:
    """Three queries: the first store's enabled currencies (only the one matching `code`, case-insensitively, when
    given: it is then the table's `default`), its applicable tax zone, the zone's enabled rates."""
    first_store = Subquery(Store.objects.order_by("pk").values("pk")[:1])
    enabled = Currency.objects.filter(store_id=first_store, enabled=True)  # Meta ordering: default first, code
    currencies = list(enabled.filter(code__iexact=code)[:1] if code is not None else enabled)
    if not currencies:
        return _StorePricingTable(by_code={}, default=None)
    zone = TaxZone.objects.filter(store_id=currencies[0].store_id, enabled=True).order_by("priority", "pk").first()
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
    by_code: dict[str, StorePricing] = {}
    default = None
    for currency in currencies:
        currency_pricing = StorePricing(
            currency=currency,
            rates_by_class=dict(rates),
            default_class_id=default_class_id,
            show_inclusive=bool(zone and zone.show_inclusive),
        )
        if currency.code.isascii():
            by_code.setdefault(currency.code.upper(), currency_pricing)  # the first in Meta ordering, as .first()
        if code is not None or (currency.is_default and default is None):
            default = currency_pricing
    return _StorePricingTable(by_code=by_code, default=default)


# --- the engine ------------------------------------------------------------------------------------------------
# The catalog is read as plain rows (pricing.catalog_rows), not model instances: building thousands of instances per
# call was most of the time of a 500-item call (bench/pricing.py). The items are then priced in one loop with what
# repeats worked out once per call (a product's tax rate, tiers and next-tier hints; the Price of an amount at a tax
# rate); an item that is not plainly valid goes through `_item_errors`, which words its errors.

# The choices as plain strings (equal to the members): a member read from its enum class is a slow attribute lookup.
_FIXED = DiscountType.FIXED.value
_PERCENT = DiscountType.PERCENT.value
_PRICE = DiscountType.PRICE.value
_RELATIVE = PriceAdjuster.RELATIVE.value
_PERCENTAGE = PriceAdjuster.PERCENTAGE.value
_CHECKBOX = OptionType.CHECKBOX.value


@dataclass(slots=True)
class _ProductRow:
    pk: int
    base_price: Decimal
    tax_class_id: int | None
    availability: str


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


# An item's variant (None when it prices without one) and base price: `_variant_and_base`.
_VariantAndBase = tuple[int | None, Decimal]


@dataclass
class _Catalog:
    """Everything the items need, loaded in bulk."""

    products: dict[int, _ProductRow] = field(default_factory=dict)
    # variant id → (its product id, its base: the group's price-list record, else its own price, else its product's)
    variants: dict[int, tuple[int, Decimal]] = field(default_factory=dict)
    variants_of_product: dict[int, list[int]] = field(default_factory=dict)
    store_tiers: dict[int, list[TierRow]] = field(default_factory=dict)
    group_tiers: dict[int, list[TierRow]] = field(default_factory=dict)
    # by id; the engine looks a selection's id up as it reads it (`value_id`: None when it names none, found in neither)
    options: dict[int | None, _OptionRow] = field(default_factory=dict)
    values: dict[int | None, _ValueRow] = field(default_factory=dict)
    values_of_option: dict[int, dict[int, _ValueRow]] = field(default_factory=dict)

    def tiers_of(self, product_id: int) -> list[TierRow]:
        # The group's tiers for the product, when it has any, replace the store-wide ones.
        return self.group_tiers.get(product_id) or self.store_tiers.get(product_id, [])


def _load_catalog(items: Sequence[PriceRequestItem], customer_group_id: int | None, include_hidden: bool) -> _Catalog:
    """One query: pricing.catalog_rows.engine_rows (issue 21: products, their tiers and the options in one round
    trip)."""
    catalog = _Catalog()
    # The chosen variants, and every variant of products priced without one (a product whose only variant is
    # its base variant prices as that variant).
    product_ids, variant_ids, without_variant = set(), set(), set()
    for item in items:
        product_ids.add(item.product_id)
        if item.variant_id is None:
            without_variant.add(item.product_id)
        else:
            variant_ids.add(item.variant_id)
    option_ids = {
        option_id if type(option_id) is int else value_id(option_id) for item in items for option_id, _ in item.options
    }
    option_ids.discard(None)
    rows, tier_tuples, option_rows = catalog_rows.engine_rows(
        product_ids=product_ids,
        variant_ids=variant_ids,
        whole_product_ids=without_variant,
        customer_group_id=customer_group_id,
        include_hidden=include_hidden,
        option_ids=cast("set[int]", option_ids),  # None discarded above
    )
    products, variants, variants_of_product = catalog.products, catalog.variants, catalog.variants_of_product
    for product_id, base_price, tax_class_id, availability, variant_id, variant_price, record_price in rows:
        if product_id not in products:
            products[product_id] = _ProductRow(product_id, base_price, tax_class_id, availability)
        if variant_id is None:
            continue
        if record_price is not None:
            variants[variant_id] = (product_id, record_price)
        else:
            variants[variant_id] = (product_id, variant_price if variant_price is not None else base_price)
        if product_id in without_variant:
            variants_of_product.setdefault(product_id, []).append(variant_id)

    if products:
        group_tiers, store_tiers = catalog.group_tiers, catalog.store_tiers
        for row in tier_tuples:
            tier = TierRow(*row)
            target = group_tiers if tier.price_list_id is not None else store_tiers
            tiers = target.get(tier.product_id)
            if tiers is None:
                target[tier.product_id] = [tier]
            else:
                tiers.append(tier)

    if option_rows:
        options, values, values_of_option = catalog.options, catalog.values, catalog.values_of_option
        for option_row in option_rows:
            option_id = option_row[0]
            if option_id not in options:
                options[option_id] = _OptionRow(*option_row[:7])
            if option_row[7] is not None:
                # a value's row: its adjuster is set (NULL only in an option without values' row)
                adjuster = cast(str, option_row[8])
                value = values[option_row[7]] = _ValueRow(
                    option_row[7], option_id, adjuster, option_row[9], option_row[10]
                )
                of_option = values_of_option.get(option_id)
                if of_option is None:
                    values_of_option[option_id] = {value.pk: value}
                else:
                    of_option[value.pk] = value
    return catalog


def _tier_at(tiers: Sequence[TierRow], quantity: int) -> int | None:
    """business §9, the tier rule: the position in `tiers` (in minimum quantity, then id, order) of the tier that
    applies to the quantity (min ≤ quantity ≤ max, max 0 = no upper bound); when tiers overlap, the one with the
    highest minimum (the most specific): the last that applies. None when none does."""
    for position in range(len(tiers) - 1, -1, -1):
        tier = tiers[position]
        if tier.min_quantity <= quantity and (tier.max_quantity == 0 or quantity <= tier.max_quantity):
            return position
    return None


def _tier_unit(unit: Decimal, discount_type: str | None, amount: Decimal) -> Decimal:
    """business §9: a `fixed` tier replaces the unit price, `percent` takes a percentage off, `price` takes an amount
    off (None: no tier, and `amount` is not read)."""
    if discount_type == _FIXED:
        return max(amount, ZERO)
    if discount_type == _PERCENT:
        return max(unit - unit * amount / HUNDRED, ZERO)
    if discount_type == _PRICE:
        return max(unit - amount, ZERO)
    return unit


def _adjustment(adjuster: str, amount: Decimal, base: Decimal) -> Decimal:
    if adjuster == _RELATIVE:
        return amount
    if adjuster == _PERCENTAGE:
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
    """Unit prices of the items, in order (business §3 price response), in at most six queries however many
    items there are (three of them the store pricing's, when the cache is cold). Raises ValidationError keyed
    `currencyCode` or `items.<index>.<field>` for unknown currencies, products (hidden ones too unless
    `include_hidden`), variants, options and bad quantities. `pricing` (from `store_pricing`) saves the cache read
    or its queries when the caller has it already."""
    if pricing is None:
        pricing = store_pricing(currency_code=currency_code)
    if not items:
        return []
    catalog = _load_catalog(items, customer_group_id, include_hidden)
    call = _CallPricing(pricing)
    price_at = pricing.price_with_tax_factor
    currency_code, show_inclusive = call.currency_code, call.show_inclusive
    products = catalog.products
    of_product: dict[int, _ProductPricing] = {}
    errors: dict[str, list[ValidationError]] = {}
    results = []
    for index, item in enumerate(items):
        product_id, quantity = item.product_id, item.quantity
        product = products.get(product_id)
        # The item's variant (the product's only one when it names none) and base price, then its unit price before
        # the tier: None when the item is not plainly valid (for `_item_errors` to say why, if it is not valid).
        variant_id: int | None = None
        unit: Decimal | None = None
        if product is not None and type(quantity) is int and QUANTITY_MIN <= quantity <= QUANTITY_MAX:
            variant_and_base = _variant_and_base(item, product, catalog)
            if variant_and_base is not None:
                variant_id = variant_and_base[0]
                unit = _unit_before_tier(item.options, variant_and_base[1], product.pk, catalog)
        if unit is None:
            item_errors = _item_errors(item, catalog)
            if item_errors:
                for name, error in item_errors.items():
                    errors.setdefault(f"items.{index}.{name}", []).append(error)
                continue
            if not isinstance(quantity, int):
                quantity = validate_quantity(quantity)  # "12" → 12
            # No item errors: the product, its variant and the options are found (`_item_errors` checks each).
            product = cast(_ProductRow, product)
            variant_id, base = cast(_VariantAndBase, _variant_and_base(item, product, catalog))
            unit = cast(Decimal, _unit_before_tier(item.options, base, product.pk, catalog))
        if errors:
            continue  # the call fails: what is left is to find the other items' errors
        priced = of_product.get(product_id)
        if priced is None:
            # `unit` is set: the product was found (in the first branch above, or by `_item_errors`)
            priced = of_product[product_id] = call.product(cast(_ProductRow, product), catalog)
        # The Price of an amount is remembered by the amount's text: a new Decimal's hash costs three times more.
        prices, factor = priced.prices, priced.tax_factor
        base_price = prices.get(key := str(unit))
        if base_price is None:
            base_price = prices[key] = price_at(unit, factor)
        calculated, tier_index = base_price, _tier_at(priced.tiers, quantity)
        if tier_index is not None:
            tier = priced.tiers[tier_index]
            tiered = _tier_unit(unit, tier.discount_type, tier.amount)
            tier_price = prices.get(key := str(tiered))
            if tier_price is None:
                tier_price = prices[key] = price_at(tiered, factor)
            calculated = tier_price

        next_tier = None
        for minimum, discount_type, amount in priced.hints:
            if minimum <= quantity:
                continue
            tiered = _tier_unit(unit, discount_type, amount)
            candidate = prices.get(key := str(tiered))
            if candidate is None:
                candidate = prices[key] = price_at(tiered, factor)
            if candidate.tax_exclusive < calculated.tax_exclusive:
                next_tier = _frozen(
                    NextTier, {"additional_quantity": minimum - quantity, "minimum": minimum, "unit_price": candidate}
                )
                break
        results.append(
            _frozen(
                PriceResult,
                {
                    "product_id": priced.pk,
                    "variant_id": variant_id,
                    "quantity": quantity,
                    "options": tuple(item.options),
                    "currency_code": currency_code,
                    "calculated_price": calculated,
                    "base_price": base_price,
                    "bulk_pricing": priced.bulk,
                    "applied_tier": priced.bulk[tier_index] if tier_index is not None else None,
                    "next_tier": next_tier,
                    "tax_rate": priced.plain_tax_rate,
                    "show_inclusive": show_inclusive,
                    "price_on_request": priced.price_on_request,
                },
            )
        )
    if errors:
        raise field_errors(errors)
    return results


@dataclass(slots=True)
class _ProductPricing:
    """What prices every item of one product alike, worked out once per call."""

    pk: int
    tax_factor: Decimal  # tax_factor(the product's tax rate)
    prices: dict[str, Price]  # an amount's text → its Price at that rate (StorePricing.price), for the rate's products
    plain_tax_rate: Decimal  # the rate as the result shows it
    tiers: list[TierRow]  # by minimum quantity, then id (`_tier_at`)
    bulk: list[BulkTier]  # the tiers as the result shows them (one list, shared by the product's results)
    # (a tier's minimum, and the discount type and amount of the tier that applies at that quantity; None and 0
    # when none does), in tier order, within the quantity bound
    hints: list[tuple[int, str | None, Decimal]]
    price_on_request: bool


class _CallPricing:
    """StorePricing's arithmetic for one call, with what repeats worked out once: a product's tax rate, tiers and
    hints, and the Price of an amount at a tax rate (items of a call share a few units: Price is immutable)."""

    def __init__(self, pricing: StorePricing) -> None:
        self.pricing = pricing
        self.currency_code = pricing.currency.code
        self.show_inclusive = pricing.show_inclusive
        self._prices: dict[Decimal, dict[str, Price]] = {}  # tax factor → an amount's text → its Price
        self._of_rate: dict[Decimal, tuple[Decimal, Decimal]] = {}  # tax rate → (its factor, as shown)

    def product(self, product: _ProductRow, catalog: _Catalog) -> _ProductPricing:
        tax_rate = self.pricing.tax_rate(product.tax_class_id)
        of_rate = self._of_rate.get(tax_rate)
        if of_rate is None:
            of_rate = self._of_rate[tax_rate] = (tax_factor(tax_rate), _plain(tax_rate))
        tiers = catalog.tiers_of(product.pk)
        hints: list[tuple[int, str | None, Decimal]] = []
        for tier in tiers:
            if tier.min_quantity <= QUANTITY_MAX:
                at = _tier_at(tiers, tier.min_quantity)
                hints.append(
                    (tier.min_quantity, None, ZERO)
                    if at is None
                    else (tier.min_quantity, tiers[at].discount_type, tiers[at].amount)
                )
        return _ProductPricing(
            pk=product.pk,
            tax_factor=of_rate[0],
            prices=self._prices.setdefault(of_rate[0], {}),
            plain_tax_rate=of_rate[1],
            tiers=tiers,
            bulk=[_bulk_tier(tier, self.pricing) for tier in tiers],
            hints=hints,
            price_on_request=is_price_on_request(product.availability),
        )


def _variant_and_base(item: PriceRequestItem, product: _ProductRow, catalog: _Catalog) -> _VariantAndBase | None:
    """The item's variant (the product's only variant when the item names none; else None) and base price: the
    variant's, or the product's without one. None when the item names a variant that is not the product's."""
    variant_id = item.variant_id
    if variant_id is None:
        own = catalog.variants_of_product.get(item.product_id)
        if own is not None and len(own) == 1:
            return own[0], catalog.variants[own[0]][1]
        return None, product.base_price
    variant = catalog.variants.get(variant_id)
    if variant is None or variant[0] != product.pk:
        return None
    return variant_id, variant[1]


def _item_errors(item: PriceRequestItem, catalog: _Catalog) -> dict[str, ValidationError] | None:
    errors: dict[str, ValidationError] = {}
    quantity = item.quantity
    if type(quantity) is not int or not QUANTITY_MIN <= quantity <= QUANTITY_MAX:  # else validate_quantity passes
        try:
            validate_quantity(quantity)
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
        if variant is None or variant[0] != product.pk:
            errors["variantId"] = ValidationError(
                f"Variant {item.variant_id} does not belong to product {product.pk}.",
                code=PricingErrorCode.UNKNOWN_VARIANT,
            )
    for option_id, value in item.options:
        option_pk = option_id if type(option_id) is int else value_id(option_id)
        option = catalog.options.get(option_pk) if option_pk is not None else None
        if option is None or option.product_id != product.pk:
            errors["options"] = ValidationError(
                f"Option {option_id} does not belong to product {product.pk}.", code=PricingErrorCode.UNKNOWN_OPTION
            )
            break
        if option.type in MULTIPLE_CHOICE_TYPES:
            value_pk = value if type(value) is int else value_id(value)
            chosen = catalog.values.get(value_pk) if value_pk is not None else None
            if chosen is None or chosen.option_id != option.pk:
                errors["options"] = ValidationError(
                    f"Please choose a valid value in {option.display_name}.",
                    code=PricingErrorCode.INVALID_OPTION_VALUE,
                )
                break
    return errors or None


def _unit_before_tier(
    options: Sequence[tuple[int, Any]], base: Decimal, product_pk: int, catalog: _Catalog
) -> Decimal | None:
    """The base plus the adjustments of the chosen options, never below 0. None when an option is not the
    product's or a multiple-choice value not the option's (`_item_errors` words it)."""
    if not options:
        return max(base + ZERO, ZERO)  # as below: + 0 as the sum would (-0 → 0)
    adjustment = ZERO
    for option_id, value in options:
        option = catalog.options.get(option_id if type(option_id) is int else value_id(option_id))
        if option is None or option.product_id != product_pk:
            return None
        if option.type in MULTIPLE_CHOICE_TYPES:
            chosen = catalog.values.get(value if type(value) is int else value_id(value))
            if chosen is None or chosen.option_id != option.pk:
                return None
            if not option.is_variant_option:
                adjustment += _adjustment(chosen.price_adjuster, chosen.price_adjustment, base)
        elif option.type == _CHECKBOX and checkbox_ticked(option, value, catalog.values_of_option.get(option.pk, {})):
            adjustment += _adjustment(option.checkbox_price_adjuster, option.checkbox_price_adjustment, base)
    return max(base + adjustment, ZERO)


def _bulk_tier(tier: TierRow, pricing: StorePricing) -> BulkTier:
    amount = _plain(tier.amount) if tier.discount_type == _PERCENT else pricing.convert(tier.amount)
    return _frozen(
        BulkTier,
        {
            "minimum": tier.min_quantity,
            "maximum": tier.max_quantity,
            "discount_type": tier.discount_type,
            "discount_amount": amount,
        },
    )
