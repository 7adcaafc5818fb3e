"""The pieces every REST edge shares (portal/rest, issue 23): the GraphQL layer's permissions on REST edges, the one
exception handler for what the edges of tests/portal/test_rest_edges.py do not raise, and the spec's limits."""

from __future__ import annotations

import logging

import pytest
from django.core.exceptions import ValidationError
from django.http import Http404
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.response import Response
from rest_framework.test import APIRequestFactory

from accounts import uploads
from accounts.services import b2b_token_issue
from portal.rest import parsers
from portal.rest.permissions import IsSignedIn, IsSuperAdmin, requires
from tests.helpers import rest_refusal

pytestmark = pytest.mark.django_db

factory = APIRequestFactory()


def _view(*permissions):
    @api_view(["GET"])
    @permission_classes(permissions)
    def view(request):
        return Response({"ok": True})

    return view


def _get(view, token: str | None = None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    response = view(factory.get("/", **headers))
    response.render()
    return response


def _code(response, status: int):
    return rest_refusal(response, status)["extensions"]["code"]


@pytest.mark.parametrize(
    ("permission", "email", "status"),
    [
        (IsSignedIn, None, 401),
        (IsSignedIn, "junior@acme.test", 200),
        (requires("get_quotes"), None, 401),
        (requires("get_quotes"), "junior@acme.test", 200),  # level 1: their own quotes
        (requires("get_quotes", 2), "junior@acme.test", 403),  # level 2: the company's
        (requires("get_quotes", 2), "admin@acme.test", 200),
        (requires("get_orders"), "junior@acme.test", 403),  # no grant at all
        (requires("get_invoices"), "superadmin@demo.test", 403),  # not masquerading: no company's codes
        (IsSuperAdmin, "admin@acme.test", 403),
        (IsSuperAdmin, "superadmin@demo.test", 200),
    ],
)
def test_rest_permissions_use_the_graphql_codes_levels_and_answers(demo_store, login, permission, email, status):
    response = _get(_view(permission), login(email) if email else None)

    assert response.status_code == status
    if status != 200:
        assert _code(response, status) == {401: 40101, 403: "PERMISSION_DENIED"}[status]


def test_the_rest_layer_asks_the_graphql_layers_predicate_not_a_copy(demo_store, login, monkeypatch):
    from portal.graphql import permissions as graphql_permissions

    token = login("admin@acme.test")
    view = _view(requires("get_quotes", 2))
    assert _get(view, token).status_code == 200

    monkeypatch.setattr(graphql_permissions.HasPermission, "allows", lambda self, actor: False)

    assert _code(_get(view, token), 403) == "PERMISSION_DENIED"


class LineSerializer(serializers.Serializer):
    sku = serializers.CharField()
    quantity = serializers.IntegerField(min_value=1, max_value=1_000_000)


class OrderSerializer(serializers.Serializer):
    lines = LineSerializer(many=True)
    note = serializers.CharField(max_length=5)


@api_view(["POST"])
def serializer_view(request):
    OrderSerializer(data=request.data).is_valid(raise_exception=True)
    return Response({"ok": True})


def test_a_serializers_errors_are_field_errors_of_the_contract():
    request = factory.post("/", {"lines": [{"sku": "A", "quantity": 0}], "note": "too long"}, format="json")

    response = serializer_view(request)
    response.render()

    error = rest_refusal(response, 400)
    assert error["extensions"] == {
        "code": "VALIDATION_ERROR",
        "fields": {
            "lines.0.quantity": ["Ensure this value is greater than or equal to 1."],
            "note": ["Ensure this field has no more than 5 characters."],
        },
        "fieldCodes": {"lines.0.quantity": ["min_value"], "note": ["max_length"]},
    }
    assert error["message"] == "Ensure this value is greater than or equal to 1."


def test_malformed_json_is_bad_request():
    request = factory.generic("POST", "/", b'{"lines": [', content_type="application/json")

    response = serializer_view(request)
    response.render()

    assert _code(response, 400) == "BAD_REQUEST"


def _raising(exc: Exception):
    @api_view(["GET"])
    def view(request):
        raise exc

    return view


@pytest.mark.parametrize(
    ("exc", "status", "code", "message"),
    [
        (Http404("No Quote matches the given query."), 404, "NOT_FOUND", "Not found."),  # never a model's name
        (ValidationError("Choose a file.", code="FILE_MISSING"), 400, "FILE_MISSING", "Choose a file."),
        (ValidationError("No such file.", code="NOT_FOUND"), 404, "NOT_FOUND", "No such file."),
        (RuntimeError("SELECT * FROM secrets"), 500, "INTERNAL_SERVER_ERROR", "Something went wrong on our side."),
    ],
)
def test_every_error_is_answered_in_the_one_shape(exc, status, code, message, caplog):
    with caplog.at_level(logging.ERROR, logger="portal.rest"):
        response = _get(_raising(exc))

    error = rest_refusal(response, status)
    assert (error["extensions"]["code"], error["message"]) == (code, message)
    assert ("REST request failed" in caplog.text) is (status == 500)  # our faults are logged, not shown


def test_a_limit_with_retry_after_is_429_with_the_header():
    from accounts.services import SignInThrottled

    response = _get(_raising(SignInThrottled(90)))

    assert rest_refusal(response, 429)["extensions"] == {"code": "TOO_MANY_ATTEMPTS", "retryAfter": 90}
    assert response["Retry-After"] == "90"


def test_a_valid_token_is_the_caller_and_an_invalid_one_is_refused(demo_store):
    from accounts.models import User

    token = b2b_token_issue(user=User.objects.get(email="senior@acme.test")).raw

    @api_view(["GET"])
    def whoami(request):
        return Response({"email": request.auth.user.email, "role": request.auth.role})

    assert _get(whoami, token).data == {"email": "senior@acme.test", "role": 1}
    assert _code(_get(whoami, token + "x"), 401) == 40101


def test_the_parsers_limits_are_the_specs():
    assert (parsers.FILE_DROP_MAX_BYTES, parsers.FILE_DROP_MAX_FILES) == (uploads.MAX_FILE_BYTES, uploads.MAX_FILES)
    assert parsers.BULK_CSV_MAX_BYTES == 50 * 1024 * 1024  # business §9: 50*1024*1024
