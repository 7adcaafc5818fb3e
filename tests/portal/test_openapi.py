"""The committed OpenAPI description of the REST edges (openapi.yaml, issue 23) is what the code generates, and holds
the REST edges only: the admin is for staff and the GraphQL endpoint has its own description (schema.graphql)."""

from pathlib import Path

import yaml
from django.core.management import call_command

from portal.openapi import rest_edges_only

OPENAPI = Path(__file__).resolve().parents[2] / "openapi.yaml"


def _generated(tmp_path) -> str:
    """What `make openapi` writes (validated against the OpenAPI 3 schema on the way; a request or an answer that
    drf-spectacular would have to guess fails)."""
    target = tmp_path / "openapi.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(target))
    return target.read_text(encoding="utf-8")


def test_committed_openapi_description_is_up_to_date(tmp_path):
    assert OPENAPI.read_text(encoding="utf-8") == _generated(tmp_path), "openapi.yaml is stale: run `make openapi`"


def test_the_description_holds_the_rest_edges_only(tmp_path):
    description = yaml.safe_load(_generated(tmp_path))
    assert (description["openapi"], description["info"]["title"]) == ("3.0.3", "Buyer portal REST edges")
    assert [path for path in description["paths"] if path.startswith(("/admin", "/graphql"))] == []
    # The authentication classes of the edges (portal/openapi.py), not the generic ones drf-spectacular guesses: the
    # store admin credential is issue 22's.
    assert set(description["components"]["securitySchemes"]) == {
        "bearerToken",
        "storefrontSession",
        "storeAdminCredential",
    }


def test_the_admin_and_the_graphql_endpoint_are_kept_out_even_if_served_through_drf():
    endpoints = [(path, None, "GET", None) for path in ("/admin/login/", "/graphql", "/api/v2/csrf-token")]
    assert [path for path, *_ in rest_edges_only(endpoints)] == ["/api/v2/csrf-token"]


def test_every_edge_says_what_it_answers_and_refusals_have_the_common_shape(tmp_path):
    description = yaml.safe_load(_generated(tmp_path))
    operations = [
        (f"{method.upper()} {path}", op) for path, ops in description["paths"].items() for method, op in ops.items()
    ]
    assert len(operations) >= 12
    for name, operation in operations:
        answers = operation["responses"]
        successes = {status: answer for status, answer in answers.items() if str(status).startswith(("2", "3"))}
        assert successes, name
        for status, answer in successes.items():
            # Described: a body's schema, or in words what a bodiless answer (a redirect, 204) means.
            assert answer.get("content") or answer["description"] not in ("", "No response body"), (name, status)
        for status, answer in answers.items():
            if int(status) >= 400:
                assert answer["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/RestError"}
