"""Companies: staff approval, rejection and status (issue 5), and buying on the company's credit."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from accounts.errors import AccountFieldCode
from accounts.models import AuditAction, AuditEvent, Company, CompanyStatus, User
from accounts.selectors import credit_account_id
from accounts.services.audit import audit_record
from accounts.services.masquerade import _masquerades_close_for_company
from accounts.tasks import company_email_send

MAX_REJECTION_REASON = 2000


def _email_on_commit(event: AuditEvent, kind: str) -> None:
    transaction.on_commit(lambda: company_email_send.delay(event.pk, kind))


@transaction.atomic
def company_approve(*, company_ids: list[int], by: User | None = None) -> int:
    """Staff approve companies (Django admin). The applicant of a pending or rejected application is told by
    e-mail; users get B2B access on their next request (role resolution reads the status every time)."""
    changed = 0
    for company in (
        Company.objects.select_for_update().filter(pk__in=company_ids).exclude(status=CompanyStatus.APPROVED)
    ):
        previous = company.status
        company.status = CompanyStatus.APPROVED
        company.reviewed_at = timezone.now()
        company.rejection_reason = ""
        company.save(update_fields=["status", "reviewed_at", "rejection_reason", "updated_at"])
        event = audit_record(
            action=AuditAction.COMPANY_APPROVED,
            summary=f"{company.name} approved" + (f" by {by.email}" if by else ""),
            user=by,
            company=company,
            target=company,
            changes={"status": [previous, CompanyStatus.APPROVED]},
        )
        if previous in (CompanyStatus.PENDING, CompanyStatus.REJECTED):
            _email_on_commit(event, "approved")
        changed += 1
    return changed


@transaction.atomic
def company_reject(*, company_ids: list[int], reason: str, by: User | None = None) -> int:
    """Staff reject companies with a reason the applicant reads (e-mail and `customerInfo`) and may answer by
    resubmitting. A masquerade on a company that stops being approved ends."""
    reason = reason.strip()
    if not reason:
        raise ValidationError(
            {
                "reason": [
                    ValidationError("Give the applicant a reason for the rejection.", code=AccountFieldCode.REQUIRED)
                ]
            }
        )
    if len(reason) > MAX_REJECTION_REASON:
        raise ValidationError(
            {
                "reason": [
                    ValidationError(f"Use at most {MAX_REJECTION_REASON} characters.", code=AccountFieldCode.MAX_LENGTH)
                ]
            }
        )
    changed = 0
    for company in (
        Company.objects.select_for_update().filter(pk__in=company_ids).exclude(status=CompanyStatus.REJECTED)
    ):
        previous = company.status
        company.status = CompanyStatus.REJECTED
        company.reviewed_at = timezone.now()
        company.rejection_reason = reason
        company.save(update_fields=["status", "reviewed_at", "rejection_reason", "updated_at"])
        _masquerades_close_for_company(company)
        event = audit_record(
            action=AuditAction.COMPANY_REJECTED,
            summary=f"{company.name} rejected" + (f" by {by.email}" if by else ""),
            user=by,
            company=company,
            target=company,
            changes={"status": [previous, CompanyStatus.REJECTED], "reason": reason},
        )
        _email_on_commit(event, "rejected")
        changed += 1
    return changed


@transaction.atomic
def company_status_set(*, company_ids: list[int], status: int, by: User | None = None, reason: str = "") -> int:
    """Staff set companies' status (approve, reject, deactivate, delete). Leaving "approved" ends the users' B2B
    access at once: role resolution reads the status on every request (shell §4)."""
    if status not in CompanyStatus.values:
        raise ValidationError(
            {"status": [ValidationError("Unknown company status.", code=AccountFieldCode.INVALID_CHOICE)]}
        )
    if status == CompanyStatus.APPROVED:
        return company_approve(company_ids=company_ids, by=by)
    if status == CompanyStatus.REJECTED:
        return company_reject(company_ids=company_ids, reason=reason, by=by)
    changed = 0
    for company in Company.objects.select_for_update().filter(pk__in=company_ids).exclude(status=status):
        previous = company.status
        company.status = status
        company.save(update_fields=["status", "updated_at"])
        _masquerades_close_for_company(company)
        audit_record(
            action=AuditAction.COMPANY_STATUS_CHANGED,
            summary=f"{company.name}: {CompanyStatus(previous).label} → {CompanyStatus(status).label}"
            + (f" by {by.email}" if by else ""),
            user=by,
            company=company,
            target=company,
            changes={"status": [previous, status]},
        )
        changed += 1
    return changed


@transaction.atomic
def company_credit_charge(*, company_id: int, amount: Decimal) -> Decimal:
    """Buy on account: refuse while on credit hold, or above the available credit when purchases are limited;
    otherwise lower the available credit. Row-locked, so two checkouts cannot both spend the same credit. Returns
    what was taken from the credit (0 when the company has no credit to track), for a cancellation to give back.
    A unit below another buys on the credit line of its account (accounts.selectors.credit_account_id, issue 40)."""
    company = Company.objects.select_for_update().get(pk=company_id)
    account_id = credit_account_id(company)
    if account_id != company.pk:
        company = Company.objects.select_for_update().get(pk=account_id)
    if not company.credit_enabled:
        return Decimal(0)
    if company.credit_hold:
        message = "Your company's account is on credit hold. Please contact us or pay by card."
        raise ValidationError({"paymentMethod": [ValidationError(message, code=AccountFieldCode.CREDIT_HOLD)]})
    if company.limit_purchases and amount > company.available_credit:
        message = (
            f"This order exceeds your company's available credit ({company.available_credit:.2f} "
            f"{company.credit_currency})."
        )
        raise ValidationError({"paymentMethod": [ValidationError(message, code=AccountFieldCode.CREDIT_LIMIT)]})
    company.available_credit -= amount
    company.save(update_fields=["available_credit"])
    return amount


def company_credit_release(*, company_id: int, amount: Decimal) -> None:
    """Give back credit an order took (the order was cancelled), whatever the company's credit settings are now, to
    the credit line the company buys on now."""
    if amount <= 0:
        return
    back = F("available_credit") + amount
    own = Q(parent__isnull=True) | Q(uses_parent_credit=False)
    if not Company.objects.filter(own, pk=company_id).update(available_credit=back):
        company = Company.objects.filter(pk=company_id).first()
        if company is not None:
            Company.objects.filter(pk=credit_account_id(company)).update(available_credit=back)
