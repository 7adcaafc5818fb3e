"""Masquerade (issue 5): a super admin acts as a company; its sessions and their end."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from accounts.errors import AccountErrorCode
from accounts.models import AuditAction, B2BToken, Company, CompanyStatus, MasqueradeSession, User
from accounts.selectors import Actor, masquerade_companies_for, masquerade_of_user
from accounts.services.audit import audit_record
from portal.errors import NotFound, Refused


def _masquerades_close(sessions, *, reason: str) -> int:
    """End open masquerade sessions and record each end in the audit log."""
    now = timezone.now()
    closed = 0
    for session in sessions.filter(ended_at__isnull=True).select_related("company", "super_admin"):
        if not MasqueradeSession.objects.filter(pk=session.pk, ended_at__isnull=True).update(
            ended_at=now, end_reason=reason
        ):
            continue
        audit_record(
            action=AuditAction.MASQUERADE_ENDED,
            summary=f"{session.super_admin_email} stopped masquerading as {session.company_name} "
            f"({MasqueradeSession.EndReason(reason).label.lower()})",
            user=session.super_admin,
            company=session.company,
            target=session,
            changes={"reason": reason},
            masquerade_session=session,
        )
        closed += 1
    return closed


def _masquerades_close_for_company(company: Company) -> None:
    _masquerades_close(
        MasqueradeSession.objects.filter(company=company, ended_at__isnull=True),
        reason=MasqueradeSession.EndReason.COMPANY_UNAVAILABLE,
    )


def _masquerade_target(*, user: User, company_id: int) -> Company:
    company = Company.objects.filter(pk=company_id).exclude(status=CompanyStatus.DELETED).first()
    if company is None:
        raise NotFound("No such company.")
    if not masquerade_companies_for(user).filter(pk=company.pk).exists():
        raise Refused(AccountErrorCode.MASQUERADE_NOT_ALLOWED.label, code=AccountErrorCode.MASQUERADE_NOT_ALLOWED)
    if company.status != CompanyStatus.APPROVED:
        raise Refused(AccountErrorCode.COMPANY_NOT_APPROVED.label, code=AccountErrorCode.COMPANY_NOT_APPROVED)
    return company


@transaction.atomic
def masquerade_begin(*, actor: Actor, company_id: int) -> MasqueradeSession:
    """`superAdminBeginMasquerade`: the super admin acts as an approved company they may masquerade as. The
    masquerade is the super admin's, one at a time, on every device and on the storefront alike (issue 13: one source
    of truth); it lasts while the B2B token it was begun with lives (docs/decisions.md). Beginning another company
    ends the current masquerade; beginning the same one again changes nothing."""
    user = actor.user
    if user is None or not user.is_super_admin or actor.token is None:
        raise PermissionDenied()
    company = _masquerade_target(user=user, company_id=company_id)
    # Two begins at once (two tabs, two devices) must not leave two open masquerades: they take turns.
    User.objects.select_for_update().filter(pk=user.pk).first()
    token = B2BToken.objects.get(pk=actor.token.pk)
    current = masquerade_of_user(user)
    if current is not None and current.company_id == company.pk:
        current.company = company
        return current
    _masquerades_close(
        MasqueradeSession.objects.filter(super_admin=user, ended_at__isnull=True),
        reason=MasqueradeSession.EndReason.REPLACED,
    )
    session = MasqueradeSession.objects.create(
        super_admin=user,
        super_admin_email=user.email,
        super_admin_name=user.get_full_name(),
        company=company,
        company_name=company.name,
        token=token,
    )
    audit_record(
        action=AuditAction.MASQUERADE_BEGAN,
        summary=f"{user.email} began masquerading as {company.name}",
        user=user,
        company=company,
        target=session,
        masquerade_session=session,
    )
    return session


@transaction.atomic
def masquerade_end(*, actor: Actor, company_id: int) -> Company:
    """`superAdminEndMasquerade`: end the super admin's masquerade as `company_id`, wherever it was begun. Ending one
    that already ended (in another tab, on another device or on the storefront) changes nothing."""
    user = actor.user
    if user is None or not user.is_super_admin or actor.token is None:
        raise PermissionDenied()
    company = Company.objects.filter(pk=company_id).first()
    if company is None:
        raise NotFound("No such company.")
    current = masquerade_of_user(user)
    if current is not None and current.company_id != company.pk:
        raise Refused(AccountErrorCode.NOT_MASQUERADING.label, code=AccountErrorCode.NOT_MASQUERADING)
    _masquerades_close(
        MasqueradeSession.objects.filter(super_admin=user, ended_at__isnull=True),
        reason=MasqueradeSession.EndReason.ENDED,
    )
    return company


@transaction.atomic
def masquerade_end_for_user(*, user: User) -> MasqueradeSession | None:
    """The storefront's END MASQUERADE button: end the super admin's masquerade — every open one, so that one click
    ends it for the portal and the storefront alike (issue 13)."""
    session = masquerade_of_user(user)
    _masquerades_close(
        MasqueradeSession.objects.filter(super_admin=user, ended_at__isnull=True),
        reason=MasqueradeSession.EndReason.ENDED,
    )
    return session
