"""productUpload and productAnonUpload (business §6, §7): who calls which, role 100's call without a channel, and the
rows' result as the file's."""

from __future__ import annotations

import pytest

from pricing.models import BulkUpload
from tests.helpers import error_code
from tests.pricing.bulk_upload.support import PRODUCT_ANON_UPLOAD, PRODUCT_UPLOAD, csv_rows, fetch

pytestmark = pytest.mark.django_db

ROWS = [
    {"sku": "HS-1001-500ML", "qty": "2"},
    {"sku": "hs 1001 500ml", "qty": "1"},
    {"sku": "HS-9999", "qty": "1"},
    {"sku": "HS-1055-100G", "qty": "0"},
    {"sku": "HS-4006", "qty": "1"},
    {"sku": "@cmd", "qty": "1"},
]


def upload(graphql, token, *, anonymous: bool, **data):
    query = PRODUCT_ANON_UPLOAD if anonymous else PRODUCT_UPLOAD
    return graphql(query, {"data": {"productList": ROWS, **data}}, token=token)


def test_a_guest_uploads_without_a_channel(catalog, graphql):
    body = upload(graphql, None, anonymous=True)

    result = body["data"]["productAnonUpload"]["result"]
    assert (result["rowCount"], result["validCount"], result["errorCount"]) == (6, 2, 3)
    assert [(row["sku"], row["qty"], row["rowCount"]) for row in result["validProduct"]] == [
        ("HS-1001-500ML", 3, 2),
        ("HS-4006", 1, 1),
    ]
    [warranty] = result["validProduct"][1]["optionList"]
    assert warranty["optionValue"].isdigit() and result["validProduct"][1]["needsOptions"] is False
    assert [(row["row"], row["errorCode"]) for row in result["errorProduct"]] == [
        (3, "unknown_sku"),
        (4, "invalid_quantity"),
        (6, "unknown_sku"),
    ]
    saved = BulkUpload.objects.get(key=result["uploadId"])
    # business §6: role 100's call carries no channel, and the upload belongs to nobody but its key.
    assert (saved.channel_id, saved.user, saved.company, saved.file_name) == (None, None, None, "")


def test_the_anonymous_call_has_no_channel_to_send(catalog, graphql):
    body = upload(graphql, None, anonymous=True, channelId=1)

    assert error_code(body) == "BAD_USER_INPUT"
    assert BulkUpload.objects.count() == 0


def test_a_company_user_uploads_with_the_channel(catalog, graphql, sign_in, client):
    token = sign_in("senior")

    result = upload(graphql, token, anonymous=False, channelId=1)["data"]["productUpload"]["result"]

    saved = BulkUpload.objects.get(key=result["uploadId"])
    assert (saved.channel_id, saved.company.name, saved.user.email) == (1, "Acme Labs", "senior@acme.test")
    rows = csv_rows(fetch(client, result["errorFile"], token=token))
    assert rows[3] == ["'@cmd", "1", "7", "This SKU is not in the catalog."]
    assert fetch(client, result["errorFile"], token=sign_in("other_company_admin")).status_code == 404


def test_the_company_call_needs_its_channel(catalog, graphql, sign_in):
    body = upload(graphql, sign_in("senior"), anonymous=False)

    assert error_code(body) == "BAD_USER_INPUT"


@pytest.mark.parametrize(
    ("caller", "anonymous", "code"),
    [
        ("anonymous", False, 40101),
        ("b2c", False, "PERMISSION_DENIED"),  # an individual customer uses productAnonUpload
        ("super_admin", False, "PERMISSION_DENIED"),  # so does a super admin outside a masquerade
        ("senior", True, "PERMISSION_DENIED"),  # a company's user uses productUpload
        ("super_admin_masquerading", True, "PERMISSION_DENIED"),
    ],
)
def test_each_caller_has_its_own_call(catalog, graphql, sign_in, caller, anonymous, code):
    body = upload(graphql, sign_in(caller), anonymous=anonymous, **({} if anonymous else {"channelId": 1}))

    assert error_code(body) == code
    assert BulkUpload.objects.count() == 0


@pytest.mark.parametrize(
    ("caller", "anonymous", "company"),
    [
        ("b2c", True, None),
        ("super_admin", True, None),
        ("super_admin_masquerading", False, "Acme Labs"),
        ("junior", False, "Acme Labs"),
    ],
)
def test_the_upload_belongs_to_the_callers_company_or_to_them(catalog, graphql, sign_in, caller, anonymous, company):
    body = upload(graphql, sign_in(caller), anonymous=anonymous, **({} if anonymous else {"channelId": 1}))

    key = body["data"]["productAnonUpload" if anonymous else "productUpload"]["result"]["uploadId"]
    saved = BulkUpload.objects.get(key=key)
    assert (saved.company.name if saved.company else None) == company
    assert saved.channel_id == (None if anonymous else 1)


def test_into_the_cart_needs_purchase_rights(catalog, graphql, sign_in):
    body = upload(graphql, sign_in("junior"), anonymous=False, channelId=1, isToCart=True)

    assert error_code(body) == "PERMISSION_DENIED"


def test_an_empty_list_does_nothing(catalog, graphql):
    body = graphql(PRODUCT_ANON_UPLOAD, {"data": {"productList": []}})

    result = body["data"]["productAnonUpload"]["result"]
    assert (result["uploadId"], result["rowCount"], result["validProduct"], result["errorFile"]) == (None, 0, [], None)
    assert BulkUpload.objects.count() == 0


def test_an_unknown_channel_or_currency_is_refused(catalog, graphql, sign_in):
    token = sign_in("senior")

    assert error_code(upload(graphql, token, anonymous=False, channelId=99)) == "NOT_FOUND"
    assert error_code(upload(graphql, token, anonymous=False, channelId=1, currencyCode="XYZ")) == "VALIDATION_ERROR"
    assert BulkUpload.objects.count() == 0


def test_more_rows_than_a_call_takes_are_refused(catalog, graphql, monkeypatch):
    from pricing.bulk_upload import services

    monkeypatch.setattr(services, "MAX_ROWS_PER_CALL", 5)

    body = upload(graphql, None, anonymous=True)

    assert body["errors"][0]["extensions"] == {
        "code": "VALIDATION_ERROR",
        "fields": {"productList": ["Send at most 5 rows at a time, or upload them as a file."]},
        "fieldCodes": {"productList": ["too_many_items"]},
    }


def test_a_guests_calls_are_limited_per_hour(catalog, graphql, monkeypatch):
    from pricing.bulk_upload import services

    monkeypatch.setattr(services, "GUEST_ROW_UPLOADS_PER_HOUR", 2)

    answers = [upload(graphql, None, anonymous=True) for _ in range(3)]

    assert ["errors" in body for body in answers] == [False, False, True]
    assert error_code(answers[2]) == "TOO_MANY_REQUESTS"
    assert BulkUpload.objects.count() == 2
