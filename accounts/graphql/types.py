from __future__ import annotations

from datetime import datetime
from decimal import Decimal

import strawberry
from strawberry.scalars import JSON

from accounts import selectors
from accounts.selectors import Actor
from portal import startup_cache


@strawberry.type(description="A permission code with its level: 1 own records, 2 the whole company.")
class Permission:
    code: str
    permission_level: int


@strawberry.type(description="The signed-in user.")
class UserInfo:
    id: int
    role: int = strawberry.field(
        description="0 admin, 1 senior buyer, 2 junior buyer, 3 super admin, 5 custom role, 99 individual."
    )
    company_role_name: str
    first_name: str
    last_name: str
    email: str
    phone_number: str


@strawberry.type(
    description="The portal features the unit acted for (or a unit above it) switches on or off, over the store's "
    "storefrontConfig (issue 40); null: as the store. The server refuses a feature that is off."
)
class UnitFeatures:
    quotes: bool | None
    shopping_lists: bool | None
    quick_order: bool | None = strawberry.field(description="Quick order and buy again.")


@strawberry.type(description="The company of the signed-in user (the masqueraded company while masquerading).")
class CompanyInfo:
    id: int
    company_name: str
    status: int = strawberry.field(description="0 pending, 1 approved, 2 rejected, 3 inactive, 4 deleted.")
    rejection_reason: str = strawberry.field(
        default="", description="Why staff rejected the application (status 2): the applicant may resubmit."
    )
    home_company_id: int | None = strawberry.field(
        default=None,
        description="The company the user belongs to; differs from `id` while they act for a unit below it "
        "(issue 40: a department's admin acting for one of its labs).",
    )
    home_company_name: str = strawberry.field(default="", description="The name of the company the user belongs to.")
    can_switch_units: bool = strawberry.field(
        default=False,
        description="The user may act for units below their company (`companyUnits`, `actForUnit`).",
    )
    unit_features: UnitFeatures | None = strawberry.field(
        default=None, description="Portal features the unit switches over the store's (issue 40)."
    )
    spans_units: bool = strawberry.field(
        default=False,
        description="Company-wide lists cover the units below the one acted for: they show a company column and "
        "filter by `companyId`.",
    )


@strawberry.type(description="A unit of the caller's company tree they may act for (issue 40).")
class CompanyUnit:
    id: int
    company_name: str
    parent_id: int | None = strawberry.field(description="The unit above it; null for the caller's own company.")
    depth: int = strawberry.field(description="Levels below the caller's own company (0: their company).")
    is_acting: bool = strawberry.field(description="The caller acts for this unit now.")
    is_home: bool = strawberry.field(description="The caller's own company.")


@strawberry.type(description="A company a super admin masquerades as (shell §3 masquerade company).")
class MasqueradeCompany:
    id: int = strawberry.field(description="The company's id.")
    is_agenting: bool = strawberry.field(description="Whether the caller's session is masquerading as it.")
    company_name: str
    customer_group_id: int | None = strawberry.field(description="The pricing group used while masquerading.")
    began_at: datetime | None = strawberry.field(
        default=None, description="When the masquerade began (null once it has ended)."
    )


@strawberry.type(description="What the overlay shows for the account's state: pending tips and the convert link.")
class AccountStatus:
    order_creation_blocked: bool = strawberry.field(
        description="The company is pending and block_pending_account_order_creation is on: the server refuses "
        "cart and checkout (shell §8 tip 'Ordering will be enabled after account approval')."
    )
    prices_hidden: bool = strawberry.field(
        description="The company is pending and block_pending_account_seeing_products_pricing is on: no prices."
    )
    convert_link_visible: bool = strawberry.field(
        description="shell §4 convert link: B2B registration on, the user is not B2B, has a customer id, status 99."
    )
    b2b_registration_enabled: bool
    b2c_registration_enabled: bool


