from __future__ import annotations

from decimal import Decimal
from typing import Annotated

import strawberry
from django.core.exceptions import ValidationError
from strawberry.scalars import JSON

from accounts import selectors, services
from accounts.countries import country_list
from accounts.graphql.permissions import IsCompanyAdmin
from accounts.graphql.types import (
    AccountFormFieldType,
    CompanyAttachment,
    CompanyCreditConfig,
    CompanyInfo,
    CompanyMasqueradeSession,
    CompanyMasqueradeSessionConnection,
    CompanyMasqueradeSessionEdge,
    CompanyUnit,
    Country,
    CustomerInfo,
    MasqueradeCompany,
    MasqueradeEvent,
    Permission,
    State,
    SuperAdminCompany,
    SuperAdminCompanyConnection,
    SuperAdminCompanyEdge,
    UnitFeatures,
    UserCompany,
    UserInfo,
    UserLoginState,
)
from accounts.models import Company, FormGroup, FormType
from portal.errors import InputError, PermissionDeniedError, field_error, field_errors
from portal.graphql.permissions import IsAuthenticated, IsSuperAdmin

# shell §5: sorted list queries require an orderBy.
ORDER_BY_REQUIRED = "Invalid query: orderBy property is required"
PAGE_SIZES = (10, 20, 30)  # the dashboard's page sizes (issue 5)
MAX_SEARCH = 100
MAX_SESSIONS_PAGE = 50


def permissions_payload(actor: selectors.Actor) -> list[Permission]:
    return [Permission(code=code, permission_level=level) for code, level in sorted(actor.permissions.items())]


def masquerade_payload(actor: selectors.Actor) -> MasqueradeCompany | None:
    session = actor.masquerade
    if not actor.is_masquerading or session is None or session.company is None:
        return None  # is_masquerading: a session of a company
    company = session.company
    return MasqueradeCompany(
        id=company.pk,
        is_agenting=True,
        company_name=company.name,
        customer_group_id=company.customer_group_id,
        began_at=session.began_at,
    )


def customer_info_payload(actor: selectors.Actor) -> CustomerInfo:
    """The caller's CustomerInfo (its accountStatus is read by its own resolver, when selected)."""
    user = actor.user
    assert user is not None  # a signed-in caller: customerInfo's IsAuthenticated, updateAccountSettings' token
    company = actor.company
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
            CompanyInfo(
                id=company.pk,
                company_name=company.name,
                status=company.status,
                rejection_reason=company.rejection_reason if company.status == 2 else "",
                home_company_id=actor.home_company.pk if actor.home_company is not None else None,
                home_company_name=actor.home_company.name if actor.home_company is not None else "",
                can_switch_units=selectors.can_switch_units(actor),
                spans_units=actor.spans_units,
                unit_features=UnitFeatures(
                    quotes=actor.unit_feature("quotes"),
                    shopping_lists=actor.unit_feature("shopping_lists"),
                    quick_order=actor.unit_feature("quick_order"),
                ),  # fmt: skip
            )
            if company
            else None
        ),
        permissions=permissions_payload(actor),
        masquerade=masquerade_payload(actor),
        actor=actor,
    )


def super_admin_company_payload(company: Company, *, agenting: int | None) -> SuperAdminCompany:
    """A company as the super admin's dashboard lists it (its parent read with it: select_related)."""
    parent = company.parent if company.parent_id is not None else None
    return SuperAdminCompany(
        company_id=company.pk, id=company.pk, company_name=company.name, company_email=company.email,
        status=company.status, is_agenting=company.pk == agenting, parent_id=company.parent_id,
        parent_name=parent.name if parent is not None else "", depth=company.depth,
    )  # fmt: skip


def _session_payload(session: selectors.RecordedMasqueradeSession) -> CompanyMasqueradeSession:
    ended_at = selectors.masquerade_session_ended_at(session)
    return CompanyMasqueradeSession(
        id=session.pk,
        super_admin_name=session.super_admin_name,
        super_admin_email=session.super_admin_email,
        began_at=session.began_at,
        ended_at=ended_at,
        is_active=ended_at is None,
        event_count=session.event_count,
        events=[
            MasqueradeEvent(id=event.pk, action=event.action, summary=event.summary, created_at=event.created_at)
            for event in session.recorded_events
        ],
    )


