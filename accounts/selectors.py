"""Reads of the accounts app."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, TypeAlias, TypedDict, TypeGuard

from django.core.exceptions import ValidationError
from django.db import connection
from django.db.models import (
    BooleanField,
    Case,
    CharField,
    Count,
    Exists,
    F,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Value,
    When,
)
from django.db.models.functions import Cast, Coalesce, Collate, Concat, Lower, NullIf
from django.utils import timezone

from accounts.models import (
    UNIT_FEATURES,
    AccountFormField,
    Address,
    AuditEvent,
    B2BToken,
    Company,
    CompanyMembership,
    CompanyRole,
    CompanyStatus,
    MasqueradeSession,
    RolePermission,
    RoleTemplate,
    User,
)
from accounts.permissions import INDIVIDUAL_PERMISSIONS, Code
from accounts.token_rows import token_row
from portal.actor import PortalActor
from portal.colors import is_hex_color, text_color_on
from portal.errors import NotFound, Refused, field_error
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
    # Issue 40: the company the user belongs to (`company` is the unit below it they act for, when they chose one),
    # and whether their company-wide permissions reach the units below the one they act for.
    home_company: Company | None = None
    subtree: bool = False

    @cached_property
    def unit_ids(self) -> tuple[int, ...]:
        """The companies whose data the actor's company-wide permissions (level 2) reach: the unit they work in, and
        every unit below it when they may see those (`subtree`). No query for a unit without units below it; one,
        however deep the tree, for one with."""
        company = self.b2b_company
        if company is None:
            return ()
        if not self.spans_units:
            return (company.pk,)
        below = Company.objects.filter(path__startswith=company.tree_path).exclude(pk=company.pk)
        return (company.pk, *below.order_by("path").values_list("pk", flat=True))

    @property
    def spans_units(self) -> bool:
        """The actor's company-wide lists cover more than one unit: they show a "company" column and filter."""
        company = self.b2b_company
        return company is not None and self.subtree and company.has_children

    @cached_property
    def unit_names(self) -> dict[int, str]:
        """The name of each unit of `unit_ids` (a list's company column): one query when there are several."""
        company = self.b2b_company
        if company is None:
            return {}
        if not self.spans_units:
            return {company.pk: company.name}
        return dict(Company.objects.filter(pk__in=self.unit_ids).values_list("pk", "name"))

    @cached_property
    def unit_ancestors(self) -> list[dict]:
        """The units above the one worked in, nearest first, with what they pass down (UNIT_INHERITED_FIELDS): one
        query, read only when something is inherited, constant in the depth of the tree."""
        company = self.b2b_company
        return [] if company is None else unit_ancestors(company)

    @property
    def company_customer_group_id(self) -> int | None:
        """The pricing group of the unit worked in: its own, or the nearest unit above it that has one (issue 40)."""
        company = self.b2b_company
        return None if company is None else unit_inherited(company, "customer_group_id", lambda: self.unit_ancestors)

    def unit_feature(self, name: str) -> bool | None:
        """A portal feature (accounts.models.UNIT_FEATURES: quotes, shopping_lists, quick_order) as the unit worked
        in sets it, or the nearest unit above it that does; None: the store's setting decides."""
        company = self.b2b_company
        field_name = next(field for field, feature in UNIT_FEATURES.items() if feature == name)
        return None if company is None else unit_inherited(company, field_name, lambda: self.unit_ancestors)

    def units_chosen(self, company_id: int | None) -> tuple[int, ...]:
        """The units a company-wide list shows: all the actor reaches, or the one of them `company_id` names (a
        list's company filter). A unit out of reach is refused as an input error, the same for every list."""
        if company_id is None:
            return self.unit_ids
        if company_id not in self.unit_ids:
            raise field_error("companyId", "Choose a company you work for.", code="invalid_choice")
        return (company_id,)

    def company_scope(self, field: str = "company") -> Q:
        """The filter on a model's company field that keeps what the actor's company-wide permissions reach."""
        ids = self.unit_ids
        if len(ids) == 1:
            return Q(**{f"{field}_id": ids[0]})
        return Q(**{f"{field}_id__in": ids})

    def reaches_company(self, company_id: int | None) -> bool:
        return company_id is not None and company_id in self.unit_ids

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


