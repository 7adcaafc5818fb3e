"""Option validation with the exact messages of business §5, and the quantity rules."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils.datastructures import MultiValueDict

from pricing.models import NumberLimit, OptionType
from pricing.options import (
    QUOTE_LINE_QUANTITY_MESSAGE,
    describe_selections,
    format_limit,
    option_errors,
    validate_options,
    validate_quantity,
    validate_quote_line_quantity,
)
from tests.factories.pricing import OptionFactory, OptionValueFactory, ProductFactory

pytestmark = pytest.mark.django_db


def _errors(option, value):
    return option_errors(options=[option], selections={option.pk: value})


# --- text ---


def test_text_longer_than_the_max_length_gets_the_exact_message():
    option = OptionFactory(type=OptionType.TEXT, display_name="Engraving", text_max_length=10)

    assert _errors(option, "x" * 11) == {str(option.pk): ["The max length of Engraving is 10."]}
    assert _errors(option, "x" * 10) == {}


def test_text_shorter_than_the_min_length_gets_the_exact_message():
    option = OptionFactory(type=OptionType.TEXT, display_name="Lot reference", text_min_length=3)

    assert _errors(option, "ab") == {str(option.pk): ["The min length of Lot reference is 3."]}
    assert _errors(option, "abc") == {}


def test_an_empty_optional_text_is_not_checked_against_the_min_length():
    option = OptionFactory(type=OptionType.TEXT, display_name="Lot reference", text_min_length=3)

    assert _errors(option, "") == {}


# --- multi-line text ---


def test_multi_line_text_with_too_many_lines_gets_the_exact_message():
    option = OptionFactory(type=OptionType.MULTI_LINE_TEXT, display_name="Label text", text_max_lines=2)

    assert _errors(option, "one\ntwo\nthree") == {str(option.pk): ["The max line of Label text is 2."]}


def test_trailing_empty_lines_are_not_counted():
    option = OptionFactory(type=OptionType.MULTI_LINE_TEXT, display_name="Label text", text_max_lines=2)

    assert _errors(option, "one\r\ntwo\r\n\r\n  \n") == {}


def test_multi_line_text_also_has_the_max_length():
    option = OptionFactory(type=OptionType.MULTI_LINE_TEXT, display_name="Label text", text_max_length=5)

    assert _errors(option, "abc\nde") == {str(option.pk): ["The max length of Label text is 5."]}


# --- numbers ---


@pytest.mark.parametrize("value", ["abc", "1,5", "1e3", "--1", "", "nan"])
def test_a_number_option_refuses_what_is_not_a_number(value):
    option = OptionFactory(type=OptionType.NUMBERS_ONLY_TEXT, display_name="Volume", required=False)

    expected = {} if value == "" else {str(option.pk): ["Please enter a valid number in Volume."]}
    assert _errors(option, value) == expected


def test_an_integers_only_option_refuses_decimals():
    option = OptionFactory(type=OptionType.NUMBERS_ONLY_TEXT, display_name="Boxes", number_integers_only=True)

    assert _errors(option, "2.5") == {str(option.pk): ["Please enter an integer number in Boxes."]}
    assert _errors(option, "2.0") == {}
    assert _errors(option, "3") == {}


def test_the_lowest_value_is_written_without_decimals():
    option = OptionFactory(
        type=OptionType.NUMBERS_ONLY_TEXT,
        display_name="Volume",
        number_limited=NumberLimit.LOWEST,
        number_lowest_value=Decimal("10.0000"),
    )

    assert _errors(option, "9.99") == {str(option.pk): ["The lowest value of Volume is 10."]}
    assert _errors(option, "10") == {}


def test_the_highest_value_keeps_its_meaningful_decimals():
    option = OptionFactory(
        type=OptionType.NUMBERS_ONLY_TEXT,
        display_name="Concentration",
        number_limited=NumberLimit.HIGHEST,
        number_highest_value=Decimal("2.5000"),
    )

    assert _errors(option, "2.51") == {str(option.pk): ["The highest value of Concentration is 2.5."]}
    assert _errors(option, "2.5") == {}


def test_a_range_checks_both_ends_and_limits_apply_only_when_limited():
    ranged = OptionFactory(
        type=OptionType.NUMBERS_ONLY_TEXT, display_name="Temp", number_limited=NumberLimit.RANGE,
        number_lowest_value=Decimal("-20"), number_highest_value=Decimal("100"),
    )  # fmt: skip
    unlimited = OptionFactory(
        type=OptionType.NUMBERS_ONLY_TEXT, display_name="Free", number_lowest_value=Decimal("5"),
    )  # fmt: skip

    assert _errors(ranged, "-21") == {str(ranged.pk): ["The lowest value of Temp is -20."]}
    assert _errors(ranged, "101") == {str(ranged.pk): ["The highest value of Temp is 100."]}
    assert _errors(ranged, "-20") == {}
    assert _errors(unlimited, "1") == {}


@pytest.mark.parametrize(
    ("value", "text"), [(Decimal("10.0000"), "10"), (Decimal("2.50"), "2.5"), (100, "100"), (Decimal("1E+3"), "1000")]
)
def test_format_limit_writes_integers_without_decimals(value, text):
    assert format_limit(value) == text


# --- required options ---


def test_a_missing_required_option_gives_the_general_message():
    required = OptionFactory(type=OptionType.TEXT, display_name="Engraving", required=True)

    errors = option_errors(options=[required], selections={})

    assert errors == {"__all__": ["Please fill out product options first."]}


@pytest.mark.parametrize("value", ["", "0", "false", "off", None, False])
def test_a_required_checkbox_needs_a_truthy_value(value):
    checkbox = OptionFactory(type=OptionType.CHECKBOX, display_name="I accept the terms", required=True)

    assert _errors(checkbox, value) == {"__all__": ["Please fill out product options first."]}


@pytest.mark.parametrize("value", ["1", "on", "true", True, "yes"])
def test_a_ticked_required_checkbox_passes(value):
    checkbox = OptionFactory(type=OptionType.CHECKBOX, display_name="I accept the terms", required=True)

    assert _errors(checkbox, value) == {}


def test_a_checkbox_value_whose_checked_value_is_false_is_not_ticked():
    checkbox = OptionFactory(type=OptionType.CHECKBOX, display_name="Certificate", required=True)
    no = OptionValueFactory(option=checkbox, label="No", value_data={"checked_value": False})
    yes = OptionValueFactory(option=checkbox, label="Yes", value_data={"checked_value": True})

    assert _errors(checkbox, no.pk) == {"__all__": ["Please fill out product options first."]}
    assert _errors(checkbox, str(yes.pk)) == {}


# --- dates, choices, files ---


@pytest.mark.parametrize(
    ("value", "valid"),
    [("2026-02-28", True), ("2026-02-30", False), ({"year": "2026", "month": "2", "day": "29"}, False),
     ({"year": "2028", "month": "2", "day": "29"}, True), ("invalid", False), ("28/02/2026", False)],
)  # fmt: skip
def test_dates_must_be_valid(value, valid):
    option = OptionFactory(type=OptionType.DATE, display_name="Delivery date")

    expected = {} if valid else {str(option.pk): ["Please enter a valid date in Delivery date."]}
    assert _errors(option, value) == expected


def test_a_multiple_choice_value_must_belong_to_the_option():
    size = OptionFactory(type=OptionType.DROPDOWN, display_name="Pack size")
    other = OptionFactory(type=OptionType.DROPDOWN, display_name="Grade")
    small = OptionValueFactory(option=size, label="100 mL")
    foreign = OptionValueFactory(option=other, label="ACS")

    assert _errors(size, str(small.pk)) == {}
    assert _errors(size, foreign.pk) == {str(size.pk): ["Please choose a valid value in Pack size."]}
    assert _errors(size, "large") == {str(size.pk): ["Please choose a valid value in Pack size."]}


def test_a_file_option_takes_one_file_within_its_size_and_types():
    option = OptionFactory(type=OptionType.FILE, display_name="Protocol", file_max_size=1000, file_types="pdf, csv")

    assert _errors(option, SimpleUploadedFile("protocol.pdf", b"x" * 1000)) == {}
    assert _errors(option, SimpleUploadedFile("protocol.pdf", b"x" * 1001)) == {
        str(option.pk): ["The file of Protocol is too big. Size limit is 1000\xa0bytes."]
    }
    assert _errors(option, [{"name": "a.pdf", "size": 1}, {"name": "b.pdf", "size": 1}]) == {
        str(option.pk): ["Only 1 file can be uploaded for Protocol."]
    }
    assert _errors(option, {"name": "protocol.exe", "size": 10}) == {
        str(option.pk): ["The file type of Protocol is not supported. Allowed types: csv, pdf."]
    }


def test_validate_options_reads_uploaded_files_from_the_request():
    product = ProductFactory()
    option = OptionFactory(product=product, type=OptionType.FILE, display_name="Protocol", file_max_size=10,
                           required=True)  # fmt: skip
    files = MultiValueDict({f"attribute[{option.pk}]": [SimpleUploadedFile("p.pdf", b"x" * 11)]})

    assert validate_options(product, {}, files=files) == {
        str(option.pk): ["The file of Protocol is too big. Size limit is 10\xa0bytes."]
    }
    assert validate_options(product, {}) == {"__all__": ["Please fill out product options first."]}


def test_a_selection_for_another_products_option_is_reported():
    product = ProductFactory()
    stranger = OptionFactory(type=OptionType.TEXT)

    assert validate_options(product, {stranger.pk: "x"}) == {
        str(stranger.pk): ["This option does not belong to the product."]
    }


def test_selections_are_described_with_labels():
    product = ProductFactory()
    size = OptionFactory(product=product, type=OptionType.DROPDOWN, display_name="Pack size", sort_order=1)
    value = OptionValueFactory(option=size, label="500 mL")
    coa = OptionFactory(product=product, type=OptionType.CHECKBOX, display_name="CoA", checkbox_label="Include CoA",
                        sort_order=2)  # fmt: skip
    note = OptionFactory(product=product, type=OptionType.TEXT, display_name="Note", sort_order=3)

    described = describe_selections(options=[size, coa, note], selections={size.pk: str(value.pk), coa.pk: "1",
                                                                            note.pk: "rush"})  # fmt: skip

    assert [(d.display_name, d.value) for d in described] == [("Pack size", "500 mL"), ("CoA", "Yes"),
                                                               ("Note", "rush")]  # fmt: skip


# --- quantity (business §5) ---


@pytest.mark.parametrize(("value", "expected"), [(1, 1), ("25", 25), (1_000_000, 1_000_000), (Decimal("3"), 3)])
def test_valid_quantities(value, expected):
    assert validate_quantity(value) == expected


@pytest.mark.parametrize("value", [0, -1, 1_000_001, 2.5, "2.5", "1e3", "-3", "", None, True, "abc"])
def test_invalid_quantities_are_refused(value):
    with pytest.raises(ValidationError) as raised:
        validate_quantity(value)

    assert raised.value.messages == ["Enter a whole number from 1 to 1,000,000."]
    assert raised.value.code == "invalid_quantity"


def test_the_quote_line_total_may_not_exceed_a_million():
    assert validate_quote_line_quantity(1_000_000) == 1_000_000
    with pytest.raises(ValidationError) as raised:
        validate_quote_line_quantity(1_000_001)

    assert raised.value.messages == [QUOTE_LINE_QUANTITY_MESSAGE]
    assert QUOTE_LINE_QUANTITY_MESSAGE == "The quantity of each product in Quote is 1-1000000."