@strawberry.type(description="Who the caller is: user type, role, company and permissions.")
class CustomerInfo:
    user_type: int = strawberry.field(
        description="1 does not exist, 2 individual, 3 multiple individual (also a super admin while "
        "masquerading), 4 other B2B company, 5 current B2B company, 6 B2B super admin, 7 current company on "
        "another channel."
    )
    user_info: UserInfo
    company_info: CompanyInfo | None
    permissions: list[Permission]
    masquerade: MasqueradeCompany | None = strawberry.field(
        description="The company the super admin is masquerading as in this session (role 3 with this set); null "
        "otherwise (a super admin with role 3 and no masquerade is role 4 to the overlay).",
    )
    actor: strawberry.Private[Actor]  # whose account status the field below reads

    @strawberry.field(description="Pending tips and the convert link (one more query: ask only when needed).")
    def account_status(self) -> AccountStatus | None:
        # A resolver of its own: its query runs only when the operation selects it, and a failure is reported at its
        # path with the rest of the answer kept.
        # The channel's config entries from the store data cache when the start-up has them there (issue 21)
        configs = startup_cache.cached_storefront_configs(
            *selectors.ACCOUNT_STATUS_CONFIG_KEYS, channel_id=selectors.DEFAULT_CHANNEL_ID
        )
        status = selectors.account_status(self.actor, configs=configs)
        return AccountStatus(
            order_creation_blocked=status.order_creation_blocked,
            prices_hidden=status.prices_hidden,
            convert_link_visible=status.convert_link_visible,
            b2b_registration_enabled=status.b2b_registration_enabled,
            b2c_registration_enabled=status.b2c_registration_enabled,
        )


@strawberry.type(description="A company as its own users see it.")
class UserCompany:
    id: int
    company_name: str
    company_email: str
    company_phone: str
    company_status: int
    address_line1: str
    address_line2: str
    city: str
    state: str
    zip_code: str
    country_code: str
    rejection_reason: str = ""
    extra_fields: JSON = strawberry.field(default_factory=dict, description="Custom company fields: name → value.")
    address_extra_fields: JSON = strawberry.field(default_factory=dict)
    attachments: list[CompanyAttachment] = strawberry.field(
        default_factory=list, description="The application's files (only the company's own users see them)."
    )


@strawberry.type(description="A file attached to a company application.")
class CompanyAttachment:
    id: str
    file_name: str
    file_size: int
    file_type: str


@strawberry.type(description="Whether the account must reset its password before signing in.")
class UserLoginState:
    force_password_reset: bool


@strawberry.type(description="The company's credit line (shell §3).")
class CompanyCreditConfig:
    credit_enabled: bool
    credit_currency: str
    credit_hold: bool
    limit_purchases: bool
    available_credit: Decimal
    currency: str


@strawberry.type
class AuthorizationResult:
    token: str
    login_type: int = strawberry.field(description="0 waiting, 1 first login, 2 general login.")
    permissions: list[Permission]
    masquerade: MasqueradeCompany | None = strawberry.field(
        default=None,
        description="A super admin's masquerade that is still open (begun in another tab, on another device or on "
        "the storefront): the masquerade is the super admin's, one at a time, so the new token acts as that company "
        "from its first request, and `permissions` are the company's. Tell them (the overlay does); null otherwise.",
    )


@strawberry.type
class LoginPayload:
    result: AuthorizationResult


@strawberry.type
class MessageResult:
    message: str


@strawberry.type
class MessagePayload:
    result: MessageResult


@strawberry.input
class LoginInput:
    email: str
    password: str
    channel_id: int = 1


@strawberry.input(description="A storefront customer JWT (from GET /customer/current.jwt) to exchange.")
class AuthorizationInput:
    bc_token: str
    channel_id: int = 1


@strawberry.input
class AccountSettingsInput:
    first_name: str
    last_name: str
    phone_number: str = ""
    current_password: str | None = None
    new_password: str | None = None


# --- registration (issue 5) ------------------------------------------------------------------------------------


@strawberry.type(name="AccountFormField", description="A field of a registration form (shell §3).")
class AccountFormFieldType:
    id: int
    form_type: int = strawberry.field(description="1 business account, 2 personal account.")
    field_id: str
    field_name: str = strawberry.field(
        description="The input name: a built-in field's argument of companyCreate / customerCreate, or a custom "
        "field's fieldName in extraFields (group 3), addressExtraFields (group 4) or userExtraFields (groups 1, 2)."
    )
    field_type: str = strawberry.field(
        description="Custom: text, multiline, number, dropdown, checkbox, date. Built-in: also email, phone, "
        "password, country, state, files."
    )
    label_name: str
    is_required: bool
    visible: bool
    group_id: int = strawberry.field(
        description="1 contact information, 2 additional information, 3 company information, 4 address, 5 password."
    )
    group_name: str
    custom: bool
    order: int
    value_configs: JSON = strawberry.field(
        description="Type settings: maxLength; min/max (number); options [{label, value}] (dropdown); label "
        "(checkbox); maxFiles, maxSize, accept, requestType (files); password rule."
    )


@strawberry.type(description="A state or province.")
class State:
    state_name: str
    state_code: str


@strawberry.type(description="A country (ISO 3166-1) with its states when addresses there need one.")
class Country:
    id: int
    country_name: str
    country_code: str
    states: list[State]


