from __future__ import annotations

import strawberry

from accounts import services
from accounts.graphql.types import AuthorizationResult, LoginInput, LoginPayload, LogoutPayload, LogoutResult
from portal.errors import InputError
from portal.graphql.permissions import IsAuthenticated

MAX_CREDENTIAL_LENGTH = 254


@strawberry.type
class Mutation:
    @strawberry.mutation(description="Sign in with e-mail and password; returns a B2B bearer token. Guest-allowed.")
    def login(self, info: strawberry.Info, login_data: LoginInput) -> LoginPayload:
        if len(login_data.email) > MAX_CREDENTIAL_LENGTH or len(login_data.password) > 4096:
            raise InputError(fields={"email": ["Your email address or password is incorrect. Please try again."]})
        issued = services.customer_login(
            request=info.context.request, email=login_data.email, password=login_data.password
        )
        return LoginPayload(result=AuthorizationResult(token=issued.raw, login_type=issued.login_type, permissions=[]))

    @strawberry.mutation(permission_classes=[IsAuthenticated], description="Revoke the caller's bearer token.")
    def logout(self, info: strawberry.Info) -> LogoutPayload:
        services.b2b_token_revoke(raw_token=info.context.bearer_token)
        return LogoutPayload(result=LogoutResult(message="You have been signed out."))
