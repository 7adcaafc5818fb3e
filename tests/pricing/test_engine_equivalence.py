"""The price engine (pricing.calculation.price_items, issue 21's fast path) against a plain reading of its rules:
`reference_price_items` below reads each item's product, variant, record, options and tiers through the ORM, one
query at a time, and applies business §3/§9 as the engine's docstring states them. On random catalogs (hidden and
disabled products, variant-less products, group records, store-wide and group tiers of every kind, odd tier ranges,
priced and free option values, checkboxes, every currency's rounding) and random items (valid ones, and every kind
of bad input), both must give exactly the same answer: the same results, field by field, with the same Decimal
digits (10.0 and 10.00 differ in the JSON), or the same errors in the same order with the same codes."""

import random
from dataclasses import fields, is_dataclass
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from accounts.models import CustomerGroup
from portal.models import Currency, TaxClass
from pricing.calculation import (
    BulkTier,
    NextTier,
    PriceRequestItem,
    PriceResult,
    price_items,
    store_pricing,
)
from pricing.errors import PricingErrorCode
from pricing.models import (
    MULTIPLE_CHOICE_TYPES,
    BulkPricingTier,
    OptionType,
    OptionValue,
    PriceList,
    PriceListRecord,
    Product,
    ProductOption,
    ProductVariant,
)
from pricing.options import QUANTITY_MAX, checkbox_ticked, validate_quantity, value_id

pytestmark = pytest.mark.django_db
D = Decimal
ZERO, HUNDRED = D(0), D(100)


# --- the rules, read plainly ---------------------------------------------------------------------------------------


def _plain(number: Decimal) -> Decimal:
    return number.quantize(D(1)) if number == number.to_integral_value() else number.normalize()


def _adjustment(adjuster: str, amount: Decimal, base: Decimal) -> Decimal:
    if adjuster == "relative":
        return amount
    if adjuster == "percentage":
        return base * amount / HUNDRED
    return ZERO


def _with_tier(unit: Decimal, tier: BulkPricingTier | None) -> Decimal:
    if tier is None:
        return unit
    if tier.discount_type == "fixed":
        return max(tier.amount, ZERO)
    if tier.discount_type == "percent":
        return max(unit - unit * tier.amount / HUNDRED, ZERO)
    if tier.discount_type == "price":
        return max(unit - tier.amount, ZERO)
    return unit


def _tier_at(tiers: list[BulkPricingTier], quantity: int) -> BulkPricingTier | None:
    matching = [t for t in tiers if t.min_quantity <= quantity and (t.max_quantity == 0 or quantity <= t.max_quantity)]
    return max(matching, key=lambda t: (t.min_quantity, t.pk)) if matching else None


def _item_errors(item: PriceRequestItem, include_hidden: bool) -> tuple[dict, Product | None, ProductVariant | None]:
    errors: dict[str, ValidationError] = {}
    try:
        validate_quantity(item.quantity)
    except ValidationError as exc:
        errors["quantity"] = exc
    products = Product.objects.all() if include_hidden else Product.objects.filter(is_visible=True)
    product = products.filter(pk=item.product_id).first()
    if product is None:
        message = f"Product {item.product_id} does not exist."
        errors["productId"] = ValidationError(message, code=PricingErrorCode.UNKNOWN_PRODUCT)
        return errors, None, None
    if item.variant_id is not None:
        variant = product.variants.filter(pk=item.variant_id).first()
        if variant is None:
            message = f"Variant {item.variant_id} does not belong to product {product.pk}."
            errors["variantId"] = ValidationError(message, code=PricingErrorCode.UNKNOWN_VARIANT)
    else:
        own = list(product.variants.all())
        variant = own[0] if len(own) == 1 else None
    for option_id, value in item.options:
        option_pk = value_id(option_id)
        option = product.options.filter(pk=option_pk).first() if option_pk is not None else None
        if option is None:
            message = f"Option {option_id} does not belong to product {product.pk}."
            errors["options"] = ValidationError(message, code=PricingErrorCode.UNKNOWN_OPTION)
            break
        if option.type in MULTIPLE_CHOICE_TYPES:
            value_pk = value_id(value)
            if value_pk is None or not option.values.filter(pk=value_pk).exists():
                message = f"Please choose a valid value in {option.display_name}."
                errors["options"] = ValidationError(message, code=PricingErrorCode.INVALID_OPTION_VALUE)
                break
    return errors, product, variant


