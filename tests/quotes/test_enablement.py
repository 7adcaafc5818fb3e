"""shell §4 feature enablement, enforced on the server: per user kind (guest, individual, company user, super
admin masquerading or not) × each switch. A refused add changes nothing; quoteEnabled says the same."""

import pytest

from accounts.models import Company, RolePermission, User
from quotes.models import QuoteDraft, QuoteDraftLine
from tests.helpers import error_code
from tests.quotes.support import ADD, ENABLED, line, set_quotes_feature, set_switch, variant

pytestmark = pytest.mark.django_db

BEGIN_MASQUERADE = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { isAgenting } }"
ACTORS = ["guest", "b2c", "b2b_admin", "junior", "super_admin", "super_admin_masquerading"]
EMAILS = {
    "b2c": "b2c@demo.test",
    "b2b_admin": "admin@acme.test",
    "junior": "junior@acme.test",
    # A masquerade is the super admin's on every token (issue 13): the one who is not masquerading is another.
    "super_admin": "second-superadmin@demo.test",
    "super_admin_masquerading": "superadmin@demo.test",
}


@pytest.fixture
def token_for(ethanol, graphql, login):
    def run(who: str) -> str | None:
        if who == "guest":
            return None
        if who == "super_admin":
            User.objects.create_user(EMAILS[who], "Demo1234", is_super_admin=True)
        token = login(EMAILS[who])
        if who == "super_admin_masquerading":
            acme = Company.objects.get(name="Acme Labs").pk
            body = graphql(BEGIN_MASQUERADE, {"id": acme}, token=token)
            assert body["data"]["superAdminBeginMasquerade"]["isAgenting"] is True, body
        return token

    return run


def _add(graphql, token, source="PRODUCT_PAGE", sku="HS-1001-100ML"):
    return graphql(ADD, {"lines": [line(sku, 1)], "source": source}, token=token)


def _enabled(graphql, token, product_id=None) -> dict:
    return graphql(ENABLED, {"productId": product_id}, token=token)["data"]["quoteEnabled"]


# Expected outcome per switch turned off: the actors refused (with their code); everyone else may add.
ALL_ON_REFUSED = {"super_admin": "QUOTES_DISABLED"}
SWITCH_CASES = {
    "all_on": ({}, ALL_ON_REFUSED),
    "quotes_feature_off": ({"feature": False}, dict.fromkeys(ACTORS, "QUOTES_DISABLED")),
    "quote_customer_off": ({"quote_customer": "0"}, dict.fromkeys(ACTORS, "QUOTES_DISABLED")),
    "quote_for_guest_off": ({"quote_for_guest": "0"}, {**ALL_ON_REFUSED, "guest": "QUOTES_DISABLED"}),
    "quote_for_individual_customer_off": (
        {"quote_for_individual_customer": "0"},
        {**ALL_ON_REFUSED, "b2c": "QUOTES_DISABLED"},
    ),
    "quote_for_b2b_off": (
        {"quote_for_b2b": "0"},
        {
            **ALL_ON_REFUSED,
            "b2b_admin": "QUOTES_DISABLED",
            "junior": "QUOTES_DISABLED",
            "super_admin_masquerading": "QUOTES_DISABLED",
        },
    ),  # fmt: skip
    "no_create_quote_permission": (
        {"revoke_create_quote": True},
        {**ALL_ON_REFUSED, "junior": "PERMISSION_DENIED"},
    ),
}


@pytest.mark.parametrize("case", list(SWITCH_CASES))
def test_enablement_matrix(token_for, graphql, case):
    settings, refused = SWITCH_CASES[case]
    tokens = {who: token_for(who) for who in ACTORS}
    if "feature" in settings:
        set_quotes_feature(settings["feature"])
    if settings.get("revoke_create_quote"):
        RolePermission.objects.filter(template__role=2, template__is_builtin=True, code="create_quote").delete()
    for key, value in settings.items():
        if key.startswith("quote_"):
            set_switch(key, value)
    for who, token in tokens.items():
        lines_before = QuoteDraftLine.objects.count()
        body = _add(graphql, token)
        flags = _enabled(graphql, token)
        if who in refused:
            assert error_code(body) == refused[who], (who, body)
            assert QuoteDraftLine.objects.count() == lines_before, who  # nothing changed
            assert (flags["enabled"], flags["reason"], flags["onProductPage"], flags["floatingButton"]) == (
                False, refused[who], False, False,
            ), who  # fmt: skip
        else:
            assert body["data"]["quoteDraftAddLines"]["message"] == "Product was added to your quote.", (who, body)
            assert QuoteDraftLine.objects.count() == lines_before + 1, who
            assert (flags["enabled"], flags["reason"], flags["onProductPage"], flags["onCartPage"]) == (
                True, None, True, True,
            ), who  # fmt: skip
    if case == "all_on":
        assert QuoteDraft.objects.count() == len(ACTORS) - 1  # the super admin who is not masquerading has none


@pytest.mark.parametrize("who", ["guest", "b2c", "b2b_admin"])
def test_the_page_switches_govern_their_page_only(token_for, graphql, who):
    token = token_for(who)
    set_switch("quote_on_product_page", "0")
    body = _add(graphql, token, source="PRODUCT_PAGE")
    assert error_code(body) == "QUOTES_DISABLED"
    assert QuoteDraftLine.objects.count() == 0
    assert _enabled(graphql, token)["onProductPage"] is False
    set_switch("quote_on_cart_page", "0")
    assert error_code(_add(graphql, token, source="CART_PAGE")) == "QUOTES_DISABLED"
    assert QuoteDraftLine.objects.count() == 0
    # Inside the draft (search, quick add by SKU) neither page switch applies.
    assert "errors" not in _add(graphql, token, source="QUOTE_DRAFT")
    assert QuoteDraftLine.objects.count() == 1


@pytest.mark.parametrize("switch", ["quote_on_non_purchasable_product_page", "non_purchasable_quote"])
def test_a_non_purchasable_product_needs_both_non_purchasable_switches(token_for, drum, graphql, switch):
    token = token_for("b2b_admin")  # the drum: a quote-only product (availability disabled)
    assert _enabled(graphql, token, drum.pk)["productQuotable"] is True
    set_switch(switch, "0")
    body = _add(graphql, token, sku="HS-1152")
    assert error_code(body) == "NOT_QUOTABLE"
    assert QuoteDraftLine.objects.count() == 0
    flags = _enabled(graphql, token, drum.pk)
    assert (flags["enabled"], flags["onNonPurchasableProducts"], flags["productQuotable"]) == (True, False, False)
    # A purchasable product is still quotable.
    assert _enabled(graphql, token, variant("HS-1001-100ML").product_id)["productQuotable"] is True
    assert "errors" not in _add(graphql, token)


def test_more_than_the_stock_counts_as_non_purchasable(token_for, graphql):
    token = token_for("b2c")
    set_switch("non_purchasable_quote", "0")
    small = variant("HS-1001-2.5L")  # 8 in stock
    assert "errors" not in graphql(ADD, {"lines": [line("HS-1001-2.5L", 8)]}, token=token)
    body = graphql(ADD, {"lines": [line("HS-1001-2.5L", 1)]}, token=token)
    assert error_code(body) == "NOT_QUOTABLE"
    assert QuoteDraftLine.objects.get(variant=small).quantity == 8
