"""Issue 36 item 3: what a row's cells bring into the answer, the error file and memory is bounded, and the result lists
are paged. A SKU longer than the catalog's longest is "SKU too long", shown cut with an ellipsis; the 45 MB file of 45
one-megabyte SKU cells is answered in less than a megabyte on every poll (bench/bulk_upload_big_cells.py measures the
validating process's memory)."""

from __future__ import annotations

import io
import json

import pytest

from pricing.bulk_upload import services, validation
from pricing.bulk_upload.skus import MAX_SKU_LENGTH
from pricing.models import BulkUpload
from tests.helpers import error_code, rest_refusal
from tests.pricing.bulk_upload.support import UPLOAD_URL, csv_rows, data_of, fetch, post_upload

pytestmark = pytest.mark.django_db

MEGABYTE = 1024 * 1024
POLL_LIMIT = MEGABYTE  # issue 36: every poll answer ≤ 1 MB


def validate(text: str):
    errors, stock = io.StringIO(), io.StringIO()
    validator = validation.UploadValidator(with_modifiers=False, is_to_cart=False, error_out=errors, stock_out=stock)
    validator.read_csv(io.BytesIO(text.encode()))
    return validator.finish(), errors.getvalue().splitlines()


def test_the_catalogs_sku_length_is_the_limit():
    from pricing.models import Product, ProductVariant

    lengths = {Product._meta.get_field("sku").max_length, ProductVariant._meta.get_field("sku").max_length}
    assert lengths == {MAX_SKU_LENGTH} == {64}


@pytest.mark.parametrize("quoted", [False, True], ids=["plain", "quoted"])
def test_a_sku_longer_than_the_catalogs_is_too_long_and_shown_cut(catalog, quoted):
    long_sku = "HS-1001-" + "X" * 5000
    long_qty = "9" * 300
    rows = [(long_sku, "1"), ("HS-1001-500ML", long_qty), ("Y" * 65, "2"), ("Z" * 64, "3"), ("HS-1001-500ML", "2")]
    quote = '"' if quoted else ""
    text = "sku,qty\n" + "".join(f"{quote}{sku}{quote},{quote}{qty}{quote}\n" for sku, qty in rows)

    result, error_lines = validate(text)

    cut_sku = long_sku[:MAX_SKU_LENGTH] + "…"
    assert [(row["row"], row["sku"], row["qty"], row["errorCode"]) for row in result.error_product] == [
        (1, cut_sku, "1", "sku_too_long"),
        (2, "HS-1001-500ML", "9" * 20 + "…", "invalid_quantity"),
        (3, "Y" * 64 + "…", "2", "sku_too_long"),
        (4, "Z" * 64, "3", "unknown_sku"),  # 64 characters: looked up
    ]
    assert result.error_product[0]["error"] == "SKU too long: a catalog number has at most 64 characters."
    assert error_lines[0] == f"{cut_sku},1,2,SKU too long: a catalog number has at most 64 characters."
    assert [(row["sku"], row["qty"]) for row in result.valid_product] == [("HS-1001-500ML", 2)]


def test_a_long_cell_with_spaces_around_a_sku_is_that_sku(catalog):
    result, _ = validate("sku,qty\n" + " " * 3000 + "HS-1001-500ML" + " " * 3000 + ",2\n")

    assert [(row["sku"], row["qty"]) for row in result.valid_product] == [("HS-1001-500ML", 2)]


def test_a_long_line_with_more_columns_than_the_header_still_refuses_the_file(catalog):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as refused:
        validate("sku,qty\n" + "X" * 5000 + ",1,note\n")

    assert refused.value.code == "BULK_TEMPLATE_MISMATCH"


def big_cell_file(cells: int = 45) -> bytes:
    """The issue's file: a header, then `cells` rows of a one-megabyte SKU cell each (45 MB)."""
    return b"sku,qty\n" + b"".join(b"%d" % n + b"A" * (MEGABYTE - 12) + b",1\n" for n in range(cells))