@strawberry.input(description="A custom field's answer.")
class ExtraFieldInput:
    field_name: str
    field_value: str = ""


@strawberry.input(description="The new account of a guest registering a business account.")
class CustomerRegistrationInput:
    first_name: str = ""
    last_name: str = ""
    email: str = ""
    password: str = strawberry.field(default="", description="shell §5: at least 7 characters, a letter and a digit.")
    phone_number: str = ""
    accepts_marketing: bool = strawberry.field(default=False, description="Subscribe to the newsletter.")


@strawberry.input(description="shell §7 companyCreate.")
class CompanyCreateInput:
    customer_id: int | None = strawberry.field(
        default=None, description="A signed-in applicant's own id (optional); a guest leaves it out."
    )
    store_hash: str | None = None
    channel_id: int = 1
    company_name: str = ""
    company_email: str = ""
    company_phone_number: str = ""
    country: str = strawberry.field(default="", description="ISO country code (or name), from `countries`.")
    address_line1: str = ""
    address_line2: str = ""
    city: str = ""
    state: str = strawberry.field(default="", description="State code (or name) when the country has states.")
    zip_code: str = ""
    extra_fields: list[ExtraFieldInput] = strawberry.field(default_factory=list)
    file_list: list[str] = strawberry.field(
        default_factory=list, description="Ids of files from POST /api/v2/media/upload (at most 3)."
    )
    address_extra_fields: list[ExtraFieldInput] = strawberry.field(default_factory=list)
    user_extra_fields: list[ExtraFieldInput] = strawberry.field(default_factory=list)
    customer: CustomerRegistrationInput | None = strawberry.field(
        default=None,
        description="Guests only: the account to create (it becomes the company's admin). A signed-in individual "
        "customer leaves it out and applies with their account (B2B conversion).",
    )


@strawberry.type
class CompanyCreateResult:
    company_id: int
    company_status: int = strawberry.field(description="1 approved at once (auto-approval), 0 pending.")
    customer_id: int
    auto_approved: bool
    resubmitted: bool


@strawberry.input(description="customerCreate: a personal (B2C) account.")
class CustomerCreateInput:
    first_name: str = ""
    last_name: str = ""
    email: str = ""
    password: str = ""
    phone_number: str = ""
    accepts_marketing: bool = False
    user_extra_fields: list[ExtraFieldInput] = strawberry.field(default_factory=list)
    channel_id: int = 1


@strawberry.type
class CustomerCreateResult:
    customer_id: int
    email: str


@strawberry.input(description="customerSubscribersCreate: a newsletter subscription.")
class CustomerSubscriberInput:
    email: str
    first_name: str = ""
    last_name: str = ""
    channel_id: int = 1


@strawberry.type
class CustomerSubscriberResult:
    email: str
    subscribed: bool


# --- masquerade and audit (issue 5) ----------------------------------------------------------------------------


@strawberry.type(description="A company on the super admin's dashboard.")
class SuperAdminCompany:
    company_id: int
    id: int
    company_name: str
    company_email: str
    status: int = strawberry.field(description="0 pending, 1 approved, 2 rejected, 3 inactive.")
    is_agenting: bool = strawberry.field(description="The caller's session is masquerading as this company.")
    parent_id: int | None = strawberry.field(
        default=None, description="The unit above it in its company tree (issue 40); null for a top-level company."
    )
    parent_name: str = strawberry.field(default="", description="The name of the unit above it.")
    depth: int = strawberry.field(default=0, description="Levels below the top of its tree (0: top-level).")


@strawberry.type
class SuperAdminCompanyEdge:
    node: SuperAdminCompany


@strawberry.type
class SuperAdminCompanyConnection:
    total_count: int
    edges: list[SuperAdminCompanyEdge]


@strawberry.type(description="Something recorded during a masquerade session.")
class MasqueradeEvent:
    id: int
    action: str = strawberry.field(description="masquerade_began, masquerade_action, masquerade_ended, or another "
                                   "app's action.")  # fmt: skip
    summary: str
    created_at: datetime


@strawberry.type(description="A time the supplier's super admin acted as the company.")
class CompanyMasqueradeSession:
    id: int
    super_admin_name: str
    super_admin_email: str
    began_at: datetime
    ended_at: datetime | None = strawberry.field(description="Null while the session is still open.")
    is_active: bool
    event_count: int
    events: list[MasqueradeEvent] = strawberry.field(description="The first 50 events, oldest first.")


@strawberry.type
class CompanyMasqueradeSessionEdge:
    node: CompanyMasqueradeSession


@strawberry.type
class CompanyMasqueradeSessionConnection:
    total_count: int
    edges: list[CompanyMasqueradeSessionEdge]
