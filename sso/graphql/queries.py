import strawberry

from portal.errors import InputError, field_error
from sso import selectors
from sso.graphql.types import SsoSignIn

MAX_EMAIL = 254
MAX_NEXT = 2000


@strawberry.type
class Query:
    @strawberry.field(
        description="Whether an e-mail address signs in with its company's identity provider, and where to start: "
        "null for any other address. It answers for the address's domain, never for an account. Guest-allowed."
    )
    def sso_sign_in(self, email: str, next: str | None = None) -> SsoSignIn | None:
        if len(email) > MAX_EMAIL:
            raise InputError(fields=field_error("email", "Enter a valid email address.", code="invalid_email"))
        if next is not None and len(next) > MAX_NEXT:
            raise InputError(fields=field_error("next", "The address is too long.", code="max_length"))
        provider = selectors.provider_for_email(email)
        if provider is None:
            return None
        return SsoSignIn(
            required=provider.sso_required,
            start_url=selectors.sso_start_url(provider, next),
            provider_name=provider.name,
        )
