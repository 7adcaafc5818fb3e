"""Shopping lists in Django admin: staff read a list and its products and correct its name (the hotlist flag follows
the name); the rest is read-only."""

import pytest

from shoppinglists.models import ShoppingList, ShoppingListStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, demo_store):
    client.login(username="staff@demo.test", password="Demo1234")
    return client


def test_staff_read_the_lists_and_rename_one(world, staff_client):
    changelist = staff_client.get("/admin/shoppinglists/shoppinglist/?status__exact=30").content.decode()
    change = staff_client.get(f"/admin/shoppinglists/shoppinglist/{world.senior_list.pk}/change/")
    item = world.senior_list.items.get()

    response = staff_client.post(
        f"/admin/shoppinglists/shoppinglist/{world.senior_list.pk}/change/",
        {
            "name": "Purchasing hotlist",
            "description": "Kept by purchasing",
            "items-TOTAL_FORMS": "1",
            "items-INITIAL_FORMS": "1",
            "items-MIN_NUM_FORMS": "0",
            "items-MAX_NUM_FORMS": "1000",
            "items-0-id": str(item.pk),
            "items-0-shopping_list": str(world.senior_list.pk),
        },
    )

    assert "Draft" in changelist and "Weekly" not in changelist
    assert change.status_code == 200 and "HS-1001-100ML" in change.content.decode()
    assert response.status_code == 302, response.content.decode()[:2000]
    renamed = ShoppingList.objects.get(pk=world.senior_list.pk)
    assert (renamed.name, renamed.description, renamed.is_hotlist, renamed.status) == (
        "Purchasing hotlist",
        "Kept by purchasing",
        True,
        ShoppingListStatus.APPROVED,
    )
    assert staff_client.get("/admin/shoppinglists/shoppinglist/add/").status_code == 403
