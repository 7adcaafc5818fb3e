"""Reads of the accounts app."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import B2BToken, Company, CompanyMembership, CompanyRole, CompanyStatus, RolePermission, User
from accounts.permissions import INDIVIDUAL_PERMISSIONS


def token_hash(raw_token: str) -> str:
    # Tokens are 256-bit random values, so a fast hash is enough: there is nothing to brute-force.
    return hashlib.sha256(raw_token.encode()).hexdigest()


class UserType:
    """shell §4 user types."""

    DOES_NOT_EXIST = 1
    INDIVIDUAL = 2
    MULTIPLE_INDIVIDUAL = 3
    OTHER_B2B_COMPANY = 4
    CURRENT_B2B_COMPANY = 5
    B2B_SUPER_ADMIN = 6
    CURRENT_COMPANY_OTHER_CHANNEL = 7


class PortalRole:
    """ARCHITECTURE §8 role codes as `customerInfo` reports them."""

    ADMIN = 0
    SENIOR_BUYER = 1
    JUNIOR_BUYER = 2
    SUPER_ADMIN = 3
    SUPER_ADMIN_NOT_MASQUERADING = 4
    CUSTOM = 5
    INDIVIDUAL = 99
    GUEST = 100


@dataclass(frozen=True)
class Actor:
    """Who is calling: the user, their resolved role (shell §4), company and permission levels (shell §6)."""

    user: User | None
    user_type: int = UserType.DOES_NOT_EXIST
    role: int = PortalRole.GUEST
    company_role_name: str = ""
    company: Company | None = None
    permissions: dict[str, int] = field(default_factory=dict)

    @property
    def is_authenticated(self) -> bool:
        return self.user is not None

    @property
    def is_super_admin(self) -> bool:
        return self.user is not None and self.user.is_super_admin

    @property
    def b2b_company(self) -> Company | None:
        """The company whose data the actor works in: only for users of an approved company."""
        return self.company if self.role in (0, 1, 2, 5) else None

    def level(self, code: str) -> int:
        return self.permissions.get(code, 0)

    def can(self, code: str, level: int = 1) -> bool:
        return self.level(code) >= level


GUEST = Actor(user=None)


def membership_of(user: User) -> CompanyMembership | None:
    try:
        return user.membership
    except CompanyMembership.DoesNotExist:
        return None


def role_permissions(membership: CompanyMembership) -> dict[str, int]:
    grants: QuerySet[RolePermission]
    if membership.role == CompanyRole.CUSTOM:
        grants = RolePermission.objects.filter(template_id=membership.custom_role_id)
    else:
        grants = RolePermission.objects.filter(template__role=membership.role, template__is_builtin=True)
    return dict(grants.values_list("code", "level"))


def actor_for_user(user: User) -> Actor:
    """Role resolution of shell §4: B2C unless a user of an approved company, or a super admin."""
    if user.is_super_admin:
        return Actor(user, UserType.B2B_SUPER_ADMIN, PortalRole.SUPER_ADMIN, "Super admin")
    membership = membership_of(user)
    if membership is None:
        return Actor(user, UserType.INDIVIDUAL, PortalRole.INDIVIDUAL, "", None, dict(INDIVIDUAL_PERMISSIONS))
    company = membership.company
    if company.status == CompanyStatus.APPROVED:
        return Actor(
            user, UserType.MULTIPLE_INDIVIDUAL, membership.role, membership.role_name, company,
            role_permissions(membership),
        )  # fmt: skip
    # A user of a pending, rejected or inactive company is treated as an individual customer.
    return Actor(
        user, UserType.MULTIPLE_INDIVIDUAL, PortalRole.INDIVIDUAL, membership.role_name, company,
        dict(INDIVIDUAL_PERMISSIONS),
    )  # fmt: skip


def actor_for_token(raw_token: str) -> Actor:
    """The caller behind a bearer token; GUEST when it is missing, unknown, expired or revoked."""
    if not raw_token or len(raw_token) > 200:
        return GUEST
    token = (
        B2BToken.objects.select_related("user", "user__membership__company", "user__membership__custom_role")
        .filter(
            key_hash=token_hash(raw_token),
            revoked_at__isnull=True,
            expires_at__gt=timezone.now(),
            user__is_active=True,
        )
        .first()
    )
    return actor_for_user(token.user) if token else GUEST


def company_for_user(*, actor: Actor, user_id: int) -> Company:
    """`userCompany(userId)`: the company of a user the actor may see (themselves, or anyone for a super admin)."""
    from portal.errors import NotFoundError

    if actor.user is None or (user_id != actor.user.pk and not actor.is_super_admin):
        raise NotFoundError("No such user.")
    membership = CompanyMembership.objects.select_related("company").filter(user_id=user_id).first()
    if membership is None:
        raise NotFoundError("This user does not belong to a company.")
    return membership.company


def user_login_state(*, email: str) -> bool:
    """Whether the account must reset its password before signing in (unknown e-mails say no)."""
    return User.objects.filter(email__iexact=email.strip(), force_password_reset=True, is_active=True).exists()
