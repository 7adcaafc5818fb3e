"""POST /api/v2/products/upload and its result files (business §2, §4, §5, §7, §8; issue 19): the exact business §5
texts, a header-only file does nothing, the error file is safe in a spreadsheet and stays the company's."""

from __future__ import annotations

import datetime
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from accounts.storage import private_storage
from pricing.bulk_upload import files, services
from pricing.models import BulkUpload
from tests.helpers import rest_refusal
from tests.pricing.bulk_upload.support import UPLOAD_URL, csv_file, csv_rows, data_of, fetch, post_upload

pytestmark = pytest.mark.django_db

WRONG_TYPE = "Table structure is wrong. Please download sample and follow its structure."
TOO_LARGE = "Maximum file size 50MB"
TEMPLATE = "Please use the template file provided."

MIXED = (
    "variant_sku,qty\n"
    "HS-1001-500ML,2\n"  # valid
    "hs1001500ml,3\n"  # the same SKU without hyphens: merged
    "HS-9999,1\n"  # unknown
    "HS-1055-100G,abc\n"  # bad quantity
    "HS-5001,1\n"  # out of stock
    '=HYPERLINK("http://evil.test"),1\n'  # a formula: an unknown SKU, neutralised in the error file
    "HS-1055-500G,-5\n"  # a negative quantity: neutralised too
)


def stored_files() -> list[str]:
    storage = private_storage()
    found = []
    if not storage.exists(services.STORAGE_FOLDER):
        return found
    for folder in storage.listdir(services.STORAGE_FOLDER)[0]:
        found += [f"{folder}/{name}" for name in storage.listdir(f"{services.STORAGE_FOLDER}/{folder}")[1]]
    return found


# --- business §5 and §8: the file as a whole ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content", "content_type"),
    [
        ("order.xlsx", b"sku,qty\nHS-1001-500ML,1\n", "text/csv"),  # not a .csv name
        ("order.csv", b"PK\x03\x04\x14\x00\x06\x00binary", "text/csv"),  # a spreadsheet renamed .csv
        ("order.csv", b"sku,qty\nHS-1001-500ML,1\n", "application/pdf"),  # another type
    ],
)
def test_a_file_that_is_not_csv_is_refused_with_the_table_structure_text(catalog, sign_in, client, name, content,
                                                                         content_type):  # fmt: skip
    token = sign_in("senior")
    upload = SimpleUploadedFile(name, content, content_type=content_type)

    response = client.post(UPLOAD_URL, {"file": upload, "channelId": "1"}, HTTP_AUTHORIZATION=f"Bearer {token}")

    error = rest_refusal(response, 400)
    assert (error["message"], error["extensions"]["code"]) == (WRONG_TYPE, "BULK_WRONG_FILE_TYPE")
    assert BulkUpload.objects.count() == 0


def test_a_file_over_50_mb_is_refused_before_it_is_read(catalog, sign_in, client):
    token = sign_in("senior")
    boundary = "bulk-boundary"
    body = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n'
        f"Content-Type: text/csv\r\n\r\nsku,qty\r\n--{boundary}--\r\n"
    ).encode()

    response = client.generic(
        "POST",
        UPLOAD_URL,
        body,
        content_type=f"multipart/form-data; boundary={boundary}",
        CONTENT_LENGTH=str(50 * 1024 * 1024 + 70_000),
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )

    error = rest_refusal(response, 413)
    assert (error["message"], error["extensions"]["code"]) == (TOO_LARGE, "BULK_FILE_TOO_LARGE")
    assert BulkUpload.objects.count() == 0


def test_a_file_over_the_limit_sent_without_its_length_is_refused_too(catalog, sign_in, client, monkeypatch):
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 20)  # the parser's own check saw no Content-Length

    response = post_upload(client, "sku,qty\nHS-1001-500ML,1\n", token=sign_in("senior"), channelId=1)

    error = rest_refusal(response, 413)
    assert (error["message"], error["extensions"]["code"]) == (TOO_LARGE, "BULK_FILE_TOO_LARGE")


