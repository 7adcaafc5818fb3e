"""Users, companies, company membership and B2B tokens (shell §3, §4; ARCHITECTURE §8); registration (account form
fields, uploaded attachments, newsletter subscribers), masquerade sessions and the audit log (issue 5)."""

from __future__ import annotations

import uuid
from typing import ClassVar

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.contrib.auth.models import PermissionsMixin
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.crypto import salted_hmac

from accounts.storage import private_storage


class UserManager(BaseUserManager["User"]):
    use_in_migrations = True

    def _create_user(self, email: str, password: str | None, **extra) -> User:
        if not email:
            raise ValueError("An e-mail address is required.")
        user = self.model(email=self.normalize_email(email).lower(), **extra)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, email: str, password: str | None = None, **extra) -> User:
        extra.setdefault("is_staff", False)
        extra.setdefault("is_superuser", False)
        return self._create_user(email, password, **extra)

    def create_superuser(self, email: str, password: str | None = None, **extra) -> User:
        extra.setdefault("is_staff", True)
        extra.setdefault("is_superuser", True)
        return self._create_user(email, password, **extra)

    def get_by_natural_key(self, username: str | None) -> User:
        return self.get(email__iexact=username)


class User(AbstractBaseUser, PermissionsMixin):
    """A storefront customer, a company user, a platform super admin or a member of the supplier's staff.

    The e-mail address is the login. Django's `is_staff` is for the supplier's staff (Django admin);
    `is_super_admin` is the B2B platform super admin who may masquerade as a company (shell §1).
    """

    email = models.EmailField("e-mail address", max_length=254, unique=True)
    first_name = models.CharField(max_length=150, blank=True)
    last_name = models.CharField(max_length=150, blank=True)
    phone = models.CharField(max_length=40, blank=True)
    is_active = models.BooleanField(default=True)
    is_staff = models.BooleanField(default=False, help_text="May sign in to Django admin (the supplier's staff).")
    is_super_admin = models.BooleanField(
        "B2B super admin",
        default=False,
        help_text="Platform-level super admin of the buyer portal: sees the dashboard and may masquerade.",
    )
    customer_group = models.ForeignKey(
        "accounts.CustomerGroup",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        help_text="Pricing group of an individual customer; company users price with their company's group.",
    )
    force_password_reset = models.BooleanField(
        default=False, help_text="The user must set a new password (through the reset e-mail) before signing in."
    )
    extra_fields = models.JSONField(
        default=dict, blank=True, help_text="Answers to the registration form's custom contact and additional fields."
    )
    masquerade_companies = models.ManyToManyField(
        "accounts.Company",
        blank=True,
        related_name="masquerade_super_admins",
        verbose_name="may masquerade as",
        help_text="Only for a B2B super admin: the companies they may masquerade as. Empty means every company.",
    )
    date_joined = models.DateTimeField(default=timezone.now)
    session_epoch = models.PositiveIntegerField(
        default=0, editable=False, help_text="Raised to end every storefront session of the user (sign out everywhere)."
    )

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS: ClassVar[list[str]] = []

    class Meta:
        constraints = [models.UniqueConstraint(Lower("email"), name="accounts_user_email_ci_unique")]

    def __str__(self) -> str:
        return self.email

    def get_full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    def get_short_name(self) -> str:
        return self.first_name or self.email

    # Django keeps this hash in each session and ends the session when it no longer matches (as after a password
    # change). Mixing in the epoch lets "sign out everywhere" end every storefront session, whatever the session
    # store; at epoch 0 it is Django's own hash, so existing sessions survive the upgrade.
    def get_session_auth_hash(self) -> str:
        return self._session_auth_hash(secret=None)

    def get_session_auth_fallback_hash(self):
        for fallback_secret in settings.SECRET_KEY_FALLBACKS:
            yield self._session_auth_hash(secret=fallback_secret)

    def _session_auth_hash(self, *, secret: str | bytes | None) -> str:
        value = self.password if not self.session_epoch else f"{self.password}:{self.session_epoch}"
        return salted_hmac(
            "django.contrib.auth.models.AbstractBaseUser.get_session_auth_hash",
            value,
            secret=secret,
            algorithm="sha256",
        ).hexdigest()


