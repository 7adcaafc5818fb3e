"""`PUT /api/v2/store-configs/channel-storefront-type` (shell §7, issue 22): a store's admin tool with its credential
sets a channel's storefront type; every other caller and every bad body is refused and changes nothing. Staff set
the same in Django admin, and the overlay reads it from storeBasicInfo."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from accounts.models import User
from portal.models import Channel, StoreAdminCredential
from portal.storefront_tokens import store_admin_credential_issue, store_admin_credentials_revoke
from tests.helpers import rest_refusal

pytestmark = pytest.mark.django_db

URL = "/api/v2/store-configs/channel-storefront-type"
BODY = {"bcChannelId": 1, "storefrontType": "other", "storeHash": "helix-scientific"}


@pytest.fixture
def credential(demo_store) -> str:
    raw, _ = store_admin_credential_issue(store=demo_store, name="store admin tool")
    return raw


def put(client: Client, body, *, token: str | None = None, content_type: str = "application/json", **extra):
    if token is not None:
        extra["HTTP_X_AUTH_TOKEN"] = token
    data = body if isinstance(body, bytes | str) else json.dumps(body)
    return client.put(URL, data, content_type=content_type, **extra)


def platforms() -> dict[int, str]:
    return dict(Channel.objects.values_list("channel_id", "platform"))


def test_the_store_admin_tool_sets_a_channels_storefront_type(credential, client):
    answer = put(client, BODY, token=credential)

    assert answer.status_code == 200
    assert answer.json() == {"code": 200, "message": "SUCCESS", "data": {"bcChannelId": 1, "storefrontType": "other"}}
    assert platforms() == {1: "other"}
    back = put(client, BODY | {"storefrontType": "native"}, token=credential)
    assert back.json()["data"]["storefrontType"] == "native" and platforms() == {1: "native"}


def test_the_overlay_reads_the_type_from_the_store_sites(credential, client, graphql):
    put(client, BODY, token=credential)

    body = graphql("{ storeBasicInfo { storeSites { channelId platform } } }")

    assert body["data"]["storeBasicInfo"]["storeSites"] == [{"channelId": 1, "platform": "other"}]


@pytest.mark.parametrize("caller", ["none", "empty", "wrong", "revoked", "bearer of a super admin"])
def test_callers_without_the_right_credential_are_refused_and_nothing_changes(credential, client, login, caller):
    revoked, row = store_admin_credential_issue(store=Channel.objects.get().store, name="old tool")
    store_admin_credentials_revoke(credentials=StoreAdminCredential.objects.filter(pk=row.pk))
    extra = {}
    token = {"none": None, "empty": "", "wrong": credential[:-2] + "xx", "revoked": revoked}.get(caller)
    if caller == "bearer of a super admin":
        extra["HTTP_AUTHORIZATION"] = f"Bearer {login('superadmin@demo.test')}"

    answer = put(client, BODY, token=token, **extra)

    error = rest_refusal(answer, 401)
    assert error == {
        "message": "Store admin credentials are missing or not valid.",
        "extensions": {"code": "STORE_CREDENTIALS_REFUSED"},
    }
    assert platforms() == {1: "native"}


def test_a_bad_credential_is_refused_before_the_body_is_read(client, demo_store):
    answer = put(client, b"{not json", token="wrong")

    assert rest_refusal(answer, 401)["extensions"]["code"] == "STORE_CREDENTIALS_REFUSED"


@pytest.mark.parametrize(
    ("body", "status", "code", "fields"),
    [
        (BODY | {"storefrontType": "stencil"}, 400, "VALIDATION_ERROR", ["storefrontType"]),
        (BODY | {"bcChannelId": "one"}, 400, "VALIDATION_ERROR", ["bcChannelId"]),
        (BODY | {"bcChannelId": 0}, 400, "VALIDATION_ERROR", ["bcChannelId"]),
        (BODY | {"bcChannelId": 2**63}, 400, "VALIDATION_ERROR", ["bcChannelId"]),
        ({"storefrontType": "other"}, 400, "VALIDATION_ERROR", ["bcChannelId", "storeHash"]),
        (BODY | {"storeHash": "helix\x00scientific"}, 400, "VALIDATION_ERROR", ["storeHash"]),
        (BODY | {"storefrontType": "other\x00"}, 400, "VALIDATION_ERROR", ["storefrontType"]),
        (BODY | {"storeHash": "another-store"}, 404, "NOT_FOUND", None),
        (BODY | {"bcChannelId": 7}, 404, "NOT_FOUND", None),
        (b"{not json", 400, "BAD_REQUEST", None),
        (b"\xff\xfe\x00", 400, "BAD_REQUEST", None),
        (b"[1, 2]", 400, "VALIDATION_ERROR", None),
        (b"null", 400, "VALIDATION_ERROR", None),
        (b"[" * 100_000 + b"]" * 100_000, 400, "BAD_REQUEST", None),
    ],
    ids=lambda value: repr(value)[:40] if isinstance(value, bytes | dict) else None,
)
def test_a_body_the_edge_does_not_take_is_refused_and_nothing_changes(credential, client, body, status, code, fields):
    answer = put(client, body, token=credential)

    error = rest_refusal(answer, status)
    assert error["extensions"]["code"] == code
    if fields:
        assert sorted(error["extensions"]["fields"]) == fields
    assert platforms() == {1: "native"}


def test_a_form_body_or_another_method_is_refused(credential, client):
    form = put(client, "bcChannelId=1", token=credential, content_type="application/x-www-form-urlencoded")
    get = client.get(URL, HTTP_X_AUTH_TOKEN=credential)

    assert rest_refusal(form, 415)["extensions"]["code"] == "BAD_REQUEST"
    assert rest_refusal(get, 405)["extensions"]["code"] == "BAD_REQUEST"
    assert platforms() == {1: "native"}


def test_staff_set_the_storefront_type_in_admin(demo_store):
    User.objects.filter(email="staff@demo.test").update(is_superuser=True)
    staff = Client()
    staff.force_login(User.objects.get(email="staff@demo.test"))
    channel = Channel.objects.get()

    page = staff.get(f"/admin/portal/channel/{channel.pk}/change/")
    form = page.context["adminform"].form
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data |= {"platform": "other", "configs-TOTAL_FORMS": "0", "configs-INITIAL_FORMS": "0"}
    data = {name: value for name, value in data.items() if name not in ("logo",)}
    answer = staff.post(f"/admin/portal/channel/{channel.pk}/change/", data)

    assert answer.status_code == 302, answer.context["adminform"].form.errors if answer.context else answer
    assert platforms() == {1: "other"}


def test_staff_issue_and_revoke_a_store_admin_credential_in_admin(demo_store, client):
    User.objects.filter(email="staff@demo.test").update(is_superuser=True)
    staff = Client()
    staff.force_login(User.objects.get(email="staff@demo.test"))

    added = staff.post(
        "/admin/portal/storeadmincredential/add/", {"store": demo_store.pk, "name": "ERP connector"}, follow=True
    )
    [message] = [str(m) for m in added.context["messages"] if "shown this once" in str(m)]
    raw = message.rsplit(" ", 1)[-1]
    assert put(client, BODY, token=raw).status_code == 200

    credential = StoreAdminCredential.objects.get(name="ERP connector")
    staff.post("/admin/portal/storeadmincredential/", {"action": "revoke", "_selected_action": [credential.pk]})

    assert rest_refusal(put(client, BODY | {"storefrontType": "native"}, token=raw), 401)
    assert platforms() == {1: "other"}