def test_more_than_one_file_gives_the_same_text_as_a_file_too_large(catalog, sign_in, client):
    token = sign_in("senior")
    two = [csv_file("sku,qty\nHS-1001-500ML,1\n", "a.csv"), csv_file("sku,qty\nHS-1001-500ML,1\n", "b.csv")]

    response = client.post(UPLOAD_URL, {"file": two, "channelId": "1"}, HTTP_AUTHORIZATION=f"Bearer {token}")

    error = rest_refusal(response, 400)
    assert error == {
        "message": TOO_LARGE,
        "extensions": {
            "code": "BULK_TOO_MANY_FILES",
            "fields": {"file": [TOO_LARGE]},
            "fieldCodes": {"file": ["too_many_files"]},
        },
    }
    assert BulkUpload.objects.count() == 0


def test_a_line_with_more_columns_than_the_header_refuses_the_file_and_keeps_nothing(catalog, sign_in, client):
    response = post_upload(
        client, "sku,qty\nHS-1001-500ML,1\nHS-1055-100G,2,urgent\n", token=sign_in("senior"), channelId=1
    )

    error = rest_refusal(response, 400)
    assert (error["message"], error["extensions"]["code"]) == (TEMPLATE, "BULK_TEMPLATE_MISMATCH")
    assert BulkUpload.objects.count() == 0
    assert stored_files() == []


@pytest.mark.parametrize("content", ["variant_sku,qty\n", "variant_sku,qty", "variant_sku,qty\r\n\r\n,\r\n"])
def test_a_file_of_only_a_header_does_nothing(catalog, sign_in, client, content):
    data = data_of(post_upload(client, content, token=sign_in("senior"), channelId=1))

    assert (data["status"], data["uploadId"], data["result"]) == ("empty", None, None)
    assert BulkUpload.objects.count() == 0
    assert stored_files() == []


# --- the result ---------------------------------------------------------------------------------------------------


def test_a_senior_buyers_upload_answers_the_rows_at_once(catalog, sign_in, client):
    data = data_of(post_upload(client, MIXED, token=sign_in("senior"), channelId=1, currencyCode="usd"))

    assert (data["status"], data["progress"], data["channelId"], data["error"]) == ("done", 100, 1, None)
    result = data["result"]
    assert (result["rowCount"], result["validCount"], result["errorCount"]) == (7, 2, 4)
    assert [(row["sku"], row["qty"], row["row"], row["stockErrorCode"]) for row in result["validProduct"]] == [
        ("HS-1001-500ML", 5, 1, None),
        ("HS-5001", 1, 5, "out_of_stock"),  # into a list: valid, with its stock error
    ]
    assert [(row["sku"], row["qty"], row["row"], row["errorCode"]) for row in result["errorProduct"]] == [
        ("HS-9999", "1", 3, "unknown_sku"),
        ("HS-1055-100G", "abc", 4, "invalid_quantity"),
        ('=HYPERLINK("http://evil.test")', "1", 6, "unknown_sku"),
        ("HS-1055-500G", "-5", 7, "invalid_quantity"),
    ]
    assert result["stockErrorSkus"] == ["HS-5001"]
    upload = BulkUpload.objects.get(key=data["uploadId"])
    assert (upload.company.name, upload.user.email, upload.currency_code) == ("Acme Labs", "senior@acme.test", "USD")


def test_the_error_file_is_fetched_with_the_token_and_neutralises_formula_cells(catalog, sign_in, client):
    token = sign_in("senior")
    result = data_of(post_upload(client, MIXED, token=token, channelId=1))["result"]

    response = fetch(client, result["errorFile"], token=token)

    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="order-errors.csv"'
    assert csv_rows(response) == [
        ["SKU", "Qty", "Row", "Error"],
        ["HS-9999", "1", "4", "This SKU is not in the catalog."],
        ["HS-1055-100G", "abc", "5", "Enter a whole number from 1 to 1,000,000."],
        ['\'=HYPERLINK("http://evil.test")', "1", "7", "This SKU is not in the catalog."],
        ["HS-1055-500G", "'-5", "8", "Enter a whole number from 1 to 1,000,000."],
    ]
    stock = fetch(client, result["stockErrorFile"], token=token)
    assert csv_rows(stock) == [["SKU", "Qty", "Row", "Error"], ["HS-5001", "1", "6", "This product is out of stock."]]


@pytest.mark.parametrize("cell", ["=1+1", "+1", "-1", "@SUM(A1)", "\tTAB", "\rCR"])
def test_every_formula_start_is_neutralised(cell):
    assert files.csv_cell(cell).lstrip('"').startswith("'")
    assert files.csv_cell("HS-1001") == "HS-1001"


