"""Issue 38 Must 5: a 5,000-row file's answer stays small, and its result pages. The GraphQL answer gives a page of
each list by default (100 rows, as the REST answer), with the totals and the error summary whole; the REST page of
one list (`rows=valid` or `rows=errors`) lets the dialog page on through the valid lines without the error rows the
error file holds."""

from __future__ import annotations

import pytest

from pricing.bulk_upload import selectors
from tests.helpers import rest_refusal
from tests.pricing.bulk_upload.support import PRODUCT_UPLOAD, UPLOAD_URL, data_of, fetch, post_upload

pytestmark = pytest.mark.django_db

ROWS = 5_000
ANSWER_LIMIT = 64 * 1024  # a page of each list, the totals and the links: tens of kilobytes, not hundreds
TOTALS = ("rowCount", "validCount", "validRowCount", "errorRowCount", "errorCount", "errorProductCount")


def _rows() -> list[tuple[str, str]]:
    """5,000 rows: two products (one of them over three rows), the others SKUs the catalog does not know."""
    known = [("HS-1001-500ML", "1"), ("HS-1055-100G", "2"), ("hs1055100g", "3"), ("HS-1055-100G", "1")]
    return known + [(f"HS-NOPE-{n:05d}", "1") for n in range(ROWS - len(known))]


def test_a_5000_row_file_is_answered_with_a_page_of_each_list_and_pages_on(catalog, sign_in, client):
    token = sign_in("senior")
    text = "sku,qty\n" + "".join(f"{sku},{qty}\n" for sku, qty in _rows())

    answer = post_upload(client, text, token=token, channelId=1)
    result = data_of(answer)["result"]
    key = data_of(answer)["uploadId"]
    errors_page = data_of(fetch(client, f"{UPLOAD_URL}/{key}?offset=100&first=250&rows=errors", token=token))
    valid_page = data_of(fetch(client, f"{UPLOAD_URL}/{key}?offset=1&first=250&rows=valid", token=token))

    assert len(answer.content) < ANSWER_LIMIT
    assert [result[name] for name in TOTALS] == [5_000, 2, 4, 4_996, 4_996, 1_000]
    assert (len(result["validProduct"]), len(result["errorProduct"])) == (2, selectors.RESULT_PAGE)
    assert result["errorFile"] and result["page"] == {"offset": 0, "first": selectors.RESULT_PAGE}
    # A page of one list: the other is empty, the totals and the summary are the same.
    errors = errors_page["result"]
    assert ([row["row"] for row in errors["errorProduct"]], errors["validProduct"]) == (list(range(105, 355)), [])
    assert errors["page"] == {"offset": 100, "first": 250, "rows": "errors"}
    valid = valid_page["result"]
    assert ([(row["sku"], row["qty"], row["rowCount"]) for row in valid["validProduct"]], valid["errorProduct"]) == (
        [("HS-1055-100G", 6, 3)], [],
    )  # fmt: skip
    assert [errors[name] for name in TOTALS] == [valid[name] for name in TOTALS] == [result[name] for name in TOTALS]


def test_a_page_of_another_list_is_refused(catalog, sign_in, client):
    token = sign_in("senior")
    key = data_of(post_upload(client, "sku,qty\nHS-1001-500ML,1\n", token=token, channelId=1))["uploadId"]

    error = rest_refusal(fetch(client, f"{UPLOAD_URL}/{key}?rows=stock", token=token), 400)

    assert (error["extensions"]["code"], error["extensions"]["fieldCodes"]) == ("VALIDATION_ERROR", {"rows": [
        "invalid_choice"
    ]})  # fmt: skip


def test_productupload_gives_a_page_of_each_list_by_default(catalog, graphql, login):
    data = {"productList": [{"sku": sku, "qty": qty} for sku, qty in _rows()], "channelId": 1}

    body = graphql(PRODUCT_UPLOAD, {"data": data}, token=login("senior@acme.test"))

    result = body["data"]["productUpload"]["result"]
    assert (result["validCount"], result["errorCount"]) == (2, 4_996)
    assert (len(result["validProduct"]), len(result["errorProduct"])) == (2, selectors.RESULT_PAGE)
    assert [row["row"] for row in result["errorProduct"]] == list(range(5, 5 + selectors.RESULT_PAGE))


@pytest.mark.parametrize(("caller", "status"), [("junior", 200), ("admin", 200), ("other_company_admin", 404),
                                                ("b2c", 404), ("anonymous", 404)])  # fmt: skip
def test_a_page_of_one_list_stays_in_the_company(catalog, sign_in, client, caller, status):
    key = data_of(post_upload(client, "sku,qty\nHS-1001-500ML,1\nHS-NOPE,1\n", token=sign_in("senior"), channelId=1))[
        "uploadId"
    ]

    for rows in ("valid", "errors"):
        response = fetch(client, f"{UPLOAD_URL}/{key}?rows={rows}", token=sign_in(caller))
        assert response.status_code == status, (rows, response.content[:200])
        if status == 404:
            assert rest_refusal(response, 404) == {"message": "Upload not found.", "extensions": {"code": "NOT_FOUND"}}
