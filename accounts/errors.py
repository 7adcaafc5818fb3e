from django.db import models


class AccountErrorCode(models.TextChoices):
    INVALID_CREDENTIALS = (
        "INVALID_CREDENTIALS",
        "Your email address or password is incorrect. Please try again.",
    )
    ACCOUNT_DISABLED = "ACCOUNT_DISABLED", "This account is disabled. Please contact us."
