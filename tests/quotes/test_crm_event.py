"""business §7's quote event on the outbound session (issue 23), against a real HTTP server on 127.0.0.1: a CRM
that fails for a while gets the event once after the task's retries; one that keeps failing is given up on quietly
(logged, the quote untouched); a refusal (4xx) is not retried; a CRM that does not answer in time is retried.

Tests run tasks eagerly: Celery then runs each retry at once, in the same thread, whatever its countdown. The
`_no_sleeping` fixture makes sure that nothing waits for a backoff."""

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from portal import http
from quotes.models import Quote, QuoteStatus
from quotes.tasks import CRM_EVENT_BACKOFF_SECONDS, CRM_EVENT_MAX_RETRIES, quote_event_send
from tests.quotes.support import ADD, SUBMIT, UPDATE_INFO, line

pytestmark = pytest.mark.django_db

CONTACT = {"contactInfo": {"name": "Ada Chen", "email": "ada@uni.test", "quoteTitle": "Teaching lab solvents"}}


class Crm:
    """A CRM on 127.0.0.1 that holds its first `unanswered` requests without a word until the test ends, then
    answers with the `statuses` in turn, then with 200. `received`: (path, headers, body, status answered)."""

    def __init__(self, statuses: list[int] = (), unanswered: int = 0):
        self.statuses = list(statuses)
        self.unanswered = unanswered
        self.received: list[tuple[str, dict, dict, int | None]] = []
        self.released = threading.Event()
        self._lock = threading.Lock()

    @property
    def delivered(self) -> int:
        return sum(1 for *_, status in self.received if status == 200)

    def answer(self, handler: BaseHTTPRequestHandler) -> None:
        body = json.loads(handler.rfile.read(int(handler.headers["Content-Length"])))
        with self._lock:
            held = self.unanswered > 0
            if held:
                self.unanswered -= 1
            status = None if held else (self.statuses.pop(0) if self.statuses else 200)
            self.received.append((handler.path, dict(handler.headers), body, status))
        if held:
            self.released.wait()
            return
        handler.send_response(status)
        handler.send_header("Content-Length", "0")
        handler.end_headers()


@pytest.fixture
def crm(settings):
    """Start a CRM (`crm(statuses, unanswered)`) and point CRM_QUOTE_EVENT_URL at it."""
    servers = []

    def start(statuses: list[int] = (), unanswered: int = 0) -> Crm:
        state = Crm(statuses, unanswered)

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                state.answer(self)

            def log_message(self, *args):
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        servers.append((server, state))
        settings.CRM_QUOTE_EVENT_URL = f"http://127.0.0.1:{server.server_port}/"
        settings.CRM_QUOTE_EVENT_TOKEN = "crm-secret"
        return state

    yield start
    for server, state in servers:
        state.released.set()
        server.shutdown()
        server.server_close()


@pytest.fixture(autouse=True)
def _no_sleeping(monkeypatch):
    def refuse(seconds):
        raise AssertionError(f"slept {seconds} s")

    monkeypatch.setattr(time, "sleep", refuse)


def _retries(caplog) -> list[tuple[int, int]]:
    """(attempt, countdown in seconds) of each retry the task asked Celery for, from its log."""
    return [(r.args[2], r.args[3]) for r in caplog.records if r.name == "quotes" and "retry in" in r.msg]


def _submit_guest_quote(graphql, django_capture_on_commit_callbacks) -> dict:
    key = graphql(ADD, {"lines": [line("HS-1001-100ML", 2)]})["data"]["quoteDraftAddLines"]["draft"]["draftKey"]
    graphql(UPDATE_INFO, {"key": key, "data": CONTACT})
    with django_capture_on_commit_callbacks(execute=True):
        return graphql(SUBMIT, {"key": key})


