"""The signed link of an approver's e-mail (issue 41): it opens the request's review page for that approver and that
tier, where one more click approves or rejects it. The link is the approver's key to that one decision: it names the
request, the approver and the tier, and expires with the request's held prices."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.urls import reverse

REVIEW_SALT = "approvals.review"
MAX_TOKEN_LENGTH = 300


@dataclass(frozen=True)
class ReviewKey:
    request_id: int
    user_id: int
    tier: int


def review_token(key: ReviewKey) -> str:
    return signing.dumps({"r": key.request_id, "u": key.user_id, "t": key.tier}, salt=REVIEW_SALT)


def review_url(key: ReviewKey) -> str:
    return f"{settings.SITE_URL}{reverse('approvals:review', args=[review_token(key)])}"


def review_key(token: str, *, max_age_seconds: int) -> ReviewKey | None:
    """The key a token was signed for, or None: forged, altered, too old or not ours."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    try:
        data = signing.loads(token, salt=REVIEW_SALT, max_age=max_age_seconds)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not all(isinstance(data.get(k), int) for k in ("r", "u", "t")):
        return None
    return ReviewKey(request_id=data["r"], user_id=data["u"], tier=data["t"])


def request_url(request_id: int) -> str:
    """The overlay's page of a purchase request."""
    return f"{settings.SITE_URL}/#/approvals/{request_id}"
