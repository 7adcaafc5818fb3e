"""The quote draft (business §3–§5, §8): adding by SKU or product, the merge rule, quantity limits and option
validation with their exact texts, live prices, guest draft keys and the claim at sign-in."""

from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from accounts.models import B2BToken
from accounts.selectors import token_hash
from portal.models import Currency
from quotes.models import QuoteDraft, QuoteDraftLine
from tests.helpers import error_code, rest_refusal
from tests.quotes.support import (
    ADD,
    BALANCE,
    CLAIM,
    DRAFT,
    ETHANOL,
    REMOVE_LINE,
    UPDATE_INFO,
    UPDATE_LINE,
    line,
    option_id,
    value_id,
    variant,
)

pytestmark = pytest.mark.django_db

COA = "Printed certificate of analysis"


def _coa(label: str) -> list[dict]:
    return [{"optionId": option_id(ETHANOL, COA), "value": str(value_id(ETHANOL, COA, label))}]


def _add(graphql, lines, key=None, token=None, **variables):
    return graphql(ADD, {"key": key, "lines": lines, **variables}, token=token)


def _lines(body) -> list[tuple[str, int]]:
    draft = body["data"]["quoteDraftAddLines"]["draft"]
    return [(p["variantSku"], p["quantity"]) for p in draft["products"]]


def test_a_guest_adds_by_sku_gets_a_key_and_live_prices_with_tax(ethanol, graphql):
    body = _add(graphql, [line("HS-1001-100ML", 2)])
    payload = body["data"]["quoteDraftAddLines"]
    assert payload["message"] == "Product was added to your quote."
    draft = payload["draft"]
    assert draft["draftKey"] and len(draft["draftKey"]) >= 40
    (product,) = draft["products"]
    assert (product["variantSku"], product["quantity"], product["productName"]) == (
        "HS-1001-100ML", 2, "Ethanol, absolute, ≥99.8%",
    )  # fmt: skip
    assert (product["basePrice"], product["taxPrice"], product["lineTotal"]) == ("38.00", "2.38", "76.00")
    assert product["options"] == [
        {"optionId": option_id(ETHANOL, "Pack size"), "optionName": "Pack size", "value": "100 mL"}
    ]
    assert draft["totals"] == {"subtotal": "76.00", "tax": "4.76", "grandTotal": "80.76"}
    # The key reaches the draft again; without it a guest has none.
    again = graphql(DRAFT, {"key": draft["draftKey"]})["data"]["quoteDraft"]
    assert again["id"] == draft["id"] and again["products"][0]["quantity"] == 2
    empty = graphql(DRAFT, {"key": "not-a-key"})["data"]["quoteDraft"]
    assert (empty["id"], empty["draftKey"], empty["products"]) == (None, None, [])


def test_merge_rule_same_sku_and_options_add_up_other_options_make_a_new_line(ethanol, graphql):
    key = _add(graphql, [line("HS-1001-100ML", 2)])["data"]["quoteDraftAddLines"]["draft"]["draftKey"]
    assert _lines(_add(graphql, [line("HS-1001-100ML", 3)], key)) == [("HS-1001-100ML", 5)]
    body = _add(graphql, [line("HS-1001-100ML", 1, options=_coa("Yes"))], key)
    assert _lines(body) == [("HS-1001-100ML", 5), ("HS-1001-100ML", 1)]
    # The certificate adds $15 to the line that has it.
    prices = [p["basePrice"] for p in body["data"]["quoteDraftAddLines"]["draft"]["products"]]
    assert prices == ["38.00", "53.00"]
    # An unticked checkbox is the same choice as no choice: it merges with the plain line.
    assert _lines(_add(graphql, [line("HS-1001-100ML", 4, options=_coa("No"))], key)) == [
        ("HS-1001-100ML", 9), ("HS-1001-100ML", 1),
    ]  # fmt: skip
    # Another pack size is another SKU: a new line. Two equal lines in one call merge too.
    body = _add(graphql, [line("HS-1001-500ML", 1), line("HS-1001-500ML", 2)], key)
    assert _lines(body)[-1] == ("HS-1001-500ML", 3)
    assert QuoteDraftLine.objects.count() == 3


