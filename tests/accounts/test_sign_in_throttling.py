"""Sign-in throttling (issue 12, OWASP ASVS 2.2): growing delays per (account, address) and per address, a soft
account-wide delay only for the addresses that failed on the account, and the client's address from a trusted
proxy header. The clock is the `clock` fixture's: nothing sleeps."""

import json

import pytest
from django.test import override_settings

from tests.helpers import LOGIN, error_code, rest_refusal

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
ATTACKER = "203.0.113.66"
OWNER = "198.51.100.7"
PROXY = "10.0.0.2"


def sign_in(client, email, password, *, ip=OWNER, forwarded=None):
    """The storefront's JSON sign-in from a client address (REMOTE_ADDR, or behind a proxy X-Forwarded-For)."""
    extra = {"REMOTE_ADDR": ip, **JSON}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return client.post("/login/", {"email": email, "password": password}, **extra)


def api_login(client, email, password, *, ip=OWNER):
    response = client.post(
        "/graphql",
        data=json.dumps({"query": LOGIN, "variables": {"email": email, "password": password}}),
        content_type="application/json",
        REMOTE_ADDR=ip,
    )
    return response.json()


def fail(client, clock, email, *, times, ip=ATTACKER, forwarded=None):
    """`times` wrong passwords, each after the delay the previous one earned (so that every one counts)."""
    for _ in range(times):
        response = sign_in(client, email, "wrong-guess1", ip=ip, forwarded=forwarded)
        while response.status_code == 429:
            clock.advance(int(response["Retry-After"]))
            response = sign_in(client, email, "wrong-guess1", ip=ip, forwarded=forwarded)
        assert error_code(response.json()) == "INVALID_CREDENTIALS"


def retry_after(response) -> int:
    return response.json()["errors"][0]["extensions"]["retryAfter"]


def signed_in_as(client) -> str | None:
    return client.session.get("_auth_user_id")


def test_a_correct_password_is_accepted_from_a_second_address_while_the_first_is_throttled(demo_store, client, clock):
    fail(client, clock, "senior@acme.test", times=5)

    throttled = sign_in(client, "senior@acme.test", "Demo1234", ip=ATTACKER)
    assert rest_refusal(throttled, 429) == {
        "message": "Too many sign-in attempts. Please try again in 1 second.",
        "extensions": {"code": "TOO_MANY_ATTEMPTS", "retryAfter": 1},
    }
    assert throttled["Retry-After"] == "1"
    assert signed_in_as(client) is None

    accepted = sign_in(client, "senior@acme.test", "Demo1234", ip=OWNER)
    assert accepted.status_code == 200 and accepted.json()["ok"] is True


def test_the_right_password_is_accepted_for_the_account_after_11_failures_from_another_address(
    demo_store, client, clock
):
    fail(client, clock, "senior@acme.test", times=11)
    assert sign_in(client, "senior@acme.test", "Demo1234", ip=ATTACKER).status_code == 429

    response = sign_in(client, "senior@acme.test", "Demo1234", ip=OWNER)

    assert response.status_code == 200
    assert api_login(client, "senior@acme.test", "Demo1234", ip="192.0.2.9")["data"]["login"]["result"]["token"]


def test_a_throttled_address_does_not_stop_another_account_from_another_address(demo_store, client, clock):
    # Password spraying: one address, many accounts; after 20 failures the address waits, whatever the account.
    for index in range(20):
        fail(client, clock, f"nobody{index}@acme.test", times=1)

    refused = sign_in(client, "admin@acme.test", "Demo1234", ip=ATTACKER)
    assert refused.status_code == 429 and refused["Retry-After"] == "1"

    assert sign_in(client, "admin@acme.test", "Demo1234", ip=OWNER).status_code == 200
    assert sign_in(client, "senior@acme.test", "Demo1234", ip="192.0.2.10").status_code == 200


def test_the_delay_doubles_with_each_failure_and_lets_the_right_password_through_after_it(demo_store, client, clock):
    fail(client, clock, "junior@acme.test", times=5)
    delays = []
    for _ in range(4):
        refused = sign_in(client, "junior@acme.test", "wrong-guess1", ip=ATTACKER)
        assert refused.status_code == 429
        delays.append(retry_after(refused))
        clock.advance(retry_after(refused) - 1)
        # One second early is still too early: the delay runs from the latest failure.
        early = sign_in(client, "junior@acme.test", "Demo1234", ip=ATTACKER)
        assert early.status_code == 429 and early["Retry-After"] == "1"
        clock.advance(1)
        assert (
            error_code(sign_in(client, "junior@acme.test", "wrong-guess1", ip=ATTACKER).json()) == "INVALID_CREDENTIALS"
        )
    assert delays == [1, 2, 4, 8]

    refused = sign_in(client, "junior@acme.test", "Demo1234", ip=ATTACKER)
    assert retry_after(refused) == 16
    clock.advance(16)
    assert sign_in(client, "junior@acme.test", "Demo1234", ip=ATTACKER).status_code == 200

    # The success forgives that address's failures on the account: the next attempt is heard at once.
    client.logout()
    assert sign_in(client, "junior@acme.test", "wrong-guess1", ip=ATTACKER).status_code == 400


