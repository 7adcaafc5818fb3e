"""Storefront tokens (issue 22, contract §1, §3, §4; shell §7 `storeFrontToken`, §9 "lifetime 7 days"): stored
hashed, valid 7 days, bound to their origins and channel, revoked by staff at once — and only store admins (their
credential) or a super admin get one through the API."""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from accounts.models import NewsletterSubscriber, User
from portal.models import Channel, StorefrontToken
from portal.storefront_tokens import (
    issue_storefront_token,
    origin_normalize,
    store_admin_credential_issue,
    store_admin_credentials_revoke,
)
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

SHOP = "https://shop.helix.test"
EVIL = "https://evil.test"
STORE_HASH = "helix-scientific"
CONFIGS = 'query($channelId: Int!) { storefrontConfigs(channelId: $channelId, keys: ["quote_customer"]) { key } }'
TOKEN_MUTATION = """
mutation($storeHash: String!, $channelId: Int!, $origins: [String!]!, $expiresAt: Int) {
  storeFrontToken(storeHash: $storeHash, channelId: $channelId, allowedCorsOrigins: $origins, expiresAt: $expiresAt) {
    token expiresAt
  }
}
"""


@pytest.fixture
def channel(demo_store) -> Channel:
    return Channel.objects.get(channel_id=1)


@pytest.fixture
def other_channel(demo_store) -> Channel:
    return Channel.objects.create(store=demo_store, channel_id=2, name="Headless shop", platform="other")


def post_graphql(client: Client, query: str, variables: dict | None = None, **headers):
    return client.post(
        "/graphql", json.dumps({"query": query, "variables": variables or {}}), content_type="application/json",
        **headers,
    )  # fmt: skip


def storefront_call(client: Client, raw: str, *, origin: str | None = SHOP, channel_id: int = 1):
    headers = {"HTTP_X_STOREFRONT_TOKEN": raw}
    if origin is not None:
        headers["HTTP_ORIGIN"] = origin
    return post_graphql(client, CONFIGS, {"channelId": channel_id}, **headers)


def refused(response) -> bool:
    return response.status_code == 403 and response.json() == {
        "data": None,
        "errors": [{"message": response.json()["errors"][0]["message"],
                    "extensions": {"code": "STOREFRONT_TOKEN_REFUSED"}}],
    }  # fmt: skip


# --- the token ---------------------------------------------------------------------------------------------------


def test_a_token_is_random_stored_hashed_and_lives_seven_days(channel):
    before = timezone.now()
    raw, token = issue_storefront_token(channel=channel, allowed_origins=["HTTPS://Shop.Helix.test:443"])
    after = timezone.now()

    assert len(raw) >= 43  # 32 random bytes, urlsafe
    assert token.key_hash == hashlib.sha256(raw.encode()).hexdigest()
    assert raw not in json.dumps(list(StorefrontToken.objects.values()), default=str)
    assert before + timedelta(days=7) <= token.expires_at <= after + timedelta(days=7)
    assert token.allowed_origins == [SHOP]  # as browsers send it: lower case, no default port
    assert token.channel == channel


def test_a_token_never_lives_longer_than_seven_days(channel):
    with pytest.raises(ValidationError) as error:
        issue_storefront_token(
            channel=channel, allowed_origins=[SHOP], expires_at=timezone.now() + timedelta(days=7, minutes=1)
        )
    assert error.value.message_dict == {"expiresAt": ["A storefront token lives at most 7 days."]}
    assert StorefrontToken.objects.count() == 0


@pytest.mark.parametrize(
    "origin",
    ["shop.helix.test", "ftp://shop.helix.test", "https://shop.helix.test/path", "https://shop.helix.test/",
     "https://user@shop.helix.test", "https://", "https://shop.helix.test?x=1", "https://shop helix.test", "null",
     "https://shop.helix.test:99999", "https://shop.helix.test\x00"],
)  # fmt: skip
def test_only_exact_origins_are_taken(channel, origin):
    with pytest.raises(ValidationError) as error:
        issue_storefront_token(channel=channel, allowed_origins=[SHOP, origin])
    assert list(error.value.message_dict) == ["allowedCorsOrigins.1"]
    assert StorefrontToken.objects.count() == 0