def reference_price_items(
    *, items, customer_group_id: int | None, currency_code: str | None, include_hidden: bool = False
) -> list[PriceResult]:
    pricing = store_pricing(currency_code=currency_code)
    price_list = PriceList.objects.filter(customer_group_id=customer_group_id).first() if customer_group_id else None
    errors: dict[str, list[ValidationError]] = {}
    results = []
    for index, item in enumerate(items):
        item_errors, product, variant = _item_errors(item, include_hidden)
        for name, error in item_errors.items():
            errors.setdefault(f"items.{index}.{name}", []).append(error)
        if item_errors:
            continue
        quantity = validate_quantity(item.quantity)

        # 1. base: the group's record for the variant, else the variant's price, else the product's base price
        base = product.base_price
        if variant is not None:
            record = PriceListRecord.objects.filter(price_list=price_list, variant=variant).first()
            if record is not None:
                base = record.price
            elif variant.price is not None:
                base = variant.price
        # 2. plus the option adjustments, never below 0
        adjustment = ZERO
        for option_id, value in item.options:
            option = ProductOption.objects.get(pk=value_id(option_id))
            if option.type in MULTIPLE_CHOICE_TYPES and not option.is_variant_option:
                chosen = OptionValue.objects.get(pk=value_id(value))
                adjustment += _adjustment(chosen.price_adjuster, chosen.price_adjustment, base)
            elif option.type == OptionType.CHECKBOX and checkbox_ticked(option, value):
                adjustment += _adjustment(option.checkbox_price_adjuster, option.checkbox_price_adjustment, base)
        unit = max(base + adjustment, ZERO)
        # 3. the bulk tier: the group's tiers for the product, when it has any, replace the store-wide ones
        tiers = list(product.bulk_tiers.filter(price_list=price_list)) if price_list else []
        tiers = sorted(tiers or product.bulk_tiers.filter(price_list=None), key=lambda t: (t.min_quantity, t.pk))
        tier = _tier_at(tiers, quantity)
        # 4. and 5. tax and currency
        rate = pricing.tax_rate(product.tax_class_id)
        base_price = pricing.price(unit, rate)
        calculated = pricing.price(_with_tier(unit, tier), rate)
        next_tier = None
        for later in tiers:
            if quantity < later.min_quantity <= QUANTITY_MAX:
                candidate = pricing.price(_with_tier(unit, _tier_at(tiers, later.min_quantity)), rate)
                if candidate.tax_exclusive < calculated.tax_exclusive:
                    next_tier = NextTier(later.min_quantity - quantity, later.min_quantity, candidate)
                    break
        bulk = [
            BulkTier(
                minimum=t.min_quantity,
                maximum=t.max_quantity,
                discount_type=t.discount_type,
                discount_amount=_plain(t.amount) if t.discount_type == "percent" else pricing.convert(t.amount),
            )
            for t in tiers
        ]
        results.append(
            PriceResult(
                product_id=product.pk,
                variant_id=variant.pk if variant is not None else None,
                quantity=quantity,
                options=tuple(item.options),
                currency_code=pricing.currency.code,
                calculated_price=calculated,
                base_price=base_price,
                bulk_pricing=bulk,
                applied_tier=bulk[tiers.index(tier)] if tier is not None else None,
                next_tier=next_tier,
                tax_rate=_plain(rate),
                show_inclusive=pricing.show_inclusive,
                price_on_request=product.availability == "disabled",
            )
        )
    if errors:
        raise ValidationError(errors)
    return results


# --- what "exactly the same" means ---------------------------------------------------------------------------------


def exact(value):
    """A value as comparable data that keeps what == forgets: a Decimal's digits, bool against int, the types."""
    if isinstance(value, Decimal):
        return ("Decimal", str(value))
    if is_dataclass(value):
        return (type(value).__name__, tuple((f.name, exact(getattr(value, f.name))) for f in fields(value)))
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(exact(v) for v in value))
    return (type(value).__name__, value)


def outcome(price, **arguments):
    try:
        return ("results", exact(price(**arguments)))
    except ValidationError as exc:
        if not hasattr(exc, "error_dict"):
            return ("error", exc.messages, [e.code for e in exc.error_list])
        return ("errors", [(key, [(e.message, e.code) for e in errs]) for key, errs in exc.error_dict.items()])


# --- random catalogs and items ---------------------------------------------------------------------------------------


def money(rng: random.Random, high: int = 200) -> Decimal:
    if rng.random() < 0.3:
        return D(rng.randint(0, high * 10_000)) / 10_000  # four places
    return D(f"{rng.randint(0, high)}.{rng.randint(0, 99):02d}")


