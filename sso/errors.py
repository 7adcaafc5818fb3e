"""Error codes of single sign-on (issue 40): the `code` of a refused password sign-in at a company that requires its
identity provider, and the reasons a sign-in through an identity provider is refused (shown on sso/refused.html)."""

from django.db import models

from portal.errors import api_codes_declare


class SsoErrorCode(models.TextChoices):
    SSO_REQUIRED = (
        "SSO_REQUIRED",
        "Your organisation signs you in with its own sign-in service: use “Sign in with your organisation”.",
    )
    # Refusals of a sign-in that came back from an identity provider (no account is created or changed by any).
    SSO_FAILED = "SSO_FAILED", "Your organisation's sign-in could not be completed. Please try again."
    SSO_NO_EMAIL = "SSO_NO_EMAIL", "Your organisation's sign-in service did not tell us your e-mail address."
    SSO_EMAIL_DOMAIN = (
        "SSO_EMAIL_DOMAIN",
        "Your organisation's sign-in service gave an e-mail address it does not sign in for.",
    )
    SSO_NO_UNIT = (
        "SSO_NO_UNIT",
        "Your organisation has not given you access to this store yet. Please ask its administrator.",
    )
    SSO_ACCOUNT_UNAVAILABLE = (
        "SSO_ACCOUNT_UNAVAILABLE",
        "This e-mail address belongs to an account that cannot sign in through your organisation. Please contact us.",
    )
    SSO_COMPANY_INACTIVE = (
        "SSO_COMPANY_INACTIVE",
        "Your company's account is not active, so you cannot sign in. Please contact us.",
    )
    SSO_UNKNOWN_PROVIDER = "SSO_UNKNOWN_PROVIDER", "This sign-in service is not available."


api_codes_declare(SsoErrorCode.SSO_REQUIRED)
