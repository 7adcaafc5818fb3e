"""Issue 12, "Nothing leaked, nothing 500": a request /graphql cannot read is a 400 in the API's JSON error shape,
and text PostgreSQL cannot store (NUL, unpaired surrogates) is refused as BAD_USER_INPUT before any resolver runs,
with DEBUG on and off."""

import json

import pytest

from accounts.models import NewsletterSubscriber, User
from portal.graphql.view import PortalGraphQLView
from quotes.models import QuoteDraft
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

REQUEST_SHAPE = 'The request body must be a JSON object: {"query": "…", "variables": {…}, "operationName": "…"}.'
NOT_UTF8 = "The request body is not valid UTF-8."
UNSTORABLE = "Text may not contain the NUL character (U+0000) or unpaired surrogates (U+D800 to U+DFFF)."
TYPENAME = '"query": "{ __typename }"'


def _nested(depth: int) -> str:
    return '{"a": ' * depth + "1" + "}" * depth


MULTIPART = "multipart/form-data; boundary=XyZ"


def _multipart(*parts: tuple[str, str]) -> bytes:
    body = "".join(
        f'--XyZ\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n' for name, value in parts
    )
    return (body + "--XyZ--\r\n").encode()


MALFORMED = {
    "null": (b"null", "application/json", REQUEST_SHAPE),
    "number": (b"123", "application/json", REQUEST_SHAPE),
    "string": (b'"abc"', "application/json", REQUEST_SHAPE),
    "list": (b'[{"query": "{ __typename }"}]', "application/json", REQUEST_SHAPE),
    "empty-list": (b"[]", "application/json", REQUEST_SHAPE),
    "bad-json": (b"{'query': '{ __typename }'}", "application/json", "Unable to parse request body as JSON"),
    "invalid-utf8-in-a-string": (b'{"query": "{ __typename \xff }"}', "application/json", NOT_UTF8),
    "invalid-utf8-only": (b"\xff\xfe\x00", "application/json", NOT_UTF8),
    "variables-50000-deep": (
        ('{"query": "query($v: JSON) { __typename }", "variables": {"v": ' + _nested(50_000) + "}}").encode(),
        "application/json",
        "The request body is nested too deeply.",
    ),
    "number-too-long": (
        b'{"query": "{ __typename }", "variables": {"n": ' + b"9" * 5000 + b"}}",
        "application/json",
        "A number in the request body is too long.",
    ),
    "query-a-number": (
        b'{"query": 123}',
        "application/json",
        "The GraphQL operation's `query` must be a string or null, if provided.",
    ),
    "query-an-object": (
        b'{"query": {"a": 1}}',
        "application/json",
        "The GraphQL operation's `query` must be a string or null, if provided.",
    ),
    "no-query": (b'{"variables": {}}', "application/json", "No GraphQL query found in the request"),
    "variables-a-list": (
        ("{" + TYPENAME + ', "variables": [1]}').encode(),
        "application/json",
        "The GraphQL operation's `variables` must be an object or null, if provided.",
    ),
    "variables-a-string": (
        ("{" + TYPENAME + ', "variables": "{}"}').encode(),
        "application/json",
        "The GraphQL operation's `variables` must be an object or null, if provided.",
    ),
    "operation-name-a-number": (
        ("{" + TYPENAME + ', "operationName": 5}').encode(),
        "application/json",
        "The GraphQL operation's `operationName` must be a string or null, if provided.",
    ),
    "operation-name-a-list": (
        ("{" + TYPENAME + ', "operationName": ["A"]}').encode(),
        "application/json",
        "The GraphQL operation's `operationName` must be a string or null, if provided.",
    ),
    "operation-name-an-object": (
        ("{" + TYPENAME + ', "operationName": {"A": 1}}').encode(),
        "application/json",
        "The GraphQL operation's `operationName` must be a string or null, if provided.",
    ),
    "extensions-a-string": (
        ("{" + TYPENAME + ', "extensions": "x"}').encode(),
        "application/json",
        "The GraphQL operation's `extensions` must be an object or null, if provided.",
    ),
    "multipart-without-parts": (_multipart(("file", "x")), MULTIPART, "Unsupported content type"),
    "multipart-without-map": (
        _multipart(("operations", '{"query": "{ __typename }"}')), MULTIPART, "Unsupported content type"
    ),
    "form": (b"query=%7B+__typename+%7D", "application/x-www-form-urlencoded", "Unsupported content type"),
    "text": (b"{ __typename }", "text/plain", "Unsupported content type"),
}  # fmt: skip


