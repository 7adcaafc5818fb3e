"""One error convention (issue 14 §2): services raise Django's ValidationError / PermissionDenied / ObjectDoesNotExist
with their codes, and `portal.graphql.errors` alone carries every app's codes, field messages and field codes to the
client: `extensions.code`, `extensions.fields` (field → messages) and `extensions.fieldCodes` (field → codes)."""

import pytest
from django.core.exceptions import ValidationError

from accounts.errors import AccountErrorCode
from accounts.models import User
from accounts.validators import PASSWORD_RULE_MESSAGE
from portal import selectors
from portal.errors import NotFound, Refused
from portal.models import Store
from quotes.errors import NO_SKU_MESSAGE
from quotes.models import QuoteDraft
from tests.helpers import LOGIN

pytestmark = pytest.mark.django_db

CUSTOMER_CREATE = """
mutation Personal($data: CustomerCreateInput!) { customerCreate(customerData: $data) { customerId email } }
"""
ADD_LINES = """
mutation Add($lines: [QuoteDraftLineInput!]!) { quoteDraftAddLines(lines: $lines) { message draft { id } } }
"""
UPDATE_DRAFT = """
mutation Info($data: QuoteDraftInfoInput!) { quoteDraftUpdate(data: $data) { draft { id } } }
"""
CONFIGS = '{ storefrontConfigs(keys: ["quote_customer"]) { key } }'
EMAIL_IN_USE = "An account with this email address already exists. Sign in, or reset your password."


def test_an_accounts_validation_error_reaches_the_client_with_its_fields_and_their_codes(demo_store, graphql):
    users = User.objects.count()

    body = graphql(
        CUSTOMER_CREATE,
        {"data": {"firstName": "Paul", "lastName": "Person", "email": "b2c@demo.test", "password": "pipettes",
                  "phoneNumber": "555"}},
    )  # fmt: skip

    assert body["data"] is None
    error = body["errors"][0]
    assert error["extensions"] == {
        "code": "VALIDATION_ERROR",
        "fields": {
            "phoneNumber": ["Enter a valid phone number."],
            "password": [PASSWORD_RULE_MESSAGE],
            "email": [EMAIL_IN_USE],
        },
        # Our own codes, and the password validator's code passed on as it is.
        "fieldCodes": {"phoneNumber": ["invalid_phone"], "password": ["password_rule"], "email": ["email_in_use"]},
    }
    assert error["message"] == "Enter a valid phone number."
    assert User.objects.count() == users


def test_an_accounts_refusal_reaches_the_client_with_its_code_alone(demo_store, graphql):
    body = graphql(LOGIN, {"email": "admin@acme.test", "password": "wrong-password-1"})

    assert body["data"] is None
    assert body["errors"][0]["extensions"] == {"code": "INVALID_CREDENTIALS"}
    assert body["errors"][0]["message"] == AccountErrorCode.INVALID_CREDENTIALS.label


def test_a_quotes_validation_error_reaches_the_client_with_its_code_fields_and_field_codes(demo_store, graphql, login):
    token = login("admin@acme.test")

    body = graphql(ADD_LINES, {"lines": [{"quantity": 1}]}, token=token)

    assert body["data"] is None
    assert body["errors"][0]["extensions"] == {
        "code": "NO_SKU",
        "fields": {"lines.0.sku": [NO_SKU_MESSAGE]},
        "fieldCodes": {"lines.0.sku": ["NO_SKU"]},
    }
    assert body["errors"][0]["message"] == NO_SKU_MESSAGE
    assert not QuoteDraft.objects.exists()


def test_quote_draft_field_errors_carry_a_code_per_message(demo_store, graphql, login):
    token = login("admin@acme.test")

    body = graphql(
        UPDATE_DRAFT,
        {"data": {"contactInfo": {"email": "not-an-address", "phoneNumber": "12"}, "note": "x" * 5001}},
        token=token,
    )

    assert body["errors"][0]["extensions"] == {
        "code": "VALIDATION_ERROR",
        "fields": {
            "contactInfo.email": ["Enter a valid email address."],
            "contactInfo.phoneNumber": ["Enter a valid phone number."],
            "note": ["Enter at most 5000 characters."],
        },
        "fieldCodes": {
            "contactInfo.email": ["invalid_email"],
            "contactInfo.phoneNumber": ["invalid_phone"],
            "note": ["max_length"],
        },
    }
    assert not QuoteDraft.objects.exists()


def test_a_quotes_refusal_keeps_its_code(demo_store, graphql, login):
    # shell §4: a super admin who is not masquerading has quotes off.
    body = graphql(ADD_LINES, {"lines": [{"quantity": 1, "sku": "ANY"}]}, token=login("superadmin@demo.test"))

    assert body["errors"][0]["extensions"] == {"code": "QUOTES_DISABLED"}
    assert not QuoteDraft.objects.exists()


@pytest.mark.parametrize(
    ("raised", "message", "extensions"),
    [
        # A code no app declared stays a field code; the error is a VALIDATION_ERROR.
        (ValidationError("Choose a key.", code="unknown_key"), "Choose a key.",
         {"code": "VALIDATION_ERROR", "fields": {"__all__": ["Choose a key."]},
          "fieldCodes": {"__all__": ["unknown_key"]}}),
        # Fields without codes keep today's shape: no fieldCodes at all.
        (ValidationError({"keys": ["Unknown key."]}), "Unknown key.",
         {"code": "VALIDATION_ERROR", "fields": {"keys": ["Unknown key."]}}),
        (ValidationError({"keys": [ValidationError("Unknown key.", code="unknown"), "Too many."]}), "Unknown key.",
         {"code": "VALIDATION_ERROR", "fields": {"keys": ["Unknown key.", "Too many."]},
          "fieldCodes": {"keys": ["unknown", None]}}),
        # A declared code becomes `code`, and its error's message the message.
        (ValidationError({"a": ["First."], "b": [ValidationError("Second.", code=AccountErrorCode.TOO_MANY_REQUESTS)]}),
         "Second.",
         {"code": "TOO_MANY_REQUESTS", "fields": {"a": ["First."], "b": ["Second."]},
          "fieldCodes": {"b": ["TOO_MANY_REQUESTS"]}}),
        (Refused("Wait a little.", code="TOO_MANY_ATTEMPTS", retry_after=3), "Wait a little.",
         {"code": "TOO_MANY_ATTEMPTS", "retryAfter": 3}),
        (Refused("Sign in again.", code=40101), "Sign in again.", {"code": 40101}),
        (Refused("Not yours.", code="undeclared"), "Not yours.", {"code": "PERMISSION_DENIED"}),
        (NotFound("Channel 9 does not exist."), "Channel 9 does not exist.", {"code": "NOT_FOUND"}),
        # Django's own texts name models and queries: never shown.
        (Store.DoesNotExist("Store matching query does not exist."), "Not found.", {"code": "NOT_FOUND"}),
    ],
    ids=["undeclared-code", "uncoded-fields", "partly-coded", "declared-code", "retry-after", "numeric-code",
         "undeclared-refusal", "not-found", "model-does-not-exist"],
)  # fmt: skip
def test_the_one_mapping_shapes_whatever_a_service_raises(
    demo_store, graphql, monkeypatch, raised, message, extensions
):
    def refuse(**kwargs):
        raise raised

    monkeypatch.setattr(selectors, "storefront_config_list", refuse)

    body = graphql(CONFIGS)

    assert body["errors"][0]["extensions"] == extensions
    assert body["errors"][0]["message"] == message