def test_a_crm_failing_twice_gets_the_event_once_on_the_third_attempt(
    ethanol, graphql, crm, caplog, django_capture_on_commit_callbacks
):
    server = crm(statuses=[503, 503])
    number = _submit_guest_quote(graphql, django_capture_on_commit_callbacks)["data"]["quoteDraftSubmit"]["number"]
    assert [status for *_, status in server.received] == [503, 503, 200]
    assert server.delivered == 1
    path, headers, payload, _ = server.received[-1]
    assert path == "/quote-ecom-crm/api/v1/quote"
    assert headers["Authorization"] == "Bearer crm-secret"
    assert headers["User-Agent"] == http.USER_AGENT
    assert (payload["action"], payload["resource"], payload["data"]["quoteNumber"]) == ("create", "quote", number)
    # The three attempts are one event: the CRM can tell a repeat by its key.
    keys = {headers["Idempotency-Key"] for _, headers, _, _ in server.received}
    assert len(keys) == 1 and keys != {""}
    # Exponential backoff with full jitter: retry n waits up to 4 × 2^(n-1) seconds (in a worker; eagerly, not at
    # all: `_no_sleeping`).
    retries = _retries(caplog)
    assert [attempt for attempt, _ in retries] == [1, 2]
    assert all(0 <= countdown <= CRM_EVENT_BACKOFF_SECONDS * 2 ** (attempt - 1) for attempt, countdown in retries)


def test_a_crm_that_keeps_failing_is_given_up_on_after_the_last_retry_and_the_quote_stands(
    ethanol, graphql, crm, caplog, django_capture_on_commit_callbacks
):
    server = crm(statuses=[503] * 10)
    body = _submit_guest_quote(graphql, django_capture_on_commit_callbacks)
    assert "errors" not in body
    quote = Quote.objects.get()
    assert (quote.number, quote.status) == (body["data"]["quoteDraftSubmit"]["number"], QuoteStatus.OPEN)
    assert len(server.received) == 1 + CRM_EVENT_MAX_RETRIES == 6
    assert [attempt for attempt, _ in _retries(caplog)] == [1, 2, 3, 4, 5]
    assert server.delivered == 0
    (record,) = [r for r in caplog.records if r.name == "quotes" and r.levelname == "WARNING"]
    assert record.getMessage().startswith(
        f"Quote event create of {quote.number} was not delivered (attempt 6, given up)"
    )
    assert "503" in record.getMessage()


def test_a_crm_that_refuses_the_event_is_not_asked_again(
    ethanol, graphql, crm, caplog, django_capture_on_commit_callbacks
):
    server = crm(statuses=[401])
    body = _submit_guest_quote(graphql, django_capture_on_commit_callbacks)
    assert "errors" not in body
    assert [status for *_, status in server.received] == [401]
    assert "was not delivered (attempt 1, given up): 401" in caplog.text


def test_a_crm_that_does_not_answer_in_time_is_asked_again(
    ethanol, graphql, crm, monkeypatch, django_capture_on_commit_callbacks
):
    # The first request is held until the test ends: the client gives up after the read timeout whatever the
    # machine's speed; a short one keeps the test quick.
    monkeypatch.setattr(http, "TIMEOUT", (3.05, 0.2))
    server = crm(unanswered=1)
    _submit_guest_quote(graphql, django_capture_on_commit_callbacks)
    assert [status for *_, status in server.received] == [None, 200]
    assert server.delivered == 1


def test_the_task_returns_whether_the_event_was_delivered(ethanol, graphql, crm, django_capture_on_commit_callbacks):
    server = crm()
    quote_id = _submit_guest_quote(graphql, django_capture_on_commit_callbacks)["data"]["quoteDraftSubmit"]["quoteId"]
    assert quote_event_send.delay(quote_id, "update").get() is True
    server.statuses = [500] * 6
    assert quote_event_send.delay(quote_id, "update").get() is False
    assert [payload["action"] for _, _, payload, _ in server.received] == ["create", "update"] + ["update"] * 6
