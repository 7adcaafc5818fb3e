"""A mail server that is down (issue 36, docs/operations.md "The mail server"): the mail tasks wait on the broker
and try again, and every mail goes out once when the server is back."""

from __future__ import annotations

import importlib
import socket
import socketserver
import threading

import pytest
from celery import signals
from django.conf import settings as django_settings
from django.core import mail
from django.db import InterfaceError, OperationalError

from portal.mail import MAIL_TASK_OPTIONS, mail_retry_schedule
from storefront.models import ContactRequest
from storefront.services import contact_request_submit
from tests.helpers import broker_url_or_skip, celery_worker_on_broker, until_state

MAIL_TASKS = [
    "accounts.tasks.password_reset_email_send",
    "accounts.tasks.company_email_send",
    "accounts.tasks.user_invitation_send",
    "quotes.tasks.quote_submitted_notify",
    "quotes.tasks.quote_revision_notify",
    "quotes.tasks.quote_message_notify",
    "quotes.tasks.quote_expiry_remind",
    "storefront.tasks.contact_request_notify",
    "shoppinglists.tasks.shopping_list_review_notify",
]


@pytest.mark.parametrize("name", MAIL_TASKS)
def test_every_mail_task_retries_on_the_mail_policy(name):
    module, _, attribute = name.rpartition(".")
    task = getattr(importlib.import_module(module), attribute)
    assert task.autoretry_for == (OSError, OperationalError, InterfaceError)
    assert task.max_retries == MAIL_TASK_OPTIONS["max_retries"]
    assert task.retry_backoff == MAIL_TASK_OPTIONS["retry_backoff"]
    assert task.retry_backoff_max == MAIL_TASK_OPTIONS["retry_backoff_max"]
    assert task.retry_jitter is False


def test_the_default_policy_outlasts_a_two_hour_outage_and_no_wait_outlasts_the_visibility_timeout():
    schedule = mail_retry_schedule()
    assert schedule[:3] == [10, 20, 40]
    assert sum(schedule) >= 2 * 3600
    visibility_timeout = getattr(django_settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {}).get("visibility_timeout", 3600)
    assert max(schedule) < visibility_timeout


def test_a_mail_server_that_does_not_answer_frees_the_worker():
    assert 0 < django_settings.EMAIL_TIMEOUT <= 60


class _Inbox(socketserver.ThreadingTCPServer):
    """A small SMTP server (RFC 5321's commands that Django's backend sends), keeping what it was given."""

    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, port: int):
        self.messages: list[bytes] = []
        self.received = threading.Event()
        super().__init__(("127.0.0.1", port), _SmtpSession)


class _SmtpSession(socketserver.StreamRequestHandler):
    def _say(self, line: str) -> None:
        self.wfile.write(line.encode() + b"\r\n")

    def handle(self) -> None:
        self._say("220 inbox.test ESMTP")
        while line := self.rfile.readline():
            command = line.strip().upper()
            if command.startswith((b"EHLO", b"HELO")):
                self._say("250 inbox.test")
            elif command == b"DATA":
                self._say("354 End data with <CR><LF>.<CR><LF>")
                body = b"".join(iter(lambda: self.rfile.readline(), b".\r\n"))
                self.server.messages.append(body)
                self.server.received.set()
                self._say("250 OK queued")
            elif command == b"QUIT":
                self._say("221 Bye")
                return
            else:  # MAIL FROM, RCPT TO, RSET, NOOP
                self._say("250 OK")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.broker
@pytest.mark.django_db(transaction=True)
def test_mail_queued_while_the_mail_server_is_down_goes_out_once_when_it_is_back(settings):
    port = _free_port()  # nothing listens there yet: the mail server is down
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    retried = threading.Event()

    def on_retry(sender=None, reason=None, **kwargs):
        if sender is not None and sender.name == "storefront.tasks.contact_request_notify":
            retried.set()

    signals.task_retry.connect(on_retry, weak=False)
    inbox = None
    try:
        with celery_worker_on_broker(broker_url_or_skip()):
            contact = contact_request_submit(
                name="Ada", email="ada@uni.test", organisation="", topic="order", message="Sent during an outage"
            )
            # Events, not timings: the first attempt fails and the task is handed back for a retry ...
            assert retried.wait(60), "the failed attempt was not retried"
            assert ContactRequest.objects.get(pk=contact.pk).notified_at is None
            # ... then the mail server comes back, and the retry (MAIL_RETRY_FIRST_SECONDS later) delivers it.
            inbox = _Inbox(port)
            threading.Thread(target=inbox.serve_forever, daemon=True).start()
            assert inbox.received.wait(120), "the retry never reached the mail server"
            until_state(lambda: ContactRequest.objects.get(pk=contact.pk).notified_at, "the claim written", bound=30)
    finally:
        signals.task_retry.disconnect(on_retry)
        if inbox is not None:
            inbox.shutdown()
            inbox.server_close()
    assert ContactRequest.objects.get(pk=contact.pk).notified_at is not None
    assert len(inbox.messages) == 1
    assert b"Sent during an outage" in inbox.messages[0]
    assert mail.outbox == []  # went through SMTP, not the test backend