@pytest.mark.parametrize(("caller", "status"), [("junior", 200), ("admin", 200), ("other_company_admin", 404),
                                                ("b2c", 404), ("anonymous", 404)])  # fmt: skip
def test_the_error_file_stays_in_the_company(catalog, sign_in, client, caller, status):
    result = data_of(post_upload(client, MIXED, token=sign_in("senior"), channelId=1))["result"]

    for url in (result["errorFile"], result["stockErrorFile"], result["errorFile"].rsplit("/", 1)[0]):
        response = fetch(client, url, token=sign_in(caller))
        assert response.status_code == status, (url, response.content[:200])
        if status == 404:
            assert rest_refusal(response, 404) == {"message": "Upload not found.", "extensions": {"code": "NOT_FOUND"}}


def test_a_signed_link_opens_the_file_without_the_token_for_a_few_minutes(catalog, sign_in, client, monkeypatch):
    result = data_of(post_upload(client, MIXED, token=sign_in("senior"), channelId=1))["result"]

    assert fetch(client, result["errorFileDownloadUrl"]).status_code == 200
    assert fetch(client, result["stockErrorFileDownloadUrl"]).status_code == 200
    # Signed for one file of one upload: not for the other file.
    token = result["errorFileDownloadUrl"].split("token=")[1]
    assert fetch(client, f"{result['stockErrorFile']}?token={token}").status_code == 404
    monkeypatch.setattr("django.core.signing.time.time", lambda: timezone.now().timestamp() + 301)
    assert fetch(client, result["errorFileDownloadUrl"]).status_code == 404


def test_a_token_that_is_no_longer_valid_is_40101(catalog, client):
    response = post_upload(client, MIXED, token="not-a-token", channelId=1)

    assert rest_refusal(response, 401)["extensions"]["code"] == 40101


def test_a_company_user_sends_the_channel(catalog, sign_in, client):
    error = rest_refusal(post_upload(client, MIXED, token=sign_in("senior")), 400)

    assert error["extensions"]["fields"] == {"channelId": ["Send the channel id."]}
    assert BulkUpload.objects.count() == 0


def test_an_unknown_channel_is_not_found(catalog, sign_in, client):
    assert rest_refusal(post_upload(client, MIXED, token=sign_in("senior"), channelId=77), 404)


def test_into_the_cart_needs_purchase_rights(catalog, sign_in, client):
    refused = post_upload(client, MIXED, token=sign_in("junior"), channelId=1, isToCart="true")

    assert rest_refusal(refused, 403)["extensions"]["code"] == "PERMISSION_DENIED"
    assert BulkUpload.objects.count() == 0


def test_into_the_cart_a_line_beyond_the_stock_is_an_error(catalog, sign_in, client):
    data = data_of(post_upload(client, MIXED, token=sign_in("senior"), channelId=1, isToCart="1"))

    result = data["result"]
    assert [row["sku"] for row in result["validProduct"]] == ["HS-1001-500ML"]
    assert [(row["sku"], row["row"], row["errorCode"]) for row in result["errorProduct"]][2] == (
        "HS-5001",
        5,
        "out_of_stock",
    )
    assert result["errorCount"] == 5 and result["stockErrorSkus"] == ["HS-5001"]


# --- guests and individual customers (business §6) ----------------------------------------------------------------


def test_a_guests_upload_carries_no_channel_and_is_reached_by_its_key(catalog, sign_in, client):
    data = data_of(post_upload(client, MIXED, channelId=1))  # a channel sent by a guest is not taken

    upload = BulkUpload.objects.get(key=data["uploadId"])
    assert (upload.channel_id, upload.user, upload.company, data["channelId"]) == (None, None, None, None)
    assert fetch(client, data["result"]["errorFile"]).status_code == 200
    assert fetch(client, data["result"]["errorFile"], token=sign_in("admin")).status_code == 200
    assert fetch(client, data["result"]["errorFile"].replace(data["uploadId"], "x" * 32)).status_code == 404


def test_an_individual_customers_upload_is_theirs_alone(catalog, sign_in, client):
    data = data_of(post_upload(client, MIXED, token=sign_in("b2c")))

    upload = BulkUpload.objects.get(key=data["uploadId"])
    assert (upload.channel_id, upload.user.email, upload.company) == (None, "b2c@demo.test", None)
    assert fetch(client, data["result"]["errorFile"], token=sign_in("b2c")).status_code == 200
    assert fetch(client, data["result"]["errorFile"], token=sign_in("admin")).status_code == 404
    assert fetch(client, data["result"]["errorFile"]).status_code == 404