@pytest.mark.parametrize("quantity", [0, -1, 1_000_001])
def test_a_quantity_outside_1_to_1000000_is_refused_with_the_quote_text(ethanol, graphql, quantity):
    body = _add(graphql, [line("HS-1001-100ML", quantity)])
    assert error_code(body) == "QUOTE_QUANTITY_OUT_OF_RANGE"
    assert body["errors"][0]["message"] == "The quantity of each product in Quote is 1-1000000."
    assert body["errors"][0]["extensions"]["fields"] == {
        "lines.0.quantity": ["The quantity of each product in Quote is 1-1000000."]
    }
    assert QuoteDraft.objects.count() == 0


def test_a_merged_line_may_not_exceed_1000000_and_nothing_changes(ethanol, graphql):
    key = _add(graphql, [line("HS-1001-100ML", 999_999)])["data"]["quoteDraftAddLines"]["draft"]["draftKey"]
    body = _add(graphql, [line("HS-1001-100ML", 2), line("HS-1001-500ML", 1)], key)
    assert error_code(body) == "QUOTE_QUANTITY_OUT_OF_RANGE"
    assert body["errors"][0]["message"] == "The quantity of each product in Quote is 1-1000000."
    assert list(QuoteDraftLine.objects.values_list("variant__sku", "quantity")) == [("HS-1001-100ML", 999_999)]
    assert _lines(_add(graphql, [line("HS-1001-100ML", 1)], key)) == [("HS-1001-100ML", 1_000_000)]


def test_options_are_validated_before_anything_is_added(balance, graphql):
    missing = _add(graphql, [{"productId": balance.pk, "quantity": 1}])
    assert error_code(missing) == "VALIDATION_ERROR"
    assert missing["errors"][0]["message"] == "Please fill out product options first."
    assert missing["errors"][0]["extensions"]["fields"] == {
        "lines.0.options": ["Please fill out product options first."]
    }
    warranty = option_id(BALANCE, "Warranty")
    wrong = _add(graphql, [{"productId": balance.pk, "quantity": 1, "options": [
        {"optionId": warranty, "value": "999999"}]}])  # fmt: skip
    assert wrong["errors"][0]["message"] == "Please choose a valid value in Warranty."
    assert wrong["errors"][0]["extensions"]["fields"] == {
        f"lines.0.options.{warranty}": ["Please choose a valid value in Warranty."]
    }
    assert QuoteDraft.objects.count() == 0
    three_years = value_id(BALANCE, "Warranty", "3 years")
    body = _add(graphql, [line("HS-4006", 1, options=[{"optionId": warranty, "value": str(three_years)}])])
    (product,) = body["data"]["quoteDraftAddLines"]["draft"]["products"]
    assert {"optionId": warranty, "optionName": "Warranty", "value": "3 years"} in product["options"]
    assert product["optionList"] == f'[{{"optionId": {warranty}, "optionValue": "{three_years}"}}]'


def test_a_product_is_chosen_by_its_variant_options_when_no_variant_is_named(ethanol, graphql):
    pack = option_id(ETHANOL, "Pack size")
    litre = value_id(ETHANOL, "Pack size", "1 L")
    product_id = variant("HS-1001-1L").product_id
    body = _add(
        graphql, [{"productId": product_id, "quantity": 2, "options": [{"optionId": pack, "value": str(litre)}]}]
    )
    assert _lines(body) == [("HS-1001-1L", 2)]
    no_choice = _add(graphql, [{"productId": product_id, "quantity": 2}])
    assert no_choice["errors"][0]["message"] == "Please fill out product options first."


