"""How the e-mail tasks outlast a mail server that is down (issue 36, docs/operations.md).

Every task that sends mail is declared with `**MAIL_TASK_OPTIONS`: a failure to reach or talk to the mail server
(`smtplib`'s errors and refused or timed-out connections are all `OSError`), or to reach the database while it
restarts (`OperationalError`, `InterfaceError`), hands the task back to Celery, which runs it again later, the waits
doubling from MAIL_RETRY_FIRST_SECONDS up to MAIL_RETRY_MAX_SECONDS. With the defaults (10 s, doubling to 15 minutes,
15 retries) a mail server that is back within two hours still gets every mail, and no worker waits meanwhile: the
wait is spent on the broker. The tasks claim what they send (or resending is harmless), so a retry never sends twice.

The waits are not jittered: the schedule, and so how long an outage the mail outlasts, is the same every time.
`mail_retry_schedule` gives it; tests/portal/test_mail_outage.py holds it to the two hours. The longest wait stays
below the broker's visibility timeout (CELERY_BROKER_TRANSPORT_OPTIONS), so that a waiting retry is never delivered
a second time.
"""

from __future__ import annotations

import contextlib

from celery.utils.time import get_exponential_backoff_interval
from django.conf import settings
from django.db import InterfaceError, OperationalError

MAIL_TASK_OPTIONS = {
    "autoretry_for": (OSError, OperationalError, InterfaceError),
    "retry_backoff": settings.MAIL_RETRY_FIRST_SECONDS,
    "retry_backoff_max": settings.MAIL_RETRY_MAX_SECONDS,
    "retry_jitter": False,
    "max_retries": settings.MAIL_RETRY_COUNT,
}


def mail_retry_schedule() -> list[int]:
    """The waits, in seconds, before each retry of a mail task whose every attempt fails."""
    return [
        get_exponential_backoff_interval(
            factor=MAIL_TASK_OPTIONS["retry_backoff"],
            retries=attempt,
            maximum=MAIL_TASK_OPTIONS["retry_backoff_max"],
            full_jitter=False,
        )
        for attempt in range(MAIL_TASK_OPTIONS["max_retries"])
    ]


def mail_send_once(*, claim: str, claim_seconds: int, to: str, subject: str, template: str, context: dict) -> bool:
    """Send one templated e-mail once per `claim`, however often its task is delivered: the first delivery claims it
    for `claim_seconds` and a failed send gives the claim back, so that the retry sends it. While the cache is down
    nothing can be claimed: the e-mail is sent (at worst twice, never not at all). Whether it was sent now."""
    from django.core.cache import cache
    from django.core.mail import send_mail
    from django.template.loader import render_to_string

    from portal.cache import CacheUnavailable

    try:
        claimed = cache.add(claim, 1, timeout=claim_seconds)
    except CacheUnavailable:
        claimed = True
    if not claimed:
        return False
    try:
        send_mail(
            subject=subject,
            message=render_to_string(template, context),
            from_email=settings.DEFAULT_FROM_EMAIL,
            recipient_list=[to],
        )
    except Exception:
        with contextlib.suppress(CacheUnavailable):
            cache.delete(claim)
        raise
    return True
