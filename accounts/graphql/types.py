from __future__ import annotations

from decimal import Decimal

import strawberry


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


@strawberry.type(description="The company of the signed-in user.")
class CompanyInfo:
    id: int
    company_name: str
    status: int = strawberry.field(description="0 pending, 1 approved, 2 rejected, 3 inactive, 4 deleted.")


@strawberry.type(description="Who the caller is: user type, role, company and permissions.")
class CustomerInfo:
    user_type: int = strawberry.field(
        description="1 does not exist, 2 individual, 3 multiple individual, 4 other B2B company, "
        "5 current B2B company, 6 B2B super admin, 7 current company on another channel."
    )
    user_info: UserInfo
    company_info: CompanyInfo | None
    permissions: list[Permission]


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