def test_sku_rules_and_empty_adds_have_the_spec_texts(demo_store, graphql):
    no_sku = _add(graphql, [{"quantity": 1}])
    assert (error_code(no_sku), no_sku["errors"][0]["message"]) == ("NO_SKU", "Can not add products without SKU.")
    nothing = _add(graphql, [])
    assert (error_code(nothing), nothing["errors"][0]["message"]) == ("NO_PRODUCTS", "No products being added.")
    empty_cart = _add(graphql, [], source="CART_PAGE", cartId="c-1")
    assert (error_code(empty_cart), empty_cart["errors"][0]["message"]) == ("NO_CART_PRODUCTS", "No products in Cart.")
    unknown = _add(graphql, [line("HS-0000-NOPE")])
    assert error_code(unknown) == "VALIDATION_ERROR"
    assert unknown["errors"][0]["extensions"]["fields"] == {"lines.0.sku": ["No product has the SKU HS-0000-NOPE."]}
    assert QuoteDraft.objects.count() == 0


def test_a_product_that_cannot_be_priced_is_a_price_error(ethanol, graphql):
    Currency.objects.update(enabled=False)
    body = _add(graphql, [line("HS-1001-100ML")])
    assert (error_code(body), body["errors"][0]["message"]) == ("PRICE_ERROR", "Price error")
    assert QuoteDraft.objects.count() == 0


def test_add_all_to_quote_from_the_cart_remembers_the_cart(ethanol, sodium_chloride, graphql):
    body = _add(graphql, [line("HS-1001-100ML", 2), line("HS-1055-500G", 1)], source="CART_PAGE", cartId="cart-42")
    draft = body["data"]["quoteDraftAddLines"]["draft"]
    assert draft["cartId"] == "cart-42"
    assert _lines(body) == [("HS-1001-100ML", 2), ("HS-1055-500G", 1)]


def test_a_signed_in_buyer_has_one_draft_with_their_prices_and_contact(ethanol, graphql, login):
    token = login("senior@acme.test")
    body = _add(graphql, [line("HS-1001-100ML", 2)], key="ignored", token=token)
    draft = body["data"]["quoteDraftAddLines"]["draft"]
    assert draft["draftKey"] is None
    assert draft["products"][0]["basePrice"] == "32.30"  # Acme's Academic price list
    assert draft["contactInfo"] == {
        "name": "Sam Senior", "email": "senior@acme.test", "companyName": "Acme Labs",
        "phoneNumber": "+1 555 010 0001", "quoteTitle": "",
    }  # fmt: skip
    # Another device: the same draft.
    assert graphql(DRAFT, {}, token=login("senior@acme.test"))["data"]["quoteDraft"]["id"] == draft["id"]
    # Another user does not see it: their draft is not stored yet, and shows their own details to start from.
    other = graphql(DRAFT, {}, token=login("admin@acme.test"))["data"]["quoteDraft"]
    assert other["id"] is None and other["products"] == []
    assert (other["contactInfo"]["email"], other["contactInfo"]["companyName"]) == ("admin@acme.test", "Acme Labs")
    # A guest's empty draft starts blank.
    assert set(graphql(DRAFT, {})["data"]["quoteDraft"]["contactInfo"].values()) == {""}


def test_lines_are_edited_merged_and_removed(ethanol, sodium_chloride, graphql):
    key = _add(graphql, [line("HS-1001-100ML", 2), line("HS-1001-100ML", 1, options=_coa("Yes"))])["data"][
        "quoteDraftAddLines"
    ]["draft"]["draftKey"]
    first, second = QuoteDraftLine.objects.order_by("pk")
    body = graphql(UPDATE_LINE, {"key": key, "id": first.pk, "qty": 7})
    assert [p["quantity"] for p in body["data"]["quoteDraftUpdateLine"]["draft"]["products"]] == [7, 1]
    bad = graphql(UPDATE_LINE, {"key": key, "id": first.pk, "qty": 0})
    assert bad["errors"][0]["message"] == "The quantity of each product in Quote is 1-1000000."
    assert QuoteDraftLine.objects.get(pk=first.pk).quantity == 7
    # Dropping the certificate makes the second line equal to the first: they merge.
    merged = graphql(UPDATE_LINE, {"key": key, "id": second.pk, "options": []})
    assert [(p["id"], p["quantity"]) for p in merged["data"]["quoteDraftUpdateLine"]["draft"]["products"]] == [
        (first.pk, 8)
    ]
    removed = graphql(REMOVE_LINE, {"key": key, "id": first.pk})
    assert removed["data"]["quoteDraftRemoveLine"]["draft"]["products"] == []
    # Another guest's key does not reach these lines.
    other = _add(graphql, [line("HS-1055-500G")])["data"]["quoteDraftAddLines"]["draft"]
    assert error_code(graphql(REMOVE_LINE, {"key": key, "id": other["products"][0]["id"]})) == "NOT_FOUND"