def test_the_delay_is_capped_at_15_minutes(demo_store, client, clock):
    fail(client, clock, "junior@acme.test", times=16)

    assert retry_after(sign_in(client, "junior@acme.test", "Demo1234", ip=ATTACKER)) == 900
    assert sign_in(client, "junior@acme.test", "Demo1234", ip=ATTACKER).json()["message"] == (
        "Too many sign-in attempts. Please try again in 15 minutes."
    )


def test_an_account_failing_from_many_addresses_slows_only_those_addresses(demo_store, client, clock):
    # Ten addresses, one guess each: no address has earned a delay of its own, but the account has had 10 failures.
    for index in range(10):
        fail(client, clock, "admin@acme.test", times=1, ip=f"203.0.113.{index + 1}")

    # A failing address now waits a little after its own latest failure (soft: at most a minute)...
    refused = sign_in(client, "admin@acme.test", "Demo1234", ip="203.0.113.1")
    assert refused.status_code == 429 and retry_after(refused) == 1
    # ...while the owner, from an address that never failed, signs straight in.
    assert sign_in(client, "admin@acme.test", "Demo1234", ip=OWNER).status_code == 200

    clock.advance(1)
    assert sign_in(client, "admin@acme.test", "Demo1234", ip="203.0.113.1").status_code == 200


def test_the_api_login_shares_the_throttling_and_says_when_to_retry(demo_store, client, clock):
    fail(client, clock, "junior@acme.test", times=6, ip=OWNER)

    body = api_login(client, "junior@acme.test", "Demo1234", ip=OWNER)

    assert body["data"] is None
    assert body["errors"][0]["extensions"] == {"code": "TOO_MANY_ATTEMPTS", "retryAfter": 2}
    assert body["errors"][0]["message"] == "Too many sign-in attempts. Please try again in 2 seconds."
    clock.advance(2)
    assert api_login(client, "junior@acme.test", "Demo1234", ip=OWNER)["data"]["login"]["result"]["token"]


# --- the client's address behind a proxy ---------------------------------------------------------------------


def test_the_proxy_header_is_ignored_unless_configured(demo_store, client, clock):
    # Without TRUSTED_PROXY_COUNT, a client cannot escape its throttle by inventing X-Forwarded-For values.
    for index in range(5):
        response = sign_in(client, "senior@acme.test", "wrong-guess1", ip=ATTACKER, forwarded=f"192.0.2.{index}")
        assert response.status_code == 400

    response = sign_in(client, "senior@acme.test", "Demo1234", ip=ATTACKER, forwarded="192.0.2.200")

    assert response.status_code == 429


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_a_configured_proxy_the_real_client_address_is_used(demo_store, client, clock):
    # Every request comes from the proxy; the client's address is the one it appended.
    fail(client, clock, "senior@acme.test", times=5, ip=PROXY, forwarded=ATTACKER)

    assert sign_in(client, "senior@acme.test", "Demo1234", ip=PROXY, forwarded=ATTACKER).status_code == 429
    # A spoofed left-most value is the client's own words: the proxy's right-most hop still names the attacker.
    spoofed = sign_in(client, "senior@acme.test", "Demo1234", ip=PROXY, forwarded=f"{OWNER}, {ATTACKER}")
    assert spoofed.status_code == 429
    # The owner behind the same proxy is another client.
    assert sign_in(client, "senior@acme.test", "Demo1234", ip=PROXY, forwarded=OWNER).status_code == 200


@override_settings(TRUSTED_PROXY_COUNT=1, TRUSTED_PROXY_HEADER="X-Real-IP")
def test_the_proxy_header_name_is_configurable(demo_store, client, clock):
    fail(client, clock, "senior@acme.test", times=5, ip=PROXY, forwarded=OWNER)  # X-Forwarded-For: not read now

    assert sign_in(client, "senior@acme.test", "Demo1234", ip=PROXY, forwarded=ATTACKER).status_code == 429
    response = client.post(
        "/login/",
        {"email": "senior@acme.test", "password": "Demo1234"},
        REMOTE_ADDR=PROXY,
        HTTP_X_REAL_IP=OWNER,
        **JSON,
    )
    assert response.status_code == 200