# --- the Celery job -----------------------------------------------------------------------------------------------


def test_a_large_file_is_validated_by_a_job_the_overlay_polls(catalog, sign_in, client, monkeypatch,
                                                               django_capture_on_commit_callbacks):  # fmt: skip
    monkeypatch.setattr(services, "SYNC_MAX_BYTES", 10)
    token = sign_in("senior")

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        queued = data_of(post_upload(client, MIXED, token=token, channelId=1))

    assert (queued["status"], queued["progress"], queued["result"]) == ("pending", 0, None)
    upload = BulkUpload.objects.get(key=queued["uploadId"])
    assert upload.source.name and private_storage().exists(upload.source.name)
    assert len(callbacks) == 1
    callbacks[0]()  # the job, eagerly (CELERY_TASK_ALWAYS_EAGER)

    polled = data_of(fetch(client, f"{UPLOAD_URL}/{queued['uploadId']}", token=token))
    assert (polled["status"], polled["progress"]) == ("done", 100)
    assert (polled["result"]["validCount"], polled["result"]["errorCount"]) == (2, 4)
    upload.refresh_from_db()
    assert not upload.source and not private_storage().exists(f"bulk-uploads/{upload.key}/upload.csv")
    assert fetch(client, polled["result"]["errorFile"], token=token).status_code == 200


def test_a_job_refusing_the_whole_file_reports_it_when_polled(catalog, sign_in, client, monkeypatch,
                                                               django_capture_on_commit_callbacks):  # fmt: skip
    monkeypatch.setattr(services, "SYNC_MAX_BYTES", 10)
    token = sign_in("senior")

    with django_capture_on_commit_callbacks(execute=True):  # the job runs when the upload's transaction commits
        queued = data_of(post_upload(client, "sku,qty\nHS-1001-500ML,1\nHS-1001-500ML,1,x\n", token=token, channelId=1))
    polled = data_of(fetch(client, f"{UPLOAD_URL}/{queued['uploadId']}", token=token))

    assert (polled["status"], polled["result"]) == ("failed", None)
    assert polled["error"] == {"code": "BULK_TEMPLATE_MISMATCH", "message": TEMPLATE}
    assert stored_files() == []


def test_a_job_runs_once_whoever_delivers_it(catalog, sign_in, client, monkeypatch,
                                              django_capture_on_commit_callbacks):  # fmt: skip
    monkeypatch.setattr(services, "SYNC_MAX_BYTES", 10)
    with django_capture_on_commit_callbacks(execute=True):
        data = data_of(post_upload(client, MIXED, token=sign_in("senior"), channelId=1))
    upload = BulkUpload.objects.get(key=data["uploadId"])
    finished = upload.finished_at

    assert services.product_upload_run(upload_id=upload.pk) is False  # a duplicated delivery: nothing to claim
    upload.refresh_from_db()
    assert (upload.status, upload.finished_at) == ("done", finished)


def test_a_claim_without_heartbeat_is_interrupted_not_taken_over(catalog, sign_in, client, monkeypatch, settings,
                                                                  django_capture_on_commit_callbacks):  # fmt: skip
    monkeypatch.setattr(services, "SYNC_MAX_BYTES", 10)
    settings.JOB_STALE_SECONDS = 300
    with django_capture_on_commit_callbacks(execute=False):
        data = data_of(post_upload(client, MIXED, token=sign_in("senior"), channelId=1))
    upload = BulkUpload.objects.get(key=data["uploadId"])
    # A worker claimed it and went silent: within the stale limit a second delivery leaves it alone; after it, the
    # second delivery marks it interrupted (issue 36 item 1) instead of checking the file again.
    BulkUpload.objects.filter(pk=upload.pk).update(
        status="running", claim_token="dead-worker", heartbeat_at=timezone.now() - datetime.timedelta(minutes=4)
    )
    assert services.product_upload_run(upload_id=upload.pk) is False
    assert BulkUpload.objects.get(pk=upload.pk).status == "running"
    BulkUpload.objects.filter(pk=upload.pk).update(heartbeat_at=timezone.now() - datetime.timedelta(minutes=6))

    assert services.product_upload_run(upload_id=upload.pk) is False
    upload.refresh_from_db()
    assert (upload.status, upload.failure_code, upload.valid_count) == ("failed", "BULK_UPLOAD_INTERRUPTED", 0)
    assert stored_files() == []