@strawberry.type
class Query:
    @strawberry.field(permission_classes=[IsAuthenticated], description="Who the caller is.")
    def customer_info(self, info: strawberry.Info) -> CustomerInfo:
        return customer_info_payload(info.context.actor)

    @strawberry.field(
        permission_classes=[IsAuthenticated],
        description=(
            "customerInfo for an operation that asks for other root fields too (the overlay's start-up, issue 21): the "
            "same answer and errors, but null on an error, so that the operation's other fields still answer (a "
            "failing non-null root field would null them all)."
        ),
    )
    def startup_customer_info(self, info: strawberry.Info) -> CustomerInfo | None:
        return customer_info_payload(info.context.actor)

    @strawberry.field(
        permission_classes=[IsAuthenticated],
        description="The units of the caller's company tree they may act for (issue 40): their own company and, for "
        "an admin or a member granted them, every unit below it, in tree order. Empty outside a company and while "
        "masquerading.",
    )
    def company_units(self, info: strawberry.Info) -> list[CompanyUnit]:
        actor = info.context.actor
        acting_id = actor.company.pk if actor.company is not None else None
        home_id = actor.home_company.pk if actor.home_company is not None else None
        return [
            CompanyUnit(
                id=unit.pk,
                company_name=unit.name,
                parent_id=None if unit.pk == home_id else unit.parent_id,
                depth=depth,
                is_acting=unit.pk == acting_id,
                is_home=unit.pk == home_id,
            )  # fmt: skip
            for unit, depth in selectors.company_units(actor)
        ]

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
            rejection_reason=company.rejection_reason if company.status == 2 else "",
            extra_fields=JSON(company.extra_fields or {}),
            address_extra_fields=JSON(company.address_extra_fields or {}),
            attachments=[
                CompanyAttachment(id=str(f.pk), file_name=f.original_name, file_size=f.size, file_type=f.content_type)
                for f in company.attachments.all()
            ],
        )

    @strawberry.field(
        description="Whether a password reset or invitation link (its uid and token) still sets a password: false "
        "once it has been used (a password was set since) or has expired. Changes nothing. Guest-allowed."
    )
    def password_reset_link_valid(self, uid: str, token: str) -> bool:
        if len(uid) > 64 or len(token) > 128:
            return False
        return services.password_reset_link_valid(uid=uid, token=token)

    @strawberry.field(description="Whether an account must reset its password first. Guest-allowed.")
    def user_login_state(self, email: str) -> UserLoginState:
        if len(email) > 254:
            raise InputError(fields=field_error("email", "Enter a valid email address.", code="invalid_email"))
        return UserLoginState(force_password_reset=selectors.user_login_state(email=email))

    @strawberry.field(permission_classes=[IsAuthenticated], description="The caller's company credit line.")
    def company_credit_config(self, info: strawberry.Info) -> CompanyCreditConfig:
        company = info.context.actor.b2b_company
        if company is not None:
            company = selectors.credit_account(company)  # a unit may buy on the credit of a unit above (issue 40)
        if company is None:
            return CompanyCreditConfig(
                credit_enabled=False, credit_currency="", credit_hold=False, limit_purchases=False,
                available_credit=Decimal(0), currency="",
            )  # fmt: skip
        return CompanyCreditConfig(
            credit_enabled=company.credit_enabled,
            credit_currency=company.credit_currency,
            credit_hold=company.credit_hold,
            limit_purchases=company.limit_purchases,
            available_credit=company.available_credit,
            currency=company.credit_currency,
        )

    @strawberry.field(
        description="The fields of a registration form, built-in and custom, in display order. Guest-allowed."
    )
    def account_form_fields(
        self, form_type: Annotated[int, strawberry.argument(description="1 business account, 2 personal account.")]
    ) -> list[AccountFormFieldType]:
        if form_type not in FormType.values:
            message = "Use 1 (business account) or 2 (personal account)."
            raise InputError(fields=field_error("formType", message, code="invalid_choice"))
        return [
            AccountFormFieldType(
                id=f.pk,
                form_type=f.form_type,
                field_id=f"field_{f.pk}",
                field_name=f.field_name,
                field_type=f.field_type,
                label_name=f.label,
                is_required=f.is_required,
                visible=f.visible,
                group_id=f.group,
                group_name=FormGroup(f.group).label,
                custom=f.custom,
                order=f.order,
                value_configs=JSON(f.value_configs or {}),
            )
            for f in selectors.account_form_fields(form_type=form_type)
        ]

    @strawberry.field(description="Countries (ISO 3166-1) with their states or provinces. Guest-allowed.")
    def countries(self) -> list[Country]:
        return [
            Country(
                id=c.id,
                country_name=c.country_name,
                country_code=c.country_code,
                states=[State(state_name=s.state_name, state_code=s.state_code) for s in c.states],
            )
            for c in country_list()
        ]

    @strawberry.field(
        permission_classes=[IsSuperAdmin],
        description="The dashboard's companies (super admin only): those the caller may masquerade as, deleted "
        "ones left out, searched by name or e-mail (q), sorted by orderBy (required: companyName, -companyName, "
        "companyEmail, -companyEmail, createdAt, -createdAt, tree, -tree: each unit after the unit above it, issue "
        "40), first 10, 20 or 30 from offset.",
    )
    def super_admin_companies(
        self,
        info: strawberry.Info,
        super_admin_id: Annotated[int | None, strawberry.argument(description="The caller's own id.")] = None,
        first: int = 10,
        offset: int = 0,
        q: str = "",
        order_by: str | None = None,
    ) -> SuperAdminCompanyConnection:
        actor = info.context.actor
        if super_admin_id is not None and super_admin_id != actor.user.pk:
            raise PermissionDeniedError()
        if not order_by:
            raise InputError(ORDER_BY_REQUIRED, fields=field_error("orderBy", ORDER_BY_REQUIRED, code="required"))
        errors: dict[str, list[ValidationError]] = {}
        if order_by not in selectors.SUPER_ADMIN_COMPANY_ORDERINGS:
            message = f"Use one of {', '.join(selectors.SUPER_ADMIN_COMPANY_ORDERINGS)}."
            errors["orderBy"] = [ValidationError(message, code="invalid_choice")]
        if first not in PAGE_SIZES:
            errors["first"] = [ValidationError("Show 10, 20 or 30 companies per page.", code="invalid_choice")]
        if offset < 0 or offset > 1_000_000:
            errors["offset"] = [ValidationError("The offset must be 0 or more.", code="out_of_range")]
        if len(q) > MAX_SEARCH:
            errors["q"] = [ValidationError(f"Search with at most {MAX_SEARCH} characters.", code="max_length")]
        if errors:
            raise InputError(fields=field_errors(errors))
        companies = selectors.super_admin_company_list(user=actor.user, q=q.strip(), order_by=order_by)
        agenting = actor.masquerade.company_id if actor.is_masquerading else None
        page = companies[offset : offset + first]
        return SuperAdminCompanyConnection(
            total_count=companies.count(),
            edges=[SuperAdminCompanyEdge(node=super_admin_company_payload(c, agenting=agenting)) for c in page],
        )

    @strawberry.field(
        permission_classes=[IsSuperAdmin],
        description="The company the caller is masquerading as, or null (super admin only). The masquerade is the "
        "super admin's, shared by all their sessions and the storefront.",
    )
    def super_admin_masquerading(
        self,
        info: strawberry.Info,
        customer_id: Annotated[int | None, strawberry.argument(description="The caller's own id.")] = None,
    ) -> MasqueradeCompany | None:
        actor = info.context.actor
        if customer_id is not None and customer_id != actor.user.pk:
            raise PermissionDeniedError()
        return masquerade_payload(actor)

    @strawberry.field(
        permission_classes=[IsCompanyAdmin],
        description="The audit log of masquerading on the caller's company (its admin only): when the supplier's "
        "super admins acted as the company and what they did, newest first.",
    )
    def company_masquerade_sessions(
        self, info: strawberry.Info, first: int = 10, offset: int = 0
    ) -> CompanyMasqueradeSessionConnection:
        if not 1 <= first <= MAX_SESSIONS_PAGE or offset < 0:
            message = f"Ask for 1 to {MAX_SESSIONS_PAGE} sessions from an offset ≥ 0."
            raise InputError(fields=field_error("first", message, code="out_of_range"))
        sessions = selectors.company_masquerade_sessions(company=info.context.actor.b2b_company)
        return CompanyMasqueradeSessionConnection(
            total_count=sessions.count(),
            edges=[
                CompanyMasqueradeSessionEdge(node=_session_payload(session))
                for session in sessions[offset : offset + first]
            ],
        )