def test_origins_keep_their_port_and_lose_the_default_one():
    assert origin_normalize("http://localhost:8000") == "http://localhost:8000"
    assert origin_normalize("http://LOCALHOST:80") == "http://localhost"
    assert origin_normalize("https://[::1]:8443") == "https://[::1]:8443"


# --- requests that carry it -----------------------------------------------------------------------------------------


def test_from_an_allowed_origin_the_request_is_answered_with_cors(channel, client):
    raw, _ = issue_storefront_token(channel=channel, allowed_origins=[SHOP])

    response = storefront_call(client, raw)

    assert response.status_code == 200 and "errors" not in response.json()
    assert response["Access-Control-Allow-Origin"] == SHOP
    assert "Access-Control-Allow-Credentials" not in response  # the token is no cookie credential


def test_the_preflight_of_an_allowed_origin_allows_the_token_header_and_another_origin_gets_nothing(channel, client):
    issue_storefront_token(channel=channel, allowed_origins=[SHOP])

    def preflight(origin: str):
        return client.options(
            "/graphql", HTTP_ORIGIN=origin, HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
            HTTP_ACCESS_CONTROL_REQUEST_HEADERS="content-type,x-storefront-token",
        )  # fmt: skip

    allowed = preflight(SHOP)
    assert allowed.status_code == 200 and allowed["Access-Control-Allow-Origin"] == SHOP
    assert "x-storefront-token" in allowed["Access-Control-Allow-Headers"]
    other = preflight(EVIL)
    assert not any(header.startswith("Access-Control-") for header in other.headers)


def test_from_another_origin_the_request_is_refused_without_cors_headers(channel, client):
    raw, _ = issue_storefront_token(channel=channel, allowed_origins=[SHOP])

    response = storefront_call(client, raw, origin=EVIL)

    assert refused(response)
    assert response.json()["errors"][0]["message"] == "The storefront token is not valid on this origin."
    assert not any(header.startswith("Access-Control-") for header in response.headers)


def test_without_an_origin_header_a_server_may_use_the_token(channel, client):
    raw, _ = issue_storefront_token(channel=channel, allowed_origins=[SHOP])

    assert storefront_call(client, raw, origin=None).status_code == 200


def test_an_unknown_or_expired_token_is_refused(channel, client):
    raw, token = issue_storefront_token(channel=channel, allowed_origins=[SHOP])
    StorefrontToken.objects.filter(pk=token.pk).update(expires_at=timezone.now() - timedelta(seconds=1))

    expired = storefront_call(client, raw)
    unknown = storefront_call(client, "x" * 43)
    empty = storefront_call(client, "")

    for response in (expired, unknown, empty):
        assert refused(response)
        assert response.json()["errors"][0]["message"] == "The storefront token is unknown, expired or revoked."
    # An expired token opens CORS no more: the browser is refused the answer as well.
    assert "Access-Control-Allow-Origin" not in expired


def test_a_token_names_one_channel(channel, other_channel, client):
    raw, _ = issue_storefront_token(channel=channel, allowed_origins=[SHOP])

    graphql = storefront_call(client, raw, channel_id=2)
    texts = client.get("/storefront/translation/helix-scientific/2/login", HTTP_X_STOREFRONT_TOKEN=raw)
    query = client.get("/api/v2/csrf-token?channelId=2", HTTP_X_STOREFRONT_TOKEN=raw)
    own = client.get("/storefront/translation/helix-scientific/1/login", HTTP_X_STOREFRONT_TOKEN=raw)

    assert refused(graphql)
    for response in (texts, query):
        assert response.status_code == 403
        assert response.json()["errors"][0]["extensions"] == {"code": "STOREFRONT_TOKEN_REFUSED"}
        assert response.json()["code"] == 403  # the REST edges' shape
    assert own.status_code == 200


