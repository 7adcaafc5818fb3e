"""The variables' text check (portal.graphql.limits.unstorable_variable_paths, issue 21): the one-pass check over
all the texts finds what the walk finds, and says nothing about text that only looks like it."""

from decimal import Decimal
from unittest import mock

import pytest

from portal.graphql import limits
from portal.graphql.limits import unstorable_variable_paths

NUL, SURROGATE = "\u0000", "\ud800"


@pytest.mark.parametrize(
    ("variables", "paths"),
    [
        ({"items": [{"productId": 1, "options": [{"optionId": 2, "value": "fine"}]}] * 500}, []),
        ({"s": "emoji 😀 and é, ü, 日本"}, []),  # non-ASCII and astral characters are storable
        ({"s": "a backslash and u0000: \\u0000"}, []),  # the six characters, not a NUL
        ({"s": f"ethanol{NUL}"}, ["s"]),
        ({"d": {"shippingAddress": {"city": f"Boston{SURROGATE}"}}}, ["d.shippingAddress.city"]),
        ({"s": ["A-1", f"B{NUL}", "\\u0000"]}, ["s.1"]),
        ({"d": {f"key{NUL}": "value"}}, ["d.key\\x00"]),
        ({"items": [{"value": f"x{SURROGATE}"}, {"value": "\\u0000"}, {"value": NUL}]}, ["items.0.value",
                                                                                      "items.2.value"]),
        ({"n": Decimal("1.5"), "s": f"not JSON{NUL}"}, ["s"]),  # in-process values JSON cannot hold: walked
        ({"n": Decimal("1.5"), "s": "not JSON"}, []),
    ],
)  # fmt: skip
def test_unstorable_texts_are_found_wherever_they_are(variables, paths):
    assert unstorable_variable_paths(variables) == paths


def _nested(depth: int, leaf) -> dict:
    value = leaf
    for _ in range(depth):
        value = {"d": [value]}
    return value


@pytest.mark.parametrize(
    "variables",
    [
        {"n": 2**70, "s": f"a{NUL}"},  # an integer beyond 64 bits
        {"n": 2**70, "s": "fine"},
        {"d": {1: f"int key{NUL}", 2: "fine"}},  # keys that are not texts (in-process callers)
        {"d": {f"{SURROGATE}": 1}},
        {"t": ("x", f"y{NUL}")},  # a tuple for a list
        {"deep": _nested(300, f"deep{NUL}")},  # deeper than orjson encodes
        {"deep": _nested(300, "deep")},
        {"f": float("nan"), "s": f"{SURROGATE}{NUL}"},
        {"s": "\\u0000" * 3 + NUL},
        {"b": b"bytes\x00"},  # not a text: neither checks it
    ],
)
def test_the_one_pass_check_finds_what_the_walk_alone_finds(variables):
    with mock.patch.object(limits, "_may_hold_unstorable", lambda _variables: True):
        walked = unstorable_variable_paths(variables)

    assert unstorable_variable_paths(variables) == walked