@pytest.mark.parametrize("debug", [False, True], ids=["debug-off", "debug-on"])
@pytest.mark.parametrize("case", list(MALFORMED))
def test_a_request_that_cannot_be_read_is_a_400_in_the_error_shape(client, settings, case, debug):
    settings.DEBUG = debug
    payload, content_type, message = MALFORMED[case]

    response = client.generic("POST", "/graphql", payload, content_type=content_type)

    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"data": None, "errors": [{"message": message, "extensions": {"code": "BAD_REQUEST"}}]}


@pytest.mark.parametrize("debug", [False, True], ids=["debug-off", "debug-on"])
def test_any_other_failure_of_the_view_is_a_json_500_that_says_nothing(client, settings, monkeypatch, debug):
    settings.DEBUG = debug

    def broken(self, request, response):
        raise RuntimeError('relation "portal_store" does not exist: SELECT secret FROM portal_store')

    monkeypatch.setattr(PortalGraphQLView, "get_context", broken)
    client.raise_request_exception = False

    response = client.post("/graphql", data={"query": "{ __typename }"}, content_type="application/json")

    assert response.status_code == 500
    assert response.json() == {
        "data": None,
        "errors": [{"message": "Something went wrong on our side.", "extensions": {"code": "INTERNAL_SERVER_ERROR"}}],
    }


# NUL and unpaired surrogates (item 4) -------------------------------------------------------------------------------

NUL = "\u0000"
# Every operation named in the issue, with the variable that carries the text and the path the error names.
NUL_OPERATIONS = {
    "productsSearch": ("query($s: String) { productsSearch(search: $s) { id } }", {"s": f"ethanol{NUL}"}, "s"),
    "variantSku": (
        "query($s: [String!]!) { variantSku(variantSkus: $s) { variantSku } }", {"s": ["A-1", f"B{NUL}"]}, "s.1"
    ),
    "userLoginState": (
        "query($e: String!) { userLoginState(email: $e) { forcePasswordReset } }",
        {"e": f"admin@acme.test{NUL}"},
        "e",
    ),
    "login": (
        "mutation($e: String!) { login(loginData: {email: $e, password: \"Demo1234\", channelId: 1}) "
        "{ result { token } } }",
        {"e": f"admin@acme.test{NUL}"},
        "e",
    ),
    "requestPasswordReset": (
        "mutation($e: String!) { requestPasswordReset(email: $e) { result { message } } }",
        {"e": f"{NUL}admin@acme.test"},
        "e",
    ),
    "customerSubscribersCreate": (
        "mutation($d: CustomerSubscriberInput!) { customerSubscribersCreate(subscriberData: $d) { subscribed } }",
        {"d": {"email": "reader@example.test", "firstName": f"Re{NUL}ader"}},
        "d.firstName",
    ),
    "updateAccountSettings": (
        "mutation($d: AccountSettingsInput!) { updateAccountSettings(accountSettings: $d) { userType } }",
        {"d": {"firstName": f"Ann{NUL}", "lastName": "Admin"}},
        "d.firstName",
    ),
    "quoteDraftUpdate": (
        "mutation($d: QuoteDraftInfoInput!) { quoteDraftUpdate(data: $d) { message } }",
        {"d": {"note": "Ship soon", "shippingAddress": {"city": f"Boston{NUL}"}}},
        "d.shippingAddress.city",
    ),
}  # fmt: skip


def _refused(body: dict, *paths: str) -> None:
    assert body == {
        "data": None,
        "errors": [
            {
                "message": UNSTORABLE,
                "extensions": {
                    "code": "BAD_USER_INPUT",
                    "fields": {p: [UNSTORABLE] for p in paths},
                    "fieldCodes": {p: ["invalid"] for p in paths},
                },
            }
        ],
    }


@pytest.mark.parametrize("debug", [False, True], ids=["debug-off", "debug-on"])
@pytest.mark.parametrize("operation", list(NUL_OPERATIONS))
def test_a_nul_in_a_variable_is_refused_before_anything_runs(demo_store, graphql, login, settings, operation, debug):
    settings.DEBUG = debug
    token = login("admin@acme.test")
    query, variables, path = NUL_OPERATIONS[operation]

    body = graphql(query, variables, token=token)

    _refused(body, path)  # no INTERNAL_SERVER_ERROR, no SQL in the message


