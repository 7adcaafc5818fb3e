from __future__ import annotations

import strawberry
from django.conf import settings
from django.core.exceptions import ValidationError

from accounts import selectors, services
from accounts.graphql.queries import (
    customer_info_payload,
    masquerade_payload,
    permissions_payload,
    super_admin_company_payload,
)
from accounts.graphql.types import (
    AccountSettingsInput,
    AuthorizationInput,
    AuthorizationResult,
    CompanyCreateInput,
    CompanyCreateResult,
    CustomerCreateInput,
    CustomerCreateResult,
    CustomerInfo,
    CustomerSubscriberInput,
    CustomerSubscriberResult,
    ExtraFieldInput,
    LoginInput,
    LoginPayload,
    MasqueradeCompany,
    MessagePayload,
    MessageResult,
    SuperAdminCompany,
)
from accounts.uploads import MAX_FILES
from portal.client_address import client_ip
from portal.errors import InputError, NotFound, field_error
from portal.graphql.permissions import IsAuthenticated, IsSuperAdmin

MAX_EMAIL = 254
MAX_PASSWORD = 4096
MAX_NAME = 150


MAX_TEXT = 200
MAX_LIST = 50


def _login_payload(issued: services.IssuedToken) -> LoginPayload:
    # A super admin's masquerade is theirs, not a token's (issue 13): a new sign-in joins one still open elsewhere,
    # and the answer says so (issue 36), with the permissions the token then has.
    user = issued.token.user
    masquerade = selectors.masquerade_of_user(user) if user.is_super_admin else None
    actor = selectors.actor_build(user, masquerade=masquerade, token=issued.token)
    return LoginPayload(
        result=AuthorizationResult(
            token=issued.raw,
            login_type=issued.login_type,
            permissions=permissions_payload(actor),
            masquerade=masquerade_payload(actor),
        )
    )


def _message(text: str) -> MessagePayload:
    return MessagePayload(result=MessageResult(message=text))