def actor_of(actor: PortalActor) -> Actor:
    """A caller that portal hands over as a PortalActor (portal.rest.authentication.request_actor), as the Actor it
    is: portal resolves every caller through settings.PORTAL_ACTOR_RESOLVER (actor_for_token), which builds Actors."""
    if not isinstance(actor, Actor):
        raise TypeError(f"Not an accounts actor: {actor!r}")
    return actor


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
    admin's permissions (the units below it included, issue 40); user type 3 like the company's own users
    (docs/decisions.md, issue 5)."""
    return Actor(
        user, UserType.MULTIPLE_INDIVIDUAL, PortalRole.SUPER_ADMIN, "Super admin", session.company,
        admin_permissions(), masquerade=session, token=token, home_company=session.company, subtree=True,
    )  # fmt: skip


def _acting_company(membership: CompanyMembership, subtree: bool) -> Company:
    """The unit the member works in: the one below their company they chose to act for, while it is still below it,
    approved and within their reach; else their own company."""
    home = membership.company
    if membership.acting_company_id is None or not subtree:
        return home
    acting = membership.acting_company
    if acting is None or acting.status != CompanyStatus.APPROVED or not acting.tree_path.startswith(home.tree_path):
        return home
    return acting


def _masquerade_usable(session: MasqueradeSession | None) -> TypeGuard[MasqueradeSession]:
    return session is not None and session.company is not None and session.company.status == CompanyStatus.APPROVED


def actor_build(
    user: User,
    *,
    masquerade: MasqueradeSession | None = None,
    token: B2BToken | None = None,
    grants: dict[str, int] | None = None,
) -> Actor:
    """Role resolution of shell §4: B2C unless a user of an approved company, or a super admin (as the company
    while masquerading as an approved company). `grants`: the membership's role's permissions when the caller has
    read them already (accounts.token_rows), else they are read here."""
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
        subtree = membership.role == CompanyRole.ADMIN or membership.subtree_access
        return Actor(
            user, UserType.MULTIPLE_INDIVIDUAL, membership.role, membership.role_name,
            _acting_company(membership, subtree), role_permissions(membership) if grants is None else grants,
            token=token, home_company=company, subtree=subtree,
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


def actor_rebuilt(actor: Actor) -> Actor:
    """The caller read again after a change to what they are (the unit they act for), on the same token."""
    assert actor.user is not None
    user = User.objects.select_related("membership__company", "membership__acting_company").get(pk=actor.user.pk)
    return actor_build(user, masquerade=actor.masquerade, token=actor.token)


def actor_for_token(raw_token: str) -> Actor:
    """The caller behind a bearer token; GUEST when it is missing, unknown, expired or revoked. One query
    (accounts.token_rows), two for a super admin (their masquerade)."""
    if not raw_token or len(raw_token) > 200:
        return GUEST
    row = token_row(token_hash(raw_token))
    if row is None:
        return GUEST
    user = row.token.user
    # The masquerade is the super admin's, whichever of their tokens calls (issue 13): the portal on every device and
    # the storefront pages agree.
    masquerade = masquerade_of_user(user) if user.is_super_admin else None
    return actor_build(user, masquerade=masquerade, token=row.token, grants=row.grants)


def acting_units_for(actor: Actor) -> QuerySet[Company]:
    """The units a member may act for (issue 40): their own company and, when their company-wide permissions reach
    below it (an admin, or a member granted the units below), every unit below it — in tree order. Nothing for a
    caller outside a company; a masquerading super admin chooses the company on the dashboard instead."""
    home = actor.home_company
    if home is None or actor.is_masquerading or actor.role == PortalRole.INDIVIDUAL:
        return Company.objects.none()
    if not (actor.subtree and home.has_children):
        return Company.objects.filter(pk=home.pk)
    return Company.objects.filter(Q(pk=home.pk) | Q(path__startswith=home.tree_path)).order_by("path")


def can_switch_units(actor: Actor) -> bool:
    """The member may act for a unit below their company (the overlay's unit switcher)."""
    home = actor.home_company
    return home is not None and not actor.is_masquerading and actor.subtree and home.has_children


def company_units(actor: Actor) -> list[tuple[Company, int]]:
    """The units the member may act for, each with its depth below their own company, in tree order (parents before
    their units, siblings by name): the unit switcher's list."""
    home = actor.home_company
    units = list(acting_units_for(actor))
    if home is None or not units:
        return []
    children: dict[int | None, list[Company]] = {}
    for unit in units:
        children.setdefault(None if unit.pk == home.pk else unit.parent_id, []).append(unit)
    ordered: list[tuple[Company, int]] = []

    def walk(parent_id: int | None, depth: int) -> None:
        for unit in sorted(children.get(parent_id, []), key=lambda u: (u.name.casefold(), u.pk)):
            ordered.append((unit, depth))
            walk(unit.pk, depth + 1)

    walk(None, 0)
    return ordered


def company_for_user(*, actor: Actor, user_id: int) -> Company:
    """`userCompany(userId)`: the company of a user the actor may see (themselves, or anyone for a super admin)."""
    if actor.user is None or (user_id != actor.user.pk and not actor.is_super_admin):
        raise NotFound("No such user.")
    if user_id == actor.user.pk and actor.masquerade_company is not None:
        return actor.masquerade_company  # a masquerading super admin's own company is the masqueraded one
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


ACCOUNT_STATUS_CONFIG_KEYS = (REGISTRATION_CONFIG_KEY, BLOCK_ORDERS_CONFIG_KEY, BLOCK_PRICES_CONFIG_KEY)


def account_status(
    actor: Actor,
    *,
    channel_id: int = DEFAULT_CHANNEL_ID,
    configs: Mapping[str, StorefrontConfig | None] | None = None,
) -> AccountStatus:
    """`configs`: the channel's entries of ACCOUNT_STATUS_CONFIG_KEYS already read (as `storefront_configs` gives
    them); read here when not given."""
    if configs is None:
        configs = storefront_configs(*ACCOUNT_STATUS_CONFIG_KEYS, channel_id=channel_id)
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


def _tree_order() -> Collate | Coalesce:
    """A unit's path, or "/<id>/" for a top-level company made without one (Company.tree_path in SQL), compared byte
    by byte: a language's collation may skip the slashes and put "/12/" between "/1/5/" and "/1/6/". PostgreSQL's
    "C" collation compares bytes; SQLite's default (BINARY) already does."""
    path = Coalesce(
        NullIf("path", Value("")),
        Concat(Value("/"), Cast("pk", output_field=CharField()), Value("/"), output_field=CharField()),
    )
    return Collate(path, "C") if connection.vendor == "postgresql" else path


SUPER_ADMIN_COMPANY_ORDERINGS = {
    "companyName": ("name", "pk"),
    "-companyName": ("-name", "-pk"),
    "companyEmail": ("email", "pk"),
    "-companyEmail": ("-email", "-pk"),
    "createdAt": ("created_at", "pk"),
    "-createdAt": ("-created_at", "-pk"),
    # Tree order (issue 40): each unit right after the unit above it, so that the dashboard can indent a tree.
    "tree": ("tree_order", "pk"),
    "-tree": ("-tree_order", "-pk"),
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
    if order_by in ("tree", "-tree"):
        companies = companies.alias(tree_order=_tree_order())
    return companies.select_related("parent").order_by(*SUPER_ADMIN_COMPANY_ORDERINGS[order_by])


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


class RecordedSessionFields(TypedDict):
    """What company_masquerade_sessions reads with each session (never stored)."""

    event_count: int
    recorded_events: list[AuditEvent]  # at most MAX_EVENTS_PER_SESSION, oldest first


if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

    # A session read through company_masquerade_sessions, for the type checker; at run time the model itself.
    RecordedMasqueradeSession: TypeAlias = WithAnnotations[MasqueradeSession, RecordedSessionFields]


def company_masquerade_sessions(*, company: Company) -> QuerySet[RecordedMasqueradeSession]:
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


@dataclass(frozen=True)
class MasqueradeBar:
    company_name: str
    color: str
    button_text: str
    # The merchant wrote their own button text: the loader leaves it as it is instead of translating the default.
    button_text_set: bool = False

    @property
    def text_color(self) -> str:
        """The bar's text and its button's text and border: black or white on the bar's colour (business §9)."""
        return text_color_on(self.color)


def storefront_account_context(actor: Actor | None, *, channel_id: int = DEFAULT_CHANNEL_ID) -> dict:
    """What the built-in storefront's pages show for the account: the convert link (shell §4) and the masquerade
    bar (bottom left, END MASQUERADE; hidden when the `masquerade_button` config is '0')."""
    if actor is None or actor.user is None:
        return {"convert_link_visible": False, "masquerade_bar": None}
    bar = None
    convert = False
    masquerade_company = actor.masquerade_company
    if masquerade_company is not None:
        entry = storefront_configs(MASQUERADE_BUTTON_CONFIG_KEY, channel_id=channel_id)[MASQUERADE_BUTTON_CONFIG_KEY]
        if _on(entry, MASQUERADE_BUTTON_CONFIG_KEY):
            extra = (entry.extra_fields or {}) if entry is not None else {}
            color = str(extra.get("color") or "")
            button_text = str(extra.get("buttonText") or DEFAULT_MASQUERADE_BUTTON_TEXT)[:60]
            bar = MasqueradeBar(
                company_name=masquerade_company.name,
                # #rgb or #rrggbb only: a colour whose contrast cannot be judged (a name, an alpha) is not used.
                color=color if is_hex_color(color) else DEFAULT_MASQUERADE_COLOR,
                button_text=button_text,
                button_text_set=button_text != DEFAULT_MASQUERADE_BUTTON_TEXT,
            )
    elif convert_link_applies(actor):
        entry = storefront_configs(REGISTRATION_CONFIG_KEY, channel_id=channel_id)[REGISTRATION_CONFIG_KEY]
        convert = registration_allowed(kind="b2b", entry=entry)
    return {"convert_link_visible": convert, "masquerade_bar": bar}


# --- address book (issue 16) -------------------------------------------------------------------------------------

ADDRESS_ORDER_BY_REQUIRED = "Invalid query: orderBy property is required"  # shell §5
ADDRESS_ORDERINGS = {
    "label": "label",
    "firstName": "first_name",
    "lastName": "last_name",
    "companyName": "company_name",
    "country": "country_code",
    "state": "state",
    "city": "city",
    "zipCode": "zip_code",
    "createdAt": "created_at",
    "updatedAt": "updated_at",
}
ADDRESS_SEARCH_FIELDS = (
    "label", "first_name", "last_name", "company_name", "address_line1", "address_line2", "city", "zip_code", "phone",
)  # fmt: skip
MAX_ADDRESS_SEARCH_WORDS = 8


@dataclass(frozen=True)
class AddressBook:
    """Whose addresses the actor works with: a company's (its users, a super admin masquerading as it) or an
    individual customer's own. Exactly one is set. A unit of a company tree (issue 40) also shares the addresses of
    the units above it (a department's ship-to shared with its labs), read-only: each is changed in its own unit."""

    company: Company | None = None
    customer: User | None = None

    def addresses(self) -> QuerySet[Address]:
        """The book's own addresses: those changed in it (its defaults, its cap)."""
        if self.company is not None:
            return Address.objects.filter(company=self.company)
        return Address.objects.filter(customer=self.customer)

    @property
    def inherited_company_ids(self) -> list[int]:
        """The units above the book's company whose addresses it shares, from the root down (read from the unit's
        path: no query)."""
        return self.company.ancestor_ids if self.company is not None else []

    @property
    def lock_key(self) -> str:
        if self.company is not None:
            return f"address-book:company:{self.company.pk}"
        assert self.customer is not None  # exactly one is set
        return f"address-book:user:{self.customer.pk}"


def address_book_of(actor: Actor) -> AddressBook | None:
    """The actor's address book: the company they work in (an approved company's user, a masquerading super admin),
    else an individual customer's own (a pending or rejected applicant's too, who is treated as one); None for a
    guest and for a super admin who is not masquerading."""
    if actor.user is None:
        return None
    if actor.b2b_company is not None:
        return AddressBook(company=actor.b2b_company)
    if actor.role == PortalRole.INDIVIDUAL:
        return AddressBook(customer=actor.user)
    return None


def _company_addresses(actor: Actor, book: AddressBook, code: str, *, inherited: bool) -> QuerySet[Address]:
    """A company book's addresses the actor reaches with `code`: at level 2 those of every unit their company-wide
    permissions reach (the unit they act for, and the units below it when they may see those: issue 40), and with
    `inherited` those the unit shares from the units above it; at level 1 the ones they added to the unit they act
    for."""
    if actor.level(code) < 2:
        return book.addresses().filter(created_by=actor.user)
    scope = actor.company_scope("company")
    above = book.inherited_company_ids
    if inherited and above:
        scope |= Q(company_id__in=above)
    return Address.objects.filter(scope)


def addresses_visible_to(*, actor: Actor, code: str) -> QuerySet[Address]:
    """The addresses the actor may read with an address code (shell §6): at level 2 the company's address book with
    the addresses it inherits from the units above and, for a caller whose reach spans them, the books of the units
    below; at level 1 the addresses they added themselves; an individual customer's own book is all theirs. The one
    place that scopes reading addresses."""
    book = address_book_of(actor)
    if book is None or actor.level(code) == 0:
        return Address.objects.none()
    if book.company is None:
        return book.addresses()
    return _company_addresses(actor, book, code, inherited=True)


def addresses_changeable_by(*, actor: Actor, code: str) -> QuerySet[Address]:
    """The addresses the actor may change with an address code: as `addresses_visible_to`, without those inherited
    from the units above (they are changed in their own unit). The one place that scopes changing addresses."""
    book = address_book_of(actor)
    if book is None or actor.level(code) == 0:
        return Address.objects.none()
    if book.company is None:
        return book.addresses()
    return _company_addresses(actor, book, code, inherited=False)


def address_inherited_from(*, actor: Actor, address_id: int) -> str | None:
    """The name of the unit above whose address this is, when the actor reads it in their book as an inherited one
    (to refuse a change with a reason rather than "not found"); else None."""
    book = address_book_of(actor)
    above = book.inherited_company_ids if book is not None else []
    if not above:
        return None
    visible = addresses_visible_to(actor=actor, code=Code.GET_ADDRESS_DETAIL)
    return visible.filter(pk=address_id, company_id__in=above).values_list("company__name", flat=True).first()


def _book_defaults(addresses: QuerySet[Address], book: AddressBook | None) -> QuerySet[Address]:
    """Annotate `book_default_shipping` / `book_default_billing` (what the API's isDefaultShipping / isDefaultBilling
    say): whether the address is the default of its kind in the book being read. A unit's own default overrides the
    units' above (issue 40: inheritance, overridable in the child), so an inherited default is the book's default
    only when no nearer unit has one; an address of the actor's own book or of a unit below keeps its own flags."""
    above = book.inherited_company_ids if book is not None else []
    if not above:
        return addresses
    assert book is not None and book.company is not None  # a unit with units above
    chain = [*above, book.company.pk]
    annotations = {}
    for kind in ("shipping", "billing"):
        flag = f"is_default_{kind}"
        nearer = Address.objects.filter(
            company_id__in=chain, company__depth__gt=OuterRef("company__depth"), **{flag: True}
        )
        annotations[f"book_default_{kind}"] = Case(
            When(Q(company_id__in=above) & (Q(**{flag: False}) | Exists(nearer)), then=Value(False)),
            default=F(flag),
            output_field=BooleanField(),
        )
    return addresses.annotate(**annotations)


def address_is_book_default(address: Address, kind: str) -> bool:
    """Whether an address read by `address_list` / `address_get` is the default shipping or billing address of the
    book it was read in (`_book_defaults`); its own flag when read otherwise."""
    return bool(getattr(address, f"book_default_{kind}", getattr(address, f"is_default_{kind}")))


def address_get(*, actor: Actor, address_id: int, code: str = Code.GET_ADDRESS_DETAIL) -> Address:
    """One address the actor reaches with `code`; NotFound for any other (another company's does not exist for
    them)."""
    addresses = addresses_visible_to(actor=actor, code=code).select_related("created_by", "company")
    address = _book_defaults(addresses, address_book_of(actor)).filter(pk=address_id).first()
    if address is None:
        raise NotFound("Address not found.")
    return address


@dataclass(frozen=True)
class AddressFilters:
    search: str = ""
    country: str = ""
    state: str = ""
    city: str = ""
    is_shipping: bool | None = None
    is_billing: bool | None = None
    order_by: str = ""
    # Issue 40: one unit's own addresses (a unit the actor reaches: `Actor.units_chosen`), and the book of the unit
    # the actor works in alone (its own and inherited addresses, not those of the units below: a picker's choices).
    company_id: int | None = None
    own_book: bool = False


def _address_ordering(order_by: str) -> list[str]:
    if not order_by:
        raise ValidationError({"orderBy": [ValidationError(ADDRESS_ORDER_BY_REQUIRED, code="required")]})
    descending = order_by.startswith("-")
    field_name = ADDRESS_ORDERINGS.get(order_by[1:] if descending else order_by)
    if field_name is None:
        message = f"Sort by one of: {', '.join(ADDRESS_ORDERINGS)} (prefix - to reverse)."
        raise ValidationError({"orderBy": [ValidationError(message, code="invalid_choice")]})
    return [f"-{field_name}", "-pk"] if descending else [field_name, "pk"]


def _address_search(addresses: QuerySet[Address], search: str) -> QuerySet[Address]:
    # Every word must appear in one of the fields: "boston dock" finds the Boston receiving dock.
    for word in search.split()[:MAX_ADDRESS_SEARCH_WORDS]:
        matches = Q()
        for name in ADDRESS_SEARCH_FIELDS:
            matches |= Q(**{f"{name}__icontains": word})
        addresses = addresses.filter(matches)
    return addresses


def address_list(*, actor: Actor, filters: AddressFilters) -> QuerySet[Address]:
    """`addresses`: the actor's visible addresses (get_addresses) matching the filters, sorted; the caller pages it.
    Country and state match their codes, city its name (any case). One query for the page, however deep the tree
    (one more, once per request, for the units below the one a spanning caller acts for: `Actor.unit_ids`)."""
    ordering = _address_ordering(filters.order_by)
    book = address_book_of(actor)
    addresses = addresses_visible_to(actor=actor, code=Code.GET_ADDRESSES)
    if filters.company_id is not None:
        addresses = addresses.filter(company_id__in=actor.units_chosen(filters.company_id))
    if filters.own_book and book is not None and book.company is not None:
        addresses = addresses.filter(company_id__in=[*book.inherited_company_ids, book.company.pk])
    if filters.search.strip():
        addresses = _address_search(addresses, filters.search)
    if filters.country.strip():
        addresses = addresses.filter(country_code__iexact=filters.country.strip())
    if filters.state.strip():
        addresses = addresses.filter(state__iexact=filters.state.strip())
    if filters.city.strip():
        addresses = addresses.filter(city__iexact=filters.city.strip())
    if filters.is_shipping is not None:
        addresses = addresses.filter(is_shipping=filters.is_shipping)
    if filters.is_billing is not None:
        addresses = addresses.filter(is_billing=filters.is_billing)
    addresses = addresses.select_related("created_by", "company").order_by(*ordering)
    return _book_defaults(addresses, book)


ADDRESS_DEFAULT_CODES = {"shipping": Code.GET_DEFAULT_SHIPPING, "billing": Code.GET_DEFAULT_BILLING}


def address_default(*, actor: Actor, kind: str) -> Address | None:
    """The default shipping or billing address of the actor's book, or None. The default is the company's choice
    for every buyer (the checkout and the quote draft preselect it), so get_default_shipping / get_default_billing
    at any level reads it. In a unit of a tree, its own default, else the nearest unit's above it (issue 40: a lab
    ships to its department's dock until it chooses its own): one query, however deep. None also when the actor may
    not read it (nothing to preselect)."""
    book = address_book_of(actor)
    if book is None or not actor.can(ADDRESS_DEFAULT_CODES[kind]):
        return None
    flag = {f"is_default_{kind}": True}
    if book.company is None or not book.inherited_company_ids:
        return book.addresses().select_related("created_by", "company").filter(**flag).first()
    chain = [*book.inherited_company_ids, book.company.pk]
    defaults = Address.objects.filter(company_id__in=chain, **flag).select_related("created_by", "company")
    return defaults.order_by("-company__depth", "-pk").first()


# --- user management (issue 16) ----------------------------------------------------------------------------------

USER_ORDER_BY_REQUIRED = "Invalid query: orderBy property is required"  # shell §5
# Names and e-mails sort as a reader expects (case-insensitively); the role sorts admin, senior, junior, custom roles.
COMPANY_USER_ORDERINGS = {
    "firstName": (Lower("user__first_name"), Lower("user__last_name")),
    "lastName": (Lower("user__last_name"), Lower("user__first_name")),
    "email": (Lower("user__email"),),
    "role": (F("role"), Lower("custom_role__name")),
    "createdAt": (F("created_at"),),
}
COMPANY_USER_SEARCH_FIELDS = ("user__email", "user__first_name", "user__last_name", "user__phone")
MAX_USER_SEARCH_WORDS = 8


def acts_as_company_admin(actor: Actor) -> bool:
    """The company's own admin, or a super admin masquerading as the company (who acts as its admin would)."""
    return actor.b2b_company is not None and (actor.role == PortalRole.ADMIN or actor.is_masquerading)


def company_user_scope(actor: Actor, code: str) -> int:
    """0: no access; 1: the actor's own record only; 2: every user of the units they reach (shell §6 levels)."""
    if actor.user is None or actor.b2b_company is None:
        return 0
    return min(actor.level(code), 2)


def company_user_reach(actor: Actor, level: int) -> Q:
    """The memberships a user code at `level` reaches: at level 2 those of every unit the actor's company-wide
    permissions reach (the unit they act for, and the units below it when they may see those: issue 40), at level 1
    the actor's own in the unit they act for."""
    assert actor.user is not None and actor.b2b_company is not None  # level > 0
    if level >= 2:
        return actor.company_scope("company")
    return Q(company_id=actor.b2b_company.pk, user_id=actor.user.pk)


def company_user_reached(actor: Actor, membership: CompanyMembership, level: int) -> bool:
    """`company_user_reach` of one membership already read."""
    assert actor.user is not None and actor.b2b_company is not None  # level > 0
    if level >= 2:
        return actor.reaches_company(membership.company_id)
    return membership.company_id == actor.b2b_company.pk and membership.user_id == actor.user.pk


def company_users_visible_to(*, actor: Actor, code: str) -> QuerySet[CompanyMembership]:
    """The memberships (company users) the actor reaches with a user code: at level 2 those of the unit they work in
    (or the masqueraded company) and of the units below it when their permissions reach those, at level 1 their own;
    a sibling's or another company's never. The one place that scopes users."""
    level = company_user_scope(actor, code)
    if level == 0:
        return CompanyMembership.objects.none()
    return CompanyMembership.objects.filter(company_user_reach(actor, level))


def company_user_get(*, actor: Actor, user_id: int, code: str = Code.GET_USER_DETAIL) -> CompanyMembership:
    """One company user the actor reaches with `code`; NotFound for any other (another company's users do not exist
    for them)."""
    membership = (
        company_users_visible_to(actor=actor, code=code)
        .select_related("user", "custom_role", "company")
        .filter(user_id=user_id)
        .first()
    )
    if membership is None:
        raise NotFound("User not found.")
    return membership


@dataclass(frozen=True)
class CompanyUserFilters:
    search: str = ""
    role: int | None = None
    custom_role_id: int | None = None
    order_by: str = ""
    company_id: int | None = None  # issue 40: one unit's users, of the units the actor reaches


def _company_user_ordering(order_by: str) -> list:
    if not order_by:
        raise ValidationError({"orderBy": [ValidationError(USER_ORDER_BY_REQUIRED, code="required")]})
    descending = order_by.startswith("-")
    keys = COMPANY_USER_ORDERINGS.get(order_by[1:] if descending else order_by)
    if keys is None:
        message = f"Sort by one of: {', '.join(COMPANY_USER_ORDERINGS)} (prefix - to reverse)."
        raise ValidationError({"orderBy": [ValidationError(message, code="invalid_choice")]})
    if descending:
        return [*(key.desc() for key in keys), "-pk"]
    return [*(key.asc() for key in keys), "pk"]


def company_user_list(*, actor: Actor, filters: CompanyUserFilters) -> QuerySet[CompanyMembership]:
    """`users`: the company users the actor may see (get_users) matching the filters, sorted; the caller pages it.
    Every search word must appear in the e-mail, a name or the phone ("alice acme" finds alice@acme.test). Each row
    comes with its unit (the list's company column), in the same query."""
    ordering = _company_user_ordering(filters.order_by)
    members = company_users_visible_to(actor=actor, code=Code.GET_USERS)
    if filters.company_id is not None:
        members = members.filter(company_id__in=actor.units_chosen(filters.company_id))
    for word in filters.search.split()[:MAX_USER_SEARCH_WORDS]:
        matches = Q()
        for name in COMPANY_USER_SEARCH_FIELDS:
            matches |= Q(**{f"{name}__icontains": word})
        members = members.filter(matches)
    if filters.role is not None:
        if filters.role not in CompanyRole.values:
            message = "Filter by role 0 (admin), 1 (senior buyer), 2 (junior buyer) or 5 (a custom role)."
            raise ValidationError({"role": [ValidationError(message, code="invalid_choice")]})
        members = members.filter(role=filters.role)
    if filters.custom_role_id is not None:
        members = members.filter(role=CompanyRole.CUSTOM, custom_role_id=filters.custom_role_id)
    return members.select_related("user", "custom_role", "company").order_by(*ordering)


def role_grants(*, role: int, custom_role: RoleTemplate | None = None) -> dict[str, int]:
    """The permissions a role gives: its built-in template's grants, or the custom role's template's."""
    if role == CompanyRole.CUSTOM:
        grants = RolePermission.objects.filter(template=custom_role)
    else:
        grants = RolePermission.objects.filter(template__role=role, template__is_builtin=True)
    return dict(grants.values_list("code", "level"))


def role_refusal(actor: Actor, *, role: int, grants: dict[str, int]) -> str | None:
    """Why the actor may not give a user this role, as a code (None: they may). Only an admin makes admins; anyone
    else gives only roles within their own permissions, so that nobody can hand themselves (through a second
    e-mail address) more than they hold."""
    if acts_as_company_admin(actor):
        return None
    if role == CompanyRole.ADMIN:
        return "ADMIN_ROLE_REQUIRED"
    if any(actor.level(code) < level for code, level in grants.items()):
        return "ROLE_NOT_GRANTABLE"
    return None


@dataclass(frozen=True)
class CompanyRoleChoice:
    """A role a company user can have (`companyRoles`): a built-in one, or a custom role (code 5 with its template)."""

    role: int
    custom_role_id: int | None
    name: str
    grantable: bool


def company_role_choices(*, actor: Actor) -> list[CompanyRoleChoice]:
    """The built-in roles and the store's custom roles, each with whether the actor may give it. Two queries."""
    templates = list(
        RoleTemplate.objects.filter(Q(is_builtin=True) | Q(role=CompanyRole.CUSTOM))
        .prefetch_related("grants")
        .order_by("role", Lower("name"), "pk")
    )
    choices = []
    for template in templates:
        grants = {grant.code: grant.level for grant in template.grants.all()}
        custom_id = template.pk if template.role == CompanyRole.CUSTOM else None
        choices.append(
            CompanyRoleChoice(
                role=template.role,
                custom_role_id=custom_id,
                name=template.name,
                grantable=role_refusal(actor, role=template.role, grants=grants) is None,
            )
        )
    return choices


# `createdByUser(companyId, module)` (shell §7): who created a module's records in a company, for the "created by" /
# "placed by" filters. accounts may not import the apps that hold those records (ARCHITECTURE §3), so each of them
# contributes its creators from its AppConfig.ready(); a module that has contributed none yet (shopping lists before
# their app) has no creators.
CREATED_BY_MODULES = {"quotes": Code.GET_QUOTES, "shoppinglists": Code.GET_SHOPPING_LISTS, "orders": Code.GET_ORDERS}
_CREATED_BY_SOURCES: dict[str, Callable[[Company], QuerySet]] = {}


def created_by_source_register(module: str, source: Callable[[Company], QuerySet]) -> None:
    """An app contributes the creators of its records: `source(company)` is a queryset of user ids (one column)."""
    if module not in CREATED_BY_MODULES:
        raise ValueError(f"Unknown createdByUser module {module!r}")
    _CREATED_BY_SOURCES[module] = source


def created_by_users(*, actor: Actor, company_id: int, module: str) -> QuerySet[User]:
    """The users who created the module's records in a company the actor works for, by name. The module's view code
    decides: at level 2 every creator (ex-members included: their records stay) — of every unit the actor reaches
    when `company_id` is the unit they act for (the unfiltered list of a caller whose reach spans the units below
    it), of one unit below it when it is that unit's (the list's company filter); at level 1 only the actor, in the
    unit they act for. A company out of reach is refused."""
    code = CREATED_BY_MODULES.get(module)
    if code is None:
        message = f"Choose one of: {', '.join(CREATED_BY_MODULES)}."
        raise ValidationError({"module": [ValidationError(message, code="invalid_choice")]})
    company = actor.b2b_company
    level = min(actor.level(code), 2) if company is not None else 0
    if company is None or actor.user is None or level == 0:
        raise Refused()
    if company.pk != company_id and (level < 2 or not actor.reaches_company(company_id)):
        raise Refused()
    source = _CREATED_BY_SOURCES.get(module)
    if source is None:
        return User.objects.none()
    if level < 2:
        users = User.objects.filter(pk__in=source(company)).filter(pk=actor.user.pk)
    elif company.pk == company_id and not actor.spans_units:
        users = User.objects.filter(pk__in=source(company))
    else:
        # Each app's source reads one company's records: one subquery per unit, in the one query.
        units = Company.objects.filter(pk__in=actor.unit_ids if company.pk == company_id else (company_id,))
        created = Q(pk__in=[])
        for unit in units:
            created |= Q(pk__in=source(unit))
        users = User.objects.filter(created)
    return users.order_by(Lower("first_name"), Lower("last_name"), Lower("email"), "pk")


def company_audit_events(*, actor: Actor, company_id: int | None = None) -> QuerySet[AuditEvent]:
    """The audit log of the units the actor reaches (the unit they act for, and the units below it: issue 40), or of
    one of them (`company_id`), newest first: their application and approval, their users added, changed and
    removed, role changes, orders placed on account and what super admins did while masquerading as them. Each event
    comes with its unit (the log's company column) in the same query."""
    units = actor.units_chosen(company_id)
    return AuditEvent.objects.filter(company_id__in=units).select_related("company").order_by("-created_at", "-pk")


# --- what a unit inherits from the units above it (issue 40) ------------------------------------------------------


UNIT_INHERITED_FIELDS = ("customer_group_id", *UNIT_FEATURES)


def unit_ancestors(company: Company) -> list[dict]:
    """The units above `company`, nearest first, each as {"pk", and UNIT_INHERITED_FIELDS}; none for a top-level one."""
    if company.parent_id is None:
        return []
    ids = company.ancestor_ids
    rows = {row["pk"]: row for row in Company.objects.filter(pk__in=ids).values("pk", *UNIT_INHERITED_FIELDS)}
    return [rows[pk] for pk in reversed(ids) if pk in rows]


def unit_inherited(company: Company, field_name: str, ancestors: Callable[[], list[dict]]):
    """A unit's own value of `field_name` (the price list's customer group, a feature switch), else the nearest unit
    above it that sets one (`ancestors`, called only then), else None."""
    own = getattr(company, field_name)
    if own is not None or company.parent_id is None:
        return own
    return next((row[field_name] for row in ancestors() if row[field_name] is not None), None)


def credit_account_id(company: Company) -> int:
    """The company whose credit line a unit buys on: its own when it is top-level or keeps its own credit
    (`uses_parent_credit` off), else the nearest unit above it that does, or the root (one query)."""
    if company.parent_id is None or not company.uses_parent_credit:
        return company.pk
    ancestors = company.ancestor_ids
    shares = dict(Company.objects.filter(pk__in=ancestors).values_list("pk", "uses_parent_credit"))
    for pk in reversed(ancestors[1:]):
        if pk in shares and not shares[pk]:
            return pk
    return ancestors[0]


def credit_account(company: Company) -> Company:
    """The company whose credit line a unit buys on (`credit_account_id`), as a row."""
    account_id = credit_account_id(company)
    return company if account_id == company.pk else Company.objects.get(pk=account_id)
