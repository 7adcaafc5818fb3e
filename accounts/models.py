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
    extra_fields = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "companies"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


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
    custom_role_name = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(role=CompanyRole.CUSTOM) | ~models.Q(custom_role_name=""),
                name="accounts_membership_custom_role_named",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} @ {self.company} ({self.role_name})"

    @property
    def role_name(self) -> str:
        if self.role == CompanyRole.CUSTOM:
            return self.custom_role_name
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