# --- every channel a request names (issue 36 item 5) ---------------------------------------------------------------

LANGUAGE = "storefrontDefaultLanguage"
SUBSCRIBE = (
    "mutation($data: CustomerSubscriberInput!) { customerSubscribersCreate(subscriberData: $data) { subscribed } }"
)


def token_post(client: Client, raw: str, body: str | bytes, **headers):
    return client.post(
        "/graphql", body, content_type="application/json", HTTP_X_STOREFRONT_TOKEN=raw, HTTP_ORIGIN=SHOP, **headers
    )


@pytest.mark.parametrize(
    ("query", "variables"),
    [
        (f"{{ {LANGUAGE}(channelId: 2) }}", {}),
        (f"{{ own: {LANGUAGE}(channelId: 1) other: {LANGUAGE}(channelId: 2) }}", {}),
        (f"query($c: Int!) {{ {LANGUAGE}(channelId: $c) }}", {"c": 2}),
        (f"query($c: Int! = 2) {{ {LANGUAGE}(channelId: $c) }}", {}),
        (f"query {{ ...Language }} fragment Language on Query {{ {LANGUAGE}(channelId: 2) }}", {}),
        (f"query($channelId: Int!, $c: Int!) {{ a: {LANGUAGE}(channelId: $channelId) b: {LANGUAGE}(channelId: $c) }}",
         {"channelId": 1, "c": 2}),
    ],
    ids=["literal", "alias-beside-own", "variable-of-another-name", "variable-default", "fragment",
         "second-variable"],
)  # fmt: skip
def test_a_channel_written_anywhere_in_the_operation_must_be_the_tokens(channel, other_channel, client, query,
                                                                        variables):  # fmt: skip
    raw, _ = issue_storefront_token(channel=channel, allowed_origins=[SHOP])

    response = token_post(client, raw, json.dumps({"query": query, "variables": variables}))

    assert refused(response)
    assert response.json()["errors"][0]["message"] == "The storefront token is for another channel."
    own_variables = dict.fromkeys(variables, 1)
    own = token_post(client, raw, json.dumps({"query": query.replace("2", "1"), "variables": own_variables}))
    assert own.status_code == 200 and "errors" not in own.json(), own.json()


@pytest.mark.parametrize(
    "body",
    [
        json.dumps({"query": "mutation { customerSubscribersCreate(subscriberData: "
                             '{email: "lab@example.test", channelId: 2}) { subscribed } }'}),
        json.dumps({"query": SUBSCRIBE, "variables": {"data": {"email": "lab@example.test", "channelId": 2}}}),
        # A JSON key may be spelled with escapes: it is the same key to every reader.
        '{"query": "' + SUBSCRIBE + '", "variables": {"data": {"email": "lab@example.test", "\\u0063hannelId": 2}}}',
    ],
    ids=["nested-input-literal", "nested-input-variable", "escaped-key"],
)  # fmt: skip
def test_a_channel_in_a_nested_input_is_checked_and_nothing_runs(channel, other_channel, client, body):
    raw, _ = issue_storefront_token(channel=channel, allowed_origins=[SHOP])

    response = token_post(client, raw, body)

    assert refused(response)
    assert NewsletterSubscriber.objects.count() == 0
    own = token_post(client, raw, body.replace("2", "1"))
    assert own.json() == {"data": {"customerSubscribersCreate": {"subscribed": True}}}


