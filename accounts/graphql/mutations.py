from __future__ import annotations

import strawberry

from accounts import selectors, services
from accounts.graphql.queries import customer_info_payload, permissions_payload
from accounts.graphql.types import (
    AccountSettingsInput,
    AuthorizationInput,
    AuthorizationResult,
    CustomerInfo,
    LoginInput,
    LoginPayload,
    MessagePayload,
    MessageResult,
)
from portal.errors import InputError
from portal.graphql.permissions import IsAuthenticated

MAX_EMAIL = 254
MAX_PASSWORD = 4096
MAX_NAME = 150


def _login_payload(issued: services.IssuedToken) -> LoginPayload:
    actor = selectors.actor_for_user(issued.token.user)
    return LoginPayload(
        result=AuthorizationResult(
            token=issued.raw, login_type=issued.login_type, permissions=permissions_payload(actor)
        )
    )


def _message(text: str) -> MessagePayload:
    return MessagePayload(result=MessageResult(message=text))


@strawberry.type
class Mutation:
    @strawberry.mutation(description="Sign in with e-mail and password; returns a B2B bearer token. Guest-allowed.")
    def login(self, info: strawberry.Info, login_data: LoginInput) -> LoginPayload:
        if len(login_data.email) > MAX_EMAIL or len(login_data.password) > MAX_PASSWORD:
            raise InputError(fields={"email": ["Your email address or password is incorrect. Please try again."]})
        return _login_payload(
            services.customer_login(request=info.context.request, email=login_data.email, password=login_data.password)
        )

    @strawberry.mutation(
        description="Exchange a storefront customer JWT (GET /customer/current.jwt) for a B2B token. Guest-allowed."
    )
    def authorization(self, auth_data: AuthorizationInput) -> LoginPayload:
        if len(auth_data.bc_token) > 4096:
            raise InputError(fields={"bcToken": ["The token is too long."]})
        return _login_payload(
            services.customer_jwt_exchange(bc_token=auth_data.bc_token, channel_id=auth_data.channel_id)
        )

    @strawberry.mutation(permission_classes=[IsAuthenticated], description="Revoke the caller's bearer token.")
    def logout(self, info: strawberry.Info) -> MessagePayload:
        services.b2b_token_revoke(raw_token=info.context.bearer_token)
        return _message("You have been signed out.")

    @strawberry.mutation(description="E-mail a password reset link if the account exists. Guest-allowed.")
    def request_password_reset(self, info: strawberry.Info, email: str) -> MessagePayload:
        if not email.strip() or len(email) > MAX_EMAIL:
            raise InputError(fields={"email": ["Enter a valid email address."]})
        request = info.context.request
        services.password_reset_request(request=request, email=email, reset_url_base=request.build_absolute_uri("/"))
        return _message("If an account exists for that e-mail address, we have sent a link to reset the password.")

    @strawberry.mutation(description="Set a new password with the link from the reset e-mail. Guest-allowed.")
    def reset_password(self, uid: str, token: str, new_password: str) -> MessagePayload:
        if len(uid) > 64 or len(token) > 128 or len(new_password) > MAX_PASSWORD:
            raise InputError(fields={"password": ["This password reset link is invalid or has expired."]})
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
            raise InputError(fields={"firstName": [f"Use at most {MAX_NAME} characters."]})
        services.account_settings_update(
            user=actor.user,
            first_name=data.first_name,
            last_name=data.last_name,
            phone=data.phone_number,
            current_password=data.current_password,
            new_password=data.new_password,
            keep_token=info.context.bearer_token,
        )
        return customer_info_payload(selectors.actor_for_user(actor.user))
