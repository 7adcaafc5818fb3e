"""Issue 21: /graphql writes its answers with orjson (portal.graphql.view.PortalGraphQLView.encode_json). The answer
must say what strawberry's json.dumps with DjangoJSONEncoder said, value for value; the bytes differ only where text
beyond ASCII (DEL included) is no longer \\u-escaped and in a float's exponent. What neither can write still fails
(the view's 500 in the API's shape)."""

import datetime
import json
import uuid
from dataclasses import dataclass
from decimal import Decimal

import pytest
from django.utils.functional import lazy
from strawberry.django.views import GraphQLView

from portal.errors import ErrorCode
from portal.graphql.view import PortalGraphQLView
from portal.schema import schema

VIEW = PortalGraphQLView(schema=schema)
lazy_text = lazy(lambda text: text, str)


def strawberrys_json(data: object) -> str:
    """What the view wrote before: strawberry's Django view, json.dumps with DjangoJSONEncoder."""
    return GraphQLView.encode_json(VIEW, data)


ANSWERS = {
    "ascii data": {"data": {"a": [1, 2, {"b": None, "c": True, "d": False}], "e": "text", "f": -0.5}},
    "non-ascii text": {"data": {"name": "Boric acid, ≥99.5%", "token": "€", "city": "Zürich", "emoji": "🧪"}},
    "control characters": {"data": {"s": 'tab\there\nnewline \x00 nul \x1f quote" backslash\\ /'}},
    "delete character": {"data": {"s": "\x7f"}},
    "floats": {"data": [0.1, 1.5, -0.0, 1e16, 1e-07, 1.7976931348623157e308, 5e-324, 123456789.125]},
    "integers": {"data": [0, -1, 2**31 - 1, -(2**31), 2**53, 2**63 - 1, -(2**63), 2**64 - 1]},
    "integer beyond 64 bits": {"data": {"n": 2**64, "m": -(2**70)}},
    "key that is not a string": {"data": {1: "one", "2": "two"}},
    "decimal": {"data": {"amount": Decimal("1234.50"), "tiny": Decimal("0.000001")}},
    "date and time": {
        "data": {
            "aware": datetime.datetime(2026, 11, 26, 10, 30, 15, 123456, tzinfo=datetime.UTC),
            "naive": datetime.datetime(2026, 11, 26, 10, 30, 15),
            "offset": datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.timezone(datetime.timedelta(hours=2))),
            "date": datetime.date(2026, 11, 26),
            "time": datetime.time(10, 30, 15, 250000),
            "duration": datetime.timedelta(days=1, seconds=5),
        }
    },
    "uuid": {"data": {"id": uuid.UUID("12345678-1234-5678-1234-567812345678")}},
    "lazy text": {"errors": [{"message": lazy_text("Ask for 1 to 50 sessions.")}]},
    "text choices": {"errors": [{"extensions": {"code": ErrorCode.BAD_USER_INPUT}}]},
    "tuple": {"data": {"pair": (1, "two")}},
    "nested deeper than orjson goes": {"data": json.loads('{"a": ' * 300 + "1" + "}" * 300)},
    "empty": {"data": None},
}


@pytest.mark.parametrize("answer", ANSWERS.values(), ids=ANSWERS.keys())
def test_an_answer_says_what_strawberrys_json_said(answer):
    assert json.loads(VIEW.encode_json(answer)) == json.loads(strawberrys_json(answer))


@pytest.mark.parametrize("name", ["ascii data", "control characters", "integers", "decimal", "uuid", "text choices"])
def test_an_ascii_answer_keeps_its_bytes(name):
    written = VIEW.encode_json(ANSWERS[name])

    assert (written if isinstance(written, str) else written.decode()) == strawberrys_json(ANSWERS[name])


def test_non_ascii_text_is_written_as_utf8_not_escaped():
    written = VIEW.encode_json({"data": {"token": "€"}})

    assert written == '{"data":{"token":"€"}}'.encode()
    assert strawberrys_json({"data": {"token": "€"}}) == '{"data":{"token":"\\u20ac"}}'