def test_every_channel_of_a_query_string_or_a_form_is_checked(channel, other_channel, client):
    raw, _ = issue_storefront_token(channel=channel, allowed_origins=[SHOP])

    repeated = client.get("/api/v2/csrf-token?channelId=2&channelId=1", HTTP_X_STOREFRONT_TOKEN=raw)
    other_name = client.get("/api/v2/csrf-token?bcChannelId=2", HTTP_X_STOREFRONT_TOKEN=raw)
    form = client.post("/login/", {"email": "b2c@demo.test", "password": "Demo1234", "channel_id": "2"},
                       HTTP_ACCEPT="application/json", HTTP_X_STOREFRONT_TOKEN=raw)  # fmt: skip

    for response in (repeated, other_name, form):
        assert response.status_code == 403
        assert response.json()["errors"][0]["extensions"] == {"code": "STOREFRONT_TOKEN_REFUSED"}
    assert "_auth_user_id" not in client.session  # the refused sign-in signed nobody in
    assert client.get("/api/v2/csrf-token?channelId=1&bcChannelId=1", HTTP_X_STOREFRONT_TOKEN=raw).status_code == 200


# A small form is read by the guard before any view; a file beyond GRAPHQL_MAX_BODY_BYTES by the upload's parser.
@pytest.mark.parametrize("rows", [1, 120_000], ids=["small-file", "file-beyond-the-guards-reading"])
def test_the_channel_of_an_uploads_form_is_checked_before_anything_runs(channel, other_channel, client, login, rows):
    from pricing.models import BulkUpload

    raw, _ = issue_storefront_token(channel=channel, allowed_origins=[SHOP])
    token = login("senior@acme.test")
    content = b"sku,qty\n" + b"HS-0000,1\n" * rows

    def upload(channel_id: str):
        form = {"file": SimpleUploadedFile("order.csv", content, content_type="text/csv"), "channelId": channel_id}
        return client.post(
            "/api/v2/products/upload", form, HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_X_STOREFRONT_TOKEN=raw
        )

    other = upload("2")

    assert other.status_code == 403
    assert other.json()["errors"][0] == {
        "message": "The storefront token is for another channel.",
        "extensions": {"code": "STOREFRONT_TOKEN_REFUSED"},
    }
    assert BulkUpload.objects.count() == 0
    if rows == 1:
        assert upload("1").status_code == 200


def test_a_request_without_the_header_is_not_concerned(channel, client):
    issue_storefront_token(channel=channel, allowed_origins=[SHOP])

    assert post_graphql(client, CONFIGS, {"channelId": 1}).status_code == 200


def test_a_body_the_guard_cannot_read_is_left_to_the_endpoint(channel, client):
    raw, _ = issue_storefront_token(channel=channel, allowed_origins=[SHOP])

    for body in (b"{not json", b"\xff\xfe", b'"text"', b'{"query": "{ __typename }", "variables": [1]}',
                 json.dumps({"query": "{ __typename }", "variables": {"channelId": "1\x00"}}).encode()):  # fmt: skip
        response = client.post(
            "/graphql", body, content_type="application/json", HTTP_X_STOREFRONT_TOKEN=raw, HTTP_ORIGIN=SHOP
        )
        assert response.status_code in (400, 403), (body, response.status_code)
        assert response["Content-Type"] == "application/json"


# --- revocation by staff -----------------------------------------------------------------------------------------


@pytest.fixture
def staff_client(demo_store) -> Client:
    User.objects.filter(email="staff@demo.test").update(is_superuser=True)
    client = Client()
    client.force_login(User.objects.get(email="staff@demo.test"))
    return client


def test_staff_revoke_a_token_in_admin_and_it_is_refused_at_once(channel, client, staff_client):
    raw, token = issue_storefront_token(channel=channel, allowed_origins=[SHOP])
    kept_raw, kept = issue_storefront_token(channel=channel, allowed_origins=["https://other.helix.test"])
    assert storefront_call(client, raw).status_code == 200

    answer = staff_client.post(
        "/admin/portal/storefronttoken/", {"action": "revoke", "_selected_action": [token.pk]}, follow=True
    )

    assert answer.status_code == 200
    token.refresh_from_db()
    kept.refresh_from_db()
    assert token.revoked_at is not None and kept.revoked_at is None
    after = storefront_call(client, raw)
    assert refused(after)
    assert "Access-Control-Allow-Origin" not in after
    assert storefront_call(client, kept_raw, origin="https://other.helix.test").status_code == 200


