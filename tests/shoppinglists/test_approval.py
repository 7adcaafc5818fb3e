"""The approval of junior buyers' lists (ARCHITECTURE §8, issue 18): which status each step leaves, who may take it,
and what a junior buyer may order (Done when 3)."""

import pytest

from accounts.models import AuditEvent
from portal.models import StorefrontConfig
from shoppinglists.models import ShoppingList, ShoppingListStatus
from storefront.models import CartLine
from tests.helpers import error_code
from tests.shoppinglists import support
from tests.shoppinglists.support import snapshot

pytestmark = pytest.mark.django_db

APPROVED, DRAFT, READY, REJECTED, DELETED = 0, 30, 40, 50, 20


def _status(shopping_list) -> int:
    return ShoppingList.objects.get(pk=shopping_list.pk).status


def _junior_place_order(on: bool) -> None:
    StorefrontConfig.objects.filter(key="junior_place_order").update(value="1" if on else "0")


@pytest.mark.parametrize(("caller", "status"), [("junior", DRAFT), ("senior", APPROVED), ("admin", APPROVED),
                                                ("super_masquerading", APPROVED), ("b2c", APPROVED)])  # fmt: skip
def test_a_new_list_is_a_draft_only_for_who_needs_approval(world, token_of, graphql, caller, status):
    operation = support.create("customer" if caller == "b2c" else "")
    key = "customerShoppingListsCreate" if caller == "b2c" else "shoppingListsCreate"

    body = graphql(operation, {"data": {"name": "New"}}, token=token_of(caller))

    created = body["data"][key]["shoppingList"]
    assert (created["status"], created["approvedFlag"], created["isOwner"]) == (status, status == APPROVED, True)
    assert created["statusLabel"] == {DRAFT: "Draft", APPROVED: "Approved"}[status]


def test_the_whole_journey_draft_submitted_rejected_edited_resubmitted_approved(world, token_of, graphql):
    junior, senior = token_of("junior"), token_of("senior")
    draft = world.junior_draft

    submitted = graphql(support.SUBMIT, {"id": draft.pk}, token=junior)["data"]["shoppingListSubmitForApproval"]
    assert submitted["shoppingList"]["status"] == READY
    assert submitted["shoppingList"]["canSubmit"] is False

    seen_by_senior = graphql(support.DETAIL, {"id": draft.pk}, token=senior)["data"]["shoppingList"]
    assert (seen_by_senior["canApprove"], seen_by_senior["isOwner"]) == (True, False)

    rejected = graphql(support.REJECT, {"id": draft.pk, "reason": "  Use the 500 mL packs.  "}, token=senior)
    assert rejected["data"]["shoppingListReject"]["shoppingList"]["status"] == REJECTED
    assert rejected["data"]["shoppingListReject"]["shoppingList"]["reason"] == "Use the 500 mL packs."

    mine = graphql(support.DETAIL, {"id": draft.pk}, token=junior)["data"]["shoppingList"]
    assert (mine["status"], mine["reason"], mine["canSubmit"], mine["canApprove"]) == (
        REJECTED, "Use the 500 mL packs.", True, False,
    )  # fmt: skip

    edited = graphql(support.items_create(), {"id": draft.pk, "items": [{"sku": "HS-1001-500ML"}]}, token=junior)
    assert edited["data"]["shoppingListsItemsCreate"]["shoppingList"]["status"] == DRAFT

    again = graphql(support.SUBMIT, {"id": draft.pk}, token=junior)["data"]["shoppingListSubmitForApproval"]
    assert (again["shoppingList"]["status"], again["shoppingList"]["reason"]) == (READY, None)

    approved = graphql(support.APPROVE, {"id": draft.pk}, token=senior)["data"]["shoppingListApprove"]
    assert (approved["shoppingList"]["status"], approved["shoppingList"]["approvedFlag"]) == (APPROVED, True)

    log = list(AuditEvent.objects.filter(action__startswith="shopping_list").order_by("pk"))
    assert [(e.action, e.actor.email, e.company.name, e.changes) for e in log] == [
        ("shopping_list_rejected", "senior@acme.test", "Acme Labs",
         {"status": [READY, REJECTED], "reason": "Use the 500 mL packs."}),
        ("shopping_list_approved", "senior@acme.test", "Acme Labs", {"status": [READY, APPROVED]}),
    ]  # fmt: skip
    assert [e.summary for e in log] == [
        "Shopping list “Draft” by Jules Junior rejected: Use the 500 mL packs.",
        "Shopping list “Draft” by Jules Junior approved",
    ]


