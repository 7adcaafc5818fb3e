"""Attachments (business §5 drop zone, checked by content) and the quote PDF: who may upload and download, and
never another company's."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from quotes.models import QuoteAttachment
from quotes.selectors import quote_access_key
from tests.helpers import error_code, pdf_text, rest_refusal
from tests.quotes.support import ADD, DETAIL, DRAFT, PDF, SUBMIT, line, make_quote, pdf_file, png_file, price

pytestmark = pytest.mark.django_db

UPLOAD = "/api/v2/quotes/attachments"


def _upload(client, upload, token=None, **fields):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return client.post(UPLOAD, {"mediaFile": upload, **fields}, **headers)


def _get(client, url, token=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return client.get(url.removeprefix("http://testserver"), **headers)


def test_a_guest_drops_files_on_the_draft_by_its_key(ethanol, graphql, client):
    key = graphql(ADD, {"lines": [line("HS-1001-100ML")]})["data"]["quoteDraftAddLines"]["draft"]["draftKey"]
    response = _upload(client, pdf_file("protocol.pdf"), draftKey=key)
    assert response.status_code == 200
    body = response.json()
    assert body["message"] == "File protocol.pdf successfully added."
    assert (body["data"]["fileName"], body["data"]["contentType"]) == ("protocol.pdf", "application/pdf")
    files = graphql(DRAFT, {"key": key})["data"]["quoteDraft"]["fileInfo"]
    assert [f["fileName"] for f in files] == ["protocol.pdf"]
    assert _get(client, files[0]["downloadUrl"]).status_code == 200
    assert response.json()["data"]["draftKey"] == key
    # Without a key a guest's file starts a new draft, whose key comes back.
    fresh = _upload(client, png_file()).json()["data"]
    assert fresh["draftKey"] not in (None, key)
    assert [f["fileName"] for f in graphql(DRAFT, {"key": fresh["draftKey"]})["data"]["quoteDraft"]["fileInfo"]] == [
        "photo.png"
    ]
    # A file of another draft is not downloadable by the draft key of this one.
    assert _get(client, f"/api/v2/quotes/attachments/{fresh['id']}?draftKey={key}").status_code == 404
    assert _get(client, f"/api/v2/quotes/attachments/{fresh['id']}?draftKey={fresh['draftKey']}").status_code == 200


def test_files_are_checked_by_content_size_and_count_with_the_spec_texts(demo_store, graphql, client, login):
    token = login("senior@acme.test")
    fake = SimpleUploadedFile("invoice.pdf", b"MZ\x90\x00 this is a program", content_type="application/pdf")
    error = rest_refusal(_upload(client, fake, token=token), 400)
    assert error["extensions"]["code"] == "QUOTE_FILE_REJECTED"
    assert error["message"] == (
        "File invoice.pdf was rejected. File type not supported. File is too big. Size limit is 3 MB."
    )
    big = SimpleUploadedFile("big.pdf", b"%PDF-1.4\n" + b"0" * 3_000_000, content_type="application/pdf")
    assert error_code(_upload(client, big, token=token).json()) == "QUOTE_FILE_REJECTED"
    svg = SimpleUploadedFile("logo.svg", b"<svg xmlns='http://www.w3.org/2000/svg'/>", content_type="image/svg+xml")
    assert error_code(_upload(client, svg, token=token).json()) == "QUOTE_FILE_REJECTED"
    for name in ("a.pdf", "b.png", "c.pdf"):
        upload = png_file(name) if name.endswith(".png") else pdf_file(name)
        assert _upload(client, upload, token=token).status_code == 200
    fourth = rest_refusal(_upload(client, pdf_file("d.pdf"), token=token), 400)
    assert fourth["extensions"]["code"] == "QUOTE_TOO_MANY_FILES"
    assert fourth["message"] == "Maximum allowed number of files exceeded. Only 3 allowed"
    assert QuoteAttachment.objects.count() == 3


def test_two_files_in_one_request_are_refused_rather_than_one_dropped(demo_store, client, login):
    token = login("senior@acme.test")
    response = client.post(
        "/api/v2/quotes/attachments",
        {"mediaFile": [pdf_file("a.pdf"), pdf_file("b.pdf")]},
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert rest_refusal(response, 400)["extensions"] == {
        "code": "VALIDATION_ERROR",
        "fields": {"mediaFile": ["Send one file at a time."]},
        "fieldCodes": {"mediaFile": ["too_many_files"]},
    }
    assert QuoteAttachment.objects.count() == 0


def test_attachments_follow_the_quote_and_never_reach_another_company(ethanol, graphql, client, login):
    token = login("senior@acme.test")
    graphql(ADD, {"lines": [line("HS-1001-100ML")]}, token=token)
    assert _upload(client, pdf_file("specs.pdf"), token=token).status_code == 200
    quote_id = graphql(SUBMIT, {}, token=token)["data"]["quoteDraftSubmit"]["quoteId"]
    attachment = QuoteAttachment.objects.get()
    assert (attachment.quote_id, attachment.draft_id) == (quote_id, None)
    direct = f"/api/v2/quotes/attachments/{attachment.pk}"
    # The buyer, and a company colleague with get_quote_detail at level 2, download it.
    assert _get(client, direct, token).status_code == 200
    response = _get(client, direct, login("admin@acme.test"))
    assert response.status_code == 200
    assert b"".join(response.streaming_content).startswith(b"%PDF")
    assert response["Content-Disposition"].startswith('attachment; filename="specs.pdf"')
    # Globex, a junior of Acme (not their quote), and an anonymous caller get nothing.
    for other in (login("admin@globex.test"), login("junior@acme.test"), None):
        assert _get(client, direct, other).status_code == 404
    # The detail's signed link works without a token, for a few minutes.
    detail = graphql(DETAIL, {"id": quote_id}, token=token)["data"]["quote"]
    (shown,) = detail["attachments"]
    assert (shown["fileName"], shown["fromSupplier"]) == ("specs.pdf", False)
    assert _get(client, shown["downloadUrl"]).status_code == 200
    assert _get(client, f"{direct}?token=forged").status_code == 404
    # Globex cannot attach a file to Acme's quote either.
    refused = _upload(client, pdf_file(), login("admin@globex.test"), quoteId=str(quote_id))
    assert rest_refusal(refused, 404)["extensions"]["code"] == "NOT_FOUND"
    assert QuoteAttachment.objects.count() == 1


def test_a_buyer_adds_a_file_to_a_submitted_quote_and_a_guest_with_the_key(ethanol, client, login):
    quote = make_quote("senior@acme.test")
    response = _upload(client, pdf_file("po-draft.pdf"), login("senior@acme.test"), quoteId=quote.number)
    assert response.status_code == 200
    guest = make_quote(None)
    assert _upload(client, pdf_file(), quoteId=str(guest.pk)).status_code == 404
    key = quote_access_key(guest)
    assert _upload(client, pdf_file(), quoteId=str(guest.pk), accessKey=key).status_code == 200
    assert QuoteAttachment.objects.filter(quote=guest).count() == 1


def test_the_quote_pdf_is_a_real_pdf_with_the_quote_number(ethanol, graphql, client, login):
    quote = make_quote("senior@acme.test", title="QC balances")
    price(quote)
    token = login("senior@acme.test")
    result = graphql(PDF, {"id": quote.pk}, token=token)["data"]["quotePdf"]
    assert result["fileName"] == f"quote-{quote.number}.pdf"
    response = _get(client, result["url"])
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    content = response.content
    assert content.startswith(b"%PDF-") and len(content) > 5_000
    text = pdf_text(content)
    assert quote.number in text
    for quote_line in quote.lines.all():
        assert quote_line.sku in text and quote_line.name in text
    # With the bearer token directly, and refused to another company or without the permission.
    assert _get(client, f"/api/v2/quotes/{quote.pk}/pdf", token).content.startswith(b"%PDF-")
    assert _get(client, f"/api/v2/quotes/{quote.pk}/pdf", login("admin@globex.test")).status_code == 404
    assert _get(client, f"/api/v2/quotes/{quote.pk}/pdf").status_code == 404
    assert error_code(graphql(PDF, {"id": quote.pk}, token=login("admin@globex.test"))) == "NOT_FOUND"
    from accounts.models import RolePermission

    RolePermission.objects.filter(template__role=1, code="get_quote_pdf").delete()
    assert error_code(graphql(PDF, {"id": quote.pk}, token=login("senior@acme.test"))) == "PERMISSION_DENIED"
    denied = rest_refusal(_get(client, f"/api/v2/quotes/{quote.pk}/pdf", login("senior@acme.test")), 403)
    assert denied["extensions"]["code"] == "PERMISSION_DENIED"


REMOVE_FILE = """mutation($key: String, $id: Int!) {
  quoteDraftRemoveFile(draftKey: $key, fileId: $id) { draft { fileInfo { id } } } }"""
CLEAR = (
    "mutation($key: String) { quoteDraftClear(draftKey: $key) { draft { id products { id } fileInfo { id } note } } }"
)


def test_files_are_removed_from_the_draft_and_the_storage(ethanol, graphql, client, django_capture_on_commit_callbacks):
    data = _upload(client, pdf_file()).json()["data"]
    key = data["draftKey"]
    second = _upload(client, png_file(), draftKey=key).json()["data"]
    attachment = QuoteAttachment.objects.get(pk=data["id"])
    storage, name = attachment.file.storage, attachment.file.name
    other_key = _upload(client, pdf_file()).json()["data"]["draftKey"]
    assert error_code(graphql(REMOVE_FILE, {"key": other_key, "id": data["id"]})) == "NOT_FOUND"
    with django_capture_on_commit_callbacks(execute=True):
        body = graphql(REMOVE_FILE, {"key": key, "id": data["id"]})
    assert body["data"]["quoteDraftRemoveFile"]["draft"]["fileInfo"] == [{"id": second["id"]}]
    assert not storage.exists(name)
    graphql(ADD, {"key": key, "lines": [line("HS-1001-100ML")]})
    cleared = graphql(CLEAR, {"key": key})["data"]["quoteDraftClear"]["draft"]
    assert (cleared["products"], cleared["fileInfo"], cleared["note"]) == ([], [], "")
    assert QuoteAttachment.objects.filter(draft__isnull=False).count() == 1  # the other guest's