class CompanyStatus(models.IntegerChoices):
    """shell §4. 99 ("default") is not stored: it is what a B2C customer without a company reports."""

    PENDING = 0, "Pending approval"
    APPROVED = 1, "Approved"
    REJECTED = 2, "Rejected"
    INACTIVE = 3, "Inactive"
    DELETED = 4, "Deleted"


class CustomerGroup(models.Model):
    """A pricing group (business §3): price lists hang on it; a company, or an individual customer, belongs to one."""

    name = models.CharField(max_length=100, unique=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


# The portal features a unit may turn on or off for itself and the units below it (issue 40), over the store's
# (portal.StoreFeatures): Company field → the feature's name (accounts.selectors.Actor.unit_feature).
UNIT_FEATURES = {"quotes_feature": "quotes", "shopping_lists_feature": "shopping_lists",
                 "quick_order_feature": "quick_order"}  # fmt: skip
_UNIT_FEATURE_CHOICES = [(None, "As the unit above (or the store)"), (True, "On"), (False, "Off")]

MAX_UNIT_DEPTH = 9  # a root and nine levels below it: institution → faculty → department → lab and more (issue 40)


class Company(models.Model):
    """A customer company, or a unit of one (issue 40): an institution's faculty, department or lab is a company
    whose `parent` is the unit above it. `path` lists the ids from the root down to the unit ("/1/5/12/"), so that a
    unit's descendants are one query however deep the tree (`path` starts with the unit's), and `depth` is the
    number of units above it. Both are kept by accounts.services.units, the one place a unit moves."""

    name = models.CharField(max_length=200)
    parent = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="children",
        help_text="The unit above this one (an institution's department, a department's lab); empty for a top-level "
        "company. Moving a unit moves everything below it with its history.",
    )
    path = models.CharField(max_length=255, blank=True, default="", db_index=True, editable=False)
    depth = models.PositiveSmallIntegerField(default=0, editable=False)
    has_children = models.BooleanField(default=False, editable=False)
    # Portal features for this unit and the units below it (UNIT_FEATURES); empty: as the unit above, or the store.
    quotes_feature = models.BooleanField("quotes", null=True, blank=True, choices=_UNIT_FEATURE_CHOICES)
    shopping_lists_feature = models.BooleanField("shopping lists", null=True, blank=True, choices=_UNIT_FEATURE_CHOICES)
    quick_order_feature = models.BooleanField(
        "quick order and buy again", null=True, blank=True, choices=_UNIT_FEATURE_CHOICES
    )
    email = models.EmailField("company e-mail")
    phone = models.CharField(max_length=40, blank=True)
    country_code = models.CharField(max_length=2, blank=True)
    address_line1 = models.CharField(max_length=200, blank=True)
    address_line2 = models.CharField(max_length=200, blank=True)
    city = models.CharField(max_length=100, blank=True)
    state = models.CharField(max_length=100, blank=True)
    zip_code = models.CharField(max_length=20, blank=True)
    status = models.IntegerField(choices=CompanyStatus.choices, default=CompanyStatus.PENDING, db_index=True)
    customer_group = models.ForeignKey(
        CustomerGroup,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        help_text="The price list and catalog the company buys from. Empty on a unit below another: the nearest unit "
        "above it that has one (issue 40); empty on a top-level company: list prices.",
    )
    extra_fields = models.JSONField(default=dict, blank=True)
    address_extra_fields = models.JSONField(default=dict, blank=True)
    # The application (issue 5): who applied, when it was last submitted, and the staff decision on it.
    applied_by = models.ForeignKey(
        "accounts.User",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="company_applications",
        help_text="The user who applied for the company (its first admin).",
    )
    submitted_at = models.DateTimeField(null=True, blank=True, help_text="When the application was last submitted.")
    reviewed_at = models.DateTimeField(null=True, blank=True, help_text="When staff last approved or rejected it.")
    rejection_reason = models.TextField(blank=True, help_text="Shown to the applicant, who may resubmit.")
    # Company credit (shell §3 company credit config).
    credit_enabled = models.BooleanField(default=False, help_text="The company may buy on account.")
    credit_currency = models.CharField(max_length=3, default="USD")
    credit_limit = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    available_credit = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    limit_purchases = models.BooleanField(
        default=True, help_text="Refuse orders on account above the available credit."
    )
    credit_hold = models.BooleanField(default=False, help_text="Orders on account are refused while on hold.")
    uses_parent_credit = models.BooleanField(
        "buys on the credit of the unit above",
        default=True,
        help_text="A unit below another buys on account on the credit of the nearest unit above it that has its own "
        "(its limit, balance and hold), unless this is off: then on its own credit above. No effect on a top-level "
        "company.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "companies"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def tree_path(self) -> str:
        """The unit's path in its tree ("/1/5/12/"); a top-level company made before it had one is "/<id>/"."""
        return self.path or f"/{self.pk}/"

    @property
    def ancestor_ids(self) -> list[int]:
        """The ids of the units above this one, from the root down (none for a top-level company)."""
        return [int(part) for part in self.tree_path.strip("/").split("/")[:-1]]


class RoleTemplate(models.Model):
    """The permissions of a role (shell §6). One built-in template per role code, plus custom roles (code 5)."""

    name = models.CharField(max_length=100, unique=True)
    role = models.IntegerField(choices=[(0, "Admin"), (1, "Senior buyer"), (2, "Junior buyer"), (5, "Custom role")])
    is_builtin = models.BooleanField(default=False, help_text="The default template of its role code.")

    class Meta:
        ordering = ["role", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["role"], condition=models.Q(is_builtin=True), name="accounts_one_builtin_per_role"
            )
        ]

    def __str__(self) -> str:
        return self.name


