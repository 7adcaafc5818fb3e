"""Expiry (ARCHITECTURE §8): expired quotes, reminders before it, and stale guest drafts."""

from __future__ import annotations

import datetime
from functools import partial

from django.db import transaction
from django.utils import timezone

from quotes.models import Quote, QuoteAttachment, QuoteDraft, QuoteStatus
from quotes.selectors import today
from quotes.services.drafts import attachments_delete

GUEST_DRAFT_LIFETIME_DAYS = 30  # a guest draft untouched this long is deleted by the periodic task


def quotes_expire(*, on: datetime.date | None = None) -> list[int]:
    """Store `expired` on open quotes past their expiry date (ARCHITECTURE §8). Returns their ids."""
    from quotes import tasks

    on = on or today()
    with transaction.atomic():
        ids = list(
            Quote.objects.select_for_update()
            .filter(status=QuoteStatus.OPEN, expires_on__lt=on)
            .values_list("pk", flat=True)
        )
        Quote.objects.filter(pk__in=ids).update(status=QuoteStatus.EXPIRED, updated_at=timezone.now())
        for pk in ids:
            transaction.on_commit(partial(tasks.quote_event_send.delay, pk, "expire"))
    return ids


def quote_drafts_purge(*, older_than_days: int = GUEST_DRAFT_LIFETIME_DAYS) -> int:
    """Delete guest drafts nobody touched for `older_than_days` days, with their files. Returns how many."""
    cutoff = timezone.now() - datetime.timedelta(days=older_than_days)
    with transaction.atomic():
        stale = list(QuoteDraft.objects.filter(user__isnull=True, updated_at__lt=cutoff).values_list("pk", flat=True))
        attachments_delete(QuoteAttachment.objects.filter(draft_id__in=stale))
        QuoteDraft.objects.filter(pk__in=stale).delete()
    return len(stale)


def quotes_due_for_reminder(*, on: datetime.date | None = None, days: int) -> list[int]:
    """Open quotes that expire within `days` days (and not before today) whose buyer has not been reminded."""
    on = on or today()
    return list(
        Quote.objects.filter(
            status=QuoteStatus.OPEN,
            expires_on__gte=on,
            expires_on__lte=on + datetime.timedelta(days=days),
            expiry_reminder_sent_at__isnull=True,
        ).values_list("pk", flat=True)
    )
