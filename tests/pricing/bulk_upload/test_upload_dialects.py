"""Issue 36 item 11: CSV files as spreadsheets save them. A semicolon or tab separated file, a byte order mark and
UTF-16 are read; a file in another encoding is refused with what to do ("save it as CSV UTF-8"); the merged rows are
counted ("2,000 rows read: 1,902 valid rows for 377 products; 98 rows with errors"); business §5's "it's structure"
typo is fixed."""

from __future__ import annotations

import codecs
import io

import pytest

from pricing.bulk_upload import files, validation
from pricing.bulk_upload.errors import BulkOrderErrorCode
from pricing.models import BulkUpload
from tests.helpers import rest_refusal
from tests.pricing.bulk_upload.support import data_of, post_upload

pytestmark = pytest.mark.django_db

ROWS = [("HS-1001-500ML", "2"), ("HS-9999", "1"), ("hs1001500ml", "3"), ("HS-1055-100G", "1")]
EXPECTED_VALID = [("HS-1001-500ML", 5, 2), ("HS-1055-100G", 1, 1)]


def spreadsheet_file(separator: str, encoding: str, *, bom: bytes = b"", quoted: bool = False) -> bytes:
    quote = '"' if quoted else ""
    lines = [f"{quote}{sku}{quote}{separator}{quote}{qty}{quote}" for sku, qty in [("Product SKU", "Qty"), *ROWS]]
    return bom + ("\r\n".join(lines) + "\r\n").encode(encoding)


def validate(data: bytes, block_bytes: int = files.BLOCK_BYTES):
    errors, stock = io.StringIO(), io.StringIO()
    validator = validation.UploadValidator(with_modifiers=False, is_to_cart=False, error_out=errors, stock_out=stock)
    validator.read_csv(io.BytesIO(data), block_bytes=block_bytes)
    return validator.finish(), errors.getvalue().splitlines()


SAVED_AS = {
    "semicolon (Excel in German or French)": spreadsheet_file(";", "utf-8"),
    "semicolon, quoted": spreadsheet_file(";", "utf-8", quoted=True),
    "tab": spreadsheet_file("\t", "utf-8"),
    "comma with a UTF-8 byte order mark": spreadsheet_file(",", "utf-8", bom=codecs.BOM_UTF8),
    "Unicode text (UTF-16 LE, tab)": spreadsheet_file("\t", "utf-16-le", bom=codecs.BOM_UTF16_LE),
    "UTF-16 BE, semicolon": spreadsheet_file(";", "utf-16-be", bom=codecs.BOM_UTF16_BE),
    "UTF-16 LE, quoted, comma": spreadsheet_file(",", "utf-16-le", bom=codecs.BOM_UTF16_LE, quoted=True),
}


@pytest.mark.parametrize("block_bytes", [7, files.BLOCK_BYTES])
@pytest.mark.parametrize("data", SAVED_AS.values(), ids=SAVED_AS.keys())
def test_a_file_as_a_spreadsheet_saves_it_is_read(catalog, data, block_bytes):
    result, error_lines = validate(data, block_bytes)

    assert [(row["sku"], row["qty"], row["rowCount"]) for row in result.valid_product] == EXPECTED_VALID
    assert [(row["row"], row["sku"], row["errorCode"]) for row in result.error_product] == [
        (2, "HS-9999", "unknown_sku")
    ]
    assert error_lines == ["HS-9999,1,3,This SKU is not in the catalog."]  # the result file stays comma separated


def test_a_semicolon_file_with_more_cells_than_its_header_is_refused_as_a_comma_file_is(catalog):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as refused:
        validate(b"sku;qty\nHS-1001-500ML;1;note\n")

    assert refused.value.code == "BULK_TEMPLATE_MISMATCH"


@pytest.mark.parametrize("name", ["UTF-16 LE", "semicolon"])
def test_the_rest_edge_takes_them_and_says_how_many_rows_were_merged(catalog, sign_in, client, name):
    data = SAVED_AS["Unicode text (UTF-16 LE, tab)" if name == "UTF-16 LE" else "semicolon (Excel in German or French)"]

    answer = data_of(post_upload(client, data, token=sign_in("senior"), channelId=1))

    result = answer["result"]
    # "4 rows read: 3 valid rows for 2 products; 1 row with errors"
    assert (result["rowCount"], result["validRowCount"], result["validCount"], result["errorRowCount"]) == (4, 3, 2, 1)


WRONG_ENCODING = (
    'The file is not in UTF-8 or UTF-16 text. In your spreadsheet, save it as "CSV UTF-8" and upload it again.'
)


def test_a_file_in_a_windows_code_page_is_refused_with_what_to_do(catalog, sign_in, client):
    data = "Référence;Quantité\nHS-1001-500ML;2\n".encode("cp1252")

    error = rest_refusal(post_upload(client, data, token=sign_in("senior"), channelId=1), 400)

    assert (error["message"], error["extensions"]["code"]) == (WRONG_ENCODING, "BULK_WRONG_ENCODING")
    assert BulkUpload.objects.count() == 0


def test_a_wrong_byte_deep_in_a_large_file_fails_the_job_with_the_same_code(catalog):
    from django.core.exceptions import ValidationError

    data = b"sku,qty\n" + b"HS-1001-500ML,1\n" * 10_000 + "HS-1055-100G,1 pièce\n".encode("latin-1")

    with pytest.raises(ValidationError) as refused:
        validate(data, block_bytes=4096)

    assert (refused.value.code, refused.value.messages) == ("BULK_WRONG_ENCODING", [WRONG_ENCODING])


def test_the_wrong_type_text_has_no_typo():
    assert BulkOrderErrorCode.WRONG_FILE_TYPE.label == (
        "Table structure is wrong. Please download sample and follow its structure."
    )


@pytest.mark.parametrize(
    ("header", "separator"),
    [("sku,qty", ","), ("sku;qty", ";"), ("sku\tqty", "\t"), ("sku", ","), ('"a;b",c', ","), ("a;b;c,d", ";")],
)
def test_the_separator_is_the_header_lines_most_frequent(header, separator):
    assert files.delimiter_of(header) == separator
