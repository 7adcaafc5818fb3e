"""Thin Celery tasks of the approvals app (ARCHITECTURE §7)."""

from __future__ import annotations

from celery import shared_task

from portal.mail import MAIL_TASK_OPTIONS, mail_send_once

# Each e-mail is claimed for a month: a redelivered task (or a second worker) sends it once.
CLAIM_SECONDS = 31 * 24 * 3600


@shared_task(**MAIL_TASK_OPTIONS)
def purchase_request_notify(request_id: int, event: str) -> int:
    """Tell a purchase request's approvers it is their turn (with their signed link), or its buyer what was decided.
    Each message is sent once, even when the task is delivered twice; a failed send is released for the retry."""
    from approvals.notifications import request_messages

    return sum(
        mail_send_once(
            claim=message.claim, claim_seconds=CLAIM_SECONDS, to=message.to, subject=message.subject,
            template=message.template, context=message.context,
        )
        for message in request_messages(request_id, event)
    )  # fmt: skip


@shared_task
def purchase_requests_expire() -> int:
    """Requests whose prices are no longer held expire (Celery beat, hourly)."""
    from approvals.services.requests import requests_expire

    return requests_expire()
