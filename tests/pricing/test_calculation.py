"""The price engine: base prices, group price lists, option adjustments, bulk tiers, tax, currency, rounding
(business §3, §9), who prices with which group, and a constant number of queries."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from accounts.models import CompanyStatus
from accounts.selectors import GUEST, actor_for_user
from portal.models import Currency, StorefrontConfig, TaxClass, TaxClassRate, TaxZone
from pricing.calculation import (
    PriceRequestItem,
    customer_group_for,
    line_total,
    price_items,
    prices_hidden_for,
)
from pricing.models import OptionType, OptionValue, Product, ProductOption, ProductVariant
from tests.factories.accounts import CompanyFactory, MembershipFactory, UserFactory
from tests.factories.pricing import (
    CustomerGroupFactory,
    OptionFactory,
    OptionValueFactory,
    PriceListFactory,
    PriceListRecordFactory,
    ProductFactory,
    TierFactory,
    VariantFactory,
)

pytestmark = pytest.mark.django_db
D = Decimal


def price_one(item: PriceRequestItem, *, group=None, currency="USD"):
    (result,) = price_items(items=[item], customer_group_id=group.pk if group else None, currency_code=currency)
    return result


def unit(item, **kwargs) -> tuple[Decimal, Decimal]:
    price = price_one(item, **kwargs).calculated_price
    return price.tax_exclusive, price.tax_inclusive


# --- base price ---


def test_a_product_without_variants_prices_at_its_base_price_plus_tax(store):
    product = ProductFactory(base_price=D("100.00"))

    result = price_one(PriceRequestItem(product_id=product.pk))

    # No tax class: the store's "Default" class, 6.25% in the Massachusetts zone.
    assert result.calculated_price.as_entered == D("100.00")
    assert result.calculated_price.entered_inclusive is False
    assert (result.calculated_price.tax_exclusive, result.calculated_price.tax_inclusive) == (D("100.00"), D("106.25"))
    assert result.tax_rate == D("6.25")
    assert result.show_inclusive is False
    assert (result.bulk_pricing, result.applied_tier, result.next_tier) == ([], None, None)


def test_a_variant_price_replaces_the_base_price_and_an_empty_one_falls_back(store):
    product = ProductFactory(base_price=D("100.00"))
    priced = VariantFactory(product=product, price=D("120.00"))
    unpriced = VariantFactory(product=product, price=None)

    assert unit(PriceRequestItem(product.pk, priced.pk))[0] == D("120.00")
    assert unit(PriceRequestItem(product.pk, unpriced.pk))[0] == D("100.00")


def test_the_groups_price_list_record_wins_for_that_group_only(store):
    product = ProductFactory(base_price=D("100.00"))
    variant = VariantFactory(product=product, price=D("120.00"))
    record = PriceListRecordFactory(variant=variant, price=D("95.50"))
    other_group = CustomerGroupFactory()

    assert unit(PriceRequestItem(product.pk, variant.pk), group=record.price_list.customer_group)[0] == D("95.50")
    assert unit(PriceRequestItem(product.pk, variant.pk), group=other_group)[0] == D("120.00")
    assert unit(PriceRequestItem(product.pk, variant.pk), group=None)[0] == D("120.00")


def test_a_product_with_one_variant_prices_as_that_variant_when_none_is_named(store):
    single = ProductFactory(base_price=D("100.00"))
    only = VariantFactory(product=single, price=D("110.00"))
    record = PriceListRecordFactory(variant=only, price=D("90.00"))
    double = ProductFactory(base_price=D("100.00"))
    VariantFactory.create_batch(2, product=double, price=D("130.00"))

    result = price_one(PriceRequestItem(single.pk), group=record.price_list.customer_group)

    assert (result.variant_id, result.calculated_price.tax_exclusive) == (only.pk, D("90.00"))
    assert price_one(PriceRequestItem(double.pk)).variant_id is None
    assert unit(PriceRequestItem(double.pk))[0] == D("100.00")


# --- option adjustments ---


def test_modifier_values_add_an_amount_or_a_percentage_of_the_base(store):
    product = ProductFactory(base_price=D("200.00"))
    variant = VariantFactory(product=product, price=None)
    record = PriceListRecordFactory(variant=variant, price=D("100.00"))
    grade = OptionFactory(product=product, type=OptionType.DROPDOWN)
    acs = OptionValueFactory(option=grade, price_adjuster="relative", price_adjustment=D("12.50"))
    purity = OptionFactory(product=product, type=OptionType.RADIO_BUTTONS)
    high = OptionValueFactory(option=purity, price_adjuster="percentage", price_adjustment=D("10"))
    plain = OptionValueFactory(option=purity)
    group = record.price_list.customer_group

    # The percentage is of the base price (the group's record here): 100 + 12.50 + 10% of 100.
    item = PriceRequestItem(product.pk, variant.pk, 1, [(grade.pk, str(acs.pk)), (purity.pk, high.pk)])
    assert unit(item, group=group)[0] == D("122.50")
    assert unit(PriceRequestItem(product.pk, variant.pk, 1, [(purity.pk, plain.pk)]), group=group)[0] == D("100.00")
    assert price_one(item, group=group).base_price.tax_exclusive == D("122.50")


def test_a_ticked_checkbox_adds_its_adjustment(store):
    product = ProductFactory(base_price=D("80.00"))
    coa = OptionFactory(product=product, type=OptionType.CHECKBOX, checkbox_price_adjuster="relative",
                        checkbox_price_adjustment=D("25.00"))  # fmt: skip
    express = OptionFactory(product=product, type=OptionType.CHECKBOX, checkbox_price_adjuster="percentage",
                            checkbox_price_adjustment=D("50"))  # fmt: skip

    assert unit(PriceRequestItem(product.pk, None, 1, [(coa.pk, "1")]))[0] == D("105.00")
    assert unit(PriceRequestItem(product.pk, None, 1, [(coa.pk, "0")]))[0] == D("80.00")
    assert unit(PriceRequestItem(product.pk, None, 1, [(coa.pk, "on"), (express.pk, True)]))[0] == D("145.00")


def test_text_options_and_variant_options_do_not_change_the_price(store):
    product = ProductFactory(base_price=D("50.00"))
    size = OptionFactory(product=product, type=OptionType.RECTANGLES, is_variant_option=True)
    large = OptionValueFactory(option=size, price_adjuster="relative", price_adjustment=D("99"))
    note = OptionFactory(product=product, type=OptionType.TEXT)

    item = PriceRequestItem(product.pk, None, 1, [(size.pk, large.pk), (note.pk, "rush order")])

    assert unit(item)[0] == D("50.00")


def test_a_negative_adjustment_never_takes_the_price_below_zero(store):
    product = ProductFactory(base_price=D("10.00"))
    option = OptionFactory(product=product, type=OptionType.DROPDOWN)
    rebate = OptionValueFactory(option=option, price_adjuster="relative", price_adjustment=D("-15"))

    assert unit(PriceRequestItem(product.pk, None, 1, [(option.pk, rebate.pk)])) == (D("0.00"), D("0.00"))


# --- bulk tiers ---


@pytest.fixture
def tiered(store):
    product = ProductFactory(base_price=D("100.00"))
    TierFactory(product=product, min_quantity=10, max_quantity=19, discount_type="percent", amount=D("10"))
    TierFactory(product=product, min_quantity=20, max_quantity=49, discount_type="price", amount=D("15"))
    TierFactory(product=product, min_quantity=50, max_quantity=0, discount_type="fixed", amount=D("70"))
    return product


@pytest.mark.parametrize(
    ("quantity", "unit_price"),
    [(1, "100.00"), (9, "100.00"), (10, "90.00"), (19, "90.00"), (20, "85.00"), (49, "85.00"), (50, "70.00"),
     (1_000_000, "70.00")],
)  # fmt: skip
def test_tiers_apply_from_their_minimum_to_their_maximum_and_max_zero_is_unbounded(tiered, quantity, unit_price):
    assert unit(PriceRequestItem(tiered.pk, None, quantity))[0] == D(unit_price)


def test_the_bulk_pricing_lists_the_tiers_and_the_applied_one(tiered):
    result = price_one(PriceRequestItem(tiered.pk, None, 20))

    assert [(t.minimum, t.maximum, t.discount_type, t.discount_amount) for t in result.bulk_pricing] == [
        (10, 19, "percent", D("10")),
        (20, 49, "price", D("15.00")),
        (50, 0, "fixed", D("70.00")),
    ]
    assert (result.applied_tier.minimum, result.applied_tier.discount_type) == (20, "price")
    assert result.base_price.tax_exclusive == D("100.00")


def test_an_amount_off_never_goes_below_zero(store):
    product = ProductFactory(base_price=D("10.00"))
    TierFactory(product=product, min_quantity=2, discount_type="price", amount=D("25"))

    assert unit(PriceRequestItem(product.pk, None, 2)) == (D("0.00"), D("0.00"))


def test_a_fixed_tier_replaces_the_unit_price_including_option_adjustments(store):
    product = ProductFactory(base_price=D("100.00"))
    coa = OptionFactory(product=product, type=OptionType.CHECKBOX, checkbox_price_adjuster="relative",
                        checkbox_price_adjustment=D("25"))  # fmt: skip
    TierFactory(product=product, min_quantity=5, discount_type="fixed", amount=D("60"))
    TierFactory(product=ProductFactory(), min_quantity=1, discount_type="fixed", amount=D("1"))  # another product

    assert unit(PriceRequestItem(product.pk, None, 5, [(coa.pk, "1")]))[0] == D("60.00")
    assert unit(PriceRequestItem(product.pk, None, 4, [(coa.pk, "1")]))[0] == D("125.00")


def test_the_groups_tiers_replace_the_store_wide_ones(store):
    product = ProductFactory(base_price=D("100.00"))
    price_list = PriceListFactory()
    TierFactory(product=product, min_quantity=10, discount_type="percent", amount=D("10"))
    TierFactory(product=product, price_list=price_list, min_quantity=5, discount_type="percent", amount=D("20"))
    group, other = price_list.customer_group, CustomerGroupFactory()

    assert unit(PriceRequestItem(product.pk, None, 5), group=group)[0] == D("80.00")
    assert unit(PriceRequestItem(product.pk, None, 10), group=group)[0] == D("80.00")
    assert unit(PriceRequestItem(product.pk, None, 5), group=other)[0] == D("100.00")
    assert unit(PriceRequestItem(product.pk, None, 10), group=other)[0] == D("90.00")
    assert [t.minimum for t in price_one(PriceRequestItem(product.pk), group=group).bulk_pricing] == [5]
    assert [t.minimum for t in price_one(PriceRequestItem(product.pk), group=None).bulk_pricing] == [10]


def test_overlapping_tiers_apply_the_one_with_the_highest_minimum(store):
    product = ProductFactory(base_price=D("100.00"))
    TierFactory(product=product, min_quantity=10, max_quantity=0, discount_type="percent", amount=D("10"))
    TierFactory(product=product, min_quantity=20, max_quantity=30, discount_type="percent", amount=D("30"))

    assert unit(PriceRequestItem(product.pk, None, 25))[0] == D("70.00")
    assert unit(PriceRequestItem(product.pk, None, 31))[0] == D("90.00")


# --- next tier hint ---


def test_the_next_tier_hint_names_the_units_to_the_next_cheaper_tier_and_its_price(tiered):
    hint = price_one(PriceRequestItem(tiered.pk, None, 4)).next_tier

    assert (hint.additional_quantity, hint.minimum) == (6, 10)
    assert (hint.unit_price.tax_exclusive, hint.unit_price.tax_inclusive) == (D("90.00"), D("95.63"))


def test_the_hint_from_inside_a_tier_points_at_the_following_one_and_none_after_the_last(tiered):
    assert price_one(PriceRequestItem(tiered.pk, None, 30)).next_tier.additional_quantity == 20
    assert price_one(PriceRequestItem(tiered.pk, None, 50)).next_tier is None


def test_a_tier_that_is_not_cheaper_is_no_hint(store):
    product = ProductFactory(base_price=D("100.00"))
    TierFactory(product=product, min_quantity=10, discount_type="fixed", amount=D("100"))
    TierFactory(product=product, min_quantity=20, discount_type="fixed", amount=D("80"))

    hint = price_one(PriceRequestItem(product.pk, None, 1)).next_tier

    assert (hint.minimum, hint.additional_quantity, hint.unit_price.tax_exclusive) == (20, 19, D("80.00"))


# --- tax ---


def test_the_tax_rate_is_the_sum_of_the_enabled_rates_of_the_products_class(store, reagents):
    product = ProductFactory(base_price=D("100.00"), tax_class=reagents)
    zone = TaxZone.objects.get(store=store)
    county = zone.rates.create(name="County", priority=1)
    TaxClassRate.objects.create(zone_rate=county, tax_class=reagents, rate=D("1.000"))
    switched_off = zone.rates.create(name="Old levy", priority=2, enabled=False)
    TaxClassRate.objects.create(zone_rate=switched_off, tax_class=reagents, rate=D("5.000"))

    result = price_one(PriceRequestItem(product.pk))

    assert result.tax_rate == D("7.25")
    assert result.calculated_price.tax_inclusive == D("107.25")


def test_the_enabled_zone_with_the_lowest_priority_number_applies_and_tells_how_to_display(store, reagents):
    product = ProductFactory(base_price=D("100.00"), tax_class=reagents)
    TaxZone.objects.filter(store=store).update(priority=5)
    disabled = TaxZone.objects.create(store=store, name="Disabled", priority=0, enabled=False)
    TaxClassRate.objects.create(zone_rate=disabled.rates.create(name="x"), tax_class=reagents, rate=D("50"))
    eu = TaxZone.objects.create(store=store, name="EU", priority=1, show_inclusive=True)
    TaxClassRate.objects.create(zone_rate=eu.rates.create(name="VAT"), tax_class=reagents, rate=D("19"))

    result = price_one(PriceRequestItem(product.pk))

    assert (result.tax_rate, result.show_inclusive) == (D("19"), True)
    assert result.calculated_price.displayed(result.show_inclusive) == D("119.00")
    assert result.calculated_price.as_entered == D("100.00")  # prices are entered excluding tax


def test_a_class_without_a_rate_in_the_zone_is_not_taxed(store):
    product = ProductFactory(base_price=D("100.00"), tax_class=TaxClass.objects.create(store=store, name="Exempt"))

    assert unit(PriceRequestItem(product.pk)) == (D("100.00"), D("100.00"))


def test_without_a_tax_zone_nothing_is_taxed(store):
    TaxZone.objects.all().delete()
    product = ProductFactory(base_price=D("100.00"))

    result = price_one(PriceRequestItem(product.pk))

    assert (result.calculated_price.tax_inclusive, result.tax_rate, result.show_inclusive) == (
        D("100.00"), D("0"), False,
    )  # fmt: skip


# --- currency and rounding ---


def test_prices_convert_by_the_exchange_rate(store):
    product = ProductFactory(base_price=D("100.00"))
    TierFactory(product=product, min_quantity=10, discount_type="price", amount=D("10"))

    result = price_one(PriceRequestItem(product.pk), currency="eur")

    assert result.currency_code == "EUR"
    assert (result.calculated_price.tax_exclusive, result.calculated_price.tax_inclusive) == (D("92.00"), D("97.75"))
    assert result.bulk_pricing[0].discount_amount == D("9.20")


def test_rounding_is_half_up_to_the_currencys_decimal_places(store):
    Currency.objects.create(store=store, code="JPY", name="Yen", token="¥", decimal_places=0, exchange_rate=D("150"))
    half_cent = ProductFactory(base_price=D("1.0050"))
    half_yen = ProductFactory(base_price=D("0.0100"))

    assert unit(PriceRequestItem(half_cent.pk))[0] == D("1.01")
    assert unit(PriceRequestItem(half_yen.pk), currency="JPY")[0] == D("2")


def test_an_unknown_or_disabled_currency_is_refused(store):
    product = ProductFactory()
    Currency.objects.filter(code="EUR").update(enabled=False)

    for code in ("XXX", "EUR", "USDX"):
        with pytest.raises(ValidationError) as raised:
            price_one(PriceRequestItem(product.pk), currency=code)
        assert raised.value.message_dict == {"currencyCode": ["Unknown currency."]}


def test_line_totals_are_the_rounded_unit_times_the_quantity(store):
    product = ProductFactory(base_price=D("10.005"))
    other = ProductFactory(base_price=D("1.00"))

    results = price_items(
        items=[PriceRequestItem(product.pk, None, 3), PriceRequestItem(other.pk, None, 2)],
        customer_group_id=None,
        currency_code="USD",
    )

    assert line_total(results[0]).tax_exclusive == D("30.03")
    assert results[0].line_total.tax_inclusive == D("31.89")  # 10.63 × 3 (not 10.005 × 3 × 1.0625 = 31.89094)
    totals = [line_total(result) for result in results]
    assert (sum(t.tax_exclusive for t in totals), sum(t.tax_inclusive for t in totals)) == (D("32.03"), D("34.01"))


# --- bad input ---


def test_bad_items_are_reported_by_index_and_field(store):
    product = ProductFactory()
    foreign_variant = VariantFactory()
    hidden = ProductFactory(is_visible=False)
    stranger_option = OptionFactory()
    dropdown = OptionFactory(product=product, type=OptionType.DROPDOWN, display_name="Grade")

    with pytest.raises(ValidationError) as raised:
        price_items(
            items=[
                PriceRequestItem(product.pk, None, 1),
                PriceRequestItem(999_999, None, 1),
                PriceRequestItem(product.pk, foreign_variant.pk, 1),
                PriceRequestItem(product.pk, None, 0),
                PriceRequestItem(hidden.pk, None, 1),
                PriceRequestItem(product.pk, None, 1, [(stranger_option.pk, "x")]),
                PriceRequestItem(product.pk, None, 1, [(dropdown.pk, "nope")]),
                PriceRequestItem(product.pk, None, 1_000_001),
            ],
            customer_group_id=None,
            currency_code="USD",
        )

    assert raised.value.message_dict == {
        "items.1.productId": ["Product 999999 does not exist."],
        "items.2.variantId": [f"Variant {foreign_variant.pk} does not belong to product {product.pk}."],
        "items.3.quantity": ["Enter a whole number from 1 to 1,000,000."],
        "items.4.productId": [f"Product {hidden.pk} does not exist."],
        "items.5.options": [f"Option {stranger_option.pk} does not belong to product {product.pk}."],
        "items.6.options": ["Please choose a valid value in Grade."],
        "items.7.quantity": ["Enter a whole number from 1 to 1,000,000."],
    }


def test_hidden_products_price_when_asked_for(store):
    hidden = ProductFactory(is_visible=False, base_price=D("5.00"))

    (result,) = price_items(items=[PriceRequestItem(hidden.pk)], customer_group_id=None, currency_code=None,
                            include_hidden=True)  # fmt: skip

    assert (result.currency_code, result.calculated_price.tax_exclusive) == ("USD", D("5.00"))


def test_no_items_price_to_nothing(store):
    assert price_items(items=[], customer_group_id=None, currency_code="USD") == []


# --- a constant number of queries ---


def build_catalog(count: int, *, group) -> list[PriceRequestItem]:
    """`count` items over products of five variants each, with group records, tiers and a priced option."""
    products = Product.objects.bulk_create(
        Product(name=f"Bulk {n}", sku=f"BULK-{n}", slug=f"bulk-{n}", base_price=D("10")) for n in range(count // 5)
    )
    variants = ProductVariant.objects.bulk_create(
        ProductVariant(product=p, sku=f"{p.sku}-{v}", price=D("12")) for p in products for v in range(5)
    )
    options = ProductOption.objects.bulk_create(
        ProductOption(product=p, type=OptionType.DROPDOWN, display_name="Grade") for p in products
    )
    values = OptionValue.objects.bulk_create(
        OptionValue(option=o, label="ACS", price_adjuster="relative", price_adjustment=D("1")) for o in options
    )
    price_list = PriceListFactory(customer_group=group)
    for variant in variants[::2]:
        PriceListRecordFactory(price_list=price_list, variant=variant, price=D("9"))
    for product in products:
        TierFactory(product=product, min_quantity=3, discount_type="percent", amount=D("5"))
    value_of = {o.product_id: v for o, v in zip(options, values, strict=True)}
    return [
        PriceRequestItem(v.product_id, v.pk, 3, [(value_of[v.product_id].option_id, value_of[v.product_id].pk)])
        for v in variants
    ]


@pytest.mark.parametrize("count", [10, 500])
def test_pricing_takes_four_queries_however_many_items(store, django_assert_num_queries, count):
    group = CustomerGroupFactory()
    items = build_catalog(count, group=group)

    # currency, tax zone, its rates (the store pricing, cached after this); products with their variants and group
    # records, their tiers and the options with their values (one round trip)
    with django_assert_num_queries(4):
        results = price_items(items=items, customer_group_id=group.pk, currency_code="EUR")

    assert len(results) == count
    # A variant with a group record: (9 + 1) − 5% = 9.50 USD = 8.74 EUR; without: (12 + 1) − 5% = 12.35 → 11.36.
    assert [r.calculated_price.tax_exclusive for r in results[:2]] == [D("8.74"), D("11.36")]


# --- who prices with which group; pending accounts ---


def test_company_users_price_with_their_companys_group_and_others_with_their_own(store):
    company_group, own_group = CustomerGroupFactory(), CustomerGroupFactory()
    buyer = MembershipFactory(company=CompanyFactory(customer_group=company_group), user__customer_group=own_group)
    pending = MembershipFactory(
        company=CompanyFactory(customer_group=company_group, status=CompanyStatus.PENDING),
        user__customer_group=own_group,
    )
    individual = UserFactory(customer_group=own_group)

    assert customer_group_for(actor_for_user(buyer.user)) == company_group.pk
    assert customer_group_for(actor_for_user(pending.user)) == own_group.pk
    assert customer_group_for(actor_for_user(individual)) == own_group.pk
    assert customer_group_for(actor_for_user(UserFactory())) is None
    assert customer_group_for(GUEST) is None


def _switch(value: str) -> None:
    StorefrontConfig.objects.filter(key="block_pending_account_seeing_products_pricing").update(value=value)


@pytest.mark.parametrize(
    ("status", "switch", "hidden"),
    [(CompanyStatus.PENDING, "1", True), (CompanyStatus.PENDING, "0", False), (CompanyStatus.APPROVED, "1", False),
     (CompanyStatus.REJECTED, "1", False)],
)  # fmt: skip
def test_prices_are_hidden_from_pending_companies_when_the_store_says_so(store, status, switch, hidden):
    _switch(switch)
    user = MembershipFactory(company=CompanyFactory(status=status)).user

    assert prices_hidden_for(actor_for_user(user)) is hidden


def test_guests_and_individuals_always_see_prices(store):
    _switch("1")

    assert prices_hidden_for(GUEST) is False
    assert prices_hidden_for(actor_for_user(UserFactory())) is False
