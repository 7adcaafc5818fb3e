"""Every REST edge of shell §7 on Django REST framework (issue 23): a token that is sent and not valid is 40101 on
every bearer edge, and every refusal — anonymous, another company, wrong method, malformed or oversized body,
throttled, CSRF — leaves in the API's one shape with its code, keeping nothing it refused.

The edges, by how they know the caller:
- bearer token (a guest may send none): media upload and delete, quote attachment upload and download, quote PDF;
- the storefront's session, CSRF on every unsafe request: CSRF token, customer JWT, sign-in, sign-out, END
  MASQUERADE, the product page's live price;
- nobody: the store's translations.
A case is listed for the edges where it can happen (a GET has no body; only uploads and sign-in are limited).
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.conf import settings as django_settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import resolve
from django.utils import timezone
from rest_framework.views import APIView

from accounts import services as account_services
from accounts.models import B2BToken, MasqueradeSession, MediaFile, User
from accounts.selectors import actor_for_token
from portal import ratelimit
from quotes import services as quote_services
from quotes.models import QuoteAttachment, QuoteDraft
from tests.helpers import rest_refusal
from tests.quotes.support import make_quote, pdf_file

pytestmark = pytest.mark.django_db

JWT = f"/customer/current.jwt?app_client_id={django_settings.PORTAL_APP_CLIENT_ID}"
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


@dataclass(frozen=True)
class Edge:
    name: str
    method: str
    path: str  # `{media}`, `{attachment}`, `{quote}`, `{product}` are the world's
    kind: str  # "bearer", "session" or "public"
    form: dict = field(default_factory=dict)  # a valid body: the request would change something if it were heard

    def url(self, world) -> str:
        return self.path.format(**vars(world.ids))


EDGES = {
    edge.name: edge
    for edge in (
        Edge("media upload", "POST", "/api/v2/media/upload", "bearer", {"requestType": "companyAttachedFile"}),
        Edge("media delete", "DELETE", "/api/v2/media/upload/{media}", "bearer"),
        Edge("quote attachment upload", "POST", "/api/v2/quotes/attachments", "bearer", {"quoteId": "{quote}"}),
        Edge("quote attachment download", "GET", "/api/v2/quotes/attachments/{attachment}", "bearer"),
        Edge("quote pdf", "GET", "/api/v2/quotes/{quote}/pdf", "bearer"),
        Edge("translations", "GET", "/storefront/translation/helix-scientific/1/login?lang=en", "public"),
        Edge("csrf token", "GET", "/api/v2/csrf-token", "session"),
        Edge("customer jwt", "GET", JWT, "session"),
        Edge("sign-in", "POST", "/login/", "session", {"email": "senior@acme.test", "password": "Demo1234"}),
        Edge("sign-out", "POST", "/logout/", "session"),
        Edge("masquerade end", "POST", "/masquerade/end/", "session", {"next": "/"}),
        Edge("live price", "GET", "/products/{product}/price/?qty=2", "session"),
    )
}
BEARER_EDGES = [name for name, edge in EDGES.items() if edge.kind == "bearer"]
OTHER_EDGES = [name for name, edge in EDGES.items() if edge.kind != "bearer"]
SESSION_POSTS = ["sign-in", "sign-out", "masquerade end"]


@pytest.fixture
def world(ethanol, login, settings, tmp_path):
    """Acme's senior buyer with a submitted quote, a file on it and an application file; Globex's admin; a super
    admin masquerading as Acme (whose END the storefront could send)."""
    settings.PRIVATE_MEDIA_ROOT = str(tmp_path / "private")
    senior = User.objects.get(email="senior@acme.test")
    quote = make_quote("senior@acme.test")
    attachment = quote_services.quote_attachment_add(
        quote=quote, upload=pdf_file(), uploaded_by=senior, from_staff=False
    )
    media = account_services.media_upload(
        uploaded_file=SimpleUploadedFile("letter.pdf", PDF), request_type="companyAttachedFile", upload_session=None,
        user=senior,
    ).media  # fmt: skip
    revoked = account_services.b2b_token_issue(user=senior)
    account_services.b2b_token_revoke(raw_token=revoked.raw)
    expired = account_services.b2b_token_issue(user=senior)
    B2BToken.objects.filter(pk=expired.token.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    super_token = login("superadmin@demo.test")
    account_services.masquerade_begin(actor=actor_for_token(super_token), company_id=senior.membership.company_id)
    return SimpleNamespace(
        ids=SimpleNamespace(media=media.pk, attachment=attachment.pk, quote=quote.pk, product=ethanol.slug),
        senior=login("senior@acme.test"),
        globex=login("admin@globex.test"),
        tokens={"garbage": "not-a-token", "revoked": revoked.raw, "expired": expired.raw},
        private=tmp_path / "private",
    )


def stored(world) -> dict:
    """What a refused request must leave as it was."""
    return {
        "application files": list(MediaFile.objects.values_list("pk", flat=True)),
        "quote attachments": list(QuoteAttachment.objects.values_list("pk", flat=True)),
        "drafts": QuoteDraft.objects.count(),
        "files": sorted(str(path) for path in world.private.rglob("*") if path.is_file()),
        "live tokens": B2BToken.objects.filter(revoked_at__isnull=True).count(),
        "open masquerades": MasqueradeSession.objects.filter(ended_at__isnull=True).count(),
    }


def csrf_client(email: str | None = None) -> tuple[Client, str]:
    """A browser as the storefront's pages make it (signed in as `email`): CSRF checked, with the token the API hands
    out."""
    client = Client(enforce_csrf_checks=True)
    if email:
        client.force_login(User.objects.get(email=email))
    return client, client.get("/api/v2/csrf-token").json()["csrfToken"]


def send(client: Client, edge: Edge, world, *, method: str | None = None, token: str | None = None, **extra):
    """The edge's request: its valid body (a fresh file for the uploads), the bearer token if given."""
    if token:
        extra["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    method = method or edge.method
    url = edge.url(world)
    if method == "POST" and "data" not in extra:
        data = {name: value.format(**vars(world.ids)) for name, value in edge.form.items()}
        if edge.kind == "bearer":
            data["mediaFile"] = SimpleUploadedFile("specs.pdf", PDF, content_type="application/pdf")
        return client.post(url, data, **extra)
    return client.generic(method, url, **extra)


def code_of(response, status: int):
    return rest_refusal(response, status)["extensions"]["code"]


# --- a token that is sent is a credential: valid, or refused ----------------------------------------------------


@pytest.mark.parametrize("kind", ["garbage", "revoked", "expired"])
@pytest.mark.parametrize("name", BEARER_EDGES)
def test_a_token_that_is_sent_and_not_valid_is_40101_never_a_guest(world, client, name, kind):
    before = stored(world)

    response = send(client, EDGES[name], world, token=world.tokens[kind])

    assert code_of(response, 401) == 40101
    assert response.json()["message"] == "Your session has expired. Please sign in again."
    assert response["WWW-Authenticate"] == "Bearer"
    assert stored(world) == before


@pytest.mark.parametrize("name", OTHER_EDGES)
def test_the_shop_and_public_edges_take_no_bearer_token_and_ignore_one(world, name):
    edge = EDGES[name]
    plain, plain_token = csrf_client()
    with_token, token = csrf_client()

    answers = [
        send(client, edge, world, token=bearer, HTTP_X_CSRFTOKEN=csrf).status_code
        for client, bearer, csrf in ((plain, None, plain_token), (with_token, "not-a-token", token))
    ]

    assert answers[0] == answers[1] and answers[0] < 400


# --- who may call ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "status", "code"),
    [
        ("media delete", 404, "NOT_FOUND"),  # not the guest's upload session
        ("quote attachment upload", 404, "NOT_FOUND"),  # a company's quote, without its access key
        ("quote attachment download", 404, "NOT_FOUND"),
        ("quote pdf", 404, "NOT_FOUND"),
    ],
)
def test_an_anonymous_caller_reaches_nothing_of_a_company(world, client, name, status, code):
    before = stored(world)

    assert code_of(send(client, EDGES[name], world), status) == code
    assert stored(world) == before