def test_progress_is_the_claims_heartbeat_and_a_lost_claim_stops_the_run(catalog, sign_in, client):
    upload = BulkUpload.objects.create(file_name="big.csv", file_size=1000)
    token = services._claim(upload.pk)
    progress = services._Progress(upload, token)

    progress(250)
    progress(240)  # never backwards
    upload.refresh_from_db()
    assert (upload.status, upload.progress) == ("running", 25)
    BulkUpload.objects.filter(pk=upload.pk).update(claim_token="another-run")
    with pytest.raises(services.ClaimLost):
        progress(500)  # the next report of a run that lost its claim
    assert BulkUpload.objects.get(pk=upload.pk).progress == 25


def test_progress_stops_at_99_until_the_result_is_stored(catalog):
    upload = BulkUpload.objects.create(file_name="big.csv", file_size=1000)
    progress = services._Progress(upload, services._claim(upload.pk))

    progress(1000)

    assert BulkUpload.objects.get(pk=upload.pk).progress == 99


def test_a_run_that_lost_its_claim_writes_nothing(catalog, sign_in, client, monkeypatch,
                                                  django_capture_on_commit_callbacks):  # fmt: skip
    monkeypatch.setattr(services, "SYNC_MAX_BYTES", 10)
    with django_capture_on_commit_callbacks(execute=False):
        data = data_of(post_upload(client, MIXED, token=sign_in("senior"), channelId=1))
    upload = BulkUpload.objects.get(key=data["uploadId"])
    taking_over = services._finish

    def taken_over_meanwhile(upload, *, token, **kwargs):
        BulkUpload.objects.filter(pk=upload.pk).update(claim_token="the-next-run")
        return taking_over(upload, token=token, **kwargs)

    monkeypatch.setattr(services, "_finish", taken_over_meanwhile)

    assert services.product_upload_run(upload_id=upload.pk) is False
    upload.refresh_from_db()
    assert (upload.status, upload.result, upload.error_file.name) == ("running", {}, "")
    assert stored_files() == [f"{upload.key}/upload.csv"]


# --- expiry -------------------------------------------------------------------------------------------------------


def test_uploads_expire_after_a_day_with_their_files(catalog, sign_in, client):
    token = sign_in("senior")
    old = data_of(post_upload(client, MIXED, token=token, channelId=1))
    BulkUpload.objects.filter(key=old["uploadId"]).update(created_at=timezone.now() - datetime.timedelta(hours=25))

    assert fetch(client, old["result"]["errorFile"], token=token).status_code == 404
    new = data_of(post_upload(client, MIXED, token=token, channelId=1))  # a new upload purges expired ones

    assert list(BulkUpload.objects.values_list("key", flat=True)) == [new["uploadId"]]
    assert sorted(stored_files()) == sorted([f"{new['uploadId']}/errors.csv", f"{new['uploadId']}/stock-errors.csv"])
    assert services.bulk_uploads_purge() == 0


def test_the_beat_schedule_purges_expired_uploads_every_hour(catalog, sign_in, client, settings):
    from pricing import tasks

    token = sign_in("senior")
    old = data_of(post_upload(client, MIXED, token=token, channelId=1))
    fresh = data_of(post_upload(client, MIXED, token=token, channelId=1))
    BulkUpload.objects.filter(key=old["uploadId"]).update(created_at=timezone.now() - datetime.timedelta(hours=25))
    entry = settings.CELERY_BEAT_SCHEDULE["bulk-uploads-purge"]

    purged = tasks.bulk_uploads_purge.delay().get()

    assert (entry["task"], entry["schedule"]) == (tasks.bulk_uploads_purge.name, 3600.0)
    assert purged == 1
    assert list(BulkUpload.objects.values_list("key", flat=True)) == [fresh["uploadId"]]
    assert sorted(stored_files()) == [f"{fresh['uploadId']}/errors.csv", f"{fresh['uploadId']}/stock-errors.csv"]


def test_the_answer_is_the_envelope_of_shell_8(catalog, sign_in, client):
    response = post_upload(client, MIXED, token=sign_in("senior"), channelId=1)

    body = json.loads(response.content)
    assert (body["code"], body["message"]) == (200, "Validated")