def test_staff_issue_a_token_in_admin_and_see_it_once(channel, client, staff_client):
    answer = staff_client.post(
        "/admin/portal/storefronttoken/add/",
        {"channel": channel.pk, "allowed_origins": f"{SHOP}\nhttp://localhost:3000", "expires_at": ""},
        follow=True,
    )

    assert answer.status_code == 200
    [token] = StorefrontToken.objects.all()
    [message] = [str(message) for message in answer.context["messages"] if "shown this once" in str(message)]
    raw = message.rsplit(" ", 1)[-1]
    assert token.key_hash == hashlib.sha256(raw.encode()).hexdigest()
    assert token.allowed_origins == [SHOP, "http://localhost:3000"]
    assert storefront_call(client, raw).status_code == 200
    assert raw not in staff_client.get(f"/admin/portal/storefronttoken/{token.pk}/change/").content.decode()


def test_staff_cannot_issue_a_token_for_a_bad_origin_in_admin(channel, staff_client):
    answer = staff_client.post(
        "/admin/portal/storefronttoken/add/", {"channel": channel.pk, "allowed_origins": "shop.helix.test"}
    )

    assert answer.status_code == 200 and answer.context["adminform"].form.errors["allowed_origins"]
    assert StorefrontToken.objects.count() == 0


# --- storeFrontToken (the mutation) --------------------------------------------------------------------------------


def variables(**changes) -> dict:
    return {"storeHash": STORE_HASH, "channelId": 1, "origins": [SHOP], "expiresAt": None} | changes


def test_a_store_admin_credential_gets_a_token_for_seven_days(channel, client):
    raw_credential, _ = store_admin_credential_issue(store=channel.store, name="theme build")
    before = int(timezone.now().timestamp())

    response = post_graphql(client, TOKEN_MUTATION, variables(), HTTP_X_AUTH_TOKEN=raw_credential)

    result = response.json()["data"]["storeFrontToken"]
    [token] = StorefrontToken.objects.all()
    assert token.key_hash == hashlib.sha256(result["token"].encode()).hexdigest()
    assert before + 7 * 86400 <= result["expiresAt"] <= int(timezone.now().timestamp()) + 7 * 86400
    assert storefront_call(client, result["token"]).status_code == 200


def test_a_masquerading_super_admin_is_still_a_super_admin(channel, client, login):
    from accounts.models import Company
    from accounts.selectors import actor_for_token
    from accounts.services import masquerade_begin

    token = login("superadmin@demo.test")
    masquerade_begin(actor=actor_for_token(token), company_id=Company.objects.get(name="Acme Labs").pk)

    body = post_graphql(client, TOKEN_MUTATION, variables(), HTTP_AUTHORIZATION=f"Bearer {token}").json()

    assert body["data"]["storeFrontToken"]["token"] and StorefrontToken.objects.count() == 1


def test_a_super_admin_gets_a_token_with_an_earlier_expiry(channel, client, login):
    expires_at = int(timezone.now().timestamp()) + 3600

    body = post_graphql(
        client, TOKEN_MUTATION, variables(expiresAt=expires_at),
        HTTP_AUTHORIZATION=f"Bearer {login('superadmin@demo.test')}",
    ).json()  # fmt: skip

    assert body["data"]["storeFrontToken"]["expiresAt"] == expires_at
    assert int(StorefrontToken.objects.get().expires_at.timestamp()) == expires_at