@pytest.mark.parametrize(
    ("name", "status"),
    [
        ("media upload", 200),  # registration's files
        ("translations", 200),
        ("csrf token", 200),
        ("customer jwt", 204),  # nobody to hand over
        ("live price", 200),
    ],
)
def test_guests_use_the_edges_made_for_them(world, client, name, status):
    assert send(client, EDGES[name], world).status_code == status


@pytest.mark.parametrize("name", ["media delete", "quote attachment upload", "quote attachment download", "quote pdf"])
def test_another_company_reaches_nothing(world, client, name):
    before = stored(world)

    assert code_of(send(client, EDGES[name], world, token=world.globex), 404) == "NOT_FOUND"
    assert stored(world) == before
    # The owner reaches it (and the upload and the delete change what they should).
    assert send(client, EDGES[name], world, token=world.senior).status_code == 200


def test_a_signed_in_caller_without_the_permission_is_refused_not_told_it_is_missing(world, client):
    from accounts.models import RolePermission

    RolePermission.objects.filter(template__role=1, code="get_quote_pdf").delete()

    assert code_of(send(client, EDGES["quote pdf"], world, token=world.senior), 403) == "PERMISSION_DENIED"


# --- what is sent --------------------------------------------------------------------------------------------------

WRONG_METHODS = {
    "media upload": ("GET", "POST"),
    "media delete": ("POST", "DELETE"),
    "quote attachment upload": ("GET", "POST"),
    "quote attachment download": ("POST", "GET"),
    "quote pdf": ("DELETE", "GET"),
    "translations": ("POST", "GET"),
    "csrf token": ("POST", "GET"),
    "customer jwt": ("PUT", "GET"),
    "sign-in": ("PUT", "POST"),
    "sign-out": ("GET", "POST"),
    "masquerade end": ("GET", "POST"),
    "live price": ("POST", "GET"),
}


