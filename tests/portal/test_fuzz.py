"""Issue 12, keep it so: generated operations on every root Query and Mutation field, as a guest and as a company
admin, never get a server error — no HTTP 5xx, no answer that is not JSON, no INTERNAL_SERVER_ERROR.

hypothesis-graphql builds each operation from the schema (random selections, random argument literals); the runs are
seeded (derandomize) and have no deadline, so they do the same work on any machine. Mutations run for real against
the test database; refusals (VALIDATION_ERROR, NOT_FOUND, TOO_MANY_ATTEMPTS…) are fine, only server errors fail.
"""

import datetime
import json

import pytest
from django.core.cache import cache
from graphql import IntValueNode, StringValueNode
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_graphql import mutations, queries

from portal.schema import schema

pytestmark = pytest.mark.django_db

GRAPHQL_SCHEMA = schema._schema
QUERY_FIELDS = sorted(GRAPHQL_SCHEMA.query_type.fields)
MUTATION_FIELDS = sorted(GRAPHQL_SCHEMA.mutation_type.fields)
# Operations per root field, each sent twice (as a guest, as the company admin): 53 fields × 20 × 2 = 2,120 requests
# at most. Hypothesis stops early on a field whose every operation it has tried; the test asserts what it really sent.
EXAMPLES_PER_FIELD = 20
MIN_REQUESTS = 2000

# Dates as a client sends them, and text that is no date: both must be answered without a server error.
DATES = st.one_of(
    st.dates(min_value=datetime.date(1, 1, 1)).map(lambda d: StringValueNode(value=d.isoformat())),
    st.sampled_from(["", "2025-02-30", "0000-00-00", "9999-12-31T23:59", "yesterday"]).map(
        lambda text: StringValueNode(value=text)
    ),
)
# Ints and ids that reach the demo store's rows (channel 1, form type 1, product and company ids), the 32-bit edges,
# and any other: random ones alone would only ever meet NOT_FOUND.
INT_32 = st.one_of(
    st.just(1),
    st.integers(min_value=-1, max_value=12),
    st.sampled_from([-(2**31), 2**31 - 1, 100, 101, 1000]),
    st.integers(min_value=-(2**31), max_value=2**31 - 1),
)
IDS = st.one_of(
    st.just(IntValueNode(value="1")),
    st.integers(min_value=-1, max_value=12).map(lambda n: IntValueNode(value=str(n))),
    st.sampled_from(["", "0", "1", "Q-100001", "99999999999999999999999", "1e5", " 1", "1.5", "-0", "٣"]).map(
        lambda text: StringValueNode(value=text)
    ),
    st.text(max_size=20).map(lambda text: StringValueNode(value=text)),
)
# Amounts as a client sends them (strings of digits), the edges of money, and text that is no amount.
DECIMALS = st.one_of(
    st.decimals(min_value=-(10**12), max_value=10**12, places=2, allow_nan=False).map(str),
    st.sampled_from(["0", "0.001", "1e9", "NaN", "Infinity", "-0", "", " 5", "1,5", "99999999999999999999.99"]),
    st.text(max_size=20),
).map(lambda text: StringValueNode(value=text))
CUSTOM_SCALARS = {
    "Date": DATES,
    "Int": INT_32.map(lambda n: IntValueNode(value=str(n))),
    "ID": IDS,
    "Decimal": DECIMALS,
}


def _strategy(field: str):
    build = queries if field in QUERY_FIELDS else mutations
    # No NUL in the generated text: a NUL anywhere refuses the whole operation before it runs (tested on its own in
    # test_malformed_requests.py), and would hide the resolvers from the fuzzer.
    return build(GRAPHQL_SCHEMA, fields=[field], custom_scalars=CUSTOM_SCALARS, allow_x00=False)


def _server_errors(response) -> list[str]:
    if response.status_code >= 500:
        return [f"HTTP {response.status_code}"]
    if not response["Content-Type"].startswith("application/json"):
        return [f"not JSON: {response['Content-Type']} {response.content[:200]!r}"]
    body = response.json()
    return [
        f"{error.get('message')} at {error.get('path')}"
        for error in body.get("errors") or []
        if (error.get("extensions") or {}).get("code") == "INTERNAL_SERVER_ERROR"
    ]


def _fuzz(client, field: str, admin_token) -> int:
    """Sends each generated operation of one root field as a guest and as the company admin; returns how many
    requests it sent."""
    sent = 0

    @settings(
        max_examples=EXAMPLES_PER_FIELD,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(operation=_strategy(field))
    def run(operation: str) -> None:
        nonlocal sent
        for token in (None, admin_token()):
            headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
            response = client.post(
                "/graphql", data=json.dumps({"query": operation}), content_type="application/json", **headers
            )
            sent += 1
            errors = _server_errors(response)
            assert not errors, f"{field} as {'the company admin' if token else 'a guest'}: {errors}\n{operation}"
            if token and _session_ended(response):
                admin_token(renew=True)  # the fuzzer signed the admin out (logout, logoutEverywhere): sign in again

    run()
    return sent


def _session_ended(response) -> bool:
    return any((error.get("extensions") or {}).get("code") == 40101 for error in response.json().get("errors") or [])


@pytest.fixture
def admin_token(demo_store, login):
    """The bearer token of the demo store's company admin (admin@acme.test), signed in again when the fuzzer ends
    the session."""
    state = {"token": login("admin@acme.test")}

    def token(*, renew: bool = False) -> str:
        if renew:
            cache.clear()  # the fuzzer's failed sign-ins from this address must not lock the admin out
            state["token"] = login("admin@acme.test")
        return state["token"]

    return token


def test_generated_operations_never_get_a_server_error(demo_store, client, admin_token):
    sent = {field: _fuzz(client, field, admin_token) for field in QUERY_FIELDS + MUTATION_FIELDS}

    assert all(count >= 2 for count in sent.values()), sent  # every root field, as a guest and as the admin
    assert sum(sent.values()) >= MIN_REQUESTS, sent
