"""Writes of single sign-on (issue 40, docs/sso.md): the person an identity provider signed in becomes (or stays) a
member of the unit and role its mapping says; a company that requires its provider refuses passwords; staff's
secrets and uploaded metadata.

The protocols themselves are django-allauth's (sso/adapter.py); nothing here reads a token or an assertion."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction

from accounts.models import Company, CompanyMembership, CompanyStatus, User
from accounts.selectors import membership_of
from accounts.services import (
    MemberUnavailable,
    audit_record,
    company_member_provision,
    membership_role_set,
    membership_unit_set,
)
from portal.errors import Refused
from sso.crypto import secret_encrypt
from sso.errors import SsoErrorCode
from sso.models import IdentityProvider, Protocol, RoleMappingRule
from sso.selectors import email_domain, provider_for_company, provider_for_email, provider_reaches, sso_start_url

MAX_METADATA_BYTES = 1024 * 1024
MAX_VALUES = 500  # the values of one attribute (groups) looked at

# The claim (OpenID Connect) and attribute (SAML) names read when a provider's mapping does not name its own.
DEFAULT_MAPPING = {
    Protocol.OIDC: {
        "email": ["email"],
        "first_name": ["given_name"],
        "last_name": ["family_name"],
        "groups": ["groups"],
    },
    Protocol.SAML: {
        "email": ["urn:oid:0.9.2342.19200300.100.1.3", "mail", "email"],
        "first_name": ["urn:oid:2.5.4.42", "givenName"],
        "last_name": ["urn:oid:2.5.4.4", "sn"],
        "groups": ["urn:oid:1.3.6.1.4.1.5923.1.5.1.1", "isMemberOf", "groups"],  # eduPerson isMemberOf
    },
}


class SsoRefused(Refused):
    """A sign-in through an identity provider refused for a reason the person may read (SsoErrorCode)."""

    def __init__(self, code: SsoErrorCode):
        super().__init__(code.label, code=code)


# --- what a provider said ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SignInClaims:
    """What the provider said about the person, read through the provider's attribute mapping."""

    email: str
    first_name: str
    last_name: str
    values: dict[str, list[str]] = field(default_factory=dict)  # every claim / attribute, as lists of strings

    def values_of(self, names: list[str]) -> list[str]:
        for name in names:
            if self.values.get(name):
                return self.values[name]
        return []


def _names(mapping: dict, key: str, default: list[str]) -> list[str]:
    value = mapping.get(key)
    if isinstance(value, str) and value:
        return [value]
    if isinstance(value, list) and value and all(isinstance(item, str) for item in value):
        return value
    return default


def _as_strings(value: object) -> list[str]:
    items = value if isinstance(value, list | tuple) else [value]
    return [str(item) for item in items[:MAX_VALUES] if isinstance(item, str | int) and not isinstance(item, bool)]


def provider_mapping(provider: IdentityProvider) -> dict[str, list[str]]:
    """The provider's attribute names by what they mean, its own where it names them, else the protocol's usual."""
    defaults = DEFAULT_MAPPING[Protocol(provider.protocol)]
    mapping = provider.attribute_mapping if isinstance(provider.attribute_mapping, dict) else {}
    return {key: _names(mapping, key, names) for key, names in defaults.items()}


def sign_in_claims(provider: IdentityProvider, data: dict) -> SignInClaims:
    """`data`: the claims of an OpenID Connect sign-in (the id_token's, then the userinfo's over them) or the
    attributes of a SAML assertion (name → values)."""
    values = {str(name): _as_strings(value) for name, value in data.items()}
    mapping = provider_mapping(provider)
    claims = SignInClaims(email="", first_name="", last_name="", values=values)

    def first(key: str) -> str:
        found = claims.values_of(mapping[key])
        return found[0].strip() if found else ""

    return SignInClaims(
        email=first("email").lower()[:254],
        first_name=first("first_name")[:150],
        last_name=first("last_name")[:150],
        values=values,
    )


def _placement(provider: IdentityProvider, claims: SignInClaims) -> tuple[Company, int]:
    """The unit and role of the first rule that matches, else the provider's default; SSO_NO_UNIT when neither (or
    when the unit is no longer one the provider signs in for: a unit moved out of its tree or given its own)."""
    groups = provider_mapping(provider)["groups"]
    rules = RoleMappingRule.objects.filter(provider=provider).select_related("unit")
    for rule in rules:
        names = [rule.attribute] if rule.attribute else groups
        if rule.value in claims.values_of(names):
            if provider_reaches(provider, rule.unit):
                return rule.unit, rule.role
            break
    else:
        unit = provider.default_unit
        if unit is not None and provider.default_role is not None and provider_reaches(provider, unit):
            return unit, provider.default_role
    raise SsoRefused(SsoErrorCode.SSO_NO_UNIT)


# --- signing a person in ------------------------------------------------------------------------------------------