@pytest.mark.parametrize("change", ["rename", "items"])
def test_editing_a_rejected_list_returns_it_to_draft(world, token_of, graphql, change):
    world.junior_draft.status = REJECTED
    world.junior_draft.reason = "No"
    world.junior_draft.save()
    junior = token_of("junior")

    if change == "rename":
        body = graphql(support.update(), {"id": world.junior_draft.pk, "data": {"name": "Better"}}, token=junior)
    else:
        item = world.junior_draft.items.get()
        body = graphql(
            support.items_update(), {"id": world.junior_draft.pk, "itemId": item.pk, "data": {"quantity": 1}},
            token=junior,
        )  # fmt: skip

    assert "errors" not in body
    assert _status(world.junior_draft) == DRAFT


@pytest.mark.parametrize("status", [APPROVED, READY])
def test_a_junior_changing_the_products_of_an_approved_or_submitted_list_returns_it_to_draft(
    world, token_of, graphql, status
):
    ShoppingList.objects.filter(pk=world.junior_draft.pk).update(status=status)
    item = world.junior_draft.items.get()

    body = graphql(
        support.items_delete(), {"id": world.junior_draft.pk, "itemIds": [item.pk]}, token=token_of("junior")
    )

    assert "errors" not in body
    assert _status(world.junior_draft) == DRAFT


def test_a_junior_renaming_an_approved_list_keeps_it_approved(world, token_of, graphql):
    ShoppingList.objects.filter(pk=world.junior_draft.pk).update(status=APPROVED)

    graphql(support.update(), {"id": world.junior_draft.pk, "data": {"name": "Renamed"}}, token=token_of("junior"))

    assert _status(world.junior_draft) == APPROVED


def test_a_senior_changing_a_juniors_list_keeps_its_status(world, token_of, graphql):
    body = graphql(
        support.items_create(), {"id": world.junior_ready.pk, "items": [{"sku": "HS-1001-500ML"}]},
        token=token_of("senior"),
    )  # fmt: skip

    assert "errors" not in body
    assert _status(world.junior_ready) == READY


@pytest.mark.parametrize("status", [APPROVED, READY])
def test_only_a_draft_or_rejected_list_can_be_submitted(world, token_of, graphql, status):
    ShoppingList.objects.filter(pk=world.junior_draft.pk).update(status=status)
    before = snapshot()

    body = graphql(support.SUBMIT, {"id": world.junior_draft.pk}, token=token_of("junior"))

    assert body["errors"][0]["extensions"] == {"code": "SHOPPING_LIST_NOT_SUBMITTABLE"}
    assert body["errors"][0]["message"] == "Only a draft or rejected list can be submitted for approval."
    assert snapshot() == before


def test_a_rejected_list_can_be_submitted_again_as_it_is(world, token_of, graphql):
    ShoppingList.objects.filter(pk=world.junior_draft.pk).update(status=REJECTED, reason="Wait")

    body = graphql(support.SUBMIT, {"id": world.junior_draft.pk}, token=token_of("junior"))

    assert body["data"]["shoppingListSubmitForApproval"]["shoppingList"]["status"] == READY
    assert ShoppingList.objects.get(pk=world.junior_draft.pk).reason == ""


def test_an_empty_list_cannot_be_submitted(world, token_of, graphql):
    world.junior_draft.items.all().delete()
    before = snapshot()

    body = graphql(support.SUBMIT, {"id": world.junior_draft.pk}, token=token_of("junior"))

    assert error_code(body) == "SHOPPING_LIST_EMPTY"
    assert snapshot() == before


@pytest.mark.parametrize("status", [APPROVED, DRAFT, REJECTED])
@pytest.mark.parametrize("operation", ["approve", "reject"])
def test_only_a_list_awaiting_approval_can_be_approved_or_rejected(world, token_of, graphql, operation, status):
    ShoppingList.objects.filter(pk=world.junior_ready.pk).update(status=status)
    before = snapshot()
    query, variables = (
        (support.APPROVE, {"id": world.junior_ready.pk})
        if operation == "approve"
        else (support.REJECT, {"id": world.junior_ready.pk, "reason": "No"})
    )

    body = graphql(query, variables, token=token_of("senior"))

    assert error_code(body) == "SHOPPING_LIST_NOT_AWAITING_APPROVAL"
    assert snapshot() == before