@pytest.mark.parametrize("debug", [False, True], ids=["debug-off", "debug-on"])
def test_a_nul_in_an_inline_argument_is_refused(demo_store, graphql, settings, debug):
    settings.DEBUG = debug

    search = graphql('{ productsSearch(search: "ethanol\\u0000") { id } }')
    nested = graphql(
        'mutation { customerSubscribersCreate(subscriberData: {email: "a@b.test", lastName: "x\\u0000"}) '
        "{ subscribed } }"
    )
    in_a_list = graphql('{ variantSku(variantSkus: ["A", "\\u0000"]) { variantSku } }')
    default = graphql('query($s: String = "\\u0000") { productsSearch(search: $s) { id } }')

    _refused(search, "search")
    _refused(in_a_list, "variantSkus")
    _refused(default, "s")
    _refused(nested, "subscriberData.lastName")
    assert NewsletterSubscriber.objects.count() == 0


def test_a_nul_anywhere_in_the_variables_is_refused_even_in_a_key_or_an_unused_value(demo_store, graphql):
    query = "mutation($d: CustomerSubscriberInput!) { customerSubscribersCreate(subscriberData: $d) { subscribed } }"

    in_a_key = graphql(query, {"d": {"email": "a@b.test", f"first{NUL}Name": "x"}})
    deep = graphql(query, {"d": {"email": "a@b.test"}, "extra": {"a": [{"b": {"c": [1, f"{NUL}"]}}]}})

    _refused(in_a_key, "d.first\\x00Name")
    assert deep["errors"][0]["extensions"]["fields"] == {"extra.a.0.b.c.1": [UNSTORABLE]}
    assert NewsletterSubscriber.objects.count() == 0


def test_an_unpaired_surrogate_is_refused_like_a_nul(demo_store, client):
    body = b'{"query": "query($e: String!) { userLoginState(email: $e) { forcePasswordReset } }", "variables": '
    body += b'{"e": "admin\\ud800@acme.test"}}'

    response = client.generic("POST", "/graphql", body, content_type="application/json")

    _refused(response.json(), "e")


def test_a_refused_mutation_writes_nothing(demo_store, graphql, login):
    token = login("admin@acme.test")
    admin = User.objects.get(email="admin@acme.test")
    update = "mutation($d: QuoteDraftInfoInput!) { quoteDraftUpdate(data: $d) { draft { note } } }"
    saved = graphql(update, {"d": {"note": "Ship by Friday", "contactInfo": {"name": "Ann Admin"}}}, token=token)
    assert saved["data"]["quoteDraftUpdate"]["draft"]["note"] == "Ship by Friday"
    draft = QuoteDraft.objects.get(user=admin)

    refused = graphql(update, {"d": {"note": f"Changed{NUL}", "contactInfo": {"name": "Someone else"}}}, token=token)
    settings_refused = graphql(
        "mutation($d: AccountSettingsInput!) { updateAccountSettings(accountSettings: $d) { userType } }",
        {"d": {"firstName": f"Mallory{NUL}", "lastName": "Admin"}},
        token=token,
    )
    subscriber_refused = graphql(
        'mutation { customerSubscribersCreate(subscriberData: {email: "a\\u0000@b.test"}) { subscribed } }'
    )

    assert error_code(refused) == error_code(settings_refused) == error_code(subscriber_refused) == "BAD_USER_INPUT"
    draft.refresh_from_db()
    assert (draft.note, draft.contact_name) == ("Ship by Friday", "Ann Admin")
    assert QuoteDraft.objects.filter(user=admin).count() == 1
    assert User.objects.get(pk=admin.pk).first_name == admin.first_name
    assert NewsletterSubscriber.objects.count() == 0


def test_text_without_nul_still_goes_through(demo_store, graphql):
    body = graphql(
        "mutation($d: CustomerSubscriberInput!) { customerSubscribersCreate(subscriberData: $d) { email subscribed } }",
        {"d": {"email": "reader@example.test", "firstName": "Zoë 😀", "lastName": "\u00a0"}},
    )

    assert body == {"data": {"customerSubscribersCreate": {"email": "reader@example.test", "subscribed": True}}}
    assert json.dumps(NewsletterSubscriber.objects.get().first_name) == json.dumps("Zoë 😀")
