"""One default shipping and one default billing address per address book (issue 16): the services move the default,
the database refuses a second one, and parallel "set as default" calls leave exactly one."""

import json
import threading

import pytest
from django.db import IntegrityError, connection, transaction
from django.test import Client

from accounts.models import Address
from tests.accounts.address_support import CREATE, NEW_ADDRESS, SET_DEFAULT, UPDATE, address_books_build, snapshot
from tests.factories.accounts import AddressFactory
from tests.helpers import error_code

pytestmark = pytest.mark.django_db


@pytest.fixture
def book(demo_store):
    return address_books_build()


def defaults(company, kind: str) -> list[str]:
    return list(Address.objects.filter(company=company, **{f"is_default_{kind}": True}).values_list("label", flat=True))


def test_setting_a_default_moves_it_from_the_previous_address(book, login, graphql):
    token = login("senior@acme.test")

    body = graphql(SET_DEFAULT, {"id": book.cold_room.pk, "kind": "SHIPPING"}, token=token)

    address = body["data"]["addressSetDefault"]["address"]
    assert (address["isDefaultShipping"], address["isShipping"]) == (True, True)
    assert defaults(book.acme, "shipping") == ["Cold room"]
    assert defaults(book.acme, "billing") == ["Payables"]
    assert Address.objects.get(pk=book.home.pk).is_default_shipping  # another book keeps its own default


def test_a_default_billing_address_becomes_a_billing_address(book, login, graphql):
    body = graphql(SET_DEFAULT, {"id": book.dock.pk, "kind": "BILLING"}, token=login("admin@acme.test"))

    address = body["data"]["addressSetDefault"]["address"]
    assert (address["isBilling"], address["isDefaultBilling"], address["isDefaultShipping"]) == (True, True, True)
    assert defaults(book.acme, "billing") == ["Dock"]


def test_setting_the_current_default_again_changes_nothing(book, login, graphql):
    before = snapshot()

    body = graphql(SET_DEFAULT, {"id": book.dock.pk, "kind": "SHIPPING"}, token=login("admin@acme.test"))

    assert body["data"]["addressSetDefault"]["address"]["isDefaultShipping"] is True
    assert snapshot() == before


def test_a_new_default_address_takes_the_default_over(book, login, graphql):
    created = graphql(
        CREATE,
        {"a": {**NEW_ADDRESS, "isDefaultShipping": True, "isDefaultBilling": True}},
        token=login("admin@acme.test"),
    )["data"]["addressCreate"]["address"]

    assert (created["isDefaultShipping"], created["isDefaultBilling"]) == (True, True)
    assert defaults(book.acme, "shipping") == ["Freezer farm"]
    assert defaults(book.acme, "billing") == ["Freezer farm"]


def test_an_address_that_stops_being_for_shipping_stops_being_the_default(book, login, graphql):
    dock = {**NEW_ADDRESS, "label": "Dock", "isShipping": False, "isBilling": True}

    body = graphql(UPDATE, {"id": book.dock.pk, "a": dock}, token=login("admin@acme.test"))

    address = body["data"]["addressUpdate"]["address"]
    assert (address["isShipping"], address["isDefaultShipping"]) == (False, False)
    assert defaults(book.acme, "shipping") == []


def test_an_edit_that_leaves_the_default_flags_out_keeps_them(book, login, graphql):
    body = graphql(
        UPDATE, {"id": book.dock.pk, "a": {**NEW_ADDRESS, "isBilling": False}}, token=login("admin@acme.test")
    )

    assert body["data"]["addressUpdate"]["address"]["isDefaultShipping"] is True
    assert body["data"]["addressUpdate"]["address"]["label"] == "Freezer farm"


def test_an_edit_can_clear_the_default(book, login, graphql):
    a = {**NEW_ADDRESS, "isDefaultShipping": False}

    body = graphql(UPDATE, {"id": book.dock.pk, "a": a}, token=login("admin@acme.test"))

    assert body["data"]["addressUpdate"]["address"]["isDefaultShipping"] is False
    assert defaults(book.acme, "shipping") == []


def test_a_default_must_be_of_its_kind(book, login, graphql):
    before = snapshot()

    body = graphql(
        CREATE, {"a": {**NEW_ADDRESS, "isShipping": False, "isDefaultShipping": True}}, token=login("admin@acme.test")
    )

    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fields"] == {
        "isDefaultShipping": ["A default shipping address must be a shipping address."]
    }
    assert body["errors"][0]["extensions"]["fieldCodes"] == {"isDefaultShipping": ["default_kind"]}
    assert snapshot() == before


def test_deleting_the_default_leaves_the_book_without_one(book, login, graphql):
    graphql(
        "mutation($id: Int!) { addressDelete(id: $id) { id } }", {"id": book.dock.pk}, token=login("admin@acme.test")
    )

    assert defaults(book.acme, "shipping") == []
    assert graphql("{ defaultShippingAddress { id } }", token=login("junior@acme.test"))["data"] == {
        "defaultShippingAddress": None
    }


@pytest.mark.parametrize("owner", ["company", "customer"], ids=["a company's book", "an individual customer's book"])
def test_the_database_refuses_a_second_default_of_a_book(book, owner):
    owners = {"company": {"company": book.acme}, "customer": {"customer": book.individual}}
    with pytest.raises(IntegrityError), transaction.atomic():
        AddressFactory(**owners[owner], is_default_shipping=True)


def test_the_database_refuses_an_address_with_two_owners_or_none(book):
    with pytest.raises(IntegrityError), transaction.atomic():
        AddressFactory(company=book.acme, customer=book.individual)
    with pytest.raises(IntegrityError), transaction.atomic():
        AddressFactory()


@pytest.mark.django_db(transaction=True)
def test_parallel_set_default_calls_leave_exactly_one_default(book, login):
    """Four buyers' tabs make four different addresses the default at the same moment: every call succeeds, one
    wins, and the book has one default shipping address."""
    contenders = [book.dock, book.cold_room, *AddressFactory.create_batch(2, company=book.acme, is_billing=False)]
    tokens = [login("admin@acme.test"), login("senior@acme.test"), login("admin@acme.test"), login("senior@acme.test")]
    start = threading.Barrier(len(contenders))
    answers: list[dict] = []

    def set_default(address: Address, token: str) -> None:
        try:
            start.wait()
            response = Client().post(
                "/graphql",
                data=json.dumps({"query": SET_DEFAULT, "variables": {"id": address.pk, "kind": "SHIPPING"}}),
                content_type="application/json",
                HTTP_AUTHORIZATION=f"Bearer {token}",
            )
            answers.append(response.json())
        finally:
            connection.close()

    threads = [threading.Thread(target=set_default, args=pair) for pair in zip(contenders, tokens, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert [a for a in answers if "errors" in a] == []
    assert len(answers) == 4
    assert Address.objects.filter(company=book.acme, is_default_shipping=True).count() == 1
