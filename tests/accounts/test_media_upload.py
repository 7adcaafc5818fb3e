"""POST /api/v2/media/upload (shell §5, §7; business §5 file drop): accepted types checked by content, 3,000,000
bytes, 3 files per applicant, rate-limited for guests; a refused upload stores nothing (issue 5)."""

import io
import zipfile
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from accounts.models import MediaFile
from accounts.services import b2b_token_issue
from accounts.uploads import detect
from tests.factories.accounts import UserFactory
from tests.helpers import rest_refusal

pytestmark = pytest.mark.django_db

URL = "/api/v2/media/upload"
REJECTED = "File {name} was rejected. File type not supported. File is too big. Size limit is 3 MB."
TOO_MANY = "Maximum allowed number of files exceeded. Only 3 allowed"


# --- sample files --------------------------------------------------------------------------------------------------


def pdf_bytes() -> bytes:
    return b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def png_bytes() -> bytes:
    return b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + b"\x00" * 40


def jpeg_bytes() -> bytes:
    return b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + b"\x00" * 40 + b"\xff\xd9"


def ooxml_bytes(kind: str = "docx", *, macro: bool = False) -> bytes:
    main = {
        "docx": (
            "word/document.xml",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
        ),
        "xlsx": ("xl/workbook.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"),
    }[kind]
    buffer = io.BytesIO()

    def entry(name: str) -> zipfile.ZipInfo:
        # A fixed time, not now: the same bytes whenever the module is imported (pytest-xdist's workers each collect
        # the tests, and their parameter ids, which hold these bytes, must agree).
        return zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))

    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(
            entry("[Content_Types].xml"),
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            f'<Override PartName="/{main[0]}" ContentType="{main[1]}"/></Types>',
        )
        archive.writestr(entry(main[0]), "<document/>")
        if macro:
            archive.writestr(entry("word/vbaProject.bin"), b"\x00macro")
    return buffer.getvalue()


def ole2_bytes(stream: str = "WordDocument") -> bytes:
    return b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 500 + stream.encode("utf-16-le") + b"\x00" * 100


ELF = b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 200
EXE = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff" + b"\x00" * 200


def upload(client, name: str, data: bytes, *, session: str | None = None, token: str | None = None, **extra):
    payload = {"mediaFile": SimpleUploadedFile(name, data), "requestType": "companyAttachedFile"}
    if session:
        payload["uploadSession"] = session
    payload.update(extra)
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return client.post(URL, payload, REMOTE_ADDR="203.0.113.7", **headers)


@pytest.fixture
def private_media(settings, tmp_path) -> Path:
    """The private storage's directory for this test (every stored file must show up here)."""
    root = tmp_path / "private-media"
    settings.PRIVATE_MEDIA_ROOT = str(root)
    return root


def stored_files(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file()] if root.exists() else []


def assert_refused(response, status: int, code: str, message: str, root: Path, before: int = 0) -> None:
    error = rest_refusal(response, status)
    assert (error["extensions"]["code"], error["message"]) == (code, message)
    assert MediaFile.objects.count() == before
    assert len(stored_files(root)) == before