@transaction.atomic
def sso_member_sign_in(*, provider: IdentityProvider, claims: SignInClaims, linked_user_id: int | None) -> User:
    """The member the provider signed in: `linked_user_id`'s when the provider's subject was linked before, else the
    account with the address the provider gave, made on first sign-in (no usable password) in the unit and role the
    mapping says. Every sign-in brings the name, unit and role up to date (the audit log records each change).

    Refused (SsoRefused, nothing written) when the address is not of one of the provider's domains, when the mapping
    places the person nowhere, when the unit is inactive, and when the account is not an active member the provider
    signs in for: another company's user, an individual customer, staff or a super admin is never taken over."""
    if not claims.email:
        raise SsoRefused(SsoErrorCode.SSO_NO_EMAIL)
    if not provider.domains.filter(domain=email_domain(claims.email)).exists():
        raise SsoRefused(SsoErrorCode.SSO_EMAIL_DOMAIN)
    unit, role = _placement(provider, claims)
    if unit.status in (CompanyStatus.INACTIVE, CompanyStatus.DELETED, CompanyStatus.REJECTED):
        raise SsoRefused(SsoErrorCode.SSO_COMPANY_INACTIVE)
    users = User.objects.select_for_update()
    user = (
        users.filter(pk=linked_user_id).first()
        if linked_user_id is not None
        else users.filter(email__iexact=claims.email).first()
    )
    source = f"single sign-on ({provider.name})"
    if user is None:
        try:
            return company_member_provision(
                company=unit,
                email=claims.email,
                first_name=claims.first_name,
                last_name=claims.last_name,
                role=role,
                source=source,
            )
        except MemberUnavailable:  # the same address was made a moment ago
            raise SsoRefused(SsoErrorCode.SSO_ACCOUNT_UNAVAILABLE) from None
    membership = membership_of(user)
    if membership is None or not provider_reaches(provider, membership.company):
        raise SsoRefused(SsoErrorCode.SSO_ACCOUNT_UNAVAILABLE)
    try:  # accounts' rule for a member another system signs in: active, and no staff or super admin
        company_member_provision(
            company=membership.company,
            email=user.email,
            first_name=claims.first_name,
            last_name=claims.last_name,
            role=role,
            source=source,
        )
    except MemberUnavailable:
        raise SsoRefused(SsoErrorCode.SSO_ACCOUNT_UNAVAILABLE) from None
    _member_update(provider=provider, user=user, membership=membership, claims=claims, unit=unit, role=role)
    return user


def _member_update(
    *,
    provider: IdentityProvider,
    user: User,
    membership: CompanyMembership,
    claims: SignInClaims,
    unit: Company,
    role: int,
) -> None:
    names = {"first_name": claims.first_name, "last_name": claims.last_name}
    changed = [name for name, value in names.items() if value and getattr(user, name) != value]
    if changed:
        for name in changed:
            setattr(user, name, names[name])
        user.save(update_fields=changed)
        audit_record(
            action="company_user_updated",
            summary=f"{user.email}: details changed ({', '.join(changed)}) by single sign-on ({provider.name})",
            company=membership.company,
            target=user,
            changes={"fields": changed, "source": "sso"},
        )
    membership_unit_set(
        membership=membership, unit=unit, summary_suffix=f" by single sign-on ({provider.name})",
        changes={"source": "sso"},
    )  # fmt: skip
    if membership.role != role or membership.custom_role_id is not None:
        membership_role_set(membership=membership, role=role, custom_role=None)


# --- passwords at a company that requires single sign-on --------------------------------------------------------


def sso_password_refusal(*, email: str, user: User | None = None) -> None:
    """The one check of every password door (accounts.services.password_refusal): refused (SSO_REQUIRED) for an
    address of a domain whose provider requires single sign-on, and for a member of a company (or unit) whose
    provider does. With `user` None only the address is looked at, which says nothing about any account."""
    if user is None:
        provider = provider_for_email(email)
    else:
        membership = membership_of(user)
        provider = provider_for_company(membership.company) if membership is not None else None
    if provider is not None and provider.sso_required:
        raise SsoRequired(provider)


class SsoRequired(Refused):
    """SSO_REQUIRED, with the provider's start page (`start_url`) for a client that can go there."""

    def __init__(self, provider: IdentityProvider):
        start_url = sso_start_url(provider)
        super().__init__(
            SsoErrorCode.SSO_REQUIRED.label,
            code=SsoErrorCode.SSO_REQUIRED,
            extensions={"startUrl": start_url, "providerName": provider.name},
        )
        self.start_url = start_url
        self.provider_name = provider.name


# --- staff's configuration ----------------------------------------------------------------------------------------


def identity_provider_client_secret_set(*, provider: IdentityProvider, secret: str) -> None:
    """Store the OpenID Connect client secret, encrypted (sso/crypto.py); it is never shown back."""
    provider.client_secret_encrypted = secret_encrypt(secret)
    IdentityProvider.objects.filter(pk=provider.pk).update(client_secret_encrypted=provider.client_secret_encrypted)


@dataclass(frozen=True)
class SamlIdpMetadata:
    entity_id: str
    sso_url: str
    x509cert: str


def saml_metadata_parse(xml: bytes) -> SamlIdpMetadata:
    """An identity provider's uploaded SAML metadata, read by python3-saml (its parser refuses DTDs and entities):
    its entity ID, its HTTP-Redirect sign-in URL and its signing certificate."""
    from onelogin.saml2.idp_metadata_parser import OneLogin_Saml2_IdPMetadataParser

    invalid = ValidationError(
        "This is not an identity provider's SAML metadata with a sign-in URL and a signing certificate.",
        code="invalid",
    )
    if len(xml) > MAX_METADATA_BYTES:
        raise ValidationError("The metadata file is larger than 1 MB.", code="max_length")
    try:
        parsed = OneLogin_Saml2_IdPMetadataParser.parse(xml)
    except Exception as exc:  # the parser raises lxml's and its own errors alike
        raise invalid from exc
    idp = parsed.get("idp") or {}
    sso_url = (idp.get("singleSignOnService") or {}).get("url", "")
    cert = idp.get("x509cert") or next(iter((idp.get("x509certMulti") or {}).get("signing") or []), "")
    if not idp.get("entityId") or not sso_url or not cert:
        raise invalid
    return SamlIdpMetadata(entity_id=idp["entityId"], sso_url=sso_url, x509cert=cert)