def random_catalog(rng: random.Random, store, group: CustomerGroup) -> dict:
    classes = [*TaxClass.objects.filter(store=store), None]
    price_list = PriceList.objects.create(name="Random prices", customer_group=group)
    catalog = {"products": [], "variants": {}, "options": {}, "values": {}}
    for n in range(24):
        product = Product.objects.create(
            name=f"Random {n}", sku=f"RND-{n:03d}", slug=f"random-{n}", base_price=money(rng),
            tax_class=rng.choice(classes), is_visible=rng.random() > 0.15,
            availability=rng.choice(["available", "available", "available", "preorder", "disabled"]),
        )  # fmt: skip
        catalog["products"].append(product)
        variants = [
            ProductVariant.objects.create(
                product=product, sku=f"RND-{n:03d}-{v}", price=money(rng) if rng.random() < 0.6 else None
            )
            for v in range(rng.choice([0, 1, 1, 2, 4]))
        ]
        catalog["variants"][product.pk] = variants
        for variant in variants:
            if rng.random() < 0.4:
                PriceListRecord.objects.create(price_list=price_list, variant=variant, price=money(rng))
        for _ in range(rng.choice([0, 1, 2, 3, 4])):
            low = rng.choice([1, 2, 5, 10, 10, 25, 50, 100, QUANTITY_MAX, QUANTITY_MAX + 1])
            high = rng.choice([0, 0, 0, low, low + 9, low * 3, max(low - 1, 1)])
            kind = rng.choice(["fixed", "percent", "price"])
            amount = D(rng.choice(["5", "10", "12.5", "33.3333", "100", "150"])) if kind == "percent" else money(rng)
            BulkPricingTier.objects.create(
                product=product, price_list=price_list if rng.random() < 0.3 else None, min_quantity=low,
                max_quantity=high, discount_type=kind, amount=amount,
            )  # fmt: skip
        options = []
        for _ in range(rng.choice([0, 1, 1, 2])):
            kind = rng.choice([OptionType.DROPDOWN, OptionType.RADIO_BUTTONS, OptionType.CHECKBOX, OptionType.TEXT])
            option = ProductOption.objects.create(
                product=product, type=kind, display_name=f"Option of {n}", is_variant_option=rng.random() < 0.2,
                checkbox_price_adjuster=rng.choice(["", "relative", "percentage"]),
                checkbox_price_adjustment=money(rng, 20),
            )  # fmt: skip
            values = [
                OptionValue.objects.create(
                    option=option,
                    label=f"Value {v}",
                    price_adjuster=rng.choice(["", "relative", "percentage"]),
                    price_adjustment=money(rng, 30) * rng.choice([1, 1, -1]),
                    value_data=rng.choice(
                        [{}, {"checked_value": True}, {"checked_value": False}, {"checked_value": 0}]
                    ),
                )  # fmt: skip
                for v in range(rng.choice([0, 1, 2, 3]))
            ]
            options.append(option)
            catalog["values"][option.pk] = values
        catalog["options"][product.pk] = options
    return catalog


def random_item(rng: random.Random, catalog: dict, *, valid: bool) -> PriceRequestItem:
    product = rng.choice(catalog["products"])
    variants = catalog["variants"][product.pk]
    variant_id = rng.choice(variants).pk if variants and rng.random() < 0.7 else None
    quantity = rng.choice([1, 1, 2, 3, 9, 10, 11, 24, 25, 49, 50, 60, 100, 999, QUANTITY_MAX])
    options = []
    for option in catalog["options"][product.pk]:
        values = catalog["values"][option.pk]
        if option.type == OptionType.CHECKBOX:
            choices = [True, False, None, 0, 1, "on", "false", " No ", *(v.pk for v in values)]
            options.append((option.pk, rng.choice(choices)))
        elif option.type in MULTIPLE_CHOICE_TYPES:
            if values:
                chosen = rng.choice(values).pk
                option_id = option.pk if rng.random() < 0.8 else str(option.pk)
                options.append((option_id, chosen if rng.random() < 0.8 else f" {chosen} "))
        elif rng.random() < 0.5:
            options.append((option.pk, "some text"))
    if not valid:
        other = rng.choice(catalog["products"])
        broken = rng.choice(["product", "variant", "quantity", "option", "value", "several"])
        if broken in ("product", "several"):
            product = Product(pk=rng.choice([999_999, other.pk]))
        if broken in ("variant", "several") and catalog["variants"][other.pk]:
            variant_id = rng.choice([999_999, catalog["variants"][other.pk][0].pk])
        if broken in ("quantity", "several"):
            quantity = rng.choice([0, -3, QUANTITY_MAX + 1, True, "12", " 7", "x", 2.0, D("3"), None])
        if broken in ("option", "several"):
            foreign = [(o.pk, 1) for o in catalog["options"][other.pk][:1]]
            options.append(rng.choice([(999_999, 1), (True, 1), ("abc", 1), *foreign]))
        if broken == "value":
            choice_options = [o for o in catalog["options"][product.pk] if o.type in MULTIPLE_CHOICE_TYPES]
            # a value of another option the item names (loaded with it) is not this option's either
            others = [v.pk for option_id, _ in options for v in catalog["values"].get(value_id(option_id), [])]
            if choice_options:
                wrong = [v for v in others if v not in {v.pk for v in catalog["values"][choice_options[0].pk]}]
                options.insert(
                    0, (choice_options[0].pk, rng.choice([999_999, None, "x", True, *wrong[:1], *wrong[:1]]))
                )
    return PriceRequestItem(product_id=product.pk, variant_id=variant_id, quantity=quantity, options=options)