def test_the_45_mb_big_cell_file_answers_every_poll_in_under_a_megabyte(catalog, sign_in, client, monkeypatch,
                                                                       django_capture_on_commit_callbacks):  # fmt: skip
    token = sign_in("senior")
    content = big_cell_file()
    assert len(content) > 45 * 1_000_000

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = post_upload(client, content, token=token, channelId=1)
    queued = data_of(response)
    answers = [response]
    assert queued["status"] == "pending"

    answers.append(fetch(client, f"{UPLOAD_URL}/{queued['uploadId']}", token=token))  # polled while pending
    polls_while_running = []
    real_progress = services._Progress.__call__

    def poll_as_it_runs(progress, bytes_read):
        real_progress(progress, bytes_read)
        polls_while_running.append(fetch(client, f"{UPLOAD_URL}/{queued['uploadId']}", token=token))

    monkeypatch.setattr(services._Progress, "__call__", poll_as_it_runs)
    [job] = callbacks
    job()  # the Celery job's code path (CELERY_TASK_ALWAYS_EAGER)
    answers += polls_while_running
    done = fetch(client, f"{UPLOAD_URL}/{queued['uploadId']}", token=token)
    answers.append(done)

    assert polls_while_running and all(data_of(poll)["status"] == "running" for poll in polls_while_running)
    assert max(len(answer.content) for answer in answers) <= POLL_LIMIT
    result = data_of(done)["result"]
    assert (result["rowCount"], result["errorCount"], result["validCount"]) == (45, 45, 0)
    assert {row["errorCode"] for row in result["errorProduct"]} == {"sku_too_long"}
    assert all(len(row["sku"]) == MAX_SKU_LENGTH + 1 for row in result["errorProduct"])
    # The stored result and the error file hold the cut cells, not the cells.
    assert len(json.dumps(BulkUpload.objects.get(key=queued["uploadId"]).result)) < 100_000
    error_file = fetch(client, result["errorFile"], token=token)
    rows = csv_rows(error_file)
    assert len(rows) == 46 and rows[1][0] == "0" + "A" * (MAX_SKU_LENGTH - 1) + "…"
    assert sum(len(cell) for row in rows for cell in row) < 10_000


def test_the_poll_answer_pages_the_results_with_their_totals(catalog, sign_in, client, monkeypatch):
    monkeypatch.setattr("pricing.bulk_upload.selectors.RESULT_PAGE", 2)
    token = sign_in("senior")
    text = "sku,qty\nHS-1001-500ML,1\nHS-1001-100ML,1\nHS-1055-100G,1\nhs1001500ml,1\n" + "HS-9999,1\n" * 3
    key = data_of(post_upload(client, text, token=token, channelId=1))["uploadId"]

    first = data_of(fetch(client, f"{UPLOAD_URL}/{key}", token=token))["result"]
    second = data_of(fetch(client, f"{UPLOAD_URL}/{key}?offset=2&first=2", token=token))["result"]

    assert [row["sku"] for row in first["validProduct"]] == ["HS-1001-500ML", "HS-1001-100ML"]
    assert [row["sku"] for row in second["validProduct"]] == ["HS-1055-100G"]
    assert [row["row"] for row in first["errorProduct"]] == [5, 6]
    assert [row["row"] for row in second["errorProduct"]] == [7]
    assert first["page"] == {"offset": 0, "first": 2} and second["page"] == {"offset": 2, "first": 2}
    totals = ("rowCount", "validCount", "validRowCount", "errorRowCount", "errorCount", "errorProductCount")
    assert [first[name] for name in totals] == [second[name] for name in totals] == [7, 3, 4, 3, 3, 3]


@pytest.mark.parametrize("query", ["first=0", "first=1001", "offset=-1", "first=abc", "offset=1001"])
def test_a_page_out_of_range_is_a_clear_refusal(catalog, sign_in, client, query):
    token = sign_in("senior")
    key = data_of(post_upload(client, "sku,qty\nHS-1001-500ML,1\n", token=token, channelId=1))["uploadId"]

    error = rest_refusal(fetch(client, f"{UPLOAD_URL}/{key}?{query}", token=token), 400)

    assert error["extensions"]["code"] == "VALIDATION_ERROR"
    assert set(error["extensions"]["fields"]) == {query.split("=")[0]}


PAGED_UPLOAD = """
mutation Upload($data: ProductUploadInput!) { productUpload(productListData: $data) { result {
  validCount validRowCount errorRowCount errorCount errorProductCount
  validProduct(first: 1, offset: 1) { sku qty rowCount }
  errorProduct(first: 1) { sku errorCode }
} } }
"""


def test_productupload_pages_its_lists_too(catalog, graphql, login):
    rows = [("HS-1001-500ML", "1"), ("HS-1055-100G", "1"), ("hs-1055-100g", "2"), ("X" * 200, "1"), ("HS-9", "1")]
    data = {"productList": [{"sku": sku, "qty": qty} for sku, qty in rows], "channelId": 1}

    body = graphql(PAGED_UPLOAD, {"data": data}, token=login("senior@acme.test"))

    result = body["data"]["productUpload"]["result"]
    assert result == {
        "validCount": 2,
        "validRowCount": 3,
        "errorRowCount": 2,
        "errorCount": 2,
        "errorProductCount": 2,
        "validProduct": [{"sku": "HS-1055-100G", "qty": 3, "rowCount": 2}],
        "errorProduct": [{"sku": "X" * 64 + "…", "errorCode": "sku_too_long"}],
    }


def test_productupload_refuses_a_page_beyond_the_cap(catalog, graphql, login):
    query = PAGED_UPLOAD.replace("validProduct(first: 1, offset: 1)", "validProduct(first: 5000)")
    data = {"productList": [{"sku": "HS-1001-500ML", "qty": "1"}], "channelId": 1}

    body = graphql(query, {"data": data}, token=login("senior@acme.test"))

    assert error_code(body) == "VALIDATION_ERROR"
