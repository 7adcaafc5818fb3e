"""The address book's API (issue 16): every operation over every kind of caller, with the exact code of each refusal
and nothing changed by one."""

import pytest

from accounts.models import Address, AuditEvent, CompanyMembership, RolePermission, RoleTemplate, User
from accounts.permissions import GROUPS
from tests.accounts.address_support import (
    ACME_CALLERS,
    CALLERS,
    CREATE,
    DEFAULT_BILLING,
    DEFAULT_SHIPPING,
    DELETE,
    DETAIL,
    EMAILS,
    LIST,
    NEW_ADDRESS,
    SET_DEFAULT,
    UPDATE,
    address_books_build,
    caller_token,
    labels,
    snapshot,
)
from tests.helpers import error_code

pytestmark = pytest.mark.django_db


@pytest.fixture
def book(demo_store):
    return address_books_build()


@pytest.fixture
def token_of(book, login, graphql):
    return lambda caller: caller_token(caller, login=login, graphql=graphql)


# --- who may read ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("caller", CALLERS)
def test_each_caller_reads_only_their_own_address_book(book, token_of, graphql, caller):
    token = token_of(caller)

    listed = graphql(LIST, {"orderBy": "label"}, token=token)
    detail = graphql(DETAIL, {"id": book.dock.pk}, token=token)
    shipping = graphql(DEFAULT_SHIPPING, token=token)
    billing = graphql(DEFAULT_BILLING, token=token)

    answers = (listed, detail, shipping, billing)
    if caller == "anonymous":
        assert [error_code(body) for body in answers] == [40101] * 4
    elif caller == "super":  # not masquerading: no address book of their own
        assert [error_code(body) for body in answers] == ["PERMISSION_DENIED"] * 4
    elif caller in ACME_CALLERS:
        assert labels(listed) == ["Cold room", "Dock", "Payables"]
        assert listed["data"]["addresses"]["totalCount"] == 3
        assert detail["data"]["address"]["label"] == "Dock"
        assert shipping["data"]["defaultShippingAddress"] == {"id": book.dock.pk, "label": "Dock"}
        assert billing["data"]["defaultBillingAddress"] == {"id": book.payables.pk, "label": "Payables"}
    else:  # another company's admin and the individual customer: their own book; Acme's address does not exist
        own = book.globex_lab if caller == "other_admin" else book.home
        assert labels(listed) == [own.label]
        assert error_code(detail) == "NOT_FOUND"
        assert detail["errors"][0]["message"] == "Address not found."
        assert shipping["data"]["defaultShippingAddress"] == {"id": own.pk, "label": own.label}
        assert billing["data"]["defaultBillingAddress"] is None
        assert "Acme" not in str(listed) and "Dock" not in str(detail)


# --- who may write -----------------------------------------------------------------------------------------------

WRITES = ["create", "update", "delete", "set_default"]


def _write(graphql, token, operation: str, target: Address) -> dict:
    if operation == "create":
        return graphql(CREATE, {"a": NEW_ADDRESS}, token=token)
    if operation == "update":
        return graphql(UPDATE, {"id": target.pk, "a": {**NEW_ADDRESS, "label": "Renamed"}}, token=token)
    if operation == "delete":
        return graphql(DELETE, {"id": target.pk}, token=token)
    return graphql(SET_DEFAULT, {"id": target.pk, "kind": "SHIPPING"}, token=token)


def _expected_refusal(caller: str, operation: str):
    if caller == "anonymous":
        return 40101
    if caller in ("super", "junior"):  # no address book / a junior buyer reads but does not edit
        return "PERMISSION_DENIED"
    if caller in ("other_admin", "b2c") and operation != "create":
        return "NOT_FOUND"  # another book's address does not exist for them
    return None


@pytest.mark.parametrize("operation", WRITES)
@pytest.mark.parametrize("caller", CALLERS)
def test_each_write_is_allowed_or_refused_with_its_code_and_changes_nothing(book, token_of, graphql, caller, operation):
    token = token_of(caller)
    before = snapshot()

    body = _write(graphql, token, operation, book.cold_room)

    refusal = _expected_refusal(caller, operation)
    if refusal is not None:
        assert error_code(body) == refusal
        assert body["data"] is None
        assert snapshot() == before
        return
    assert "errors" not in body, body
    if operation == "create":
        created = Address.objects.get(pk=body["data"]["addressCreate"]["address"]["id"])
        owner = {"other_admin": (book.globex, None), "b2c": (None, book.individual)}.get(caller, (book.acme, None))
        assert (created.company, created.customer) == owner
        assert created.created_by.email == EMAILS[caller]
        assert Address.objects.count() == len(before) + 1
    elif operation == "update":
        assert Address.objects.get(pk=book.cold_room.pk).label == "Renamed"
    elif operation == "delete":
        assert body["data"]["addressDelete"] == {"id": book.cold_room.pk, "message": "The address was deleted."}
        assert not Address.objects.filter(pk=book.cold_room.pk).exists()
    else:
        assert list(Address.objects.filter(company=book.acme, is_default_shipping=True)) == [book.cold_room]


