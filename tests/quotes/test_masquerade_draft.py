"""What a super admin builds while masquerading belongs to the company they act for (issue 12): the quote draft and
the cart are never carried across the beginning or the end of a masquerade."""

import pytest

from accounts.models import Company
from quotes.models import Quote, QuoteDraft
from storefront.models import Cart
from tests.helpers import error_code
from tests.quotes.support import ADD, DRAFT, SUBMIT, UPDATE_INFO, line

pytestmark = pytest.mark.django_db

BEGIN = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"
END = "mutation($id: Int!) { superAdminEndMasquerade(companyId: $id) { id } }"
CLEAR = "mutation { quoteDraftClear { draft { id products { id } } } }"
CART_FIELDS = "entityId lineItems { physicalItems { sku quantity } }"
CREATE_CART = f"""mutation($items: [CartLineItemInput!]!) {{
  createCart(createCartInput: {{lineItems: $items}}) {{ {CART_FIELDS} }} }}"""
ADD_TO_CART = f"""mutation($id: String!, $items: [CartLineItemInput!]!) {{
  addCartLineItems(addCartLineItemsInput: {{cartEntityId: $id, data: {{lineItems: $items}}}}) {{ {CART_FIELDS} }} }}"""
READ_CART = f"query($id: String!) {{ cart(entityId: $id) {{ {CART_FIELDS} }} }}"


def _company(name: str) -> Company:
    return Company.objects.get(name=name)


@pytest.fixture
def super_admin(demo_store, graphql, login):
    token = login("superadmin@demo.test")

    def masquerade(name: str | None):
        """Begin masquerading as `name`, or end the current masquerade (None)."""
        if name is None:
            current = Company.objects.get(
                masquerade_sessions__super_admin__email="superadmin@demo.test",
                masquerade_sessions__ended_at__isnull=True,
            )
            body = graphql(END, {"id": current.pk}, token=token)
        else:
            body = graphql(BEGIN, {"id": _company(name).pk}, token=token)
        assert "errors" not in body, body

    return token, masquerade


def _draft(graphql, token) -> dict:
    body = graphql(DRAFT, {}, token=token)
    assert "errors" not in body, body
    return body["data"]["quoteDraft"]


def _fill_acme_draft(graphql, token):
    added = graphql(ADD, {"lines": [line("HS-1001-100ML", 3)]}, token=token)
    assert "errors" not in added, added
    data = {"note": "Acme's confidential note", "contactInfo": {"name": "Sam Super", "email": "superadmin@demo.test"}}
    noted = graphql(UPDATE_INFO, {"data": data}, token=token)
    assert "errors" not in noted, noted


def test_a_draft_built_for_acme_is_not_globexs_after_switching(super_admin, ethanol, graphql):
    token, masquerade = super_admin
    masquerade("Acme Labs")
    _fill_acme_draft(graphql, token)
    acme_draft = QuoteDraft.objects.get(masquerade_company=_company("Acme Labs"))

    masquerade("Globex Research")
    draft = _draft(graphql, token)
    assert (draft["products"], draft["note"]) == ([], "")
    assert draft["contactInfo"]["companyName"] != "Acme Labs"
    # Submitting as Globex files nothing of Acme's: the Globex draft is empty.
    assert error_code(graphql(SUBMIT, {}, token=token)) == "QUOTE_DRAFT_EMPTY"
    assert not Quote.objects.filter(company=_company("Globex Research")).filter(note__contains="Acme").exists()

    # A Globex quote built now carries only what was built for Globex.
    assert "errors" not in graphql(ADD, {"lines": [line("HS-1001-100ML", 1)]}, token=token)
    data = {"contactInfo": {"name": "Sam Super", "email": "superadmin@demo.test"}}
    assert "errors" not in graphql(UPDATE_INFO, {"data": data}, token=token)
    submitted = graphql(SUBMIT, {}, token=token)
    assert "errors" not in submitted, submitted
    quote = Quote.objects.get(pk=submitted["data"]["quoteDraftSubmit"]["quoteId"])
    assert (quote.company.name, quote.note, quote.company_name) == ("Globex Research", "", "Globex Research")
    assert [(ql.sku, ql.quantity) for ql in quote.lines.all()] == [("HS-1001-100ML", 1)]

    # Acme's draft is untouched, and back when the super admin acts for Acme again.
    acme_draft.refresh_from_db()
    assert (acme_draft.note, [dl.quantity for dl in acme_draft.lines.all()]) == ("Acme's confidential note", [3])
    masquerade("Acme Labs")
    draft = _draft(graphql, token)
    assert ([p["quantity"] for p in draft["products"]], draft["note"]) == ([3], "Acme's confidential note")


def test_a_masquerade_draft_does_not_survive_the_end_of_the_masquerade(super_admin, ethanol, graphql):
    token, masquerade = super_admin
    masquerade("Acme Labs")
    _fill_acme_draft(graphql, token)

    masquerade(None)
    draft = _draft(graphql, token)
    assert (draft["products"], draft["note"], draft["id"]) == ([], "", None)
    assert error_code(graphql(SUBMIT, {}, token=token)) == "QUOTES_DISABLED"
    assert Quote.objects.count() == 0


