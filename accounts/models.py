"""Users, companies, company membership and B2B tokens (shell §3, §4; ARCHITECTURE §8)."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.contrib.auth.models import PermissionsMixin
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone


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

    def get_by_natural_key(self, username: str) -> User:
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
    date_joined = models.DateTimeField(default=timezone.now)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS: list[str] = []

    class Meta:
        constraints = [models.UniqueConstraint(Lower("email"), name="accounts_user_email_ci_unique")]

    def __str__(self) -> str:
        return self.email

    def get_full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    def get_short_name(self) -> str:
        return self.first_name or self.email


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


class Company(models.Model):
    name = models.CharField(max_length=200)
    email = models.EmailField("company e-mail")
    phone = models.CharField(max_length=40, blank=True)
    country_code = models.CharField(max_length=2, blank=True)
    address_line1 = models.CharField(max_length=200, blank=True)
    address_line2 = models.CharField(max_length=200, blank=True)
    city = models.CharField(max_length=100, blank=True)
    state = models.CharField(max_length=100, blank=True)
    zip_code = models.CharField(max_length=20, blank=True)
    status = models.IntegerField(choices=CompanyStatus.choices, default=CompanyStatus.PENDING, db_index=True)
    customer_group = models.ForeignKey(CustomerGroup, null=True, blank=True, on_delete=models.SET_NULL)
    extra_fields = models.JSONField(default=dict, blank=True)
    # Company credit (shell §3 company credit config).
    credit_enabled = models.BooleanField(default=False, help_text="The company may buy on account.")
    credit_currency = models.CharField(max_length=3, default="USD")
    credit_limit = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    available_credit = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    limit_purchases = models.BooleanField(
        default=True, help_text="Refuse orders on account above the available credit."
    )
    credit_hold = models.BooleanField(default=False, help_text="Orders on account are refused while on hold.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "companies"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


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
        if self.role == CompanyRole.CUSTOM and self.custom_role_id:
            return self.custom_role.name
        return CompanyRole(self.role).label


class B2BToken(models.Model):
    """A bearer token of the B2B API. Only its SHA-256 is stored; it expires and can be revoked."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="b2b_tokens")
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = "B2B token"

    def __str__(self) -> str:
        return f"token of {self.user} (expires {self.expires_at:%Y-%m-%d %H:%M})"
