"""Reads of the accounts app."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils import timezone

from accounts.models import (
    AccountFormField,
    AuditEvent,
    B2BToken,
    Company,
    CompanyMembership,
    CompanyRole,
    CompanyStatus,
    MasqueradeSession,
    RolePermission,
    User,
)
from accounts.permissions import INDIVIDUAL_PERMISSIONS
from portal.errors import NotFound
from portal.models import StorefrontConfig


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
    # Issue 5: the open masquerade session of a super admin acting as `company`, and the B2B token of the request
    # (None on storefront pages, which use the Django session).
    masquerade: MasqueradeSession | None = None
    token: B2BToken | None = None

    @property
    def is_authenticated(self) -> bool:
        return self.user is not None

    @property
    def is_super_admin(self) -> bool:
        return self.user is not None and self.user.is_super_admin

    @property
    def is_masquerading(self) -> bool:
        return self.masquerade is not None

    @property
    def masquerade_company(self) -> Company | None:
        """The company a masquerading super admin acts for. What they build meanwhile (quote draft, cart, lists) is
        that company's: beginning or ending a masquerade never carries it across (issue 12)."""
        return self.company if self.is_masquerading else None

    @property
    def b2b_company(self) -> Company | None:
        """The company whose data the actor works in: for users of an approved company, and for a super admin
        masquerading as one (role 3 with a company)."""
        return self.company if self.role in (0, 1, 2, 3, 5) else None

    def level(self, code: str) -> int:
        return self.permissions.get(code, 0)

    def can(self, code: str, level: int = 1) -> bool:
        return self.level(code) >= level


GUEST = Actor(user=None)


def staff_only(user: User) -> bool:
    """The supplier's staff who are no customer: Django admin is theirs, the storefront and the portal are not
    (issue 13). A super admin, or a staff member who also belongs to a company, is a customer as well."""
    return user.is_staff and not user.is_super_admin and membership_of(user) is None


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


def admin_permissions() -> dict[str, int]:
    """The built-in admin role template's grants: what a masquerading super admin holds."""
    grants = RolePermission.objects.filter(template__role=CompanyRole.ADMIN, template__is_builtin=True)
    return dict(grants.values_list("code", "level"))


def _masquerading_actor(user: User, session: MasqueradeSession, token: B2BToken | None) -> Actor:
    """shell §4: while masquerading the super admin is treated as B2B of that company (role 3), with the company
    admin's permissions; user type 3 like the company's own users (docs/decisions.md, issue 5)."""
    return Actor(
        user, UserType.MULTIPLE_INDIVIDUAL, PortalRole.SUPER_ADMIN, "Super admin", session.company,
        admin_permissions(), masquerade=session, token=token,
    )  # fmt: skip


def _masquerade_usable(session: MasqueradeSession | None) -> bool:
    return session is not None and session.company is not None and session.company.status == CompanyStatus.APPROVED


def actor_build(user: User, *, masquerade: MasqueradeSession | None = None, token: B2BToken | None = None) -> Actor:
    """Role resolution of shell §4: B2C unless a user of an approved company, or a super admin (as the company
    while masquerading as an approved company)."""
    if user.is_super_admin:
        if _masquerade_usable(masquerade):
            return _masquerading_actor(user, masquerade, token)
        return Actor(user, UserType.B2B_SUPER_ADMIN, PortalRole.SUPER_ADMIN, "Super admin", token=token)
    membership = membership_of(user)
    if membership is None:
        return Actor(
            user, UserType.INDIVIDUAL, PortalRole.INDIVIDUAL, "", None, dict(INDIVIDUAL_PERMISSIONS), token=token
        )
    company = membership.company
    if company.status == CompanyStatus.APPROVED:
        return Actor(
            user, UserType.MULTIPLE_INDIVIDUAL, membership.role, membership.role_name, company,
            role_permissions(membership), token=token,
        )  # fmt: skip
    # A user of a pending, rejected or inactive company is treated as an individual customer.
    return Actor(
        user, UserType.MULTIPLE_INDIVIDUAL, PortalRole.INDIVIDUAL, membership.role_name, company,
        dict(INDIVIDUAL_PERMISSIONS), token=token,
    )  # fmt: skip


def live_tokens() -> QuerySet[B2BToken]:
    return B2BToken.objects.filter(revoked_at__isnull=True, expires_at__gt=timezone.now())


def masquerade_of_user(user: User) -> MasqueradeSession | None:
    """The super admin's masquerade: their most recently begun one still open on a live token (the one it was begun
    with). The portal on every device and the storefront pages all follow it (issue 13)."""
    return (
        MasqueradeSession.objects.select_related("company")
        .filter(super_admin=user, ended_at__isnull=True, token__in=live_tokens())
        .order_by("-began_at", "-pk")
        .first()
    )