@pytest.mark.parametrize(
    ("caller", "code"),
    [
        ("anonymous", 40101),
        ("company admin", "PERMISSION_DENIED"),
        ("senior buyer", "PERMISSION_DENIED"),
        ("junior buyer", "PERMISSION_DENIED"),
        ("other company's admin", "PERMISSION_DENIED"),
        ("wrong credential", "STORE_CREDENTIALS_REFUSED"),
        ("revoked credential", "STORE_CREDENTIALS_REFUSED"),
        ("credential and company admin", "STORE_CREDENTIALS_REFUSED"),
    ],
)
def test_others_get_no_token(channel, client, login, caller, code):
    raw_credential, credential = store_admin_credential_issue(store=channel.store, name="theme build")
    store_admin_credentials_revoke(credentials=type(credential).objects.filter(pk=credential.pk))
    headers = {
        "anonymous": {},
        "company admin": {"HTTP_AUTHORIZATION": f"Bearer {login('admin@acme.test')}"},
        "senior buyer": {"HTTP_AUTHORIZATION": f"Bearer {login('senior@acme.test')}"},
        "junior buyer": {"HTTP_AUTHORIZATION": f"Bearer {login('junior@acme.test')}"},
        "other company's admin": {"HTTP_AUTHORIZATION": f"Bearer {login('admin@globex.test')}"},
        "wrong credential": {"HTTP_X_AUTH_TOKEN": "not-a-credential"},
        "revoked credential": {"HTTP_X_AUTH_TOKEN": raw_credential},
        "credential and company admin": {
            "HTTP_X_AUTH_TOKEN": "wrong", "HTTP_AUTHORIZATION": f"Bearer {login('admin@acme.test')}"
        },
    }[caller]  # fmt: skip

    body = post_graphql(client, TOKEN_MUTATION, variables(), **headers).json()

    assert body["data"] is None and error_code(body) == code
    assert StorefrontToken.objects.count() == 0


@pytest.mark.parametrize(
    ("changes", "code", "field"),
    [
        ({"channelId": 2}, "STOREFRONT_NOT_NATIVE", None),
        ({"channelId": 9}, "NOT_FOUND", None),
        ({"storeHash": "another-store"}, "NOT_FOUND", None),
        ({"origins": []}, "VALIDATION_ERROR", "allowedCorsOrigins"),
        ({"origins": ["https://a.test/path"]}, "VALIDATION_ERROR", "allowedCorsOrigins.0"),
        ({"origins": [f"https://s{n}.test" for n in range(21)]}, "VALIDATION_ERROR", "allowedCorsOrigins"),
        ({"expiresAt": 8 * 86400}, "VALIDATION_ERROR", "expiresAt"),
        ("in 8 days", "VALIDATION_ERROR", "expiresAt"),
        ({"expiresAt": 2**31 - 1}, "VALIDATION_ERROR", "expiresAt"),
        ({"expiresAt": -(2**31)}, "VALIDATION_ERROR", "expiresAt"),
    ],
)
def test_a_token_is_refused_for_what_the_rules_do_not_allow(channel, other_channel, client, changes, code, field):
    raw_credential, _ = store_admin_credential_issue(store=channel.store, name="theme build")
    if changes == "in 8 days":
        changes = {"expiresAt": int(timezone.now().timestamp()) + 8 * 86400}

    body = post_graphql(client, TOKEN_MUTATION, variables(**changes), HTTP_X_AUTH_TOKEN=raw_credential).json()

    assert body["data"] is None and error_code(body) == code, body
    if field:
        assert list(body["errors"][0]["extensions"]["fields"]) == [field]
    assert StorefrontToken.objects.count() == 0


def test_nul_bytes_in_the_origins_are_refused_before_anything_runs(channel, client):
    raw_credential, _ = store_admin_credential_issue(store=channel.store, name="theme build")

    body = post_graphql(
        client, TOKEN_MUTATION, variables(origins=["https://a.test\x00"]), HTTP_X_AUTH_TOKEN=raw_credential
    ).json()

    assert error_code(body) == "BAD_USER_INPUT"
    assert StorefrontToken.objects.count() == 0