class RolePermission(models.Model):
    template = models.ForeignKey(RoleTemplate, on_delete=models.CASCADE, related_name="grants")
    code = models.CharField(max_length=60)
    level = models.IntegerField(choices=[(1, "Own records"), (2, "Whole company")], default=2)

    class Meta:
        ordering = ["code"]
        constraints = [models.UniqueConstraint(fields=["template", "code"], name="accounts_role_permission_unique")]

    def __str__(self) -> str:
        return f"{self.code} (level {self.level})"


class CompanyRole(models.IntegerChoices):
    """ARCHITECTURE §8. 3/4 (super admin) and 99/100 (individual, guest) are not company memberships."""

    ADMIN = 0, "Admin"
    SENIOR_BUYER = 1, "Senior buyer"
    JUNIOR_BUYER = 2, "Junior buyer"
    CUSTOM = 5, "Custom role"


class CompanyMembership(models.Model):
    """A user belongs to at most one company, with one role in it."""

    user = models.OneToOneField(User, on_delete=models.CASCADE, related_name="membership")
    company = models.ForeignKey(Company, on_delete=models.CASCADE, related_name="memberships")
    role = models.IntegerField(choices=CompanyRole.choices, default=CompanyRole.JUNIOR_BUYER)
    custom_role = models.ForeignKey(
        RoleTemplate,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        limit_choices_to={"role": 5},
        help_text="Required for the custom role: the template whose permissions the user has.",
    )
    subtree_access = models.BooleanField(
        "sees the units below",
        default=False,
        help_text="The user's company-wide permissions reach the units below their own (a department's buyer who "
        "orders for its labs). A company admin always has them.",
    )
    acting_company = models.ForeignKey(
        Company,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The unit below their own the user acts for now (issue 40); empty: their own company.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(role=5, custom_role__isnull=False)
                | (~models.Q(role=5) & models.Q(custom_role__isnull=True)),
                name="accounts_membership_custom_role_template",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} @ {self.company} ({self.role_name})"

    @property
    def role_name(self) -> str:
        if self.role == CompanyRole.CUSTOM and self.custom_role_id and self.custom_role is not None:
            return self.custom_role.name
        return CompanyRole(self.role).label


