"""Error codes of the accounts app: the `code` of the errors its services raise, which the API passes on as
`extensions.code` (ARCHITECTURE §5), and the REST codes of the media upload."""

from django.db import models

from portal.errors import api_codes_declare


class AccountErrorCode(models.TextChoices):
    INVALID_CREDENTIALS = "INVALID_CREDENTIALS", "Your email address or password is incorrect. Please try again."
    TOO_MANY_ATTEMPTS = "TOO_MANY_ATTEMPTS", "Too many sign-in attempts. Please wait a little and try again."
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
    # Issue 5: registration, approval, masquerade, uploads.
    COMPANY_INACTIVE = (
        "COMPANY_INACTIVE",
        "Your company's account is not active, so you cannot sign in. Please contact us.",
    )
    REGISTRATION_DISABLED = "REGISTRATION_DISABLED", "This store does not accept registrations of this account type."
    TOO_MANY_REQUESTS = "TOO_MANY_REQUESTS", "Too many requests. Please wait a while and try again."
    ALREADY_IN_COMPANY = (
        "ALREADY_IN_COMPANY",
        "Your account already belongs to a company. Only the admin of a rejected company may resubmit it.",
    )
    COMPANY_NOT_APPROVED = "COMPANY_NOT_APPROVED", "Only approved companies can be masqueraded."
    MASQUERADE_NOT_ALLOWED = "MASQUERADE_NOT_ALLOWED", "You may not masquerade as this company."
    NOT_MASQUERADING = "NOT_MASQUERADING", "You are not masquerading as this company."
    # Issue 13: the supplier's staff work in Django admin.
    STAFF_ACCOUNT = (
        "STAFF_ACCOUNT",
        "This is a staff account: sign in to the store's administration instead. Customers use their own accounts.",
    )


api_codes_declare(AccountErrorCode)


class AccountFieldCode(models.TextChoices):
    """The `code` of a field's error (`extensions.fieldCodes`), for the overlay to translate by. Django's password
    validators' codes (`password_too_short`, `password_too_common`, …) and the shell §5 rule's `password_rule`
    pass through as they are."""

    REQUIRED = "required", "This field is required."
    MAX_LENGTH = "max_length", "The value is too long."
    INVALID_EMAIL = "invalid_email", "Enter a valid email address."
    INVALID_PHONE = "invalid_phone", "Enter a valid phone number."
    EMAIL_IN_USE = "email_in_use", "An account with this email address already exists."
    WRONG_CURRENT_PASSWORD = "wrong_current_password", AccountErrorCode.WRONG_CURRENT_PASSWORD.label
    UNKNOWN_FIELD = "unknown_field", "Unknown field."
    TOO_MANY_FIELDS = "too_many_fields", "Too many fields."
    DIGITS_ONLY = "digits_only", "Enter digits only."
    OUT_OF_RANGE = "out_of_range", "The number is out of range."
    INVALID_CHOICE = "invalid_choice", "Choose one of the options."
    INVALID_DATE = "invalid_date", "Enter a valid date (YYYY-MM-DD)."
    FILE_UNAVAILABLE = "file_unavailable", "This file is not available. Upload it again."
    TOO_MANY_FILES = "too_many_files", "Maximum allowed number of files exceeded."
    UNKNOWN_STORE = "unknown_store", "Unknown store."
    CONTACT_REQUIRED = "contact_required", "Give the contact details and password of the new account."
    SIGNED_IN = "signed_in", "You are signed in: apply with your account instead."
    CREDIT_HOLD = "credit_hold", "The company's account is on credit hold."
    CREDIT_LIMIT = "credit_limit", "The order exceeds the company's available credit."
    INVALID = "invalid", "The value is not valid."


class UploadErrorCode(models.TextChoices):
    """`POST /api/v2/media/upload` refusals (`extensions.code` of the REST answer's error)."""

    FILE_TYPE_NOT_ALLOWED = "FILE_TYPE_NOT_ALLOWED", "File type not supported."
    FILE_TOO_LARGE = "FILE_TOO_LARGE", "File is too big."
    TOO_MANY_FILES = "TOO_MANY_FILES", "Too many files."
    FILE_MISSING = "FILE_MISSING", "Choose a file to upload."
    INVALID_REQUEST_TYPE = "INVALID_REQUEST_TYPE", "Unknown request type."
    INVALID_UPLOAD_SESSION = "INVALID_UPLOAD_SESSION", "The upload session is not valid."
    TOO_MANY_REQUESTS = "TOO_MANY_REQUESTS", "Too many uploads. Please wait a while and try again."
    NOT_FOUND = "NOT_FOUND", "No such file."


api_codes_declare(UploadErrorCode)


class AddressErrorCode(models.TextChoices):
    """Address book refusals (issue 16). An address the caller may not reach is the generic NOT_FOUND."""

    ADDRESS_BOOK_FULL = (
        "ADDRESS_BOOK_FULL",
        "The address book is full. Delete an address you no longer need, then add the new one.",
    )


api_codes_declare(AddressErrorCode)


class AddressFieldCode(models.TextChoices):
    """Field codes of the address book besides AccountFieldCode's (`required`, `max_length`, `invalid_phone`,
    `invalid_choice`, `unknown_field`, …)."""

    ADDRESS_KIND = "address_kind", "Choose shipping, billing or both."
    DEFAULT_KIND = "default_kind", "A default shipping (billing) address must be a shipping (billing) address."


class UserManagementErrorCode(models.TextChoices):
    """User management refusals (issue 16). A user the caller may not reach (another company's, an unknown id) is
    the generic NOT_FOUND; a caller without the permission code is PERMISSION_DENIED."""

    LAST_ADMIN = (
        "LAST_ADMIN",
        "A company needs at least one admin. Make another user an admin first.",
    )
    CANNOT_DELETE_SELF = "CANNOT_DELETE_SELF", "You cannot delete your own user. Ask another admin to do it."
    CANNOT_CHANGE_OWN_ROLE = "CANNOT_CHANGE_OWN_ROLE", "You cannot change your own role. Ask another admin to do it."
    ADMIN_ROLE_REQUIRED = (
        "ADMIN_ROLE_REQUIRED",
        "Only a company admin can add an admin, change an admin's role or details, or delete an admin.",
    )
    ROLE_NOT_GRANTABLE = (
        "ROLE_NOT_GRANTABLE",
        "You cannot give a user a role with permissions you do not have yourself.",
    )
    INVITATION_NOT_PENDING = (
        "INVITATION_NOT_PENDING",
        "This user has already chosen a password: they can sign in, or use “Forgot your password?”.",
    )


api_codes_declare(UserManagementErrorCode)


class UserFieldCode(models.TextChoices):
    """Field codes of user management besides AccountFieldCode's (`required`, `max_length`, `invalid_email`,
    `invalid_phone`, `invalid_choice`, `unknown_field`, …)."""

    EMAIL_IN_COMPANY = "email_in_company", "A user with this email address is already in your company."
    # The one answer for every address that cannot join: another company's user, the store's staff or super admins.
    # It never says which, so that nobody learns who belongs to which company.
    EMAIL_UNAVAILABLE = (
        "email_unavailable",
        "This email address cannot be added to your company. Check the address, or ask the person to contact us.",
    )