def test_a_line_moves_to_another_variant_with_its_options_and_bad_changes_change_nothing(ethanol, balance, graphql):
    key = _add(graphql, [line("HS-1001-100ML", 2, options=_coa("Yes"))])["data"]["quoteDraftAddLines"]["draft"][
        "draftKey"
    ]
    (draft_line,) = QuoteDraftLine.objects.all()
    half_litre = variant("HS-1001-500ML")
    body = graphql(UPDATE_LINE, {"key": key, "id": draft_line.pk, "variantId": half_litre.pk, "options": _coa("Yes")})
    (moved,) = body["data"]["quoteDraftUpdateLine"]["draft"]["products"]
    assert (moved["id"], moved["variantSku"], moved["quantity"]) == (draft_line.pk, "HS-1001-500ML", 2)
    chosen = {o["optionName"]: o["value"] for o in moved["options"]}
    assert chosen == {"Pack size": "500 mL", COA: "Yes"}
    before = QuoteDraftLine.objects.values_list("variant_id", "quantity", "options").get()

    # A variant of another product, and an option value the option does not have, are refused; the line stays.
    balance_variant = variant("HS-4006")
    foreign = graphql(UPDATE_LINE, {"key": key, "id": draft_line.pk, "variantId": balance_variant.pk})
    assert error_code(foreign) == "VALIDATION_ERROR"
    assert foreign["errors"][0]["extensions"]["fields"] == {"variantId": ["This variant is not of the product."]}
    assert QuoteDraftLine.objects.values_list("variant_id", "quantity", "options").get() == before
    warranty = option_id(BALANCE, "Warranty")
    three_years = value_id(BALANCE, "Warranty", "3 years")
    _add(graphql, [line("HS-4006", 1, options=[{"optionId": warranty, "value": str(three_years)}])], key)
    balance_line = QuoteDraftLine.objects.get(variant=balance_variant)
    unknown = graphql(
        UPDATE_LINE, {"key": key, "id": balance_line.pk, "options": [{"optionId": warranty, "value": "999999"}]}
    )
    assert unknown["errors"][0]["extensions"]["fields"] == {
        f"options.{warranty}": ["Please choose a valid value in Warranty."]
    }
    assert QuoteDraftLine.objects.get(pk=balance_line.pk).options == balance_line.options


def test_contact_info_addresses_and_note_are_checked_and_stored(demo_store, graphql):
    data = {
        "contactInfo": {"name": "Ada Chen", "email": "ada@uni.test", "quoteTitle": "Spring order"},
        "shippingAddress": {"address": "1 Lab Way", "city": "Boston", "zipCode": "02115", "country": "US",
                            "firstName": "Ada", "addressId": 12},
        "note": "Deliver to the loading dock.",
    }  # fmt: skip
    draft = graphql(UPDATE_INFO, {"data": data})["data"]["quoteDraftUpdate"]["draft"]
    key = draft["draftKey"]
    assert draft["contactInfo"]["name"] == "Ada Chen" and draft["contactInfo"]["quoteTitle"] == "Spring order"
    assert draft["shippingAddress"] == {
        "address": "1 Lab Way", "city": "Boston", "zipCode": "02115", "country": "US", "firstName": "Ada",
        "addressId": 12,
    }  # fmt: skip
    assert draft["note"] == "Deliver to the loading dock."
    bad = graphql(UPDATE_INFO, {"key": key, "data": {"contactInfo": {"email": "not-an-email", "phoneNumber": "12"}}})
    assert error_code(bad) == "VALIDATION_ERROR"
    assert bad["errors"][0]["extensions"]["fields"] == {
        "contactInfo.email": ["Enter a valid email address."],
        "contactInfo.phoneNumber": ["Enter a valid phone number."],
    }
    assert QuoteDraft.objects.get().contact_email == "ada@uni.test"