class B2BToken(models.Model):
    """A bearer token of the B2B API. Only its SHA-256 is stored; it expires and can be revoked."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="b2b_tokens")
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    storefront_session = models.CharField(
        max_length=64,
        blank=True,
        default="",
        db_index=True,
        help_text="SHA-256 of the storefront session the token was handed over from (empty: signed in by the API); "
        "signing out of that session revokes the token.",
    )

    class Meta:
        verbose_name = "B2B token"

    def __str__(self) -> str:
        return f"token of {self.user} (expires {self.expires_at:%Y-%m-%d %H:%M})"


# --- registration (issue 5) -----------------------------------------------------------------------------------


class FormType(models.IntegerChoices):
    """`accountFormFields(formType)`: which registration form a field belongs to."""

    BUSINESS = 1, "Business account"
    PERSONAL = 2, "Personal account"


class FormGroup(models.IntegerChoices):
    """The steps of the registration form (shell §3 registration form state)."""

    CONTACT = 1, "Contact information"
    ADDITIONAL = 2, "Additional information"
    COMPANY = 3, "Company information"
    ADDRESS = 4, "Address"
    PASSWORD = 5, "Password"


class FieldType(models.TextChoices):
    # Custom extra fields use the first six; the rest are the built-in fields' own kinds.
    TEXT = "text", "Text"
    MULTILINE = "multiline", "Multi-line text"
    NUMBER = "number", "Number (digits only)"
    DROPDOWN = "dropdown", "Dropdown"
    CHECKBOX = "checkbox", "Checkbox"
    DATE = "date", "Date"
    EMAIL = "email", "E-mail (built-in)"
    PHONE = "phone", "Phone (built-in)"
    PASSWORD = "password", "Password (built-in)"
    COUNTRY = "country", "Country (built-in)"
    STATE = "state", "State (built-in)"
    FILES = "files", "Attachments (built-in)"


CUSTOM_FIELD_TYPES = (
    FieldType.TEXT, FieldType.MULTILINE, FieldType.NUMBER, FieldType.DROPDOWN, FieldType.CHECKBOX, FieldType.DATE,
)  # fmt: skip


class AccountFormField(models.Model):
    """One field of a registration form: a built-in one (created by a migration; staff may relabel it, reorder it and,
    unless it is essential, make it optional or hide it) or a custom extra field staff add in Django admin."""

    form_type = models.IntegerField(choices=FormType.choices)
    group = models.IntegerField(choices=FormGroup.choices)
    field_name = models.CharField(
        max_length=60, help_text="The name the API uses (camelCase letters and digits), unique within the form."
    )
    label = models.CharField(max_length=120)
    field_type = models.CharField(max_length=20, choices=FieldType.choices, default=FieldType.TEXT)
    is_required = models.BooleanField(default=False)
    visible = models.BooleanField(default=True)
    custom = models.BooleanField(default=True, help_text="A custom extra field (built-in fields cannot be deleted).")
    value_configs = models.JSONField(
        default=dict,
        blank=True,
        help_text='Type settings, e.g. dropdown {"options": [{"label": "Academic", "value": "academic"}]}; text '
        '{"maxLength": 255}; number {"min": 0, "max": 1000}; checkbox {"label": "…"}.',
    )
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["form_type", "group", "order", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["form_type", "field_name"], name="accounts_form_field_name_unique")
        ]

    def __str__(self) -> str:
        return f"{self.label} ({self.get_form_type_display()}, {self.get_group_display()})"


def _attachment_path(instance: MediaFile, filename: str) -> str:
    # Never the uploader's file name: a random, non-guessable name with the checked extension.
    return f"attachments/{instance.request_type}/{uuid.uuid4().hex}{instance.extension}"


class MediaFile(models.Model):
    """A file uploaded through `POST /api/v2/media/upload` (a company application's attachment). Kept in the
    private storage, never under a public URL: staff download it through Django admin."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    request_type = models.CharField(max_length=40)
    file = models.FileField(upload_to=_attachment_path, storage=private_storage, max_length=200)
    original_name = models.CharField(max_length=255)
    extension = models.CharField(max_length=10, help_text="The checked extension, with its dot.")
    content_type = models.CharField(max_length=100, help_text="The type found in the file's content.")
    size = models.PositiveIntegerField()
    upload_session = models.CharField(max_length=64, db_index=True, help_text="SHA-256 of the upload session key.")
    uploaded_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    company = models.ForeignKey(Company, null=True, blank=True, on_delete=models.CASCADE, related_name="attachments")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at"]
        verbose_name = "uploaded file"

    def __str__(self) -> str:
        return self.original_name


class NewsletterSubscriber(models.Model):
    """`customerSubscribersCreate` and the registration form's marketing box."""

    email = models.EmailField(max_length=254)
    first_name = models.CharField(max_length=150, blank=True)
    last_name = models.CharField(max_length=150, blank=True)
    user = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    channel_id = models.PositiveIntegerField(default=1)
    source = models.CharField(max_length=40, default="newsletter")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(Lower("email"), name="accounts_subscriber_email_ci_unique")]

    def __str__(self) -> str:
        return self.email


