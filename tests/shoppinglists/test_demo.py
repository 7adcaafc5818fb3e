"""The demo store's shopping lists (issue 18): Acme's in every status, the junior buyer's awaiting approval, the
individual customer's own, and a hotlist the portal never shows."""

import pytest
from django.core.management import call_command

from shoppinglists.models import ShoppingList
from tests.shoppinglists import support

pytestmark = pytest.mark.django_db


def test_seed_demo_has_lists_in_every_status_and_hides_the_hotlist(graphql, login):
    call_command("seed_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    call_command("seed_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115 (idempotent)
    assert ShoppingList.objects.count() == 8
    fields = "name status isOwner canApprove canSubmit itemCount"
    query = support.lists_query(fields=fields)

    senior = graphql(query, {"orderBy": "name"}, token=login("senior@acme.test"))["data"]["shoppingLists"]
    junior = graphql(query, {"orderBy": "name"}, token=login("junior@acme.test"))["data"]["shoppingLists"]
    individual = graphql(support.lists_query("customerShoppingLists", fields), {"orderBy": "name"},
                         token=login("b2c@demo.test"))["data"]["customerShoppingLists"]  # fmt: skip

    assert [(e["node"]["name"], e["node"]["status"]) for e in senior["edges"]] == [
        ("Buffer prep, week 14", 30),
        ("Extra solvents", 50),
        ("Organic chemistry practical", 40),
        ("QC lab equipment", 0),
        ("Weekly consumables", 0),
    ]
    assert senior["totalCount"] == 5  # the hotlist is neither shown nor counted
    awaiting = next(e["node"] for e in senior["edges"] if e["node"]["status"] == 40)
    assert (awaiting["canApprove"], awaiting["itemCount"]) == (True, 2)
    assert [e["node"]["name"] for e in junior["edges"]] == [
        "Buffer prep, week 14", "Extra solvents", "Organic chemistry practical",
    ]  # fmt: skip
    assert all(e["node"]["isOwner"] for e in junior["edges"])
    assert [e["node"]["name"] for e in individual["edges"]] == ["Home lab"]
    assert ShoppingList.objects.get(name="Hotlist").is_hotlist
