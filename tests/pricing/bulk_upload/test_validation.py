"""The rows of a bulk upload (business §3, §5): one verdict per row, rows of one product merged, the stock checked on
the merged line, the same answer whether a file is read fast (no quotes) or through the csv module."""

from __future__ import annotations

import io

import pytest
from django.core.exceptions import ValidationError

from pricing.bulk_upload import validation
from pricing.bulk_upload.errors import TEMPLATE_MISMATCH_MESSAGE

pytestmark = pytest.mark.django_db


def validate(
    text: str | bytes, *, with_modifiers: bool = False, is_to_cart: bool = False, block_bytes: int | None = None
):
    """(result, error file lines, stock error file lines) of a CSV file's text."""
    errors, stock = io.StringIO(), io.StringIO()
    data = text.encode() if isinstance(text, str) else text
    validator = validation.UploadValidator(
        with_modifiers=with_modifiers, is_to_cart=is_to_cart, error_out=errors, stock_out=stock
    )
    if block_bytes is None:
        validator.read_csv(io.BytesIO(data))
    else:
        validator.read_csv(io.BytesIO(data), block_bytes=block_bytes)
    result = validator.finish()
    return result, errors.getvalue().splitlines(), stock.getvalue().splitlines()


def skus_and_quantities(result) -> list[tuple[str, int]]:
    return [(row["sku"], row["qty"]) for row in result.valid_product]


def errors_of(result) -> list[tuple[int, str, str, str]]:
    return [(row["row"], row["sku"], row["qty"], row["errorCode"]) for row in result.error_product]


def test_each_kind_of_row_gets_its_verdict(catalog):
    result, error_lines, stock_lines = validate(
        "variant_sku,qty\n"
        "HS-1001-500ML,2\n"  # valid
        "HS-9999,1\n"  # unknown SKU
        "HS-1055-100G,abc\n"  # not a quantity
        "HS-1055-100G,0\n"  # below 1
        "HS-1055-100G,1000001\n"  # above 1,000,000
        "HS-1055-100G,1.5\n"  # not whole
        "HS-1152,1\n"  # price on request: not purchasable
        "HS-6001,1\n"  # its variant's purchasing is disabled
        "HS-2001,1\n"  # a required option a CSV cannot carry
        ",3\n"  # no SKU
        "HS-5001,1\n"  # no stock
        "HS-4006,1\n"  # a required option with a default: valid, with the default
    )

    assert result.row_count == 12
    assert skus_and_quantities(result) == [("HS-1001-500ML", 2), ("HS-5001", 1), ("HS-4006", 1)]
    assert errors_of(result) == [
        (2, "HS-9999", "1", "unknown_sku"),
        (3, "HS-1055-100G", "abc", "invalid_quantity"),
        (4, "HS-1055-100G", "0", "invalid_quantity"),
        (5, "HS-1055-100G", "1000001", "invalid_quantity"),
        (6, "HS-1055-100G", "1.5", "invalid_quantity"),
        (7, "HS-1152", "1", "not_available"),
        (8, "HS-6001", "1", "not_available"),
        (9, "HS-2001", "1", "required_options_missing"),
        (10, "", "3", "sku_required"),
    ]
    assert result.error_count == 9
    assert result.error_product[5]["error"] == "Price on request: ask for a quote"  # the product's own message
    assert result.error_product[7]["error"].startswith("Please fill out product options first.")
    # Into a list (not the cart) the line beyond the stock stays valid, with its stock error.
    centrifuge = result.valid_product[1]
    assert (centrifuge["stockErrorCode"], centrifuge["stockError"], centrifuge["availableStock"]) == (
        "out_of_stock",
        "This product is out of stock.",
        0,
    )
    assert result.stock_error_skus == ["HS-5001"]
    assert stock_lines == ["HS-5001,1,12,This product is out of stock."]
    # The error file: every error row with the row as the dialog shows it (data row + 1).
    assert error_lines[0] == "HS-9999,1,3,This SKU is not in the catalog."
    assert len(error_lines) == 9
    warranty = result.valid_product[2]["optionList"]
    assert len(warranty) == 1 and warranty[0]["optionValue"].isdigit()