def test_a_junior_buyer_edits_when_the_role_template_grants_the_address_actions(book, token_of, graphql):
    junior_template = RoleTemplate.objects.get(role=2, is_builtin=True)
    RolePermission.objects.bulk_create(
        RolePermission(template=junior_template, code=code, level=2) for code in GROUPS["address_actions"]
    )
    token = token_of("junior")

    created = graphql(CREATE, {"a": NEW_ADDRESS}, token=token)

    assert created["data"]["addressCreate"]["address"]["createdBy"]["email"] == "junior@acme.test"


def test_what_a_masquerading_super_admin_changes_is_in_the_masquerade_log(book, token_of, graphql):
    token = token_of("super_masquerading")

    graphql(CREATE, {"a": NEW_ADDRESS}, token=token)

    event = AuditEvent.objects.get(action="masquerade_action")
    assert event.company == book.acme
    assert event.changes == {"operations": ["addressCreate"], "failed": False}


@pytest.fixture
def own_records_buyer(book, login):
    """A custom role holding every address code at level 1 (own records): Acme's buyer Olive."""
    template = RoleTemplate.objects.create(name="Own addresses", role=5)
    RolePermission.objects.bulk_create(
        RolePermission(template=template, code=code, level=1)
        for code in (*GROUPS["address_view"], *GROUPS["address_actions"])
    )
    user = User.objects.create_user("olive@acme.test", "Pipette42", first_name="Olive", last_name="Own")
    CompanyMembership.objects.create(user=user, company=book.acme, role=5, custom_role=template)
    return login("olive@acme.test", "Pipette42")


def test_at_level_1_a_buyer_reaches_only_the_addresses_they_added(book, own_records_buyer, graphql):
    token = own_records_buyer
    mine = graphql(CREATE, {"a": NEW_ADDRESS}, token=token)["data"]["addressCreate"]["address"]
    before = snapshot()

    listed = graphql(LIST, {"orderBy": "label"}, token=token)
    others = [graphql(DETAIL, {"id": book.cold_room.pk}, token=token), _write(graphql, token, "update", book.cold_room),
              _write(graphql, token, "delete", book.cold_room)]  # fmt: skip
    renamed = graphql(UPDATE, {"id": mine["id"], "a": {**NEW_ADDRESS, "label": "Mine"}}, token=token)

    assert labels(listed) == ["Freezer farm"]
    assert [error_code(body) for body in others] == ["NOT_FOUND"] * 3
    assert renamed["data"]["addressUpdate"]["address"]["label"] == "Mine"
    # The company's defaults are for every buyer: they read them, but may not change them.
    shipping = graphql(DEFAULT_SHIPPING, token=token)["data"]["defaultShippingAddress"]
    assert shipping == {"id": book.dock.pk, "label": "Dock"}
    after_rename = snapshot()
    refused = [
        graphql(SET_DEFAULT, {"id": mine["id"], "kind": "SHIPPING"}, token=token),
        graphql(UPDATE, {"id": mine["id"], "a": {**NEW_ADDRESS, "isDefaultBilling": True}}, token=token),
        graphql(CREATE, {"a": {**NEW_ADDRESS, "isDefaultShipping": True}}, token=token),
    ]
    assert [error_code(body) for body in refused] == ["PERMISSION_DENIED"] * 3
    assert refused[0]["errors"][0]["message"] == (
        "Only users who manage all of the company's addresses may change its default addresses."
    )
    assert snapshot() == after_rename
    assert len(after_rename) == len(before)


def test_a_pending_companys_admin_keeps_an_address_book_of_their_own(book, login, graphql):
    token = login("admin@pendingbio.test")

    created = graphql(CREATE, {"a": NEW_ADDRESS}, token=token)["data"]["addressCreate"]["address"]

    address = Address.objects.get(pk=created["id"])
    assert address.company is None and address.customer.email == "admin@pendingbio.test"
    assert labels(graphql(LIST, {"orderBy": "label"}, token=token)) == ["Freezer farm"]
