"""Django admin for the companies' identity providers (issue 40): staff configure a provider, its e-mail domains and
its role mapping rules here. The OpenID Connect client secret is write-only (stored encrypted, never shown back);
SAML metadata comes from its URL or from an uploaded file that is read once into the fields it fills."""

from __future__ import annotations

from urllib.parse import urlsplit

from allauth.socialaccount.models import SocialApp, SocialToken
from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.html import format_html

from accounts.models import Company
from sso.models import EmailDomain, IdentityProvider, Protocol, RoleMappingRule
from sso.services import identity_provider_client_secret_set, saml_metadata_parse

RESERVED_SLUGS = {"oidc", "saml"}  # the first part of allauth's addresses under /sso/
LOOPBACK_HOSTS = {"localhost", "127.0.0.1", "::1"}

# allauth's own apps and tokens are not used: the providers are built from IdentityProvider rows (sso/adapter.py)
# and no provider token is kept. Their admin pages would only mislead.
for model in (SocialApp, SocialToken):
    if admin.site.is_registered(model):
        admin.site.unregister(model)


def _in_subtree(company: Company, unit: Company | None) -> bool:
    return unit is not None and unit.tree_path.startswith(company.tree_path)


def _https_or_loopback(url: str) -> bool:
    """OpenID Connect's back channel carries the id_token, which allauth takes without checking its signature in the
    code flow (OIDC Core §3.1.3.7 allows it over TLS): only https, or plain http to this machine for a test provider."""
    parts = urlsplit(url)
    return parts.scheme == "https" or (parts.scheme == "http" and (parts.hostname or "") in LOOPBACK_HOSTS)


def _formfield(field, **kwargs):
    if isinstance(field, models.URLField):
        kwargs.setdefault("assume_scheme", "https")  # Django 6's default, and what an identity provider speaks
    return field.formfield(**kwargs)


class IdentityProviderForm(forms.ModelForm):
    client_secret = forms.CharField(
        required=False,
        strip=True,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "new-password"}),
        help_text="OpenID Connect: write-only. Stored encrypted and never shown again; leave empty to keep the "
        "stored one.",
    )
    metadata_file = forms.FileField(
        required=False,
        help_text="SAML: the identity provider's metadata XML. Its entity ID, sign-in URL and signing certificate "
        "are read into the fields below (instead of a metadata URL).",
    )

    class Meta:
        model = IdentityProvider
        fields = [
            "company", "protocol", "name", "slug", "enabled", "sso_required", "server_url", "client_id", "scopes",
            "entity_id", "metadata_url", "sso_url", "x509cert", "attribute_mapping", "default_unit", "default_role",
        ]  # fmt: skip
        formfield_callback = _formfield

    def clean_slug(self) -> str:
        slug = self.cleaned_data["slug"]
        if slug in RESERVED_SLUGS:
            raise ValidationError("This slug is reserved.", code="invalid")
        return slug

    def clean(self) -> dict:
        super().clean()
        data = self.cleaned_data
        protocol = data.get("protocol")
        company = data.get("company")
        if protocol == Protocol.OIDC:
            self._clean_oidc(data)
        elif protocol == Protocol.SAML:
            self._clean_saml(data)
        unit = data.get("default_unit")
        if company is not None and unit is not None and not _in_subtree(company, unit):
            self.add_error("default_unit", "Choose the provider's company or a unit below it.")
        if (data.get("default_unit") is None) != (data.get("default_role") is None):
            self.add_error("default_role", "A default unit needs a default role, and a default role a unit.")
        return data

    def _clean_oidc(self, data: dict) -> None:
        if not data.get("server_url"):
            self.add_error("server_url", "OpenID Connect needs the issuer URL.")
        elif not _https_or_loopback(data["server_url"]):
            self.add_error("server_url", "The issuer must be an https:// URL.")
        if not data.get("client_id"):
            self.add_error("client_id", "OpenID Connect needs the client ID.")
        if not data.get("client_secret") and not (self.instance.pk and self.instance.client_secret_encrypted):
            self.add_error("client_secret", "OpenID Connect needs the client secret.")

    def _clean_saml(self, data: dict) -> None:
        upload = data.get("metadata_file")
        if upload is not None:
            try:
                metadata = saml_metadata_parse(upload.read(2 * 1024 * 1024))
            except ValidationError as exc:
                self.add_error("metadata_file", exc)
                return
            data.update(entity_id=metadata.entity_id, sso_url=metadata.sso_url, x509cert=metadata.x509cert)
            data["metadata_url"] = ""
        if not data.get("entity_id"):
            self.add_error("entity_id", "SAML needs the identity provider's entity ID.")
        if not data.get("metadata_url") and not (data.get("sso_url") and data.get("x509cert")):
            self.add_error("metadata_url", "Give the metadata URL, or upload the metadata (or fill in the sign-in URL "
                           "and the signing certificate).")  # fmt: skip