@pytest.mark.parametrize("name", list(EDGES))
def test_a_method_the_edge_does_not_serve_is_405_in_the_common_shape(world, client, name):
    wrong, served = WRONG_METHODS[name]
    before = stored(world)

    response = send(client, EDGES[name], world, method=wrong, data=b"", content_type="text/plain")

    assert code_of(response, 405) == "BAD_REQUEST"
    assert served in response["Allow"]
    assert code_of(client.options(EDGES[name].url(world)), 405) == "BAD_REQUEST"  # no self-description either
    assert stored(world) == before


@pytest.mark.parametrize(
    ("name", "content_type", "body", "status"),
    [
        ("media upload", "multipart/form-data", b"no boundary", 400),
        ("media upload", "application/json", b'{"requestType": "companyAttachedFile"}', 415),
        ("quote attachment upload", "multipart/form-data; boundary=", b"--\r\n", 400),
        ("quote attachment upload", "application/json", b"{}", 415),
        ("sign-in", "multipart/form-data", b"no boundary", 400),
        ("sign-in", "application/json", b'{"email": "senior@acme.test", "password": "Demo1234"}', 415),
        ("sign-out", "multipart/form-data", b"no boundary", 400),
        ("masquerade end", "multipart/form-data", b"no boundary", 400),
        ("masquerade end", "application/json", b'{"next": "/"}', 415),
    ],
)
def test_a_body_that_cannot_be_read_is_bad_request(world, name, content_type, body, status):
    client, csrf = csrf_client("superadmin@demo.test")
    before = stored(world)

    response = client.generic(
        "POST", EDGES[name].url(world), body, content_type=content_type, HTTP_X_CSRFTOKEN=csrf,
        HTTP_ACCEPT="application/json",
    )  # fmt: skip

    assert code_of(response, status) == "BAD_REQUEST"
    assert stored(world) == before


def test_a_query_that_cannot_be_read_is_a_validation_error(world, client):
    client.force_login(User.objects.get(email="senior@acme.test"))

    response = client.get(EDGES["customer jwt"].url(world) + "&channel_id=one")

    assert rest_refusal(response, 400)["extensions"] == {
        "code": "VALIDATION_ERROR",
        "fields": {"channel_id": ["channel_id must be a number."]},
        "fieldCodes": {"channel_id": ["invalid"]},
    }
    assert code_of(client.get("/customer/current.jwt?app_client_id=someone-else"), 400) == "VALIDATION_ERROR"