@dataclass
class Unwritable:
    name: str


@pytest.mark.parametrize(
    "value", [object(), Unwritable("x"), {1, 2}, b"bytes"], ids=["object", "dataclass", "set", "bytes"]
)
def test_what_json_could_not_write_still_fails(value):
    with pytest.raises(TypeError):
        strawberrys_json({"data": value})
    with pytest.raises(TypeError):
        VIEW.encode_json({"data": value})


@pytest.mark.django_db
def test_an_answer_over_http_is_utf8_json_with_the_same_content(client):
    """A variable's value echoed in an error message: the non-ASCII text arrives as UTF-8, and the answer reads as
    before."""
    body = {"query": "query Echo($n: Boolean!) { __typename @include(if: $n) }", "variables": {"n": "€ Zürich"}}

    response = client.post("/graphql", data=json.dumps(body), content_type="application/json")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "€ Zürich".encode() in response.content
    answer = response.json()
    assert answer["data"] is None
    assert answer["errors"][0]["message"] == (
        "Variable '$n' has invalid value: Boolean cannot represent a non boolean value: '€ Zürich'"
    )
    assert answer["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT"}


# The request body: read by orjson where it reads it as json does, by json otherwise (portal.graphql.view._loads) --

BODIES = {
    "plain": '{"query": "{ a }", "variables": {"n": 5, "f": 1.5, "s": "x", "l": [1, null, true, false]}}',
    "non-ascii and escapes": '{"s": "Zürich \\u20ac \\ud83e\\uddea tab\\t quote\\" nul\\u0000 slash\\/"}',
    "duplicate keys": '{"a": 1, "a": 2}',
    "64-bit edges": '{"a": 9223372036854775807, "b": -9223372036854775808, "c": 18446744073709551615}',
    "beyond 64 bits": '{"a": 18446744073709551616, "b": -9223372036854775809, "c": 123456789012345678901234567890}',
    "digits in a text": '{"s": "12345678901234567890"}',
    "18 and 19 digits beside text beyond ASCII": '{"s": "日本 €", "a": 123456789012345678, "b": 1234567890123456789}',
    "20 digits in a fraction": '{"a": 0.12345678901234567890}',
    "a lone surrogate as a character": '{"s": "\ud800 1234567890123456789012"}',
    "floats": '{"a": 0.1, "b": -0.0, "c": 1e308, "d": 5e-324, "e": 1e-400, "f": 2.5E+3, "g": 1.7976931348623157e308}',
    "beyond a float": '{"a": 1e400, "b": -1e999}',
    "nan and infinity": '{"a": NaN, "b": Infinity, "c": -Infinity}',
    "lone surrogate": '{"s": "\\ud800"}',
    "reversed pair": '{"s": "\\udc00\\ud800"}',
    "deep": '{"a": ' * 1100 + "1" + "}" * 1100,
    "too deep": "[" * 100_000 + "]" * 100_000,
    "whitespace": ' \t\r\n{ "a" : [ 1 , 2 ] } \n',
    "not json": "{query: 1}",
    "trailing comma": '{"a": 1,}',
    "raw control character": '{"s": "a\nb"}',
    "bom": '\ufeff{"a": 1}',
    "leading zero": '{"a": 01}',
    "empty": "",
    "list": "[1, 2]",
    "two values": '{"a": 1} {"b": 2}',
}


def _read(read, text: str) -> tuple:
    try:
        return ("value", repr(read(text)))
    except Exception as error:  # noqa: BLE001 (the kind and message of each error are compared)
        return ("error", type(error).__name__, str(error))


@pytest.mark.parametrize("text", BODIES.values(), ids=BODIES.keys())
def test_a_body_reads_as_json_reads_it(text):
    from portal.graphql.view import _loads

    assert _read(_loads, text) == _read(json.loads, text)
