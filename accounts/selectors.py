"""Reads of the accounts app."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.utils import timezone

from accounts.models import B2BToken, Company, CompanyMembership, CompanyStatus, User


def token_hash(raw_token: str) -> str:
    # Tokens are 256-bit random values, so a fast hash is enough: there is nothing to brute-force.
    return hashlib.sha256(raw_token.encode()).hexdigest()


def user_for_token(raw_token: str) -> User | None:
    """The active user a bearer token belongs to, or None when it is unknown, expired or revoked."""
    if not raw_token or len(raw_token) > 200:
        return None
    token = (
        B2BToken.objects.select_related("user", "user__membership__company")
        .filter(
            key_hash=token_hash(raw_token),
            revoked_at__isnull=True,
            expires_at__gt=timezone.now(),
            user__is_active=True,
        )
        .first()
    )
    return token.user if token else None


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
class CustomerInfo:
    user: User
    user_type: int
    role: int
    company_role_name: str
    company: Company | None


def membership_of(user: User) -> CompanyMembership | None:
    try:
        return user.membership
    except CompanyMembership.DoesNotExist:
        return None


def customer_info(*, user: User) -> CustomerInfo:
    """Role resolution of shell §4: B2C unless a company user of an approved company, or a super admin."""
    if user.is_super_admin:
        return CustomerInfo(user, UserType.B2B_SUPER_ADMIN, PortalRole.SUPER_ADMIN, "Super admin", None)
    membership = membership_of(user)
    if membership is None:
        return CustomerInfo(user, UserType.INDIVIDUAL, PortalRole.INDIVIDUAL, "", None)
    company = membership.company
    if company.status == CompanyStatus.APPROVED:
        return CustomerInfo(user, UserType.MULTIPLE_INDIVIDUAL, membership.role, membership.role_name, company)
    return CustomerInfo(user, UserType.MULTIPLE_INDIVIDUAL, PortalRole.INDIVIDUAL, membership.role_name, company)