def _multipart(fields: dict, file_bytes: int) -> tuple[bytes, str]:
    boundary = "b2b-boundary"
    out = io.BytesIO()
    for name, value in fields.items():
        out.write(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    out.write(f'--{boundary}\r\nContent-Disposition: form-data; name="mediaFile"; filename="big.pdf"\r\n'.encode())
    out.write(b"Content-Type: application/pdf\r\n\r\n" + PDF + b"0" * (file_bytes - len(PDF)) + b"\r\n")
    out.write(f"--{boundary}--\r\n".encode())
    return out.getvalue(), f"multipart/form-data; boundary={boundary}"


@pytest.mark.parametrize(("name", "code"), [("media upload", "FILE_TOO_LARGE"),
                                            ("quote attachment upload", "QUOTE_FILE_REJECTED")])  # fmt: skip
def test_an_upload_larger_than_its_limit_is_413_before_it_is_read(world, client, name, code):
    edge = EDGES[name]
    body, content_type = _multipart({k: v.format(**vars(world.ids)) for k, v in edge.form.items()}, 3_100_000)
    before = stored(world)

    response = client.generic("POST", edge.url(world), body, content_type=content_type,
                              HTTP_AUTHORIZATION=f"Bearer {world.senior}")  # fmt: skip

    assert code_of(response, 413) == code
    assert stored(world) == before
    # A body that only claims to be huge is refused from its Content-Length alone.
    claimed = client.generic("POST", edge.url(world), b"x", content_type=content_type, CONTENT_LENGTH="50000000")
    assert code_of(claimed, 413) == code


@pytest.mark.parametrize("name", SESSION_POSTS)
def test_a_form_larger_than_the_request_limit_is_413(world, name):
    client, csrf = csrf_client("superadmin@demo.test")
    before = stored(world)

    body = "next=/&padding=" + "x" * django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    response = client.generic("POST", EDGES[name].url(world), body, content_type="application/x-www-form-urlencoded",
                              HTTP_X_CSRFTOKEN=csrf, HTTP_ACCEPT="application/json")  # fmt: skip

    assert code_of(response, 413) == "BAD_REQUEST"
    assert stored(world) == before
    assert "_auth_user_id" in client.session  # still the super admin's session: sign-out did not happen


def test_two_files_in_one_upload_are_refused_rather_than_one_dropped(world, client):
    files = [SimpleUploadedFile("a.pdf", PDF), SimpleUploadedFile("b.pdf", PDF)]
    before = stored(world)

    response = client.post("/api/v2/quotes/attachments", {"mediaFile": files, "quoteId": world.ids.quote},
                           HTTP_AUTHORIZATION=f"Bearer {world.senior}")  # fmt: skip

    assert rest_refusal(response, 400)["extensions"] == {
        "code": "VALIDATION_ERROR",
        "fields": {"mediaFile": ["Send one file at a time."]},
        "fieldCodes": {"mediaFile": ["too_many_files"]},
    }
    assert stored(world) == before


# --- limits ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "caller", "scope", "limit"),
    [
        ("media upload", "guest", "upload-ip", 20),
        ("media upload", "senior", "upload-user", 30),
        ("quote attachment upload", "guest", "quote-guest-upload", 30),
    ],
)
def test_uploads_over_their_hourly_limit_are_429(world, client, name, caller, scope, limit):
    token = world.senior if caller == "senior" else None
    subject = str(User.objects.get(email="senior@acme.test").pk) if token else "127.0.0.1"
    for _ in range(limit - 1):  # the hour's uploads so far, counted under the keys the services used
        ratelimit.record(scope, subject, window_seconds=3600)
    # An application file, or a file on the caller's draft (a guest's starts one).
    form = {"requestType": "companyAttachedFile"} if name == "media upload" else {}
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}

    def upload():
        return client.post(EDGES[name].url(world), {**form, "mediaFile": SimpleUploadedFile("a.pdf", PDF)}, **headers)

    assert upload().status_code == 200  # the last one of the hour
    before = stored(world)

    error = rest_refusal(upload(), 429)

    assert error == {"message": "Too many requests. Please wait a while and try again.",
                     "extensions": {"code": "TOO_MANY_REQUESTS"}}  # fmt: skip
    assert stored(world) == before


def test_a_wrong_method_does_not_use_up_the_limit(world, client):
    for _ in range(25):
        client.get("/api/v2/media/upload")

    assert send(client, EDGES["media upload"], world).status_code == 200


def test_failed_sign_ins_make_the_next_wait_with_retry_after(world, client, monkeypatch):
    monkeypatch.setattr(ratelimit, "now", lambda: 1_000_000.0)  # the delays' clock stands still: nothing races it
    for _ in range(5):
        client.post(
            "/login/", {"email": "senior@acme.test", "password": "wrong-guess1"}, HTTP_ACCEPT="application/json"
        )

    response = send(client, EDGES["sign-in"], world, HTTP_ACCEPT="application/json")

    assert rest_refusal(response, 429)["extensions"] == {"code": "TOO_MANY_ATTEMPTS", "retryAfter": 1}
    assert response["Retry-After"] == "1"
    assert "_auth_user_id" not in client.session


