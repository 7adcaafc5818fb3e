"""skuLookup: the quick order pad's rows (issue 19): catalog numbers with or without hyphens, a CAS number of one pack
size or of several, what cannot be bought, what needs options — in a fixed number of queries."""

from __future__ import annotations

import pytest

from tests.helpers import error_code

pytestmark = pytest.mark.django_db

LOOKUP = """
query Lookup($skus: [String!]!) {
  skuLookup(skus: $skus) {
    sku status productId variantId variantSku productName purchasable availableStock needsOptions
    optionList { optionId optionValue } errorCode error
    candidates { productId variantId sku productName label purchasable availableStock } } }
"""


def lookup(graphql, token, *skus):
    body = graphql(LOOKUP, {"skus": list(skus)}, token=token)
    assert "errors" not in body, body["errors"]
    return body["data"]["skuLookup"]


def test_each_sku_in_the_order_given(catalog, graphql, sign_in):
    rows = lookup(graphql, sign_in("senior"), "hs1001500ml", "HS-9999", "HS-1152", "HS-2001", "HS-1001", "", "HS-4006")

    assert [(row["sku"], row["status"], row["variantSku"], row["errorCode"]) for row in rows] == [
        ("hs1001500ml", "FOUND", "HS-1001-500ML", None),
        ("HS-9999", "NOT_FOUND", None, "unknown_sku"),
        ("HS-1152", "FOUND", "HS-1152", "not_available"),
        ("HS-2001", "FOUND", "HS-2001", "required_options_missing"),
        ("HS-1001", "FOUND", "HS-1001", "required_options_missing"),  # the pack size is to choose
        ("", "NOT_FOUND", None, "sku_required"),
        ("HS-4006", "FOUND", "HS-4006", None),
    ]
    ethanol = rows[0]
    assert (ethanol["purchasable"], ethanol["availableStock"], ethanol["needsOptions"]) == (True, 60, False)
    assert (rows[2]["purchasable"], rows[2]["error"]) == (False, "Price on request: ask for a quote")
    assert (rows[4]["variantId"], rows[4]["needsOptions"]) == (None, True)
    assert [option["optionValue"].isdigit() for option in rows[6]["optionList"]] == [True]


def test_a_cas_number_of_one_pack_size_is_found_of_several_asks_which(catalog, graphql, sign_in):
    single, several = lookup(graphql, sign_in("b2c"), "7447-40-7", "64175")

    assert (single["status"], single["variantSku"], single["candidates"]) == ("FOUND", "HS-3001-500G", [])
    assert (several["status"], several["errorCode"], several["productId"]) == ("AMBIGUOUS", "ambiguous_sku", None)
    assert [(c["sku"], c["label"], c["availableStock"]) for c in several["candidates"]] == [
        ("HS-1001-100ML", "100 mL", 120),
        ("HS-1001-500ML", "500 mL", 60),
        ("HS-1001-1L", "1 L", 25),
        ("HS-1001-2.5L", "2.5 L", 8),
    ]


@pytest.mark.parametrize(
    ("caller", "code"),
    [("anonymous", 40101), ("super_admin", "PERMISSION_DENIED"), ("junior", None), ("super_admin_masquerading", None)],
)
def test_the_pad_is_for_signed_in_buyers(catalog, graphql, sign_in, caller, code):
    body = graphql(LOOKUP, {"skus": ["HS-1001-500ML"]}, token=sign_in(caller))

    if code is None:
        assert body["data"]["skuLookup"][0]["status"] == "FOUND"
    else:
        assert error_code(body) == code


def test_at_most_a_hundred_skus(catalog, graphql, sign_in):
    body = graphql(LOOKUP, {"skus": ["HS-1001-500ML"] * 101}, token=sign_in("senior"))

    assert body["errors"][0]["extensions"]["fields"] == {"skus": ["Send at most 100 SKUs at a time."]}


# The token with the grants, the store and its features; the exact catalog numbers (variants, products), the compact
# forms (products by search text, their variants), the products found, their variants, options and option values,
# and the pack sizes' labels.
LOOKUP_QUERIES = 12


def test_the_lookup_takes_the_same_queries_for_two_or_eight_skus(catalog, graphql, sign_in, django_assert_num_queries):
    token = sign_in("senior")
    few = ["HS-1001-500ML", "64-17-5"]
    many = [*few, "HS-1055-100G", "hs1055500g", "HS-4006", "7447407", "HS-2001", "HS-9999"]

    with django_assert_num_queries(LOOKUP_QUERIES):
        small = lookup(graphql, token, *few)
    with django_assert_num_queries(LOOKUP_QUERIES):
        large = lookup(graphql, token, *many)

    assert (len(small), len(large)) == (2, 8)