# --- masquerade and audit (issue 5) -----------------------------------------------------------------------------


class MasqueradeSession(models.Model):
    """A super admin acting as a company. Bound to the B2B token that began it (ending it there ends it for every
    tab using the token); the storefront pages of the same user follow the most recent open one."""

    class EndReason(models.TextChoices):
        ENDED = "ended", "Ended by the super admin"
        REPLACED = "replaced", "Replaced by another masquerade"
        SIGNED_OUT = "signed_out", "Signed out"
        COMPANY_UNAVAILABLE = "company_unavailable", "The company is no longer approved"
        EXPIRED = "expired", "The session expired"

    super_admin = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="masquerade_sessions")
    super_admin_email = models.EmailField(help_text="Kept when the user is deleted.")
    super_admin_name = models.CharField(max_length=300, blank=True)
    company = models.ForeignKey(Company, null=True, on_delete=models.SET_NULL, related_name="masquerade_sessions")
    company_name = models.CharField(max_length=200, help_text="Kept when the company is deleted.")
    token = models.ForeignKey(B2BToken, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    began_at = models.DateTimeField(default=timezone.now, db_index=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    end_reason = models.CharField(max_length=30, choices=EndReason.choices, blank=True)

    class Meta:
        ordering = ["-began_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["token"], condition=models.Q(ended_at__isnull=True), name="accounts_one_masquerade_per_token"
            )
        ]

    def __str__(self) -> str:
        return f"{self.super_admin_email} as {self.company_name} ({self.began_at:%Y-%m-%d %H:%M})"


class AuditAction(models.TextChoices):
    MASQUERADE_BEGAN = "masquerade_began", "Masquerade began"
    MASQUERADE_ENDED = "masquerade_ended", "Masquerade ended"
    MASQUERADE_ACTION = "masquerade_action", "Action while masquerading"
    COMPANY_APPLIED = "company_applied", "Company applied"
    COMPANY_RESUBMITTED = "company_resubmitted", "Company resubmitted its application"
    COMPANY_APPROVED = "company_approved", "Company approved"
    COMPANY_REJECTED = "company_rejected", "Company rejected"
    COMPANY_STATUS_CHANGED = "company_status_changed", "Company status changed"
    MEMBERSHIP_ROLE_CHANGED = "membership_role_changed", "Member's role changed"
    # User management (issue 16); role changes there are MEMBERSHIP_ROLE_CHANGED.
    COMPANY_USER_ADDED = "company_user_added", "User added to the company"
    COMPANY_USER_UPDATED = "company_user_updated", "User's details changed"
    COMPANY_USER_REMOVED = "company_user_removed", "User removed from the company"
    COMPANY_USER_INVITED = "company_user_invited", "Invitation sent again"
    # Company hierarchy (issue 40).
    COMPANY_UNIT_MOVED = "company_unit_moved", "Unit moved in the company tree"
    COMPANY_UNIT_ENTERED = "company_unit_entered", "Began acting for a unit"
    MEMBERSHIP_UNIT_CHANGED = "membership_unit_changed", "Member moved to another unit"


class AuditEvent(models.Model):
    """Who did what to which company, and under which masquerade session (`audit_record`). Append-only."""

    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    actor = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    actor_email = models.CharField(max_length=254, blank=True, help_text="Kept when the user is deleted.")
    company = models.ForeignKey(Company, null=True, blank=True, on_delete=models.SET_NULL, related_name="audit_events")
    action = models.CharField(max_length=60, db_index=True, help_text="An AuditAction, or another app's own action.")
    object_type = models.CharField(max_length=60, blank=True)
    object_id = models.CharField(max_length=64, blank=True)
    summary = models.CharField(max_length=500)
    changes = models.JSONField(default=dict, blank=True)
    masquerade_session = models.ForeignKey(
        MasqueradeSession, null=True, blank=True, on_delete=models.SET_NULL, related_name="events"
    )

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action}: {self.summary}"