# --- the session edges (sign-in hand-over) from a token's origin ----------------------------------------------------


def test_a_token_origin_signs_in_through_the_session_edges_with_credentials(channel):
    from django.conf import settings as django_settings

    raw, _ = issue_storefront_token(channel=channel, allowed_origins=[SHOP])
    browser = Client(enforce_csrf_checks=True)
    headers = {"HTTP_ORIGIN": SHOP, "HTTP_X_STOREFRONT_TOKEN": raw}

    preflight = browser.options(
        "/login/", HTTP_ORIGIN=SHOP, HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="content-type,x-csrftoken,x-storefront-token",
    )  # fmt: skip
    csrf = browser.get("/api/v2/csrf-token", **headers)
    signed_in = browser.post(
        "/login/", {"email": "senior@acme.test", "password": "Demo1234"}, HTTP_ACCEPT="application/json",
        HTTP_X_CSRFTOKEN=csrf.json()["csrfToken"], **headers,
    )  # fmt: skip
    jwt = browser.get("/customer/current.jwt", {"app_client_id": django_settings.PORTAL_APP_CLIENT_ID}, **headers)

    for response in (preflight, csrf, signed_in, jwt):
        assert (response["Access-Control-Allow-Origin"], response["Access-Control-Allow-Credentials"]) == (SHOP, "true")
    assert signed_in.status_code == 200 and signed_in.json()["ok"] is True
    assert jwt.status_code == 200 and jwt["Content-Type"] == "application/jwt"


def test_without_the_token_or_from_another_origin_the_session_edges_trust_nobody(channel):
    raw, _ = issue_storefront_token(channel=channel, allowed_origins=[SHOP])
    users_signed_in = User.objects.filter(last_login__isnull=False).count()

    def sign_in(origin: str, token: str | None):
        browser = Client(enforce_csrf_checks=True)
        headers = {"HTTP_ORIGIN": origin} | ({"HTTP_X_STOREFRONT_TOKEN": token} if token else {})
        csrf = browser.get("/api/v2/csrf-token").json()["csrfToken"]  # the cookie and its token, as a page has them
        return browser.post(
            "/login/", {"email": "senior@acme.test", "password": "Demo1234"}, HTTP_ACCEPT="application/json",
            HTTP_X_CSRFTOKEN=csrf, **headers,
        )  # fmt: skip

    no_token = sign_in(SHOP, None)
    elsewhere = sign_in(EVIL, raw)

    # Without the token the origin is still CORS-allowed (a preflight cannot carry it), but its POSTs are not trusted.
    assert no_token.status_code == 403
    assert no_token.json()["errors"][0]["extensions"]["code"] == "PERMISSION_DENIED"
    assert elsewhere.status_code == 403
    assert elsewhere.json()["errors"][0]["extensions"]["code"] == "STOREFRONT_TOKEN_REFUSED"
    assert "Access-Control-Allow-Credentials" not in elsewhere
    assert User.objects.filter(last_login__isnull=False).count() == users_signed_in


def test_the_token_costs_one_query_and_cors_none_more(channel, client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    raw, _ = issue_storefront_token(channel=channel, allowed_origins=[SHOP])
    storefront_call(client, raw)  # the first request warms what every request shares (the store, the schema)

    with CaptureQueriesContext(connection) as plain:
        post_graphql(client, CONFIGS, {"channelId": 1})
    with CaptureQueriesContext(connection) as with_token:
        response = storefront_call(client, raw)
    with CaptureQueriesContext(connection) as origin_only:
        post_graphql(client, CONFIGS, {"channelId": 1}, HTTP_ORIGIN=SHOP)

    assert response["Access-Control-Allow-Origin"] == SHOP
    assert len(with_token) == len(plain) + 1  # the token, with its channel
    assert len(origin_only) == len(plain) + 1  # CORS without the token: the valid tokens' origins
