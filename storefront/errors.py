"""Error codes of the storefront app that the API passes on as `extensions.code` (ARCHITECTURE §5)."""

from django.db import models

from portal.errors import api_codes_declare


class StorefrontErrorCode(models.TextChoices):
    # Issue 22: `GET /login/token/{token}` with a token that is unknown, expired, used or no longer its user's.
    INVALID_LOGIN_TOKEN = "INVALID_LOGIN_TOKEN", "This sign-in link is not valid any more."


api_codes_declare(StorefrontErrorCode)