@pytest.mark.parametrize(("reason", "code"), [("   ", "required"), ("x" * 1001, "max_length")])
def test_a_rejection_needs_a_reason_of_at_most_1000_characters(world, token_of, graphql, reason, code):
    before = snapshot()

    body = graphql(support.REJECT, {"id": world.junior_ready.pk, "reason": reason}, token=token_of("senior"))

    assert body["errors"][0]["extensions"]["fieldCodes"] == {"reason": [code]}
    assert snapshot() == before


def test_a_junior_cannot_approve_their_own_list(world, token_of, graphql):
    before = snapshot()

    body = graphql(support.APPROVE, {"id": world.junior_ready.pk}, token=token_of("junior"))

    assert error_code(body) == "PERMISSION_DENIED"
    assert snapshot() == before


# --- ordering from a list (junior_place_order) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("switch", "status", "expected"),
    [
        (False, APPROVED, "PERMISSION_DENIED"),  # the junior may not order at all
        (True, DRAFT, "SHOPPING_LIST_NOT_APPROVED"),
        (True, READY, "SHOPPING_LIST_NOT_APPROVED"),
        (True, REJECTED, "SHOPPING_LIST_NOT_APPROVED"),
        (True, APPROVED, None),
    ],
    ids=["switch-off", "draft", "ready", "rejected", "approved"],
)
def test_a_junior_orders_only_from_an_approved_list_and_only_with_junior_place_order(
    world, token_of, graphql, switch, status, expected
):
    _junior_place_order(switch)
    ShoppingList.objects.filter(pk=world.junior_draft.pk).update(status=status)
    token = token_of("junior")
    before = snapshot()

    detail = graphql(support.DETAIL, {"id": world.junior_draft.pk}, token=token)["data"]["shoppingList"]
    body = graphql(support.add_to_cart(), {"id": world.junior_draft.pk}, token=token)

    assert detail["canAddToCart"] is (expected is None)
    if expected is None:
        assert [item["sku"] for item in body["data"]["shoppingListAddToCart"]["added"]] == ["HS-1001-100ML"]
        assert list(CartLine.objects.values_list("variant__sku", "quantity")) == [("HS-1001-100ML", 2)]
    else:
        assert error_code(body) == expected
        assert snapshot() == before


def test_a_senior_orders_from_a_juniors_list_whatever_its_status(world, token_of, graphql):
    body = graphql(support.add_to_cart(), {"id": world.junior_draft.pk}, token=token_of("senior"))

    assert [item["sku"] for item in body["data"]["shoppingListAddToCart"]["added"]] == ["HS-1001-100ML"]


def test_deleting_marks_the_list_deleted_and_hides_it(world, token_of, graphql):
    token = token_of("senior")

    body = graphql(support.delete(), {"id": world.senior_list.pk}, token=token)

    assert body["data"]["shoppingListsDelete"] == {
        "id": world.senior_list.pk,
        "message": "The list Weekly was deleted.",
    }
    assert _status(world.senior_list) == DELETED
    assert "Weekly" not in support.names(graphql(support.LISTS, {"orderBy": "name"}, token=token))
    assert error_code(graphql(support.DETAIL, {"id": world.senior_list.pk}, token=token)) == "NOT_FOUND"
    assert error_code(graphql(support.delete(), {"id": world.senior_list.pk}, token=token)) == "NOT_FOUND"


def test_the_status_filter_refuses_deleted(world, token_of, graphql):
    body = graphql(support.LISTS, {"orderBy": "name", "status": [DELETED]}, token=token_of("senior"))

    assert body["errors"][0]["extensions"]["fieldCodes"] == {"status": ["invalid_choice"]}


def test_statuses_are_the_architecture_numbers():
    assert {s.value: s.label for s in ShoppingListStatus} == {
        0: "Approved", 20: "Deleted", 30: "Draft", 40: "Ready for approval", 50: "Rejected",
    }  # fmt: skip