def actor_for_user(user: User) -> Actor:
    """The actor of a storefront page's signed-in user. A super admin follows their open masquerade."""
    return actor_build(user, masquerade=masquerade_of_user(user) if user.is_super_admin else None)


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
    if token is None:
        return GUEST
    # The masquerade is the super admin's, whichever of their tokens calls (issue 13): the portal on every device and
    # the storefront pages agree.
    masquerade = masquerade_of_user(token.user) if token.user.is_super_admin else None
    return actor_build(token.user, masquerade=masquerade, token=token)


def company_for_user(*, actor: Actor, user_id: int) -> Company:
    """`userCompany(userId)`: the company of a user the actor may see (themselves, or anyone for a super admin)."""
    if actor.user is None or (user_id != actor.user.pk and not actor.is_super_admin):
        raise NotFound("No such user.")
    if user_id == actor.user.pk and actor.is_masquerading:
        return actor.company  # a masquerading super admin's own company is the masqueraded one
    membership = CompanyMembership.objects.select_related("company").filter(user_id=user_id).first()
    if membership is None:
        raise NotFound("This user does not belong to a company.")
    return membership.company


def user_login_state(*, email: str) -> bool:
    """Whether the account must reset its password before signing in (unknown e-mails say no)."""
    return User.objects.filter(email__iexact=email.strip(), force_password_reset=True, is_active=True).exists()


# --- registration and pending accounts (issue 5) ---------------------------------------------------------------

DEFAULT_CHANNEL_ID = 1  # shell §9
REGISTRATION_CONFIG_KEY = "account_login_registration"
AUTO_APPROVAL_CONFIG_KEY = "company_auto_approval"
BLOCK_ORDERS_CONFIG_KEY = "block_pending_account_order_creation"
BLOCK_PRICES_CONFIG_KEY = "block_pending_account_seeing_products_pricing"
MASQUERADE_BUTTON_CONFIG_KEY = "masquerade_button"
# What a missing key means (portal.storefront_config holds the same defaults for seeding).
CONFIG_FALLBACK = {
    REGISTRATION_CONFIG_KEY: "1",
    AUTO_APPROVAL_CONFIG_KEY: "1",
    BLOCK_ORDERS_CONFIG_KEY: "1",
    BLOCK_PRICES_CONFIG_KEY: "0",
    MASQUERADE_BUTTON_CONFIG_KEY: "1",
}


def storefront_configs(*keys: str, channel_id: int = DEFAULT_CHANNEL_ID) -> dict[str, StorefrontConfig | None]:
    """The channel's entries for `keys` in one query; None for a missing key."""
    found = {
        entry.key: entry for entry in StorefrontConfig.objects.filter(channel__channel_id=channel_id, key__in=keys)
    }
    return {key: found.get(key) for key in keys}


def _on(entry: StorefrontConfig | None, key: str) -> bool:
    value = entry.value if entry is not None else CONFIG_FALLBACK.get(key, "0")
    return value == StorefrontConfig.Value.ON


def registration_allowed(*, kind: str, entry: StorefrontConfig | None) -> bool:
    """`account_login_registration` (shell §6: both kinds allowed by default): its value turns registration on or
    off, its extraFields `{"b2b": "1", "b2c": "1"}` each kind."""
    if not _on(entry, REGISTRATION_CONFIG_KEY):
        return False
    extra = (entry.extra_fields or {}) if entry is not None else {}
    return str(extra.get(kind, "1")) == "1"


@dataclass(frozen=True)
class AccountStatus:
    """What the overlay needs for the pending tips and the convert link (shell §4, §8)."""

    order_creation_blocked: bool
    prices_hidden: bool
    convert_link_visible: bool
    b2b_registration_enabled: bool
    b2c_registration_enabled: bool


def account_status(actor: Actor, *, channel_id: int = DEFAULT_CHANNEL_ID) -> AccountStatus:
    configs = storefront_configs(
        REGISTRATION_CONFIG_KEY, BLOCK_ORDERS_CONFIG_KEY, BLOCK_PRICES_CONFIG_KEY, channel_id=channel_id
    )
    pending = actor.company is not None and actor.company.status == CompanyStatus.PENDING and not actor.is_masquerading
    b2b_on = registration_allowed(kind="b2b", entry=configs[REGISTRATION_CONFIG_KEY])
    return AccountStatus(
        order_creation_blocked=pending and _on(configs[BLOCK_ORDERS_CONFIG_KEY], BLOCK_ORDERS_CONFIG_KEY),
        prices_hidden=pending and _on(configs[BLOCK_PRICES_CONFIG_KEY], BLOCK_PRICES_CONFIG_KEY),
        convert_link_visible=b2b_on and convert_link_applies(actor),
        b2b_registration_enabled=b2b_on,
        b2c_registration_enabled=registration_allowed(kind="b2c", entry=configs[REGISTRATION_CONFIG_KEY]),
    )


def convert_link_applies(actor: Actor) -> bool:
    """shell §4 convert link, apart from the registration switch: the user is not B2B, has a customer id, and has
    status 99 (no company at all: a pending or rejected applicant has one)."""
    return actor.user is not None and not actor.is_super_admin and actor.company is None and not staff_only(actor.user)