def test_catalog_numbers_with_or_without_hyphens_are_the_same_sku(catalog):
    result, _, _ = validate(
        "sku,qty\nHS-1001-500ML,1\nhs1001500ml,2\nHS 1001 500ML,3\nhs-1001-500ml,4\nHS1001-2.5L,1\nHS-10015-00ML,1\n"
    )

    # Separators do not count, wherever they stand: "HS-10015-00ML" is HS-1001-500ML too.
    assert skus_and_quantities(result) == [("HS-1001-500ML", 11), ("HS-1001-2.5L", 1)]
    assert (result.valid_product[0]["rowCount"], result.valid_product[0]["row"]) == (5, 1)
    assert errors_of(result) == []


def test_a_cas_number_names_a_product_with_a_single_pack_size(catalog):
    result, _, _ = validate("sku,qty\n7447-40-7,2\n7447407,1\n64-17-5,1\n")

    assert skus_and_quantities(result) == [("HS-3001-500G", 3)]
    assert errors_of(result) == [(3, "64-17-5", "1", "ambiguous_sku")]


def test_a_product_sku_of_several_pack_sizes_needs_options_unless_with_modifiers(catalog):
    plain, _, _ = validate("sku,qty\nHS-1001,2\nHS-2001,1\n")
    with_modifiers, _, _ = validate("sku,qty\nHS-1001,2\nHS-2001,1\n", with_modifiers=True)

    assert [row[3] for row in errors_of(plain)] == ["required_options_missing", "required_options_missing"]
    assert [(row["sku"], row["variantId"] is None, row["needsOptions"]) for row in with_modifiers.valid_product] == [
        ("HS-1001", True, True),
        ("HS-2001", False, True),
    ]
    assert with_modifiers.error_product == []


def test_the_stock_is_checked_on_the_merged_line(catalog):
    # 2.5 L: 8 in stock. 5 + 5 rows of it are 10: the merged line is beyond the stock.
    text = "sku,qty\nHS-1001-2.5L,5\nHS-1001-100ML,1\nhs-1001-2.5l,5\n"
    into_list, _, stock_lines = validate(text)
    into_cart, error_lines, _ = validate(text, is_to_cart=True)

    assert skus_and_quantities(into_list) == [("HS-1001-2.5L", 10), ("HS-1001-100ML", 1)]
    assert into_list.valid_product[0]["stockError"] == "Only 8 in stock."
    assert into_list.stock_error_skus == ["HS-1001-2.5L"]
    assert stock_lines == ["HS-1001-2.5L,10,2,Only 8 in stock."]
    # Into the cart it is an error line (row: its first row), in the error file too.
    assert skus_and_quantities(into_cart) == [("HS-1001-100ML", 1)]
    assert errors_of(into_cart) == [(1, "HS-1001-2.5L", "10", "insufficient_stock")]
    assert into_cart.error_count == 1
    assert error_lines == ["HS-1001-2.5L,10,2,Only 8 in stock."]


def test_a_merged_line_beyond_a_million_is_an_error_line(catalog):
    result, error_lines, _ = validate(
        "sku,qty\nHS-1055-100G,600000\nHS-1055-500G,1\nHS-1055-100G,400000\nhs1055100g,1\nHS-9999,2\n"
    )

    assert skus_and_quantities(result) == [("HS-1055-500G", 1)]
    # The merged line: its catalog number, its total, its first row.
    assert errors_of(result) == [
        (1, "HS-1055-100G", "1000001", "total_quantity_exceeded"),
        (5, "HS-9999", "2", "unknown_sku"),
    ]
    assert error_lines == [
        "HS-9999,2,6,This SKU is not in the catalog.",
        'HS-1055-100G,1000001,2,"This product\'s quantities add up to more than 1,000,000."',
    ]


def test_more_columns_than_the_header_refuses_the_whole_file(catalog):
    with pytest.raises(ValidationError) as refused:
        validate("sku,qty\nHS-1001-500ML,1\nHS-1001-100ML,1,note\n")

    assert refused.value.messages == [TEMPLATE_MISMATCH_MESSAGE]
    assert refused.value.code == "BULK_TEMPLATE_MISMATCH"


def test_a_header_with_more_columns_takes_rows_with_as_many(catalog):
    result, _, _ = validate("sku,qty,note\nHS-1001-500ML,1,for the cold room\n")

    assert skus_and_quantities(result) == [("HS-1001-500ML", 1)]


def test_blank_lines_are_skipped_and_keep_their_row_numbers(catalog):
    result, _, _ = validate("\ufeffsku,qty\r\nHS-1001-500ML,1\r\n\r\n,\r\nHS-9999,1\r\n\r\n")

    assert result.row_count == 2
    assert errors_of(result) == [(4, "HS-9999", "1", "unknown_sku")]


