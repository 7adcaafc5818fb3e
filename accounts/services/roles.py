"""Roles: the built-in role templates and company members' role changes."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from accounts.errors import AccountFieldCode
from accounts.models import AuditAction, CompanyMembership, CompanyRole, RoleTemplate, User
from accounts.selectors import Actor
from accounts.services.audit import audit_record

BUILTIN_ROLE_NAMES = {0: "Admin", 1: "Senior buyer", 2: "Junior buyer"}


@transaction.atomic
def role_templates_ensure_builtin() -> None:
    """Create any missing built-in role template with its default grants (migration 0002 does it first; this
    restores them after a database flush). Existing templates, and staff edits to them, are left alone."""
    from accounts.models import RolePermission, RoleTemplate
    from accounts.permissions import DEFAULT_ROLE_GRANTS

    for role, grants in DEFAULT_ROLE_GRANTS.items():
        template, created = RoleTemplate.objects.get_or_create(
            role=role, is_builtin=True, defaults={"name": BUILTIN_ROLE_NAMES[role]}
        )
        if created:
            RolePermission.objects.bulk_create(
                RolePermission(template=template, code=code, level=level) for code, level in grants.items()
            )


@transaction.atomic
def membership_role_set(
    *, membership: CompanyMembership, role: int, custom_role: RoleTemplate | None = None, by: User | Actor | None = None
) -> CompanyMembership:
    """Change a company user's role (Django admin now; user management later), recorded in the audit log. `by` is
    a User (staff) or the request's Actor."""
    if role not in CompanyRole.values:
        raise ValidationError({"role": [ValidationError("Unknown role.", code=AccountFieldCode.INVALID_CHOICE)]})
    if (role == CompanyRole.CUSTOM) != (custom_role is not None):
        message = "A custom role needs its role template, and only a custom role does."
        raise ValidationError({"customRole": [ValidationError(message, code=AccountFieldCode.INVALID)]})
    before = (membership.role, membership.custom_role_id)
    membership.role, membership.custom_role = role, custom_role
    membership.save(update_fields=["role", "custom_role"])
    if before != (role, membership.custom_role_id):
        membership_role_changed_record(membership=membership, previous_role=before[0], by=by)
    return membership


def membership_role_changed_record(
    *, membership: CompanyMembership, previous_role: int, by: User | Actor | None = None
) -> None:
    """Record a role change already saved (Django admin's inline forms save the row themselves)."""
    actor = by if by is not None and not isinstance(by, User) else None
    user = by if isinstance(by, User) else None
    audit_record(
        action=AuditAction.MEMBERSHIP_ROLE_CHANGED,
        summary=f"{membership.user.email}: {CompanyRole(previous_role).label} → {membership.role_name}",
        actor=actor,
        user=user,
        company=membership.company,
        target=membership,
        changes={"role": [previous_role, membership.role], "customRole": membership.custom_role_id},
    )