def account_form_fields(*, form_type: int) -> QuerySet[AccountFormField]:
    return AccountFormField.objects.filter(form_type=form_type).order_by("group", "order", "pk")


# --- masquerade (issue 5) ----------------------------------------------------------------------------------------

SUPER_ADMIN_COMPANY_ORDERINGS = {
    "companyName": ("name", "pk"),
    "-companyName": ("-name", "-pk"),
    "companyEmail": ("email", "pk"),
    "-companyEmail": ("-email", "-pk"),
    "createdAt": ("created_at", "pk"),
    "-createdAt": ("-created_at", "-pk"),
}


def masquerade_companies_for(user: User) -> QuerySet[Company]:
    """The companies a super admin may see on the dashboard and masquerade as: every company that is not deleted,
    or only those staff listed for them (`User.masquerade_companies`; empty means all). One query, no N+1."""
    restricted = Exists(User.masquerade_companies.through.objects.filter(user_id=user.pk))
    allowed = Exists(User.masquerade_companies.through.objects.filter(user_id=user.pk, company_id=OuterRef("pk")))
    return Company.objects.exclude(status=CompanyStatus.DELETED).filter(~restricted | allowed)


def super_admin_company_list(*, user: User, q: str = "", order_by: str) -> QuerySet[Company]:
    companies = masquerade_companies_for(user)
    if q:
        companies = companies.filter(Q(name__icontains=q) | Q(email__icontains=q))
    return companies.order_by(*SUPER_ADMIN_COMPANY_ORDERINGS[order_by])


def masquerade_session_ended_at(session: MasqueradeSession):
    """When the session ended: its end, or when its token was revoked or expired (a token that simply expires
    leaves its session open in the table)."""
    if session.ended_at is not None:
        return session.ended_at
    token = session.token
    if token is None:
        return session.began_at
    if token.revoked_at is not None:
        return token.revoked_at
    if token.expires_at <= timezone.now():
        return token.expires_at
    return None


MAX_EVENTS_PER_SESSION = 50


def company_masquerade_sessions(*, company: Company) -> QuerySet[MasqueradeSession]:
    """The masquerade sessions on a company, newest first, with (at most 50 of) the actions taken in each."""
    return (
        MasqueradeSession.objects.filter(company=company)
        .select_related("token")
        .annotate(event_count=Count("events"))
        .prefetch_related(
            Prefetch(
                "events",
                queryset=AuditEvent.objects.order_by("created_at", "pk")[:MAX_EVENTS_PER_SESSION],
                to_attr="recorded_events",
            )
        )
        .order_by("-began_at", "-pk")
    )


# --- storefront pages (issue 5) ----------------------------------------------------------------------------------

DEFAULT_MASQUERADE_COLOR = "#ED6C02"  # shell §9
DEFAULT_MASQUERADE_BUTTON_TEXT = "END MASQUERADE"  # shell §9
_CSS_COLOR = re.compile(r"^#[0-9A-Fa-f]{3,8}$")


@dataclass(frozen=True)
class MasqueradeBar:
    company_name: str
    color: str
    button_text: str
    # The merchant wrote their own button text: the loader leaves it as it is instead of translating the default.
    button_text_set: bool = False


def storefront_account_context(actor: Actor | None, *, channel_id: int = DEFAULT_CHANNEL_ID) -> dict:
    """What the built-in storefront's pages show for the account: the convert link (shell §4) and the masquerade
    bar (bottom left, END MASQUERADE; hidden when the `masquerade_button` config is '0')."""
    if actor is None or actor.user is None:
        return {"convert_link_visible": False, "masquerade_bar": None}
    bar = None
    convert = False
    if actor.is_masquerading:
        entry = storefront_configs(MASQUERADE_BUTTON_CONFIG_KEY, channel_id=channel_id)[MASQUERADE_BUTTON_CONFIG_KEY]
        if _on(entry, MASQUERADE_BUTTON_CONFIG_KEY):
            extra = (entry.extra_fields or {}) if entry is not None else {}
            color = str(extra.get("color") or "")
            button_text = str(extra.get("buttonText") or DEFAULT_MASQUERADE_BUTTON_TEXT)[:60]
            bar = MasqueradeBar(
                company_name=actor.masquerade.company.name,
                color=color if _CSS_COLOR.match(color) else DEFAULT_MASQUERADE_COLOR,
                button_text=button_text,
                button_text_set=button_text != DEFAULT_MASQUERADE_BUTTON_TEXT,
            )
    elif convert_link_applies(actor):
        entry = storefront_configs(REGISTRATION_CONFIG_KEY, channel_id=channel_id)[REGISTRATION_CONFIG_KEY]
        convert = registration_allowed(kind="b2b", entry=entry)
    return {"convert_link_visible": convert, "masquerade_bar": bar}