def test_quoted_cells_and_line_breaks_in_the_quantity(catalog):
    result, error_lines, _ = validate('sku,qty\n"HS-1001-500ML","1\n2"\n"HS,9999",1\n=cmd,2\n')

    # business §5: line breaks are removed from the quantity ("1\n2" is 12).
    assert skus_and_quantities(result) == [("HS-1001-500ML", 12)]
    assert errors_of(result) == [(2, "HS,9999", "1", "unknown_sku"), (3, "=cmd", "2", "unknown_sku")]
    assert error_lines == ['"HS,9999",1,3,This SKU is not in the catalog.', "'=cmd,2,4,This SKU is not in the catalog."]


@pytest.mark.parametrize("block_bytes", [16, 64, 1_000_000])
def test_the_fast_reading_and_the_csv_module_agree(catalog, block_bytes):
    lines = ["HS-1001-500ML,2", "HS-9999,1", "HS-1055-100G,abc", "hs1055100g,3", "HS-1001-2.5L,9", "", "HS-5001,1"]
    plain = "sku,qty\n" + "\n".join(lines * 5) + "\n"
    quoted = "sku,qty\n" + "\n".join(f'"{line}"'.replace(",", '","') if line else "" for line in lines * 5) + "\n"

    fast, fast_errors, fast_stock = validate(plain, block_bytes=block_bytes)
    slow, slow_errors, slow_stock = validate(quoted, block_bytes=block_bytes)

    assert fast.as_json() == slow.as_json()
    assert (fast_errors, fast_stock) == (slow_errors, slow_stock)
    assert fast.row_count == 30
    assert skus_and_quantities(fast) == [
        ("HS-1001-500ML", 10),
        ("HS-1055-100G", 15),
        ("HS-1001-2.5L", 45),
        ("HS-5001", 5),
    ]


def test_a_file_brings_at_most_a_thousand_products(catalog, monkeypatch):
    monkeypatch.setattr(validation, "MAX_PRODUCTS", 2)

    result, _, _ = validate("sku,qty\nHS-1001-500ML,1\nHS-1055-100G,1\nHS-1001-100ML,1\nHS-1001-500ML,1\n")

    # The first two products (by their first rows) are kept; the third is an error line.
    assert skus_and_quantities(result) == [("HS-1001-500ML", 2), ("HS-1055-100G", 1)]
    assert errors_of(result) == [(3, "HS-1001-100ML", "1", "too_many_products")]


def test_a_file_of_only_a_header_has_no_rows(catalog):
    result, error_lines, stock_lines = validate("sku,qty\n")

    assert (result.row_count, result.valid_product, result.error_product) == (0, [], [])
    assert error_lines == stock_lines == []


def test_a_large_file_reads_the_catalogs_index_once_with_the_same_verdicts(catalog, monkeypatch,
                                                                           django_assert_max_num_queries):  # fmt: skip
    from pricing.bulk_upload import skus

    text = (
        "sku,qty\nHS-1001-500ML,1\nhs1001500ml,2\nHS 1001 2.5L,1\n7447-40-7,3\n64-17-5,1\nHS-1001,1\nHS-9999,1\n"
        "HS-1152,1\nHS-2001,1\nHS-4006,1\nhs-3001-500g,1\n"
    )
    batched, batched_errors, _ = validate(text)
    monkeypatch.setattr(skus, "FULL_INDEX_AFTER", 0)

    with django_assert_max_num_queries(6):  # the index (products, variants), the products found (four)
        indexed, indexed_errors, _ = validate(text)

    assert indexed.as_json() == batched.as_json()
    assert indexed_errors == batched_errors
    assert skus_and_quantities(indexed) == [("HS-1001-500ML", 3), ("HS-1001-2.5L", 1), ("HS-3001-500G", 4),
                                            ("HS-4006", 1)]  # fmt: skip


def test_the_download_sample_is_a_valid_upload(catalog):
    from django.contrib.staticfiles import finders

    with open(finders.find("pricing/bulk-upload-sample.csv"), "rb") as sample:
        result, error_lines, _ = validate(sample.read())

    assert skus_and_quantities(result) == [("HS-1001-500ML", 2), ("HS-1055-100G", 10)]
    assert (result.error_product, error_lines) == ([], [])
