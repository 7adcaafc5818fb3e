"""Who may Reorder or Add to quote (OrderDetail.canReorder / canAddToQuote): orders asks, the apps right of it answer
(ARCHITECTURE §3), through orders.permissions. The answers themselves are pinned in test_orders_read.py."""

import pytest

from accounts.selectors import GUEST
from orders import permissions
from orders.permissions import ADD_TO_QUOTE, REORDER, order_action_allowed, order_action_register
from quotes.services import order_lines_quotable_by
from storefront.reorder import reorder_allowed


@pytest.fixture
def no_actions(monkeypatch):
    """A registry no app has contributed to yet (the real one is restored afterwards)."""
    monkeypatch.setattr(permissions, "_ORDER_ACTION_CHECKS", {})


def test_storefront_and_quotes_contribute_their_checks_when_django_starts():
    contributed = dict(permissions._ORDER_ACTION_CHECKS)

    assert contributed == {REORDER: reorder_allowed, ADD_TO_QUOTE: order_lines_quotable_by}


def test_an_action_no_app_has_contributed_is_not_allowed(no_actions):
    assert order_action_allowed(REORDER, GUEST) is False
    assert order_action_allowed(ADD_TO_QUOTE, GUEST) is False


def test_the_contributed_check_answers_for_the_actor(no_actions):
    asked = []
    order_action_register(REORDER, lambda actor: asked.append(actor) or True)

    assert order_action_allowed(REORDER, GUEST) is True
    assert asked == [GUEST]
    assert order_action_allowed(ADD_TO_QUOTE, GUEST) is False


@pytest.mark.parametrize("call", [order_action_allowed, lambda name, _: order_action_register(name, bool)])
def test_an_unknown_action_is_a_mistake(no_actions, call):
    with pytest.raises(ValueError, match="Unknown order action 'reorder_all'"):
        call("reorder_all", GUEST)

    assert permissions._ORDER_ACTION_CHECKS == {}
