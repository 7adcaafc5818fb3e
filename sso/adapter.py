"""django-allauth's social-account adapter for the companies' identity providers (issue 40, docs/sso.md).

allauth speaks the protocols (OpenID Connect code flow with PKCE; SAML 2.0 through python3-saml); this adapter,
through allauth's documented hooks only, gives it the providers and decides who a returning person is:

- `list_apps`: allauth's SocialApp objects are built, unsaved, from the enabled IdentityProvider rows at each
  sign-in. Nothing is copied into allauth's own table, so the client secret is only ever stored encrypted (ours) and
  staff have one place to configure a provider.
- `pre_social_login`: after allauth has validated the sign-in, sso.services decides the member (JIT creation,
  unit and role) or refuses with a page; nothing is written on a refusal.
- `on_authentication_error`: every protocol failure ends on our page, never on allauth's account pages (which are
  not mounted: passwords are the storefront's)."""

from __future__ import annotations

import logging

from allauth.core.exceptions import ImmediateHttpResponse
from allauth.socialaccount.adapter import DefaultSocialAccountAdapter
from allauth.socialaccount.models import SocialApp
from allauth.socialaccount.providers.base import AuthProcess
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.services import storefront_session_binding, storefront_session_tokens_revoke
from sso.crypto import secret_decrypt
from sso.errors import SsoErrorCode
from sso.models import IdentityProvider, Protocol
from sso.services import SsoRefused, provider_mapping, sign_in_claims, sso_member_sign_in

logger = logging.getLogger(__name__)

ALLAUTH_PROVIDER = {Protocol.OIDC: "openid_connect", Protocol.SAML: "saml"}


def social_app(provider: IdentityProvider) -> SocialApp:
    """The allauth app of a provider (unsaved). Its `provider_id` (OpenID Connect) and `client_id` (SAML: the
    organization slug of its addresses) are the provider's slug; a linked person's SocialAccount.provider is too."""
    if provider.protocol == Protocol.OIDC:
        settings: dict = {
            "server_url": provider.server_url,
            # OIDC Discovery §4.3: the issuer the discovery document names must be the one configured; allauth
            # checks the id_token's `iss` against this value, so another issuer's token is refused.
            "openid_configuration_overrides": {"issuer": provider.server_url},
            "oauth_pkce_enabled": True,
            "uid_field": "sub",
            "scope": provider.scopes.split(),
            "fetch_userinfo": True,
        }
        return SocialApp(
            provider=ALLAUTH_PROVIDER[Protocol.OIDC],
            provider_id=provider.slug,
            name=provider.name,
            client_id=provider.client_id,
            secret=secret_decrypt(provider.client_secret_encrypted),
            settings=settings,
        )
    mapping = provider_mapping(provider)
    idp: dict = {"entity_id": provider.entity_id}
    if provider.metadata_url:
        idp["metadata_url"] = provider.metadata_url
    else:
        idp.update(sso_url=provider.sso_url, x509cert=provider.x509cert)
    return SocialApp(
        provider=ALLAUTH_PROVIDER[Protocol.SAML],
        provider_id=provider.slug,
        name=provider.name,
        client_id=provider.slug,
        settings={
            "idp": idp,
            # No "uid": the subject is the assertion's NameID (docs/sso.md: ask for a persistent one).
            "attribute_mapping": {key: mapping[key] for key in ("email", "first_name", "last_name")},
            "advanced": {
                # Forced: both the response and its assertion signed by the provider's certificate; the SP starts
                # every sign-in (an unsolicited response could be replayed: python3-saml keeps no assertion IDs).
                "want_assertion_signed": True,
                "want_message_signed": True,
                "reject_idp_initiated_sso": True,
                "strict": True,
                "reject_deprecated_algorithm": True,
            },
        },
    )


def refusal_page(request: HttpRequest, code: SsoErrorCode, *, status: int = 403) -> HttpResponse:
    return render(request, "sso/refused.html", {"code": code, "message": code.label}, status=status)


class PortalSocialAccountAdapter(DefaultSocialAccountAdapter):
    def list_apps(self, request, provider=None, client_id=None):
        rows = IdentityProvider.objects.filter(enabled=True)
        if provider in ALLAUTH_PROVIDER.values():
            rows = rows.filter(protocol=next(key for key, value in ALLAUTH_PROVIDER.items() if value == provider))
        elif provider:
            rows = rows.filter(slug=provider)
        if client_id:
            rows = rows.filter(slug=client_id)
        return [social_app(row) for row in rows]

    def is_auto_signup_allowed(self, request, sociallogin) -> bool:
        return True  # the member is decided in pre_social_login; allauth never shows a sign-up form

    def pre_social_login(self, request, sociallogin) -> None:
        app = sociallogin.account.get_provider().app
        provider = IdentityProvider.objects.filter(slug=app.provider_id, enabled=True).select_related("company").first()
        if provider is None:
            raise ImmediateHttpResponse(refusal_page(request, SsoErrorCode.SSO_UNKNOWN_PROVIDER))
        if sociallogin.state.get("process", AuthProcess.LOGIN) != AuthProcess.LOGIN:
            # Only signing in: connecting a provider's account to whoever is signed in is not offered.
            raise ImmediateHttpResponse(refusal_page(request, SsoErrorCode.SSO_FAILED))
        data = sociallogin.account.extra_data or {}
        if provider.protocol == Protocol.OIDC:  # the id_token's claims, the userinfo's over them
            data = {**(data.get("id_token") or {}), **(data.get("userinfo") or {})}
        linked = sociallogin.user.pk if sociallogin.is_existing else None
        try:
            user = sso_member_sign_in(provider=provider, claims=sign_in_claims(provider, data), linked_user_id=linked)
        except SsoRefused as exc:
            logger.info("Single sign-on through %s refused: %s", provider.slug, exc.code)
            raise ImmediateHttpResponse(refusal_page(request, SsoErrorCode(str(exc.code)))) from None
        if request.user.is_authenticated and request.user.pk != user.pk:
            # Another customer was signed in in this browser: the portal sessions handed over from theirs end too
            # (as the storefront's sign-in does before it switches customers).
            storefront_session_tokens_revoke(binding=storefront_session_binding(session=request.session, create=False))
        sociallogin.user = user
        if sociallogin.account.pk is None:
            sociallogin.save(request, connect=True)  # links the provider's subject to the member

    def on_authentication_error(self, request, provider, error=None, exception=None, extra_context=None) -> None:
        logger.warning(
            "Single sign-on through %s failed: %s %s %s",
            getattr(getattr(provider, "app", None), "provider_id", provider),
            error,
            exception,
            (extra_context or {}).get("saml_last_error_reason", ""),
        )
        raise ImmediateHttpResponse(refusal_page(request, SsoErrorCode.SSO_FAILED, status=401))

    def send_notification_mail(self, *args, **kwargs) -> None:
        """No "account connected" e-mail: linking the provider's subject at first sign-in is not news to anyone."""