def test_signing_in_claims_the_guest_draft_by_the_merge_rule(ethanol, sodium_chloride, graphql, login):
    guest = _add(graphql, [line("HS-1001-100ML", 2), line("HS-1055-500G", 1)])["data"]["quoteDraftAddLines"]["draft"]
    graphql(UPDATE_INFO, {"key": guest["draftKey"], "data": {"contactInfo": {"quoteTitle": "From my phone"}}})
    token = login("senior@acme.test")
    _add(graphql, [line("HS-1001-100ML", 1)], token=token)
    draft = graphql(CLAIM, {"key": guest["draftKey"]}, token=token)["data"]["quoteDraftClaim"]["draft"]
    assert sorted((p["variantSku"], p["quantity"]) for p in draft["products"]) == [
        ("HS-1001-100ML", 3), ("HS-1055-500G", 1),
    ]  # fmt: skip
    assert draft["contactInfo"]["quoteTitle"] == "From my phone"
    assert draft["contactInfo"]["email"] == "senior@acme.test"
    assert QuoteDraft.objects.count() == 1
    # The key is spent: claiming again changes nothing; a guest cannot claim.
    again = graphql(CLAIM, {"key": guest["draftKey"]}, token=token)["data"]["quoteDraftClaim"]["draft"]
    assert sorted((p["variantSku"], p["quantity"]) for p in again["products"]) == [
        ("HS-1001-100ML", 3), ("HS-1055-500G", 1),
    ]  # fmt: skip
    assert error_code(graphql(CLAIM, {"key": "x"})) == 40101


@pytest.mark.parametrize("kind", ["revoked", "expired", "unknown"])
def test_a_token_that_is_no_longer_valid_is_40101_on_the_draft_not_a_silent_guest(
    ethanol, graphql, client, login, kind
):
    token = login("senior@acme.test")
    _add(graphql, [line("HS-1001-100ML", 2)], token=token)
    before = list(QuoteDraftLine.objects.values_list("draft_id", "variant__sku", "quantity"))
    if kind == "unknown":
        token = "no-such-token"
    else:
        stored = B2BToken.objects.get(key_hash=token_hash(token))
        if kind == "revoked":
            stored.revoked_at = timezone.now()
        else:
            stored.expires_at = timezone.now() - timedelta(seconds=1)
        stored.save()

    for body in (
        _add(graphql, [line("HS-1001-500ML", 1)], token=token),
        graphql(DRAFT, {}, token=token),
        graphql(UPDATE_LINE, {"id": QuoteDraftLine.objects.get().pk, "qty": 9}, token=token),
    ):
        assert error_code(body) == 40101
        assert body["errors"][0]["message"] == "Your session has expired. Please sign in again."
    upload = client.post(
        "/api/v2/quotes/attachments",
        {"mediaFile": SimpleUploadedFile("a.pdf", b"%PDF-1.7\n%%EOF\n", content_type="application/pdf")},
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert rest_refusal(upload, 401)["extensions"]["code"] == 40101
    # Nothing went to a guest draft that nobody holds the key of, and the buyer's draft is as it was.
    assert QuoteDraft.objects.count() == 1
    assert list(QuoteDraftLine.objects.values_list("draft_id", "variant__sku", "quantity")) == before
    # Without a token the caller is a guest, as before.
    assert _add(graphql, [line("HS-1001-500ML", 1)])["data"]["quoteDraftAddLines"]["draft"]["draftKey"]
