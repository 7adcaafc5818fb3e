"""Thin Celery tasks of the quotes app (ARCHITECTURE §7): they take ids, claim what they send atomically (so a
retried or duplicated task sends once) and release the claim when sending fails. The CRM event has nothing to claim
(a quote has many); it carries an idempotency key instead."""

from __future__ import annotations

import logging

import requests
from celery import shared_task
from celery.exceptions import Retry
from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.utils import timezone

from portal import http
from portal.mail import MAIL_TASK_OPTIONS
from quotes import notifications
from quotes.models import Quote, QuoteMessage, QuoteRevision

logger = logging.getLogger("quotes")

CRM_QUOTE_EVENT_PATH = "/quote-ecom-crm/api/v1/quote"  # business §7
# Six attempts, the retries about 4, 8, 16, 32 and 64 s apart (each a random time up to that: full jitter, so that
# the events queued while a CRM was down do not all come back at once): a CRM that is down for two minutes still
# gets the event.
CRM_EVENT_MAX_RETRIES = 5
CRM_EVENT_BACKOFF_SECONDS = 4


def _claim(model: type[Quote | QuoteRevision | QuoteMessage], pk: int, field_name: str) -> bool:
    return bool(model.objects.filter(pk=pk, **{f"{field_name}__isnull": True}).update(**{field_name: timezone.now()}))


def _release(model: type[Quote | QuoteRevision | QuoteMessage], pk: int, field_name: str) -> None:
    model.objects.filter(pk=pk).update(**{field_name: None})


