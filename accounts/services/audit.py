"""The audit log (issue 5)."""

from __future__ import annotations

from django.db import models

from accounts.models import AuditEvent, Company, MasqueradeSession, User
from accounts.selectors import Actor


def audit_record(
    *,
    action: str,
    summary: str,
    actor: Actor | None = None,
    user: User | None = None,
    company: Company | None = None,
    target: models.Model | None = None,
    changes: dict | None = None,
    masquerade_session: MasqueradeSession | None = None,
) -> AuditEvent:
    """Append one event to the audit log. Other apps call it for what matters to a company (`actor` is the
    request's Actor: its user, its company and, while masquerading, its masquerade session are taken from it)."""
    if actor is not None:
        user = user or actor.user
        company = company or getattr(actor, "b2b_company", None) or getattr(actor, "company", None)
        masquerade_session = masquerade_session or getattr(actor, "masquerade", None)
    return AuditEvent.objects.create(
        action=action,
        summary=summary[:500],
        actor=user,
        actor_email=user.email if user is not None else "",
        company=company,
        object_type=target._meta.label_lower if target is not None else "",
        object_id=str(target.pk) if target is not None else "",
        changes=changes or {},
        masquerade_session=masquerade_session,
    )
