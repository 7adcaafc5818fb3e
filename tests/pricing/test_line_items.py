"""The one resolver of what a buyer adds (pricing.line_items): the quote draft and shopping lists use it, each with
its own field names, quantity rule and codes."""

from dataclasses import dataclass

import pytest
from django.core.exceptions import ValidationError

from pricing.line_items import (
    NO_SKU_MESSAGE,
    OPTION_GONE_MESSAGE,
    LineRequest,
    ResolvedLine,
    merged_lines,
    resolve_lines,
    stored_option_errors,
)
from pricing.models import ProductOption
from pricing.options import REQUIRED_OPTIONS_MESSAGE, validate_quantity
from tests.factories import pricing as factories

pytestmark = pytest.mark.django_db


def _quantity(value, field_name):
    try:
        return validate_quantity(value)
    except ValidationError:
        raise ValidationError({field_name: [ValidationError("Too many.", code="OWN_QUANTITY")]}) from None


def _resolve(requests, prefix="items"):
    return resolve_lines(requests, prefix=prefix, quantity=_quantity, no_sku_code="OWN_NO_SKU")


def _failure(requests, prefix="items") -> dict[str, list[tuple[str, str]]]:
    with pytest.raises(ValidationError) as caught:
        _resolve(requests, prefix)
    return {key: [(e.message, e.code) for e in errors] for key, errors in caught.value.error_dict.items()}


@pytest.fixture
def ethanol(db):
    return factories.ethanol()


def _option_value(product, option_name: str, label: str):
    option = product.options.get(display_name=option_name)
    return option, option.values.get(label=label)


def test_a_line_resolves_by_sku_or_by_product_and_its_variant_options_value(ethanol):
    pack, litre = _option_value(ethanol, "Pack size", "1 L")
    certificate, yes = _option_value(ethanol, "Printed certificate of analysis", "Yes")

    by_sku, by_options = _resolve(
        [
            LineRequest(quantity=2, sku="hs-1001-1l", options=[(certificate.pk, yes.pk)]),
            LineRequest(quantity="3", product_id=ethanol.pk, options=[(pack.pk, str(litre.pk))]),
        ]
    )

    assert (by_sku.variant.sku, by_sku.quantity, by_sku.options) == ("HS-1001-1L", 2, [[certificate.pk, yes.pk]])
    # The variant option's value chose the variant and is not kept among the stored (modifier) options.
    assert (by_options.variant.sku, by_options.quantity, by_options.options) == ("HS-1001-1L", 3, [])


def test_errors_are_keyed_under_the_callers_prefix_with_its_codes(ethanol):
    assert _failure([LineRequest(quantity=1)], prefix="lines") == {"lines.0.sku": [(NO_SKU_MESSAGE, "OWN_NO_SKU")]}
    assert _failure([LineRequest(quantity=1, sku="HS-1001-1L"), LineRequest(quantity=0, sku="HS-1001-1L")]) == {
        "items.1.quantity": [("Too many.", "OWN_QUANTITY")]
    }
    assert _failure([LineRequest(quantity=1, sku="NOPE")]) == {
        "items.0.sku": [("No product has the SKU NOPE.", "unknown_sku")]
    }
    assert _failure([LineRequest(quantity=1, product_id=ethanol.pk)]) == {
        "items.0.options": [(REQUIRED_OPTIONS_MESSAGE, "required_options_missing")]
    }


def test_a_required_modifier_option_left_empty_is_refused(db):
    factories.analytical_balance()  # one variant, a required warranty

    assert _failure([LineRequest(quantity=1, sku="HS-4006")]) == {
        "items.0.options": [(REQUIRED_OPTIONS_MESSAGE, "invalid_option")]
    }


@dataclass
class NotedLine(ResolvedLine):
    note: str = ""


def test_the_same_variant_and_options_merge_into_a_copy_keeping_the_callers_fields(ethanol):
    requests = [("HS-1001-1L", 2), ("hs-1001-1l", 5), ("HS-1001-2.5L", 1)]
    first, again, other = _resolve([LineRequest(quantity=quantity, sku=sku) for sku, quantity in requests])
    noted = [NotedLine(line.product, line.variant, line.quantity, line.options, note="a") for line in (first, again)]

    merged = merged_lines([*noted, NotedLine(other.product, other.variant, 1, [])])

    assert [(line.variant.sku, line.quantity, line.note) for line in merged] == [
        ("HS-1001-1L", 7, "a"),
        ("HS-1001-2.5L", 1, ""),
    ]
    assert all(isinstance(line, NotedLine) for line in merged)
    assert noted[0].quantity == 2  # the lines given are left as they were


def test_stored_options_are_checked_against_the_product_as_it_is_now(ethanol):
    certificate, yes = _option_value(ethanol, "Printed certificate of analysis", "Yes")
    ethanol = type(ethanol).objects.prefetch_related("options__values").get(pk=ethanol.pk)
    assert stored_option_errors(ethanol, [[certificate.pk, yes.pk]]) == {}

    ProductOption.objects.filter(pk=certificate.pk).delete()
    ethanol = type(ethanol).objects.prefetch_related("options__values").get(pk=ethanol.pk)

    assert stored_option_errors(ethanol, [[certificate.pk, yes.pk]]) == {
        str(certificate.pk): ["This option does not belong to the product."],
        "__all__": [OPTION_GONE_MESSAGE],
    }
