"""Issue 36 item 9: an approved (or rejected) list is no dead end — its maker is e-mailed the decision and what happens
next, once, and the list says who decided (reviewedBy)."""

import pytest
from django.core import mail

from accounts.models import AuditEvent, CompanyMembership
from portal.models import StorefrontConfig
from shoppinglists.tasks import shopping_list_review_notify
from tests.shoppinglists import support

pytestmark = pytest.mark.django_db

REVIEWED = """query($id: Int!) { shoppingList(id: $id) {
  status reviewedAt reviewedBy { firstName lastName email role } canAddToCart } }"""


def _junior_place_order(on: bool) -> None:
    StorefrontConfig.objects.filter(key="junior_place_order").update(value="1" if on else "0")


@pytest.fixture
def decide(graphql, token_of, django_capture_on_commit_callbacks):
    """The senior buyer approves or rejects the junior's list awaiting approval; the e-mail is sent on commit."""

    def run(operation: str, variables: dict) -> dict:
        with django_capture_on_commit_callbacks(execute=True):
            return graphql(operation, variables, token=token_of("senior"))

    return run


def test_the_junior_is_told_the_list_is_approved_and_to_ask_the_approver_to_order_it(world, decide, settings):
    settings.SITE_URL = "http://portal.test:8001"
    _junior_place_order(False)

    decide(support.APPROVE, {"id": world.junior_ready.pk})

    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["junior@acme.test"]
    assert message.subject == "Your shopping list “Awaiting” is approved"
    assert "Sam Senior approved your shopping list “Awaiting” on " in message.body
    assert "Ask Sam Senior to order it" in message.body
    assert f"http://portal.test:8001/#/shoppingList/{world.junior_ready.pk}" in message.body


def test_with_junior_place_order_on_the_junior_is_told_to_order_it_now(world, decide):
    _junior_place_order(True)

    decide(support.APPROVE, {"id": world.junior_ready.pk})

    (message,) = mail.outbox
    assert "you can order from it now" in message.body
    assert "Ask Sam Senior" not in message.body


def test_a_rejection_tells_the_junior_the_reason_and_to_submit_again(world, decide):
    decide(support.REJECT, {"id": world.junior_ready.pk, "reason": "Use the 500 mL packs."})

    (message,) = mail.outbox
    assert (message.to, message.subject) == (["junior@acme.test"], "Your shopping list “Awaiting” was rejected")
    assert "Reason: Use the 500 mL packs." in message.body
    assert "submit it for approval again" in message.body


def test_the_decision_is_e_mailed_once_however_often_the_task_runs(world, decide):
    decide(support.APPROVE, {"id": world.junior_ready.pk})
    event = AuditEvent.objects.get(action="shopping_list_approved")

    assert shopping_list_review_notify(event.pk) is False
    shopping_list_review_notify.delay(event.pk)

    assert len(mail.outbox) == 1


def test_nobody_is_written_to_who_left_the_company(world, decide):
    CompanyMembership.objects.filter(user__email="junior@acme.test").delete()

    decide(support.APPROVE, {"id": world.junior_ready.pk})

    assert mail.outbox == []


def test_a_refused_approval_sends_nothing(world, graphql, token_of, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        graphql(support.APPROVE, {"id": world.junior_draft.pk}, token=token_of("senior"))  # a draft: not awaiting

    assert mail.outbox == []


def test_the_list_says_who_approved_it(world, decide, graphql, token_of):
    before = graphql(REVIEWED, {"id": world.junior_ready.pk}, token=token_of("junior"))["data"]["shoppingList"]
    assert (before["reviewedAt"], before["reviewedBy"]) == (None, None)

    decide(support.APPROVE, {"id": world.junior_ready.pk})

    seen = graphql(REVIEWED, {"id": world.junior_ready.pk}, token=token_of("junior"))["data"]["shoppingList"]
    assert seen["status"] == 0
    assert seen["reviewedAt"] is not None
    assert seen["reviewedBy"] == {"firstName": "Sam", "lastName": "Senior", "email": "senior@acme.test", "role": 1}
