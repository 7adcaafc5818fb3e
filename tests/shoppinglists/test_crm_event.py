"""business §7's wishlist events (issue 18, Done when 3): sent to a real HTTP server on 127.0.0.1 once the change
commits, never for a change that rolls back or is refused, nothing at all while CRM_WISHLIST_EVENT_URL is empty; a
CRM that fails for a while gets the event after the task's retries, and a failing CRM never fails the list.

Tests run tasks eagerly: Celery then runs each retry at once, in the same thread, whatever its countdown; nothing
sleeps (`_no_sleeping`)."""

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.db import transaction

from accounts.selectors import actor_for_user
from portal import http
from shoppinglists import services
from shoppinglists.models import ShoppingList
from shoppinglists.tasks import CRM_EVENT_MAX_RETRIES
from tests.shoppinglists import support

pytestmark = pytest.mark.django_db


class Crm:
    """A CRM on 127.0.0.1 that answers with `statuses` in turn, then 200. `received`: (path, headers, body)."""

    def __init__(self, statuses: list[int]):
        self.statuses = list(statuses)
        self.received: list[tuple[str, dict, dict]] = []
        self._lock = threading.Lock()

    def answer(self, handler: BaseHTTPRequestHandler) -> None:
        body = json.loads(handler.rfile.read(int(handler.headers["Content-Length"])))
        with self._lock:
            self.received.append((handler.path, dict(handler.headers), body))
            status = self.statuses.pop(0) if self.statuses else 200
        handler.send_response(status)
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    @property
    def events(self) -> list[tuple[str, str]]:
        return [(body["resource"], body["action"]) for _, _, body in self.received]


@pytest.fixture
def crm(settings):
    """Start a CRM (`crm(statuses)`) and point CRM_WISHLIST_EVENT_URL at it."""
    servers = []

    def start(statuses: list[int] = ()) -> Crm:
        state = Crm(list(statuses))

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                state.answer(self)

            def log_message(self, *args):
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        servers.append(server)
        settings.CRM_WISHLIST_EVENT_URL = f"http://127.0.0.1:{server.server_port}/"
        settings.CRM_WISHLIST_EVENT_TOKEN = "wishlist-secret"
        return state

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(autouse=True)
def _no_sleeping(monkeypatch):
    def refuse(seconds):
        raise AssertionError(f"slept {seconds} s")

    monkeypatch.setattr(time, "sleep", refuse)


def test_each_change_sends_its_event_once_committed(world, token_of, graphql, crm, django_capture_on_commit_callbacks):
    server = crm()
    token = token_of("senior")

    with django_capture_on_commit_callbacks(execute=True):
        created = graphql(support.create(), {"data": {"name": "Glassware"}}, token=token)
    list_id = created["data"]["shoppingListsCreate"]["shoppingList"]["id"]
    with django_capture_on_commit_callbacks(execute=True):
        graphql(support.items_create(), {"id": list_id, "items": [{"sku": "HS-1001-500ML", "quantity": 2}]},
                token=token)  # fmt: skip
    item_id = ShoppingList.objects.get(pk=list_id).items.get().pk
    with django_capture_on_commit_callbacks(execute=True):
        graphql(support.items_update(), {"id": list_id, "itemId": item_id, "data": {"quantity": 5}}, token=token)
    with django_capture_on_commit_callbacks(execute=True):
        graphql(support.items_delete(), {"id": list_id, "itemIds": [item_id]}, token=token)
    with django_capture_on_commit_callbacks(execute=True):
        graphql(support.update(), {"id": list_id, "data": {"name": "Glass"}}, token=token)
    with django_capture_on_commit_callbacks(execute=True):
        graphql(support.delete(), {"id": list_id}, token=token)

    assert server.events == [
        ("wishlist", "create"), ("product", "add"), ("product", "update"), ("product", "remove"),
        ("wishlist", "update"), ("wishlist", "delete"),
    ]  # fmt: skip
    path, headers, body = server.received[1]
    assert path == "/wishlist-ecom-crm/api/v1/wishlist"
    assert headers["Authorization"] == "Bearer wishlist-secret"
    assert headers["User-Agent"] == http.USER_AGENT
    assert headers["Idempotency-Key"]
    assert body["data"]["wishlist"]["wishlistId"] == list_id
    assert body["data"]["wishlist"]["companyId"] == world.acme.pk
    assert body["data"]["wishlist"]["email"] == "senior@acme.test"
    (product,) = body["data"]["products"]
    assert (product["itemId"], product["sku"], product["quantity"]) == (item_id, "HS-1001-500ML", 2)
    assert json.loads(product["optionList"]) == []
    removed = server.received[3][2]["data"]["products"][0]
    assert (removed["itemId"], removed["quantity"]) == (item_id, 5)
    assert server.received[-1][2]["data"]["status"] == 20