# --- address book (issue 16) -------------------------------------------------------------------------------------


class Address(models.Model):
    """An entry of an address book: a company's (shared by its users) or an individual (B2C) customer's own.

    Exactly one owner. At most one default shipping and one default billing address per owner: the services clear
    the previous default in the same transaction, and the partial unique constraints below are the last guard."""

    company = models.ForeignKey(Company, null=True, blank=True, on_delete=models.CASCADE, related_name="addresses")
    customer = models.ForeignKey(
        User,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="addresses",
        help_text="The individual customer whose own address this is (empty for a company's address).",
    )
    label = models.CharField(max_length=100, blank=True, help_text="A name for the address, e.g. “Receiving dock”.")
    first_name = models.CharField(max_length=150)
    last_name = models.CharField(max_length=150)
    company_name = models.CharField("company", max_length=200, blank=True)
    country_code = models.CharField("country", max_length=2, help_text="ISO 3166-1 alpha-2 (`countries`).")
    state = models.CharField(
        "state / province", max_length=100, blank=True, help_text="The state's code where the country has a list."
    )
    address_line1 = models.CharField(max_length=200)
    address_line2 = models.CharField(max_length=200, blank=True)
    city = models.CharField(max_length=100)
    zip_code = models.CharField("ZIP / postal code", max_length=20)
    phone = models.CharField(max_length=40, blank=True)
    is_shipping = models.BooleanField("shipping address", default=True)
    is_billing = models.BooleanField("billing address", default=True)
    is_default_shipping = models.BooleanField(default=False)
    is_default_billing = models.BooleanField(default=False)
    extra_fields = models.JSONField(
        default=dict, blank=True, help_text="Answers to the store's custom address fields (`accountFormFields`)."
    )
    created_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "addresses"
        ordering = ["label", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(company__isnull=False, customer__isnull=True)
                | models.Q(company__isnull=True, customer__isnull=False),
                name="accounts_address_one_owner",
                violation_error_message="An address belongs to a company or to an individual customer, not both.",
            ),
            # A default shipping (billing) address is a shipping (billing) address.
            models.CheckConstraint(
                condition=~models.Q(is_default_shipping=True, is_shipping=False),
                name="accounts_address_default_shipping_is_shipping",
                violation_error_message="A default shipping address must be a shipping address.",
            ),
            models.CheckConstraint(
                condition=~models.Q(is_default_billing=True, is_billing=False),
                name="accounts_address_default_billing_is_billing",
                violation_error_message="A default billing address must be a billing address.",
            ),
            models.UniqueConstraint(
                fields=["company"],
                condition=models.Q(is_default_shipping=True),
                name="accounts_address_one_default_shipping_per_company",
                violation_error_message="The company has a default shipping address already: untick that one first.",
            ),
            models.UniqueConstraint(
                fields=["company"],
                condition=models.Q(is_default_billing=True),
                name="accounts_address_one_default_billing_per_company",
                violation_error_message="The company has a default billing address already: untick that one first.",
            ),
            models.UniqueConstraint(
                fields=["customer"],
                condition=models.Q(is_default_shipping=True),
                name="accounts_address_one_default_shipping_per_customer",
                violation_error_message="The customer has a default shipping address already: untick that one first.",
            ),
            models.UniqueConstraint(
                fields=["customer"],
                condition=models.Q(is_default_billing=True),
                name="accounts_address_one_default_billing_per_customer",
                violation_error_message="The customer has a default billing address already: untick that one first.",
            ),
        ]

    def __str__(self) -> str:
        place = ", ".join(part for part in (self.address_line1, self.city, self.country_code) if part)
        return f"{self.label} ({place})" if self.label else place