@strawberry.type
class Mutation:
    @strawberry.mutation(description="Sign in with e-mail and password; returns a B2B bearer token. Guest-allowed.")
    def login(self, info: strawberry.Info, login_data: LoginInput) -> LoginPayload:
        if len(login_data.email) > MAX_EMAIL or len(login_data.password) > MAX_PASSWORD:
            raise InputError(
                fields=field_error(
                    "email", "Your email address or password is incorrect. Please try again.", code="invalid"
                )
            )
        return _login_payload(
            services.customer_login(request=info.context.request, email=login_data.email, password=login_data.password)
        )

    @strawberry.mutation(
        description="Exchange a storefront customer JWT (GET /customer/current.jwt) for a B2B token. Guest-allowed."
    )
    def authorization(self, auth_data: AuthorizationInput) -> LoginPayload:
        if len(auth_data.bc_token) > 4096:
            raise InputError(fields=field_error("bcToken", "The token is too long.", code="max_length"))
        return _login_payload(
            services.customer_jwt_exchange(bc_token=auth_data.bc_token, channel_id=auth_data.channel_id)
        )

    @strawberry.mutation(permission_classes=[IsAuthenticated], description="Revoke the caller's bearer token.")
    def logout(self, info: strawberry.Info) -> MessagePayload:
        services.b2b_token_revoke(raw_token=info.context.bearer_token)
        return _message("You have been signed out.")

    @strawberry.mutation(
        permission_classes=[IsAuthenticated],
        description="Sign out everywhere: revoke every B2B token of the caller (the calling one included, ending "
        "their masquerades) and end all of their storefront sessions.",
    )
    def logout_everywhere(self, info: strawberry.Info) -> MessagePayload:
        services.customer_sign_out_everywhere(user=info.context.actor.user)
        return _message("You have been signed out everywhere.")

    @strawberry.mutation(description="E-mail a password reset link if the account exists. Guest-allowed.")
    def request_password_reset(self, info: strawberry.Info, email: str) -> MessagePayload:
        if not email.strip() or len(email) > MAX_EMAIL:
            raise InputError(fields=field_error("email", "Enter a valid email address.", code="invalid_email"))
        # The link's origin is the configured site, never the request's Host header (the client chooses that).
        services.password_reset_request(
            request=info.context.request, email=email, reset_url_base=f"{settings.SITE_URL}/"
        )
        return _message("If an account exists for that e-mail address, we have sent a link to reset the password.")

    @strawberry.mutation(description="Set a new password with the link from the reset e-mail. Guest-allowed.")
    def reset_password(self, uid: str, token: str, new_password: str) -> MessagePayload:
        if len(uid) > 64 or len(token) > 128 or len(new_password) > MAX_PASSWORD:
            raise InputError(
                fields=field_error("password", "This password reset link is invalid or has expired.", code="invalid")
            )
        services.password_reset_confirm(uid=uid, token=token, new_password=new_password)
        return _message("Your password has been changed. You can now sign in.")

    @strawberry.mutation(
        permission_classes=[IsAuthenticated],
        description="Update the caller's name and phone, and optionally the password (current password required).",
    )
    def update_account_settings(self, info: strawberry.Info, account_settings: AccountSettingsInput) -> CustomerInfo:
        actor = info.context.actor
        data = account_settings
        if len(data.first_name) > MAX_NAME or len(data.last_name) > MAX_NAME or len(data.phone_number) > 40:
            raise InputError(fields=field_error("firstName", f"Use at most {MAX_NAME} characters.", code="max_length"))
        services.account_settings_update(
            user=actor.user,
            first_name=data.first_name,
            last_name=data.last_name,
            phone=data.phone_number,
            current_password=data.current_password,
            new_password=data.new_password,
            keep_token=info.context.bearer_token,
        )
        return customer_info_payload(selectors.actor_for_token(info.context.bearer_token))

    @strawberry.mutation(
        description="Apply for a business account (shell §7 companyCreate). A guest registers in one call with "
        "`customer` (the account is created and becomes the company's admin); a signed-in individual customer "
        "applies with their own account (B2B conversion); the admin of a rejected company resubmits it. Approved at "
        "once with company_auto_approval on, otherwise pending (resubmissions always are). Guest-allowed."
    )
    def company_create(self, info: strawberry.Info, company_data: CompanyCreateInput) -> CompanyCreateResult:
        data = company_data
        _bounded_texts(
            data.company_name, data.company_email, data.company_phone_number, data.country, data.address_line1,
            data.address_line2, data.city, data.state, data.zip_code, data.store_hash or "",
        )  # fmt: skip
        if len(data.file_list) > MAX_FILES:
            message = services.TOO_MANY_FILES_MESSAGE.format(n=MAX_FILES)
            raise InputError(fields=field_error("fileList", message, code="too_many_files"))
        contact = None
        if data.customer is not None:
            c = data.customer
            _bounded_texts(c.first_name, c.last_name, c.email, c.phone_number)
            _bounded_password(c.password)
            contact = services.ContactData(
                first_name=c.first_name, last_name=c.last_name, email=c.email, password=c.password,
                phone=c.phone_number, accepts_marketing=c.accepts_marketing,
            )  # fmt: skip
        created = services.company_create(
            actor=info.context.actor,
            application=services.CompanyApplication(
                company_name=data.company_name,
                company_email=data.company_email,
                company_phone=data.company_phone_number,
                country=data.country,
                address_line1=data.address_line1,
                address_line2=data.address_line2,
                city=data.city,
                state=data.state,
                zip_code=data.zip_code,
                extra_fields=_pairs(data.extra_fields),
                address_extra_fields=_pairs(data.address_extra_fields),
                user_extra_fields=_pairs(data.user_extra_fields),
                file_ids=tuple(data.file_list[:MAX_FILES]),
                channel_id=data.channel_id,
                customer_id=data.customer_id,
                store_hash=data.store_hash,
            ),  # fmt: skip
            contact=contact,
            client_ip=client_ip(info.context.request),
        )
        return CompanyCreateResult(
            company_id=created.company.pk,
            company_status=created.company.status,
            customer_id=created.user.pk,
            auto_approved=created.auto_approved,
            resubmitted=created.resubmitted,
        )

    @strawberry.mutation(
        description="Register a personal (B2C) account (shell §7 customerCreate). Sign in afterwards with the same "
        "e-mail and password. Guest-allowed."
    )
    def customer_create(self, info: strawberry.Info, customer_data: CustomerCreateInput) -> CustomerCreateResult:
        data = customer_data
        _bounded_texts(data.first_name, data.last_name, data.email, data.phone_number)
        _bounded_password(data.password)
        user = services.customer_create(
            contact=services.ContactData(
                first_name=data.first_name,
                last_name=data.last_name,
                email=data.email,
                password=data.password,
                phone=data.phone_number,
                accepts_marketing=data.accepts_marketing,
                user_extra_fields=_pairs(data.user_extra_fields),
            ),  # fmt: skip
            channel_id=data.channel_id,
            client_ip=client_ip(info.context.request),
        )
        return CustomerCreateResult(customer_id=user.pk, email=user.email)

    @strawberry.mutation(
        description="Subscribe an e-mail address to the newsletter; subscribing again changes nothing. Guest-allowed."
    )
    def customer_subscribers_create(
        self, info: strawberry.Info, subscriber_data: CustomerSubscriberInput
    ) -> CustomerSubscriberResult:
        data = subscriber_data
        _bounded_texts(data.email, data.first_name, data.last_name)
        subscriber = services.customer_subscribers_create(
            email=data.email, first_name=data.first_name, last_name=data.last_name, channel_id=data.channel_id,
            client_ip=client_ip(info.context.request),
        )  # fmt: skip
        return CustomerSubscriberResult(email=subscriber.email, subscribed=True)

    @strawberry.mutation(
        permission_classes=[IsAuthenticated],
        description="Act for a unit below the caller's company (issue 40: a department's admin acting for one of "
        "its labs), or for their own company again (companyId null or their company's id). Everything they do then "
        "is the unit's: its orders, quotes, lists and prices; every session of theirs and the storefront follow. "
        "Only units of `companyUnits` that are approved; any other id is NOT_FOUND and changes nothing. Returns the "
        "caller as they now are.",
    )
    def act_for_unit(self, info: strawberry.Info, company_id: int | None = None) -> CustomerInfo:
        actor = info.context.actor
        services.acting_unit_set(actor=actor, company_id=company_id)
        assert actor.user is not None  # IsAuthenticated
        return customer_info_payload(selectors.actor_rebuilt(actor))

    @strawberry.mutation(
        permission_classes=[IsSuperAdmin],
        description="Place a company below another in its company tree, or at the top (parentId null), with every "
        "unit below it and all their history (issue 40; super admin only, among the companies they may masquerade "
        "as). Refused with a `parent` field error when the parent is the company itself or one of its units, or the "
        "tree would be too deep; NOT_FOUND for a company out of reach. Changes nothing when refused.",
    )
    def super_admin_move_company(
        self, info: strawberry.Info, company_id: int, parent_id: int | None = None
    ) -> SuperAdminCompany:
        user = info.context.actor.user
        reachable = selectors.masquerade_companies_for(user)
        wanted = {company_id} | ({parent_id} if parent_id is not None else set())
        if reachable.filter(pk__in=wanted).count() != len(wanted):
            raise NotFound("No such company.")
        moved = services.company_move(company_id=company_id, parent_id=parent_id, by=user)
        return super_admin_company_payload(moved, agenting=None)

    @strawberry.mutation(
        permission_classes=[IsSuperAdmin],
        description="Add a unit (a department, a lab) below a company the super admin may masquerade as (issue "
        "40): approved when its parent is, with the parent's e-mail. Field errors: companyName (required), parent "
        "(too deep).",
    )
    def super_admin_create_unit(self, info: strawberry.Info, parent_id: int, company_name: str) -> SuperAdminCompany:
        user = info.context.actor.user
        if len(company_name) > 4 * MAX_TEXT:
            message = f"Use at most {MAX_TEXT} characters."
            raise InputError(fields=field_error("companyName", message, code="max_length"))
        if not selectors.masquerade_companies_for(user).filter(pk=parent_id).exists():
            raise NotFound("No such company.")
        try:
            unit = services.company_unit_create(parent_id=parent_id, name=company_name, by=user)
        except ValidationError as error:
            if "name" in error.message_dict:
                raise InputError(fields=field_error("companyName", "Give the unit a name.", code="required")) from None
            raise
        return super_admin_company_payload(unit, agenting=None)

    @strawberry.mutation(
        permission_classes=[IsSuperAdmin],
        description="Begin masquerading as an approved company (super admin only). The masquerade is the super "
        "admin's, one at a time: every session of theirs (other tabs and devices, a new sign-in) and the storefront "
        "act as the company until it ends; beginning another company ends it. Errors: COMPANY_NOT_APPROVED, "
        "MASQUERADE_NOT_ALLOWED, NOT_FOUND. Empty the storefront cart first.",
    )
    def super_admin_begin_masquerade(self, info: strawberry.Info, company_id: int) -> MasqueradeCompany:
        session = services.masquerade_begin(actor=info.context.actor, company_id=company_id)
        company = session.company
        assert company is not None  # masquerade_begin's session is of the company
        return MasqueradeCompany(
            id=company.pk,
            is_agenting=True,
            company_name=company.name,
            customer_group_id=company.customer_group_id,
            began_at=session.began_at,
        )

    @strawberry.mutation(
        permission_classes=[IsSuperAdmin],
        description="End the super admin's masquerade as the company, for all their sessions and the storefront "
        "(super admin only); ending one already ended changes nothing. Error: NOT_MASQUERADING when the masquerade "
        "is as another company.",
    )
    def super_admin_end_masquerade(self, info: strawberry.Info, company_id: int) -> MasqueradeCompany:
        company = services.masquerade_end(actor=info.context.actor, company_id=company_id)
        return MasqueradeCompany(
            id=company.pk, is_agenting=False, company_name=company.name, customer_group_id=company.customer_group_id
        )


def _bounded_texts(*values: str) -> None:
    if any(len(value) > 4 * MAX_TEXT for value in values):
        raise InputError(
            fields=field_error("__all__", f"Use at most {MAX_TEXT} characters per field.", code="max_length")
        )


def _bounded_password(password: str) -> None:
    if len(password) > MAX_PASSWORD:
        raise InputError(fields=field_error("password", "The password is too long.", code="max_length"))


def _pairs(items: list[ExtraFieldInput]) -> tuple[tuple[str, str], ...]:
    if len(items) > MAX_LIST:
        raise InputError(fields=field_error("extraFields", f"Send at most {MAX_LIST} fields.", code="too_many_fields"))
    return tuple((item.field_name[:100], item.field_value[:5000]) for item in items)