def test_approval_steps_are_list_updates(world, token_of, graphql, crm, django_capture_on_commit_callbacks):
    server = crm()

    with django_capture_on_commit_callbacks(execute=True):
        graphql(support.SUBMIT, {"id": world.junior_draft.pk}, token=token_of("junior"))
    with django_capture_on_commit_callbacks(execute=True):
        graphql(support.APPROVE, {"id": world.junior_draft.pk}, token=token_of("senior"))

    assert server.events == [("wishlist", "update"), ("wishlist", "update")]
    assert [body["data"]["status"] for _, _, body in server.received] == [40, 0]


def test_no_event_for_a_change_that_rolls_back(world, crm, django_capture_on_commit_callbacks):
    server = crm()
    actor = _actor("senior@acme.test")

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        try:
            with transaction.atomic():
                services.shopping_list_create(actor=actor, name="Doomed")
                raise RuntimeError("the request fails after the list was made")
        except RuntimeError:
            pass

    assert callbacks == []
    assert server.received == []
    assert not ShoppingList.objects.filter(name="Doomed").exists()


def test_the_event_is_enqueued_only_when_the_transaction_commits(world, crm, django_capture_on_commit_callbacks):
    server = crm()
    actor = _actor("senior@acme.test")

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.shopping_list_create(actor=actor, name="Pending")
        assert server.received == []

    assert len(callbacks) == 1
    callbacks[0]()
    assert server.events == [("wishlist", "create")]


def test_no_event_for_a_refused_change(world, token_of, graphql, crm, django_capture_on_commit_callbacks):
    server = crm()

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        body = graphql(support.items_create(), {"id": world.senior_list.pk, "items": [{"sku": "NOPE"}]},
                       token=token_of("senior"))  # fmt: skip

    assert "errors" in body
    assert callbacks == []
    assert server.received == []


def test_nothing_is_sent_while_the_crm_url_is_empty(
    world, token_of, graphql, crm, settings, django_capture_on_commit_callbacks
):
    server = crm()
    settings.CRM_WISHLIST_EVENT_URL = ""

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        body = graphql(support.create(), {"data": {"name": "Quiet"}}, token=token_of("senior"))

    assert "errors" not in body
    assert len(callbacks) == 1  # enqueued; the task itself sends nothing
    assert server.received == []


def test_a_crm_failing_twice_gets_the_event_on_the_third_attempt(
    world, token_of, graphql, crm, django_capture_on_commit_callbacks
):
    server = crm(statuses=[503, 503])

    with django_capture_on_commit_callbacks(execute=True):
        body = graphql(support.create(), {"data": {"name": "Retried"}}, token=token_of("senior"))

    assert "errors" not in body
    assert len(server.received) == 3
    assert len({headers["Idempotency-Key"] for _, headers, _ in server.received}) == 1


def test_a_crm_that_keeps_failing_is_given_up_on_and_the_list_stands(
    world, token_of, graphql, crm, caplog, django_capture_on_commit_callbacks
):
    server = crm(statuses=[503] * 10)

    with django_capture_on_commit_callbacks(execute=True):
        body = graphql(support.create(), {"data": {"name": "Stands"}}, token=token_of("senior"))

    assert "errors" not in body
    assert ShoppingList.objects.filter(name="Stands").exists()
    assert len(server.received) == 1 + CRM_EVENT_MAX_RETRIES
    (warning,) = [r for r in caplog.records if r.name == "shoppinglists" and r.levelname == "WARNING"]
    assert warning.getMessage().startswith("Wishlist event wishlist create of list ")
    assert "given up" in warning.getMessage()


def test_a_crm_that_refuses_the_event_is_not_asked_again(
    world, token_of, graphql, crm, django_capture_on_commit_callbacks
):
    server = crm(statuses=[401])

    with django_capture_on_commit_callbacks(execute=True):
        body = graphql(support.create(), {"data": {"name": "Refused"}}, token=token_of("senior"))

    assert "errors" not in body
    assert len(server.received) == 1


def _actor(email: str):
    return actor_for_user(support.user(email))