# --- accepted ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "data", "mime"),
    [
        ("certificate.pdf", pdf_bytes(), "application/pdf"),
        ("letter.docx", ooxml_bytes("docx"), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
        ("prices.xlsx", ooxml_bytes("xlsx"), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        ("old.doc", ole2_bytes("WordDocument"), "application/msword"),
        ("old.xls", ole2_bytes("Workbook"), "application/vnd.ms-excel"),
        ("staff.csv", "name,role\nÅsa,chemist\n".encode(), "text/csv"),
        ("logo.PNG", png_bytes(), "image/png"),
        ("photo.jpeg", jpeg_bytes(), "image/jpeg"),
        ("scan.gif", b"GIF89a" + b"\x00" * 20, "image/gif"),
        ("scan.webp", b"RIFF\x24\x00\x00\x00WEBPVP8 " + b"\x00" * 20, "image/webp"),
    ],
)
def test_accepted_types_are_stored_privately(demo_store, client, private_media, name, data, mime):
    response = upload(client, name, data)

    body = response.json()
    assert response.status_code == 200, body
    assert body["code"] == 200
    media = MediaFile.objects.get()
    assert body["data"] == {
        "id": str(media.pk), "fileName": name, "fileSize": len(data), "fileType": mime,
        "requestType": "companyAttachedFile", "uploadSession": body["data"]["uploadSession"], "filesInSession": 1,
        "maxFiles": 3,
    }  # fmt: skip
    [path] = stored_files(private_media)
    assert path.read_bytes() == data
    assert name.rsplit(".", 1)[0] not in str(path)  # a random name, never the uploader's
    assert media.company is None and media.uploaded_by is None
    with pytest.raises(ValueError, match="no public URL"):
        _ = media.file.url


def test_an_image_with_the_wrong_image_extension_is_kept_as_what_it_is(demo_store, client, private_media):
    response = upload(client, "photo.png", jpeg_bytes())

    assert response.status_code == 200
    assert response.json()["data"]["fileType"] == "image/jpeg"
    assert stored_files(private_media)[0].suffix == ".jpg"


# --- refused -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("invoice.pdf", ELF),  # a Linux executable named .pdf
        ("invoice.pdf", EXE),  # a Windows executable named .pdf
        ("setup.exe", EXE),
        ("report.docx", EXE),
        ("report.doc", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600),  # OLE2 but not Word (e.g. an .msi)
        ("report.docm.docx", ooxml_bytes("docx", macro=True)),  # macros
        ("report.docx", ooxml_bytes("xlsx")),  # a workbook named as a document
        ("report.docx", b"PK\x03\x04not really a zip"),
        ("table.csv", b"name,role\x00\x01\x02"),  # binary, not text
        ("table.csv", b"\xff\xfe\xfd not utf-8"),
        ("logo.svg", b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        ("notes.txt", b"plain text"),
        ("scan.pdf", png_bytes()),  # an image named .pdf: wrong content type
        ("noextension", pdf_bytes()),
    ],
)
def test_files_that_are_not_what_they_claim_are_refused_and_nothing_is_stored(
    demo_store, client, private_media, name, data
):
    response = upload(client, name, data)

    assert_refused(response, 400, "FILE_TYPE_NOT_ALLOWED", REJECTED.format(name=name), private_media)


def test_a_file_over_3000000_bytes_is_refused(demo_store, client, private_media):
    data = pdf_bytes() + b"0" * (3_000_001 - len(pdf_bytes()))

    response = upload(client, "big.pdf", data)

    assert_refused(response, 400, "FILE_TOO_LARGE", REJECTED.format(name="big.pdf"), private_media)


def test_a_file_of_exactly_3000000_bytes_is_accepted(demo_store, client, private_media):
    data = pdf_bytes() + b"0" * (3_000_000 - len(pdf_bytes()))

    assert upload(client, "max.pdf", data).status_code == 200


def test_a_huge_request_is_refused_before_it_is_read(demo_store, client, private_media):
    response = client.generic(
        "POST", URL, b"x" * 10, content_type="multipart/form-data; boundary=x", CONTENT_LENGTH="50000000"
    )

    assert rest_refusal(response, 413)["extensions"]["code"] == "FILE_TOO_LARGE"
    assert MediaFile.objects.count() == 0


def test_a_fourth_file_of_the_same_applicant_is_refused(demo_store, client, private_media):
    session = upload(client, "a.pdf", pdf_bytes()).json()["data"]["uploadSession"]
    upload(client, "b.pdf", pdf_bytes(), session=session)
    third = upload(client, "c.png", png_bytes(), session=session).json()
    assert third["data"]["filesInSession"] == 3

    response = upload(client, "d.pdf", pdf_bytes(), session=session)

    assert_refused(response, 400, "TOO_MANY_FILES", TOO_MANY, private_media, before=3)
    # Another applicant (another upload session) is not affected.
    assert upload(client, "e.pdf", pdf_bytes()).status_code == 200


def test_a_removed_file_frees_its_place(demo_store, client, private_media, django_capture_on_commit_callbacks):
    first = upload(client, "a.pdf", pdf_bytes()).json()["data"]
    session = first["uploadSession"]
    upload(client, "b.pdf", pdf_bytes(), session=session)
    upload(client, "c.pdf", pdf_bytes(), session=session)

    stranger = client.delete(f"{URL}/{first['id']}", HTTP_X_UPLOAD_SESSION="x" * 43)
    assert stranger.status_code == 404 and MediaFile.objects.count() == 3
    with django_capture_on_commit_callbacks(execute=True):  # the file goes once the row's deletion is committed
        removed = client.delete(f"{URL}/{first['id']}", HTTP_X_UPLOAD_SESSION=session)

    assert removed.status_code == 200
    assert MediaFile.objects.count() == 2 and len(stored_files(private_media)) == 2
    assert upload(client, "d.pdf", pdf_bytes(), session=session).status_code == 200