@pytest.mark.parametrize(
    "operation",
    [
        CLEAR,
        "mutation { quoteDraftRemoveLine(lineId: 1) { draft { id } } }",
        "mutation { quoteDraftRemoveFile(fileId: 1) { draft { id } } }",
    ],
)
def test_a_super_admin_not_masquerading_cannot_change_a_draft(super_admin, ethanol, graphql, operation):
    token, masquerade = super_admin
    masquerade("Acme Labs")
    _fill_acme_draft(graphql, token)
    masquerade(None)

    assert error_code(graphql(operation, {}, token=token)) == "QUOTES_DISABLED"
    acme_draft = QuoteDraft.objects.get(masquerade_company=_company("Acme Labs"))
    assert (acme_draft.note, [dl.quantity for dl in acme_draft.lines.all()]) == ("Acme's confidential note", [3])


def _cart_item(sku: str, quantity: int = 1) -> dict:
    from pricing.models import ProductVariant

    variant = ProductVariant.objects.get(sku=sku)
    return {"productEntityId": variant.product_id, "variantEntityId": variant.pk, "quantity": quantity}


def test_a_cart_filled_for_acme_is_neither_globexs_nor_the_super_admins_own(super_admin, ethanol, graphql):
    token, masquerade = super_admin
    masquerade("Acme Labs")
    created = graphql(CREATE_CART, {"items": [_cart_item("HS-1001-100ML", 2)]}, token=token)
    assert "errors" not in created, created
    cart_id = created["data"]["createCart"]["entityId"]
    assert Cart.objects.get(pk=cart_id).masquerade_company == _company("Acme Labs")

    masquerade("Globex Research")
    assert graphql(READ_CART, {"id": cart_id}, token=token)["data"]["cart"] is None
    assert error_code(graphql(ADD_TO_CART, {"id": cart_id, "items": [_cart_item("HS-1001-100ML")]}, token=token)) == (
        "NOT_FOUND"
    )
    masquerade(None)
    assert graphql(READ_CART, {"id": cart_id}, token=token)["data"]["cart"] is None
    assert [(cl.quantity,) for cl in Cart.objects.get(pk=cart_id).lines.all()] == [(2,)]

    masquerade("Acme Labs")
    read = graphql(READ_CART, {"id": cart_id}, token=token)
    assert read["data"]["cart"]["lineItems"]["physicalItems"] == [{"sku": "HS-1001-100ML", "quantity": 2}]


def test_the_storefront_cart_follows_the_masquerade(super_admin, ethanol, client):
    """The storefront pages (Django session) show the cart of the company the super admin acts for."""
    from accounts.models import User
    from accounts.selectors import actor_for_user
    from pricing.models import ProductVariant
    from storefront.models import CartLine
    from storefront.services import CART_COOKIE, cart_create

    _, masquerade = super_admin
    user = User.objects.get(email="superadmin@demo.test")
    client.force_login(user)
    masquerade("Acme Labs")
    acme_cart = cart_create(actor=actor_for_user(user), currency_code="USD")
    variant = ProductVariant.objects.get(sku="HS-1001-100ML")
    CartLine.objects.create(cart=acme_cart, product=variant.product, variant=variant, quantity=2)
    assert acme_cart.masquerade_company == _company("Acme Labs")
    client.cookies[CART_COOKIE] = str(acme_cart.pk)
    assert "HS-1001-100ML" in client.get("/cart.php").content.decode()

    masquerade("Globex Research")
    assert "HS-1001-100ML" not in client.get("/cart.php").content.decode()
    masquerade(None)
    client.cookies[CART_COOKIE] = str(acme_cart.pk)
    assert "HS-1001-100ML" not in client.get("/cart.php").content.decode()
    assert acme_cart.lines.count() == 1
    assert not Cart.objects.filter(pk=acme_cart.pk, masquerade_company=None).exists()


@pytest.mark.django_db(transaction=True)
def test_parallel_first_adds_of_one_buyer_make_one_draft_with_every_line(ethanol, sodium_chloride, login):
    """The buyer's first adds arrive at once (two tabs): one draft holds them all, no request fails."""
    import json
    import threading

    from django.db import connection
    from django.test import Client

    token = login("senior@acme.test")
    skus = ["HS-1001-100ML", "HS-1001-500ML", "HS-1001-1L", "HS-1055-500G"]
    start = threading.Barrier(len(skus))
    answers: list[dict] = []

    def add(sku: str) -> None:
        try:
            start.wait()
            response = Client().post(
                "/graphql",
                data=json.dumps({"query": ADD, "variables": {"lines": [line(sku, 1)]}}),
                content_type="application/json",
                HTTP_AUTHORIZATION=f"Bearer {token}",
            )
            answers.append(response.json())
        finally:
            connection.close()

    threads = [threading.Thread(target=add, args=(sku,)) for sku in skus]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert [a for a in answers if "errors" in a] == []
    (draft,) = QuoteDraft.objects.filter(user__email="senior@acme.test")
    assert sorted(dl.variant.sku for dl in draft.lines.all()) == sorted(skus)
