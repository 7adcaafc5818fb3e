"""Storefront sign-in (Django session) and its hand-over to the portal (ARCHITECTURE §8). The sign-in and sign-out
POSTs, the CSRF token and the customer JWT are REST edges on the storefront's session (portal.rest); a refusal
asked for as JSON leaves through portal.rest.errors, the form shows it on its page."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import login, logout
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.views.decorators.http import require_GET
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, authentication_classes, parser_classes
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.selectors import staff_only
from accounts.services import (
    SignInThrottled,
    customer_authenticate,
    customer_jwt_issue,
    storefront_session_binding,
    storefront_session_tokens_revoke,
)
from portal.cache import claim_once
from portal.errors import Refused
from portal.rest.authentication import StorefrontSessionAuthentication
from portal.rest.parsers import form_fields
from portal.rest.schema import body, refusals
from portal.selectors import DEFAULT_CHANNEL_ID, store_current

MAX_FIELD = 4096


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _end_portal_sessions(request) -> None:
    """The B2B tokens the overlay got from this browser's storefront session end with it (issue 12)."""
    storefront_session_tokens_revoke(binding=storefront_session_binding(session=request.session, create=False))


def _switching_customer(request, user) -> bool:
    return request.user.is_authenticated and request.user.pk != user.pk


_NEXT = serializers.CharField(required=False, help_text="A path of this site to go to afterwards.")
_FORM_OR_JSON = (
    "A form post answers with a redirect (or the form with its error); with `Accept: application/json`, with JSON."
)


def _safe_next(request: Request) -> str:
    target = form_fields(request).get("next") or request.query_params.get("next") or "/"
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return "/"


class SignInView(APIView):
    """The storefront's sign-in form; with `Accept: application/json` it is the overlay's first sign-in step."""

    authentication_classes = [StorefrontSessionAuthentication]
    parser_classes = [FormParser, MultiPartParser]

    @extend_schema(responses={(200, "text/html"): OpenApiResponse(description="The sign-in form.")})
    def get(self, request: Request) -> HttpResponse:
        return self._form(request, email="", error=None)

    @extend_schema(
        description=_FORM_OR_JSON,
        request=body(
            "application/x-www-form-urlencoded",
            "StorefrontSignIn",
            {"email": serializers.EmailField(), "password": serializers.CharField(), "next": _NEXT},
        ),
        responses={
            200: inline_serializer(
                name="StorefrontSignedIn",
                fields={"ok": serializers.BooleanField(), "customerId": serializers.IntegerField()},
            ),
            302: OpenApiResponse(description="Signed in: on to `next`."),
            **refusals(400, 403, 429),
        },
    )
    def post(self, request: Request) -> HttpResponse:
        fields = form_fields(request)
        email = str(fields.get("email", ""))[:MAX_FIELD]
        password = str(fields.get("password", ""))[:MAX_FIELD]
        try:
            user = customer_authenticate(request=request._request, email=email, password=password)
        except (ValidationError, Refused) as exc:
            # Each refusal has its code (INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS, STAFF_ACCOUNT, …) and message.
            if _wants_json(request):
                raise
            return self._form(request, email=email, error=exc)
        if _switching_customer(request, user):
            _end_portal_sessions(request)  # the previous customer's, before login() flushes the session
        login(request._request, user, backend="django.contrib.auth.backends.ModelBackend")
        if _wants_json(request):
            return Response({"ok": True, "customerId": user.pk})
        return redirect(_safe_next(request))

    def _form(self, request: Request, *, email: str, error: Exception | None) -> HttpResponse:
        get_token(request._request)  # the form's CSRF cookie, set with the page
        throttled = isinstance(error, SignInThrottled)
        next_url = _safe_next(request)
        context: dict[str, object] = {"store": store_current(), "error": error, "email": email, "next": next_url}
        extensions = getattr(error, "extensions", {})
        if extensions.get("startUrl"):  # SSO_REQUIRED (issue 40): on to the organisation's sign-in, then to `next`
            path, _, _ = str(extensions["startUrl"]).partition("?")
            url = f"{path}?{urlencode({'next': next_url})}"
            context["sso"] = {"url": url, "provider": extensions.get("providerName")}
        status = 429 if throttled else 400 if error else 200
        response = render(request._request, "storefront/login.html", context, status=status)
        if isinstance(error, SignInThrottled):  # throttled
            response["Retry-After"] = str(error.retry_after)
        return response


@extend_schema(
    responses={200: inline_serializer(name="CsrfToken", fields={"csrfToken": serializers.CharField()})},
)
@api_view(["GET"])
@authentication_classes([StorefrontSessionAuthentication])
def csrf_token(request: Request) -> Response:
    """`GET /api/v2/csrf-token`: the token the sign-in and sign-out POSTs send, for an overlay on another origin,
    which cannot read this site's CSRF cookie (the answer sets it). Only CORS_ALLOWED_ORIGINS can read the answer."""
    response = Response({"csrfToken": get_token(request._request)})
    response["Cache-Control"] = "no-store"
    return response


@extend_schema(
    description="Sign the customer out of the storefront, and end the portal sessions it handed over. " + _FORM_OR_JSON,
    request=None,
    responses={
        200: inline_serializer(name="StorefrontSignedOut", fields={"ok": serializers.BooleanField()}),
        302: OpenApiResponse(description="Signed out: to the portal's sign-in page."),
        **refusals(403),
    },
)
@api_view(["POST"])
@authentication_classes([StorefrontSessionAuthentication])
@parser_classes([FormParser, MultiPartParser])
def sign_out(request: Request) -> HttpResponse:
    _end_portal_sessions(request)
    logout(request._request)
    if _wants_json(request):
        return Response({"ok": True})
    return redirect("/#/login?loginFlag=3")


