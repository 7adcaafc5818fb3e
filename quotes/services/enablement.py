"""Who may build a quote here (shell §4 enablement), and the guests' rate limits."""

from __future__ import annotations

from accounts.selectors import Actor
from portal import ratelimit
from quotes.errors import QuoteErrorCode, QuoteRefused
from quotes.permissions import QuoteSwitches, Source, quote_enablement, source_allowed

# Guests are limited per IP address: a submission e-mails the address it names, a file takes storage.
GUEST_SUBMISSIONS_PER_HOUR = 10
GUEST_UPLOADS_PER_HOUR = 30
NOT_QUOTABLE_MESSAGE = "This product can not be added to a quote."


def _guest_rate_limit(actor: Actor, client_ip: str | None, scope: str, limit: int) -> None:
    if actor.user is not None or client_ip is None:
        return
    if ratelimit.record(scope, client_ip, window_seconds=3600) > limit:
        raise QuoteRefused(QuoteErrorCode.TOO_MANY_REQUESTS.label, code=QuoteErrorCode.TOO_MANY_REQUESTS)


def quote_building_check(*, actor: Actor, switches: QuoteSwitches, source: str = Source.QUOTE_DRAFT) -> None:
    """Refuse (QuoteRefused with QUOTES_DISABLED or PERMISSION_DENIED) unless the actor may build a quote here."""
    enablement = quote_enablement(actor, switches)
    if not enablement.enabled:
        if enablement.code == "PERMISSION_DENIED":
            raise QuoteRefused("You do not have permission to request quotes.", code="PERMISSION_DENIED")
        raise QuoteRefused(QuoteErrorCode.QUOTES_DISABLED.label, code=QuoteErrorCode.QUOTES_DISABLED)
    if not source_allowed(source, switches):
        raise QuoteRefused(QuoteErrorCode.QUOTES_DISABLED.label, code=QuoteErrorCode.QUOTES_DISABLED)