def test_a_signed_in_users_files_count_against_the_user(demo_store, client, private_media):
    token = b2b_token_issue(user=UserFactory()).raw
    for name in ("a.pdf", "b.pdf", "c.pdf"):
        assert upload(client, name, pdf_bytes(), token=token).status_code == 200

    response = upload(client, "d.pdf", pdf_bytes(), token=token)  # even in a fresh upload session

    assert_refused(response, 400, "TOO_MANY_FILES", TOO_MANY, private_media, before=3)


def test_guests_are_rate_limited(demo_store, client, private_media):
    for i in range(20):
        assert upload(client, f"f{i}.pdf", pdf_bytes()).status_code == 200
    MediaFile.objects.all().delete()
    for path in stored_files(private_media):
        path.unlink()

    response = upload(client, "one-too-many.pdf", pdf_bytes())

    assert_refused(response, 429, "TOO_MANY_REQUESTS", "Too many requests. Please wait a while and try again.",
                   private_media)  # fmt: skip


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"requestType": "companyAttachedFile"}, "FILE_MISSING"),
        ({"requestType": "somethingElse", "mediaFile": SimpleUploadedFile("a.pdf", pdf_bytes())},
         "INVALID_REQUEST_TYPE"),
        ({"requestType": "companyAttachedFile", "mediaFile": SimpleUploadedFile("a.pdf", pdf_bytes()),
          "uploadSession": "short"}, "INVALID_UPLOAD_SESSION"),
    ],
)  # fmt: skip
def test_malformed_uploads_are_refused(demo_store, client, private_media, payload, code):
    response = client.post(URL, payload)

    assert rest_refusal(response, 400)["extensions"]["code"] == code
    assert MediaFile.objects.count() == 0 and stored_files(private_media) == []


def test_two_files_in_one_request_are_refused_rather_than_one_dropped(demo_store, client, private_media):
    files = [SimpleUploadedFile("a.pdf", pdf_bytes()), SimpleUploadedFile("b.pdf", pdf_bytes())]
    response = client.post(URL, {"requestType": "companyAttachedFile", "mediaFile": files})

    error = rest_refusal(response, 400)
    assert (error["message"], error["extensions"]["code"]) == ("Send one file at a time.", "TOO_MANY_FILES")
    assert MediaFile.objects.count() == 0 and stored_files(private_media) == []


def test_only_post_is_allowed(demo_store, client):
    assert rest_refusal(client.get(URL), 405)["extensions"]["code"] == "BAD_REQUEST"


def test_detection_needs_both_the_extension_and_the_content():
    assert detect("a.pdf", pdf_bytes()).kind == "pdf"
    assert detect("a.exe", pdf_bytes()) is None
    assert detect("a.pdf", b"") is None
    assert detect("a.bmp", b"BM" + b"\x00" * 12 + (40).to_bytes(4, "little") + b"\x00" * 40).kind == "bmp"
    assert detect("a.tiff", b"II*\x00" + b"\x00" * 20).kind == "tiff"


# --- issue 12: a sent token is never a guest; the cap of three holds under parallel uploads ----------------------


@pytest.mark.parametrize("token", ["garbage", "x" * 43, "expired"])
def test_a_token_that_is_sent_but_invalid_is_refused_not_read_as_a_guest(demo_store, client, private_media, token):
    if token == "expired":
        from accounts.models import B2BToken

        issued = b2b_token_issue(user=UserFactory())
        B2BToken.objects.filter(pk=issued.token.pk).update(revoked_at="2020-01-01T00:00:00Z")
        token = issued.raw

    response = upload(client, "a.pdf", pdf_bytes(), token=token)

    assert rest_refusal(response, 401)["extensions"]["code"] == 40101
    assert MediaFile.objects.count() == 0 and stored_files(private_media) == []
    media = MediaFile.objects.create(original_name="x.pdf", size=1, upload_session="s", request_type="x")
    removed = client.delete(f"{URL}/{media.pk}", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert rest_refusal(removed, 401)["extensions"]["code"] == 40101
    assert MediaFile.objects.filter(pk=media.pk).exists()


@pytest.mark.django_db(transaction=True)
def test_parallel_uploads_of_one_applicant_keep_at_most_three_files(demo_store, private_media):
    """Nine uploads at once in one guest upload session (the harness left five files): exactly three are kept."""
    import threading

    from django.db import connection
    from django.test import Client

    session = upload(Client(), "first.pdf", pdf_bytes()).json()["data"]["uploadSession"]
    start = threading.Barrier(8)
    statuses: list[int] = []

    def send(i: int) -> None:
        try:
            start.wait()
            statuses.append(upload(Client(), f"f{i}.pdf", pdf_bytes(), session=session).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(statuses) == [200, 200] + [400] * 6
    assert MediaFile.objects.count() == 3
    assert len(stored_files(private_media)) == 3
