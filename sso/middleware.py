"""allauth refuses a SAML response that answers no sign-in of this browser (replayed, unsolicited, its state used up)
with Django's PermissionDenied; on the providers' addresses that refusal gets the same page as every other one."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse

from sso.adapter import refusal_page
from sso.errors import SsoErrorCode

SSO_VIEWS = {"saml_acs", "saml_finish_acs", "saml_login", "openid_connect_login", "openid_connect_callback"}


class SsoRefusalMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        match = request.resolver_match
        if isinstance(exception, PermissionDenied) and match is not None and match.url_name in SSO_VIEWS:
            return refusal_page(request, SsoErrorCode.SSO_FAILED)
        return None
