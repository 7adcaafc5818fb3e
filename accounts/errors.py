from django.db import models


class AccountErrorCode(models.TextChoices):
    INVALID_CREDENTIALS = "INVALID_CREDENTIALS", "Your email address or password is incorrect. Please try again."
    TOO_MANY_ATTEMPTS = "TOO_MANY_ATTEMPTS", "Too many sign-in attempts. Please wait 15 minutes and try again."
    PASSWORD_RESET_REQUIRED = (
        "PASSWORD_RESET_REQUIRED",
        "Your password must be changed before you can sign in. Use “Forgot your password?” to set a new one.",
    )
    INVALID_CUSTOMER_TOKEN = "INVALID_CUSTOMER_TOKEN", "Your sign-in could not be completed. Please sign in again."
    INVALID_RESET_LINK = (
        "INVALID_RESET_LINK",
        "This password reset link is invalid or has expired. Please request a new one.",
    )
    WRONG_CURRENT_PASSWORD = "WRONG_CURRENT_PASSWORD", "Your current password is incorrect."