def _send(*, subject: str, template: str, context: dict, to: list[str], reply_to: list[str] | None = None) -> None:
    EmailMessage(
        subject=subject,
        body=render_to_string(template, context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=to,
        reply_to=reply_to or [],
    ).send()


@shared_task(**MAIL_TASK_OPTIONS)
def quote_submitted_notify(quote_id: int) -> int:
    """E-mail the sales desk and the buyer about a new quote, each once. Returns how many e-mails this run sent."""
    sent = 0
    if _claim(Quote, quote_id, "staff_notified_at"):
        quote = notifications.quote_for_mail(quote_id)
        try:
            _send(
                subject=f"[Quote] {quote.number} from {quote.contact_name}"
                + (f" ({quote.company_name})" if quote.company_name else ""),
                template="quotes/email/quote_submitted_staff.txt",
                context=notifications.context(quote),
                to=[settings.STAFF_NOTIFICATION_EMAIL],
                reply_to=[quote.contact_email],
            )
        except OSError:
            _release(Quote, quote_id, "staff_notified_at")
            raise
        sent += 1
    if _claim(Quote, quote_id, "buyer_notified_at"):
        quote = notifications.quote_for_mail(quote_id)
        try:
            _send(
                subject=f"Your quote request {quote.number}",
                template="quotes/email/quote_submitted_buyer.txt",
                context=notifications.context(quote),
                to=[quote.contact_email],
            )
        except OSError:
            _release(Quote, quote_id, "buyer_notified_at")
            raise
        sent += 1
    return sent


@shared_task(**MAIL_TASK_OPTIONS)
def quote_revision_notify(revision_id: int) -> bool:
    """E-mail the buyer a new revision of their quote (what changed, and the staff's message), once."""
    if not _claim(QuoteRevision, revision_id, "buyer_notified_at"):
        return False
    revision = QuoteRevision.objects.select_related("quote").get(pk=revision_id)
    quote = notifications.quote_for_mail(revision.quote_id)
    try:
        _send(
            subject=f"Your quote {quote.number} has been updated",
            template="quotes/email/quote_revision_buyer.txt",
            context={
                **notifications.context(quote),
                "revision": revision,
                "changes": notifications.describe_changes(revision.changes),
            },
            to=[quote.contact_email],
        )
    except OSError:
        _release(QuoteRevision, revision_id, "buyer_notified_at")
        raise
    return True


@shared_task(**MAIL_TASK_OPTIONS)
def quote_message_notify(message_id: int) -> bool:
    """A staff reply is e-mailed to the buyer; a buyer's message to the sales desk. Once."""
    if not _claim(QuoteMessage, message_id, "notified_at"):
        return False
    message = QuoteMessage.objects.get(pk=message_id)
    quote = notifications.quote_for_mail(message.quote_id)
    context = {**notifications.context(quote), "message": message}
    try:
        if message.from_staff:
            _send(
                subject=f"New message about your quote {quote.number}",
                template="quotes/email/quote_message_buyer.txt",
                context=context,
                to=[quote.contact_email],
            )
        else:
            _send(
                subject=f"[Quote] {quote.number}: message from {message.author_name}",
                template="quotes/email/quote_message_staff.txt",
                context=context,
                to=[settings.STAFF_NOTIFICATION_EMAIL],
                reply_to=[quote.contact_email],
            )
    except OSError:
        _release(QuoteMessage, message_id, "notified_at")
        raise
    return True


@shared_task(**MAIL_TASK_OPTIONS)
def quote_expiry_remind(quote_id: int) -> bool:
    """Remind the buyer that an open quote expires soon, once (QUOTE_EXPIRY_REMINDER_DAYS before)."""
    if not Quote.objects.filter(pk=quote_id, status="open").exists():
        return False
    if not _claim(Quote, quote_id, "expiry_reminder_sent_at"):
        return False
    quote = notifications.quote_for_mail(quote_id)
    try:
        _send(
            subject=f"Your quote {quote.number} expires on {quote.expires_on:%d %b %Y}",
            template="quotes/email/quote_expiry_reminder.txt",
            context=notifications.context(quote),
            to=[quote.contact_email],
        )
    except OSError:
        _release(Quote, quote_id, "expiry_reminder_sent_at")
        raise
    return True


@shared_task
def quotes_expire() -> dict:
    """Periodic (Celery beat, `CELERY_BEAT_SCHEDULE`; also `manage.py expire_quotes`): store `expired` on quotes
    past their date, enqueue the expiry reminders that are due, and delete guest drafts untouched for 30 days."""
    from quotes import services

    expired = services.quotes_expire()
    due = services.quotes_due_for_reminder(days=settings.QUOTE_EXPIRY_REMINDER_DAYS)
    for pk in due:
        quote_expiry_remind.delay(pk)
    purged = services.quote_drafts_purge()
    return {"expired": len(expired), "reminders": len(due), "purgedDrafts": purged}


@shared_task(bind=True, max_retries=CRM_EVENT_MAX_RETRIES)
def quote_event_send(self, quote_id: int, action: str) -> bool | Retry:
    """business §7: the fire-and-forget quote event, POSTed as JSON with a bearer token to the CRM; disabled when
    CRM_QUOTE_EVENT_URL is empty. A failure worth another attempt (no connection, a timeout, 5xx, 429) is retried
    with backoff; the last one, and any other (a 4xx), is logged only: a failing CRM never fails the quote. The
    body is the quote as it is at each attempt; `Idempotency-Key` (the task's id, the same on every retry) lets
    the CRM drop an event it already has (a worker lost before acknowledging sends it again)."""
    base = settings.CRM_QUOTE_EVENT_URL.rstrip("/")
    if not base:
        return False
    quote = Quote.objects.filter(pk=quote_id).first()
    if quote is None:
        return False
    try:
        http.post_json(
            base + CRM_QUOTE_EVENT_PATH,
            {"action": action, "resource": "quote", "data": notifications.event_data(quote)},
            token=settings.CRM_QUOTE_EVENT_TOKEN,
            headers={"Idempotency-Key": self.request.id} if self.request.id else None,
        )
    except requests.RequestException as exc:
        attempt = self.request.retries + 1
        if http.is_retryable(exc) and attempt <= self.max_retries and not self.request.called_directly:
            countdown = http.backoff(self.request.retries, base=CRM_EVENT_BACKOFF_SECONDS)
            logger.info(
                "Quote event %s of %s failed (attempt %d), retry in %d s: %s",
                action,
                quote.number,
                attempt,
                countdown,
                exc,
            )
            return http.retry(self, exc, countdown)
        logger.warning(
            "Quote event %s of %s was not delivered (attempt %d, given up): %s", action, quote.number, attempt, exc
        )
        return False
    return True