class EmailDomainForm(forms.ModelForm):
    class Meta:
        model = EmailDomain
        fields = ["domain"]

    def clean_domain(self) -> str:
        domain = self.cleaned_data["domain"].strip().lower().lstrip("@")
        if "." not in domain or "@" in domain or " " in domain:
            raise ValidationError("Give a domain such as northfield.edu.", code="invalid")
        return domain


class EmailDomainInline(admin.TabularInline):
    model = EmailDomain
    form = EmailDomainForm
    extra = 1


class RuleFormSet(forms.BaseInlineFormSet):
    def clean(self) -> None:
        super().clean()
        company = getattr(self.instance, "company", None)
        if company is None:
            return
        for form in self.forms:
            unit = form.cleaned_data.get("unit") if hasattr(form, "cleaned_data") else None
            if unit is not None and not form.cleaned_data.get("DELETE") and not _in_subtree(company, unit):
                form.add_error("unit", "Choose the provider's company or a unit below it.")


class RoleMappingRuleInline(admin.TabularInline):
    model = RoleMappingRule
    formset = RuleFormSet
    extra = 1
    fields = ["position", "attribute", "value", "unit", "role"]
    autocomplete_fields = ["unit"]


@admin.register(IdentityProvider)
class IdentityProviderAdmin(admin.ModelAdmin):
    form = IdentityProviderForm
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}
    list_display = ["name", "protocol", "company", "slug", "sso_required", "enabled", "domain_list"]
    list_filter = ["protocol", "sso_required", "enabled"]
    search_fields = ["name", "slug", "company__name", "domains__domain"]
    autocomplete_fields = ["company", "default_unit"]
    inlines = [EmailDomainInline, RoleMappingRuleInline]
    readonly_fields = ["client_secret_state", "sign_in_addresses"]
    fieldsets = [
        (None, {"fields": ["company", "protocol", "name", "slug", "enabled", "sso_required"]}),
        ("OpenID Connect", {"fields": ["server_url", "client_id", "client_secret", "client_secret_state", "scopes"]}),
        ("SAML 2.0", {"fields": ["entity_id", "metadata_url", "metadata_file", "sso_url", "x509cert"]}),
        ("People", {"fields": ["attribute_mapping", "default_unit", "default_role"]}),
        ("For the identity provider's administrator", {"fields": ["sign_in_addresses"]}),
    ]

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        return [*fields, "slug", "protocol"] if obj is not None else fields

    @admin.display(description="e-mail domains")
    def domain_list(self, obj: IdentityProvider) -> str:
        return ", ".join(domain.domain for domain in obj.domains.all())

    @admin.display(description="client secret")
    def client_secret_state(self, obj: IdentityProvider) -> str:
        return "stored (encrypted; not shown)" if obj.client_secret_encrypted else "not set"

    @admin.display(description="addresses")
    def sign_in_addresses(self, obj: IdentityProvider) -> str:
        if obj.pk is None:
            return "Shown once the provider is saved."
        if obj.protocol == Protocol.OIDC:
            callback = reverse("openid_connect_callback", kwargs={"provider_id": obj.slug})
            return format_html("Redirect URI to register: <code>&lt;site&gt;{}</code>", callback)
        metadata = reverse("saml_metadata", kwargs={"organization_slug": obj.slug})
        return format_html("Service provider metadata: <code>&lt;site&gt;{}</code>", metadata)

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("company").prefetch_related("domains")

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        if form.cleaned_data.get("client_secret"):
            identity_provider_client_secret_set(provider=obj, secret=form.cleaned_data["client_secret"])
