"""Identity providers of companies (issue 40, docs/sso.md): the OpenID Connect or SAML 2.0 service a company (and
every unit below it, unless a unit has its own) signs its people in with, the e-mail domains that lead to it, and
the rules that place a person signing in for the first time in a unit with a role."""

from __future__ import annotations

from django.db import models
from django.db.models.functions import Lower

from accounts.models import Company, CompanyRole

# The roles a provider's people may be given: a company's own roles, never a custom role (its template is the
# company's, chosen by its admin) nor a super admin.
SSO_ROLES = [
    (CompanyRole.ADMIN.value, CompanyRole.ADMIN.label),
    (CompanyRole.SENIOR_BUYER.value, CompanyRole.SENIOR_BUYER.label),
    (CompanyRole.JUNIOR_BUYER.value, CompanyRole.JUNIOR_BUYER.label),
]


class Protocol(models.TextChoices):
    OIDC = "oidc", "OpenID Connect"
    SAML = "saml", "SAML 2.0"


class IdentityProvider(models.Model):
    """One company's identity provider. Its `slug` names it in the sign-in addresses (/sso/oidc/<slug>/…,
    /sso/saml/<slug>/…) and in the people's linked accounts, so it does not change once made."""

    company = models.OneToOneField(
        Company,
        on_delete=models.CASCADE,
        related_name="identity_provider",
        help_text="The company whose people sign in here; the units below it too, unless a unit has its own.",
    )
    protocol = models.CharField(max_length=4, choices=Protocol.choices)
    name = models.CharField(max_length=100, help_text="Shown to buyers: “Sign in with <name>”.")
    slug = models.SlugField(max_length=50, unique=True, help_text="Part of its sign-in addresses; cannot change.")
    sso_required = models.BooleanField(
        "single sign-on required",
        default=False,
        help_text="Passwords are refused for the people of the company and its units: they sign in here only.",
    )
    enabled = models.BooleanField(default=True)
    # OpenID Connect: the issuer (its discovery document is <issuer>/.well-known/openid-configuration) and the client.
    server_url = models.URLField("issuer", blank=True, help_text="OpenID Connect: the issuer URL, exactly.")
    client_id = models.CharField(max_length=255, blank=True)
    client_secret_encrypted = models.TextField(blank=True, default="", editable=False)
    scopes = models.CharField(
        max_length=255, default="openid profile email", help_text="OpenID Connect: the scopes asked for."
    )
    # SAML 2.0: the identity provider's entity ID and either its metadata URL (fetched and cached) or what its
    # uploaded metadata said (sign-in URL and signing certificate).
    entity_id = models.CharField("IdP entity ID", max_length=255, blank=True)
    metadata_url = models.URLField(blank=True, help_text="SAML: the identity provider's metadata URL.")
    sso_url = models.URLField("IdP sign-in URL", blank=True)
    x509cert = models.TextField("IdP signing certificate", blank=True)
    attribute_mapping = models.JSONField(
        default=dict,
        blank=True,
        help_text='Claim or attribute names: {"email": …, "first_name": …, "last_name": …, "groups": …}; each a '
        "name or a list of names, the first present wins. Empty: the protocol's usual names (docs/sso.md).",
    )
    default_unit = models.ForeignKey(
        Company,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="Where a person no rule places goes (the company or a unit below it). Empty: they are refused.",
    )
    default_role = models.IntegerField(choices=SSO_ROLES, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(default_unit__isnull=True, default_role__isnull=True)
                | models.Q(default_unit__isnull=False, default_role__isnull=False),
                name="sso_provider_default_unit_and_role",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_protocol_display()})"


class EmailDomain(models.Model):
    """An e-mail domain whose addresses sign in through the provider (`ssoSignIn`): one provider per domain."""

    provider = models.ForeignKey(IdentityProvider, on_delete=models.CASCADE, related_name="domains")
    domain = models.CharField(max_length=253, unique=True, help_text="Lower-case, without “@”: northfield.edu")

    class Meta:
        ordering = ["domain"]
        constraints = [
            models.CheckConstraint(condition=models.Q(domain=Lower("domain")), name="sso_domain_lower_case"),
        ]

    def __str__(self) -> str:
        return self.domain


class RoleMappingRule(models.Model):
    """A person whose `attribute` (empty: the provider's groups attribute) has `value` is placed in `unit` with
    `role`; rules are tried in `position` order and the first that matches wins, at every sign-in."""

    provider = models.ForeignKey(IdentityProvider, on_delete=models.CASCADE, related_name="rules")
    position = models.PositiveSmallIntegerField(default=0)
    attribute = models.CharField(max_length=255, blank=True, help_text="Empty: the groups attribute.")
    value = models.CharField(max_length=255)
    unit = models.ForeignKey(
        Company, on_delete=models.PROTECT, related_name="+", help_text="The company or a unit below it."
    )
    role = models.IntegerField(choices=SSO_ROLES)

    class Meta:
        ordering = ["position", "pk"]

    def __str__(self) -> str:
        return f"{self.attribute or 'groups'} = {self.value} → {self.unit} ({self.get_role_display()})"