@pytest.fixture
def random_setup(store):
    Currency.objects.create(
        store=store, code="JPY", name="Yen", token="¥", decimal_places=0, exchange_rate=D("151.237000")
    )
    Currency.objects.create(
        store=store, code="KWD", name="Dinar", token="KD", decimal_places=3, exchange_rate=D("0.307125")
    )
    group = CustomerGroup.objects.create(name="Random group")
    return store, group


@pytest.mark.parametrize("seed", range(6))
def test_the_engine_prices_random_valid_items_exactly_as_the_rules_read(random_setup, seed):
    store, group = random_setup
    rng = random.Random(seed)
    catalog = random_catalog(rng, store, group)
    items = [random_item(rng, catalog, valid=True) for _ in range(60)]
    visible = [item for item in items if item.product_id in {p.pk for p in catalog["products"] if p.is_visible}]

    for currency, group_id, include_hidden in (
        ("USD", group.pk, False), ("eur", None, True), ("JPY", group.pk, True), ("KWD", None, False),
    ):  # fmt: skip
        arguments = {"items": items if include_hidden else visible, "customer_group_id": group_id,
                     "currency_code": currency, "include_hidden": include_hidden}  # fmt: skip
        expected = outcome(reference_price_items, **arguments)
        assert expected[0] == "results"
        assert outcome(price_items, **arguments) == expected


@pytest.mark.parametrize("seed", range(6))
def test_the_engine_refuses_random_bad_items_exactly_as_the_rules_read(random_setup, seed):
    store, group = random_setup
    rng = random.Random(100 + seed)
    catalog = random_catalog(rng, store, group)

    for _ in range(8):
        items = [random_item(rng, catalog, valid=rng.random() < 0.6) for _ in range(rng.choice([1, 3, 12]))]
        arguments = {"items": items, "customer_group_id": rng.choice([group.pk, None]),
                     "currency_code": rng.choice(["USD", "EUR"])}  # fmt: skip
        assert outcome(price_items, **arguments) == outcome(reference_price_items, **arguments)


def test_the_bulk_tiers_are_what_the_dataclass_builds(random_setup):
    store, group = random_setup
    catalog = random_catalog(random.Random(7), store, group)
    items = [PriceRequestItem(product.pk) for product in catalog["products"] if product.is_visible]

    tiers = [tier for result in price_items(items=items, customer_group_id=group.pk, currency_code="EUR")
             for tier in result.bulk_pricing]  # fmt: skip

    assert tiers
    for tier in tiers:
        rebuilt = BulkTier(**{f.name: getattr(tier, f.name) for f in fields(BulkTier)})
        assert list(vars(tier)) == [f.name for f in fields(BulkTier)]
        assert (tier, hash(tier)) == (rebuilt, hash(rebuilt))
        with pytest.raises(AttributeError):
            tier.minimum = 1  # still frozen


def test_a_value_of_another_option_of_the_item_is_refused(random_setup):
    product = Product.objects.create(name="Two options", sku="RND-TWO", slug="random-two", base_price=D("10.00"))
    grade, size = (
        ProductOption.objects.create(product=product, type=OptionType.DROPDOWN, display_name=name)
        for name in ("Grade", "Size")
    )
    acs = OptionValue.objects.create(option=grade, label="ACS", price_adjuster="relative", price_adjustment=D("1"))
    litre = OptionValue.objects.create(option=size, label="1 L", price_adjuster="relative", price_adjustment=D("2"))
    items = [
        PriceRequestItem(product.pk, options=[(grade.pk, acs.pk), (size.pk, litre.pk)]),
        PriceRequestItem(product.pk, options=[(grade.pk, litre.pk), (size.pk, litre.pk)]),
    ]
    arguments = {"items": items, "customer_group_id": None, "currency_code": "USD"}

    expected = [("items.1.options", [("Please choose a valid value in Grade.", PricingErrorCode.INVALID_OPTION_VALUE)])]
    assert outcome(price_items, **arguments) == outcome(reference_price_items, **arguments) == ("errors", expected)
