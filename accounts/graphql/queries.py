from __future__ import annotations

import strawberry

from accounts import selectors
from accounts.graphql.types import (
    CompanyCreditConfig,
    CompanyInfo,
    CustomerInfo,
    Permission,
    UserCompany,
    UserInfo,
    UserLoginState,
)
from portal.errors import InputError
from portal.graphql.permissions import IsAuthenticated


def permissions_payload(actor: selectors.Actor) -> list[Permission]:
    return [Permission(code=code, permission_level=level) for code, level in sorted(actor.permissions.items())]


def customer_info_payload(actor: selectors.Actor) -> CustomerInfo:
    user = actor.user
    return CustomerInfo(
        user_type=actor.user_type,
        user_info=UserInfo(
            id=user.pk,
            role=actor.role,
            company_role_name=actor.company_role_name,
            first_name=user.first_name,
            last_name=user.last_name,
            email=user.email,
            phone_number=user.phone,
        ),
        company_info=(
            CompanyInfo(id=actor.company.pk, company_name=actor.company.name, status=actor.company.status)
            if actor.company
            else None
        ),
        permissions=permissions_payload(actor),
    )


@strawberry.type
class Query:
    @strawberry.field(permission_classes=[IsAuthenticated], description="Who the caller is.")
    def customer_info(self, info: strawberry.Info) -> CustomerInfo:
        return customer_info_payload(info.context.actor)

    @strawberry.field(
        permission_classes=[IsAuthenticated],
        description="The company of a user: the caller's own (a super admin may ask for anyone's).",
    )
    def user_company(self, info: strawberry.Info, user_id: int) -> UserCompany:
        company = selectors.company_for_user(actor=info.context.actor, user_id=user_id)
        return UserCompany(
            id=company.pk,
            company_name=company.name,
            company_email=company.email,
            company_phone=company.phone,
            company_status=company.status,
            address_line1=company.address_line1,
            address_line2=company.address_line2,
            city=company.city,
            state=company.state,
            zip_code=company.zip_code,
            country_code=company.country_code,
        )

    @strawberry.field(description="Whether an account must reset its password first. Guest-allowed.")
    def user_login_state(self, email: str) -> UserLoginState:
        if len(email) > 254:
            raise InputError(fields={"email": ["Enter a valid email address."]})
        return UserLoginState(force_password_reset=selectors.user_login_state(email=email))

    @strawberry.field(permission_classes=[IsAuthenticated], description="The caller's company credit line.")
    def company_credit_config(self, info: strawberry.Info) -> CompanyCreditConfig:
        company = info.context.actor.b2b_company
        if company is None:
            return CompanyCreditConfig(
                credit_enabled=False, credit_currency="", credit_hold=False, limit_purchases=False,
                available_credit=0, currency="",
            )  # fmt: skip
        return CompanyCreditConfig(
            credit_enabled=company.credit_enabled,
            credit_currency=company.credit_currency,
            credit_hold=company.credit_hold,
            limit_purchases=company.limit_purchases,
            available_credit=company.available_credit,
            currency=company.credit_currency,
        )
