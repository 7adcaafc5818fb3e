"""Redis down (issue 36 item 2, docs/operations.md "Redis"): the web server whose cache cannot be reached answers every
operation of the fuzz test's list and every REST edge without a server error, still throttles sign-in (the counters
move into the process), refuses only what cannot be done without the cache (a one-time sign-in token:
SERVICE_UNAVAILABLE, the token not used up), sends the mail of a task the broker cannot take in-process, logs the
outage once, and uses Redis again by itself when it answers.

The outage is real: the cache points at a port where nothing listens, or at a redis-server of the test's own that it
stops and starts again (never the shared one).
"""

from __future__ import annotations

import contextlib
import json
import logging
import shutil
import socket
import subprocess

import pytest
import redis
from django.core import mail
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile

from portal import ratelimit, startup_cache
from portal.cache import CacheUnavailable
from tests.accounts.conftest import Clock
from tests.helpers import LOGIN
from tests.portal import test_fuzz
from tests.portal.test_rest_edges import EDGES, csrf_client, send, world  # noqa: F401 — `world` is a fixture
from tests.pricing.bulk_upload.support import post_upload

pytestmark = pytest.mark.django_db

ATTACKER = "203.0.113.66"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _redis_cache(settings, url: str, *, retry_seconds: float) -> None:
    settings.CACHES = {
        "default": {
            "BACKEND": "portal.cache.PortalRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": "test",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    settings.PORTAL_CACHE_RETRY_SECONDS = retry_seconds


@pytest.fixture
def redis_down(settings, demo_store):
    """The demo store, then the cache at a port where nothing listens: the outage begins. The process's outage
    counters start empty. Yields the location as the log names it."""
    port = _free_port()
    _redis_cache(settings, f"redis://127.0.0.1:{port}/0", retry_seconds=5)
    ratelimit._local.clear()
    yield f"127.0.0.1:{port}/0"
    ratelimit._local.clear()
    startup_cache._unsent_generations.clear()


@pytest.fixture
def clock(monkeypatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(ratelimit, "now", fake)
    return fake


@pytest.fixture
def admin_token(demo_store, login):
    """The company admin's token, signed in again when the fuzzer ends the session (and its failed sign-ins from this
    address, counted in the process while Redis is down, forgotten)."""
    state = {"token": None}

    def token(*, renew: bool = False) -> str:
        if renew or state["token"] is None:
            ratelimit._local.clear()
            state["token"] = login("admin@acme.test")
        return state["token"]

    return token


def test_every_root_field_answers_without_a_server_error_while_redis_is_down(
    redis_down, client, admin_token, monkeypatch, caplog
):
    # Two operations per root field, each as a guest and as the admin: every resolver meets the outage, in CI's time.
    monkeypatch.setattr(test_fuzz, "EXAMPLES_PER_FIELD", 2)

    with caplog.at_level(logging.WARNING, logger="portal.cache"):
        with pytest.raises(CacheUnavailable):
            cache.get("anything")  # the outage is real
        sent = {
            field: test_fuzz._fuzz(client, field, admin_token)
            for field in test_fuzz.QUERY_FIELDS + test_fuzz.MUTATION_FIELDS
        }

    assert all(count >= 2 for count in sent.values()), sent
    # Logged once, when it began, without a stack trace; not per request.
    logged = [record for record in caplog.records if record.name == "portal.cache"]
    assert [record.getMessage().split(" (")[0] for record in logged] == [f"Redis cache at {redis_down} unreachable"]
    assert logged[0].exc_info is None


# --- the REST edges ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(EDGES))
def test_every_rest_edge_answers_without_a_server_error_while_redis_is_down(world, redis_down, client, name):  # noqa: F811
    edge = EDGES[name]
    if edge.kind == "bearer":
        response = send(client, edge, world, token=world.senior)
    else:
        browser, csrf = csrf_client("senior@acme.test" if name != "sign-in" else None)
        response = send(browser, edge, world, HTTP_X_CSRFTOKEN=csrf)

    assert response.status_code < 500, response.content[:300]


@pytest.mark.parametrize(
    "path", ["/", "/search/?q=ethanol", "/products/{product}/", "/cart.php", "/login/", "/checkout"]
)
def test_the_shop_s_pages_answer_while_redis_is_down(ethanol, redis_down, path):
    browser, _csrf = csrf_client("senior@acme.test")

    response = browser.get(path.format(product=ethanol.slug))

    assert response.status_code in (200, 302), response.content[:300]


def test_an_upload_is_accepted_and_still_limited_while_redis_is_down(redis_down, client, login, monkeypatch):
    from accounts.views import UserUploads

    token = login("senior@acme.test")
    monkeypatch.setattr(UserUploads, "limit", 2)  # 30 an hour: two here, the same counting

    answers = [
        client.post(
            "/api/v2/media/upload",
            {"requestType": "companyAttachedFile", "mediaFile": SimpleUploadedFile("a.pdf", b"%PDF-1.4\n%%EOF\n")},
            HTTP_AUTHORIZATION=f"Bearer {token}",
        )
        for _ in range(3)
    ]

    assert [answer.status_code for answer in answers] == [200, 200, 429]
    assert answers[2].json()["errors"][0]["extensions"]["code"] == "TOO_MANY_REQUESTS"


def test_a_bulk_upload_file_is_checked_while_redis_is_down(ethanol, redis_down, client, login):
    token = login("senior@acme.test")

    response = post_upload(client, f"variant_sku,qty\n{ethanol.variants.first().sku},2\n", token=token, channelId=1)

    assert response.status_code == 200, response.content[:300]


# --- sign-in --------------------------------------------------------------------------------------------------------


def _api_login(client, password: str, *, ip: str = ATTACKER) -> dict:
    return client.post(
        "/graphql",
        data=json.dumps({"query": LOGIN, "variables": {"email": "senior@acme.test", "password": password}}),
        content_type="application/json",
        REMOTE_ADDR=ip,
    ).json()


def test_sign_in_works_and_guessing_is_still_throttled_while_redis_is_down(redis_down, client, clock):
    assert _api_login(client, "Demo1234")["data"]["login"]["result"]["token"]

    codes = [_api_login(client, "wrong-guess1")["errors"][0]["extensions"]["code"] for _ in range(6)]

    assert codes == ["INVALID_CREDENTIALS"] * 5 + ["TOO_MANY_ATTEMPTS"]
    # The right password waits too, and goes through once the delay has passed.
    throttled = _api_login(client, "Demo1234")["errors"][0]["extensions"]
    assert throttled == {"code": "TOO_MANY_ATTEMPTS", "retryAfter": 1}
    clock.advance(1)
    assert _api_login(client, "Demo1234")["data"]["login"]["result"]["token"]


def test_the_storefront_sign_in_is_throttled_while_redis_is_down(redis_down, client, clock):
    answers = [
        client.post(
            "/login/", {"email": "senior@acme.test", "password": "wrong-guess1"}, REMOTE_ADDR=ATTACKER,
            HTTP_ACCEPT="application/json",
        ).status_code
        for _ in range(6)
    ]  # fmt: skip

    assert answers == [400] * 5 + [429]


# --- what needs the cache: refused, nothing used up ------------------------------------------------------------


def test_a_one_time_sign_in_token_is_refused_while_redis_is_down_and_works_once_it_answers(
    demo_store, settings, own_redis
):
    from accounts.models import User
    from storefront.login_tokens import storefront_login_token_issue

    token = storefront_login_token_issue(user=User.objects.get(email="senior@acme.test"))
    own_redis.stop()

    refused = csrf_client()[0].get(f"/login/token/{token}")

    assert refused.status_code == 503
    assert refused.json()["errors"][0]["extensions"]["code"] == "SERVICE_UNAVAILABLE"
    own_redis.start()
    assert csrf_client()[0].get(f"/login/token/{token}").status_code == 204
    assert csrf_client()[0].get(f"/login/token/{token}").status_code == 403  # used once, as always


# --- the broker -----------------------------------------------------------------------------------------------------


REQUEST_RESET = "mutation($email: String!) { requestPasswordReset(email: $email) { result { message } } }"


def test_a_password_reset_mail_is_sent_in_process_while_the_broker_is_down(
    redis_down, demo_store, graphql, django_capture_on_commit_callbacks, caplog
):
    from portal.celery import app as celery_app
    from tests.helpers import _celery_producers_dropped

    previous = {k: celery_app.conf[k] for k in ("broker_url", "task_always_eager")}
    _celery_producers_dropped()
    celery_app.conf.update(broker_url=f"redis://127.0.0.1:{_free_port()}/0", task_always_eager=False)
    try:
        with django_capture_on_commit_callbacks(execute=True), caplog.at_level(logging.WARNING, "portal.celery"):
            body = graphql(REQUEST_RESET, {"email": "senior@acme.test"})
            graphql(REQUEST_RESET, {"email": "junior@acme.test"})
    finally:
        _celery_producers_dropped()
        celery_app.conf.update(previous)

    assert "errors" not in body, body
    assert [message.to for message in mail.outbox] == [["senior@acme.test"], ["junior@acme.test"]]
    logged = [record.getMessage()[:26] for record in caplog.records if record.name == "portal.celery"]
    assert logged == ["Celery broker unreachable "]  # once, for both


# --- recovery: a redis-server of the test's own, stopped and started again -----------------------------------------


class OwnRedis:
    """A redis-server process of the test's own on a free port, started and stopped by its handle."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"redis://127.0.0.1:{port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip
        # Awaited as an event: the line it logs once it takes connections (no timer).
        for line in self.process.stdout:
            if "Ready to accept connections" in line:
                return
        raise AssertionError("redis-server did not start")

    def stop(self) -> None:
        if self.process is None:
            return
        with contextlib.suppress(redis.exceptions.ConnectionError):  # shutdown closes the connection it came on
            redis.Redis.from_url(self.url).shutdown(nosave=True)
        self.process.wait()
        self.process.stdout.close()
        self.process = None

    def stored(self) -> list[bytes]:
        return redis.Redis.from_url(self.url).keys("*")


@pytest.fixture
def own_redis(settings):
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")
    server = OwnRedis(_free_port())
    server.start()
    # Tried again on every call: the test says when Redis is back, no clock is waited for.
    _redis_cache(settings, server.url, retry_seconds=0)
    ratelimit._local.clear()
    yield server
    server.stop()
    ratelimit._local.clear()
    startup_cache._unsent_generations.clear()


STORE_NAME = "{ storeBasicInfo { storeName } }"


def test_the_portal_uses_redis_again_by_itself_when_it_is_back(demo_store, own_redis, client, graphql, caplog, clock):
    from portal.models import Store

    assert graphql(STORE_NAME)["data"]["storeBasicInfo"]["storeName"] == Store.objects.get().name
    own_redis.stop()

    with caplog.at_level(logging.WARNING, logger="portal.cache"):
        # During the outage: answers from the database, a change of the store is seen, sign-in counts in the process.
        store = Store.objects.get()
        store.name = "Renamed during the outage"
        store.save()
        assert graphql(STORE_NAME)["data"]["storeBasicInfo"]["storeName"] == "Renamed during the outage"
        assert _api_login(client, "wrong-guess1")["errors"][0]["extensions"]["code"] == "INVALID_CREDENTIALS"

        own_redis.start()  # empty, as a restarted Redis without persistence; the old entries are gone either way

        assert graphql(STORE_NAME)["data"]["storeBasicInfo"]["storeName"] == "Renamed during the outage"
        assert _api_login(client, "wrong-guess1")["errors"][0]["extensions"]["code"] == "INVALID_CREDENTIALS"

    messages = [record.getMessage() for record in caplog.records]
    assert len([m for m in messages if "unreachable" in m]) == 1
    assert len([m for m in messages if "answers again" in m]) == 1
    assert any(b"ratelimit:signin-account-address" in key for key in own_redis.stored())  # counted in Redis again
    assert any(b"store-basic-info" in key for key in own_redis.stored())  # cached in Redis again


def test_a_change_made_while_redis_was_unreachable_is_not_served_stale_once_it_answers(
    demo_store, own_redis, graphql, settings
):
    """Redis kept its entries (a network cut, not a restart): the generation the change could not replace then is
    replaced when Redis answers again."""
    from portal.models import Store

    graphql(STORE_NAME)  # cached
    good_url = own_redis.url
    _redis_cache(settings, f"redis://127.0.0.1:{_free_port()}/0", retry_seconds=0)  # cut off
    store = Store.objects.get()
    store.name = "Renamed while cut off"
    store.save()
    _redis_cache(settings, good_url, retry_seconds=0)  # reachable again, with the entry of before

    assert graphql(STORE_NAME)["data"]["storeBasicInfo"]["storeName"] == "Renamed while cut off"
