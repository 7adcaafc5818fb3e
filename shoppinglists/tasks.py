"""Thin Celery tasks of the shopping lists app (ARCHITECTURE §7)."""

from __future__ import annotations

import logging

import requests
from celery import shared_task
from celery.exceptions import Retry
from django.conf import settings

from portal import http
from portal.mail import MAIL_TASK_OPTIONS, mail_send_once

logger = logging.getLogger("shoppinglists")

CRM_WISHLIST_EVENT_PATH = "/wishlist-ecom-crm/api/v1/wishlist"  # business §7
# As the quote event (quotes/tasks.py): six attempts, the retries up to 4, 8, 16, 32 and 64 s apart (full jitter).
CRM_EVENT_MAX_RETRIES = 5
CRM_EVENT_BACKOFF_SECONDS = 4


@shared_task(bind=True, max_retries=CRM_EVENT_MAX_RETRIES)
def wishlist_event_send(self, action: str, resource: str, data: dict) -> bool | Retry:
    """business §7: the fire-and-forget wishlist event, POSTed as JSON ({action, resource, data}) with a bearer token
    to CRM_WISHLIST_EVENT_URL + /wishlist-ecom-crm/api/v1/wishlist; disabled when that URL is empty. A failure worth
    another attempt (no connection, a timeout, 5xx, 429) is retried with backoff; the last one, and any other (a
    4xx), is logged only: a failing CRM never fails the list. `Idempotency-Key` (the task's id, the same on every
    retry) lets the CRM drop an event it already has."""
    base = settings.CRM_WISHLIST_EVENT_URL.rstrip("/")
    if not base:
        return False
    wishlist = data.get("wishlist", data) if isinstance(data, dict) else {}
    list_id = wishlist.get("wishlistId") if isinstance(wishlist, dict) else None
    try:
        http.post_json(
            base + CRM_WISHLIST_EVENT_PATH,
            {"action": action, "resource": resource, "data": data},
            token=settings.CRM_WISHLIST_EVENT_TOKEN,
            headers={"Idempotency-Key": self.request.id} if self.request.id else None,
        )
    except requests.RequestException as exc:
        attempt = self.request.retries + 1
        if http.is_retryable(exc) and attempt <= self.max_retries and not self.request.called_directly:
            countdown = http.backoff(self.request.retries, base=CRM_EVENT_BACKOFF_SECONDS)
            logger.info(
                "Wishlist event %s %s of list %s failed (attempt %d), retry in %d s: %s",
                resource,
                action,
                list_id,
                attempt,
                countdown,
                exc,
            )
            return http.retry(self, exc, countdown)
        logger.warning(
            "Wishlist event %s %s of list %s was not delivered (attempt %d, given up): %s",
            resource,
            action,
            list_id,
            attempt,
            exc,
        )
        return False
    return True


# A decision's e-mail is claimed for a week: a redelivered task (or a second worker) sends it once.
REVIEW_EMAIL_CLAIM_SECONDS = 7 * 24 * 3600


@shared_task(**MAIL_TASK_OPTIONS)
def shopping_list_review_notify(event_id: int) -> bool:
    """Issue 36 item 9: tell a list's maker that an approver approved or rejected it (one audit event of
    shoppinglists.services.approval), and what happens next. Sent once per decision, even when the task is delivered
    twice; released again if sending fails, so that the retry sends it. Nobody is written to who has left the
    company since, nor about a list that is gone, nor about their own decision."""
    from shoppinglists import notifications  # the services enqueue this task: import them late

    message = notifications.review_message(event_id)
    if message is None:
        return False
    return mail_send_once(
        claim=f"shopping-list-review:{event_id}", claim_seconds=REVIEW_EMAIL_CLAIM_SECONDS, to=message.to,
        subject=message.subject, template=message.template, context=message.context,
    )  # fmt: skip
