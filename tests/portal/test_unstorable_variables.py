"""The variables' text check (portal.graphql.limits.unstorable_variable_paths, issue 21): the one-pass check over
all the texts finds what the walk finds, and says nothing about text that only looks like it."""

from decimal import Decimal

import pytest

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