# --- CSRF on the shop's edges ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SESSION_POSTS)
@pytest.mark.parametrize("signed_in", [False, True])
def test_the_shops_posts_need_the_csrf_token_signed_in_or_not(world, name, signed_in):
    client = Client(enforce_csrf_checks=True)
    if signed_in:
        client.force_login(User.objects.get(email="superadmin@demo.test"))
    before = stored(world)

    response = send(client, EDGES[name], world, HTTP_ACCEPT="application/json")

    error = rest_refusal(response, 403)
    assert error["extensions"] == {"code": "PERMISSION_DENIED"}
    assert error["message"].startswith("CSRF verification failed")
    assert stored(world) == before
    assert ("_auth_user_id" in client.session) is signed_in


def test_with_the_csrf_token_the_shops_posts_are_heard(world):
    client, csrf = csrf_client()

    signed_in = send(client, EDGES["sign-in"], world, HTTP_ACCEPT="application/json", HTTP_X_CSRFTOKEN=csrf)

    assert signed_in.status_code == 200 and signed_in.json()["ok"] is True
    csrf = client.get("/api/v2/csrf-token").json()["csrfToken"]  # signing in rotates it
    assert send(client, EDGES["sign-out"], world, HTTP_X_CSRFTOKEN=csrf).status_code == 302
    assert "_auth_user_id" not in client.session


# --- answers that are not JSON stay what they are ----------------------------------------------------------------


def test_the_pdf_and_files_keep_their_headers_whatever_the_client_accepts(world, client):
    pdf = client.get(f"/api/v2/quotes/{world.ids.quote}/pdf", HTTP_AUTHORIZATION=f"Bearer {world.senior}",
                     HTTP_ACCEPT="application/pdf")  # fmt: skip
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert pdf["Content-Disposition"].startswith('inline; filename="quote-Q-')
    assert pdf["Cache-Control"] == "private, no-store"
    download = client.get(
        f"/api/v2/quotes/{world.ids.quote}/pdf?download=1", HTTP_AUTHORIZATION=f"Bearer {world.senior}"
    )
    assert download["Content-Disposition"].startswith('attachment; filename="quote-Q-')

    attachment = client.get(f"/api/v2/quotes/attachments/{world.ids.attachment}",
                            HTTP_AUTHORIZATION=f"Bearer {world.senior}", HTTP_ACCEPT="text/html")  # fmt: skip
    assert attachment.status_code == 200
    assert (attachment["Content-Disposition"], attachment["Content-Security-Policy"]) == (
        'attachment; filename="spec.pdf"',
        "sandbox",
    )
    assert b"".join(attachment.streaming_content) == pdf_file().read()


def test_the_jwt_is_text_and_the_texts_are_cacheable(world, client):
    client.force_login(User.objects.get(email="senior@acme.test"))
    jwt = client.get(EDGES["customer jwt"].url(world))
    assert (jwt["Content-Type"], jwt["Cache-Control"]) == ("application/jwt", "no-store")
    assert jwt.content.count(b".") == 2

    texts = client.get(EDGES["translations"].url(world))
    assert (texts["Content-Type"], texts["Cache-Control"]) == ("application/json", "public, max-age=300")
    assert code_of(client.get("/storefront/translation/another-store/1/login?lang=en"), 404) == "NOT_FOUND"


def test_every_rest_edge_is_a_drf_view(world):
    for edge in EDGES.values():
        view = resolve(edge.url(world).split("?")[0]).func
        assert issubclass(view.cls, APIView), edge.name


def test_masquerade_end_still_goes_back_to_the_page(world):
    client, csrf = csrf_client("superadmin@demo.test")

    response = client.post("/masquerade/end/", {"next": "/search/?q=x"}, HTTP_X_CSRFTOKEN=csrf)

    assert (response.status_code, response["Location"]) == (302, "/search/?q=x")
    assert not MasqueradeSession.objects.filter(ended_at__isnull=True).exists()


def test_json_answers_are_json(world, client):
    response = client.post("/api/v2/media/upload", {"requestType": "companyAttachedFile",
                                                    "mediaFile": SimpleUploadedFile("a.pdf", PDF)})  # fmt: skip
    assert response["Content-Type"] == "application/json"
    assert json.loads(response.content)["data"]["fileName"] == "a.pdf"