@extend_schema(
    parameters=[
        OpenApiParameter("app_client_id", OpenApiTypes.STR, OpenApiParameter.QUERY, required=True),
        OpenApiParameter("channel_id", OpenApiTypes.INT, OpenApiParameter.QUERY, description="1 by default."),
    ],
    responses={
        (200, "application/jwt"): OpenApiResponse(OpenApiTypes.STR, description="The signed-in customer's JWT."),
        204: OpenApiResponse(description="Nobody is signed in (or the caller is the supplier's staff)."),
        **refusals(400),
    },
)
@api_view(["GET"])
@authentication_classes([StorefrontSessionAuthentication])
def current_customer_jwt(request: Request) -> HttpResponse:
    """`GET /customer/current.jwt?app_client_id=…`: a short-lived JWT of the signed-in customer (shell §7), as text."""
    if request.query_params.get("app_client_id") != settings.PORTAL_APP_CLIENT_ID:
        raise ValidationError({"app_client_id": [ValidationError("Unknown app_client_id.", code="invalid")]})
    if not request.user.is_authenticated or staff_only(request.user):
        # A guest is not an error (issue 13: a 401 on every guest's page load filled the browser console); the
        # supplier's staff are no customers. Nobody to hand over: 204, no body.
        return HttpResponse(status=204)
    try:
        channel_id = int(request.query_params.get("channel_id", DEFAULT_CHANNEL_ID))
    except ValueError:
        raise ValidationError(
            {"channel_id": [ValidationError("channel_id must be a number.", code="invalid")]}
        ) from None
    token = customer_jwt_issue(
        user=request.user,
        app_client_id=settings.PORTAL_APP_CLIENT_ID,
        channel_id=channel_id,
        storefront_session=storefront_session_binding(session=request.session, create=True),
    )
    response = HttpResponse(token, content_type="application/jwt")
    response["Cache-Control"] = "no-store"
    return response


CHECKOUT_LOGIN_MAX_AGE = 300  # seconds


@require_GET
def checkout_login(request, token: str):
    """Follow a `checkoutLogin` link: sign in its user on the storefront, adopt its cart, go to checkout — for a cart
    that pays invoices, to its invoice checkout (issue 20; it never becomes the shopping cart of the cookie)."""
    from django.core import signing

    from accounts.models import User
    from storefront.graphql.mutations import CHECKOUT_LOGIN_SALT
    from storefront.services import CART_COOKIE

    try:
        data = signing.loads(token, salt=CHECKOUT_LOGIN_SALT, max_age=CHECKOUT_LOGIN_MAX_AGE)
    except signing.BadSignature:
        return redirect("/cart.php")
    # One use only: the link is a credential for five minutes. While the cache is down its use cannot be checked: the
    # shopper goes to the cart, as with a used link, and the link still works once the cache answers.
    try:
        first_use = claim_once(f"checkout-login:{data.get('nonce')}", timeout=CHECKOUT_LOGIN_MAX_AGE + 60)
    except Refused:
        first_use = False
    if not first_use:
        return redirect("/cart.php")
    user = User.objects.filter(pk=data.get("user"), is_active=True).first()
    if user is None:
        return redirect("/cart.php")
    if not request.user.is_authenticated or request.user.pk != user.pk:
        if _switching_customer(request, user):
            _end_portal_sessions(request)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    from storefront.models import Cart

    if Cart.objects.filter(pk=data["cart"], user=user, invoice_payment__isnull=False).exists():
        return redirect("storefront:invoice-checkout", cart_id=data["cart"])
    response = redirect("/checkout")
    response.set_cookie(CART_COOKIE, data["cart"], max_age=60 * 60 * 24 * 30, httponly=True, samesite="Lax")
    return response


@extend_schema(
    parameters=[
        OpenApiParameter(
            "next", OpenApiTypes.STR, OpenApiParameter.QUERY, description="A path of this site to go to afterwards."
        )
    ],
    responses={
        204: OpenApiResponse(description="Signed in (no body)."),
        302: OpenApiResponse(
            description="With `next`: on to it, signed in; or to the sign-in page when the token is not valid."
        ),
        **refusals(403),
    },
)
@api_view(["GET"])
@authentication_classes([StorefrontSessionAuthentication])
def login_with_token(request: Request, token: str) -> HttpResponse:
    """`GET /login/token/{token}` (shell §7, fire and forget; issue 22): sign the storefront session in as the user of a
    one-time token from `storefrontLoginToken`. A token that is forged, expired or used signs nobody in (403
    INVALID_LOGIN_TOKEN) and leaves the session as it was."""
    from storefront.errors import StorefrontErrorCode
    from storefront.login_tokens import storefront_login_token_redeem

    user = storefront_login_token_redeem(token=token)
    target = request.query_params.get("next")
    if user is None:
        if target:
            return redirect(f"{reverse('storefront:login')}?{urlencode({'next': _safe_next(request)})}")
        raise Refused(StorefrontErrorCode.INVALID_LOGIN_TOKEN.label, code=StorefrontErrorCode.INVALID_LOGIN_TOKEN)
    if not request.user.is_authenticated or request.user.pk != user.pk:
        if _switching_customer(request, user):
            _end_portal_sessions(request)  # the previous customer's, before login() flushes the session
        login(request._request, user, backend="django.contrib.auth.backends.ModelBackend")
    response = redirect(_safe_next(request)) if target else HttpResponse(status=204)
    response["Cache-Control"] = "no-store"
    return response
