"""Storefront tokens on every request (issue 22 contract §3; portal.storefront_tokens says what they are).

- `storefront_token_guard`: a request that carries `X-Storefront-Token` must carry a valid one (known, unexpired,
  unrevoked), from one of its origins (when the browser sends `Origin`), for its channel (when the request names a
  channel: a `channel_id` in the path, `channelId` / `channel_id` in the query, or `channelId` in a JSON body or its
  GraphQL variables). Otherwise 403 `STOREFRONT_TOKEN_REFUSED`, before any view runs. A request without the header is
  not this middleware's business: the bearer token and the session rules apply as before.
- `storefront_origin_cors`: django-cors-headers' `check_request_enabled` receiver: the origins of valid storefront
  tokens get CORS answers (preflight included), beside the fixed CORS_ALLOWED_ORIGINS. An origin no token names gets
  no CORS headers, so the browser refuses the answer too. Revoking or expiry closes an origin at once (no cache).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from urllib.parse import urlsplit

from django.core.exceptions import DisallowedHost, RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import Resolver404, resolve

from portal.errors import ErrorCode
from portal.storefront_tokens import origin_allowed_by_active_token, storefront_token_active, storefront_token_refusal

STOREFRONT_TOKEN_HEADER = "X-Storefront-Token"
GRAPHQL_PATH = "/graphql"


def _json_body_channel(request: HttpRequest) -> object:
    """`channelId` of a JSON body, or of its GraphQL `variables`; None when it names none or cannot be read (the
    view answers a body it cannot read)."""
    if request.method != "POST" or request.content_type != "application/json":
        return None
    try:
        body = json.loads(request.body)
    except (RequestDataTooBig, ValueError, RecursionError, UnicodeDecodeError):
        return None
    if not isinstance(body, dict):
        return None
    if body.get("channelId") is not None:
        return body["channelId"]
    variables = body.get("variables")
    return variables.get("channelId") if isinstance(variables, dict) else None


def _named_channel(request: HttpRequest) -> object:
    """The channel the request names, where one is named (None otherwise)."""
    try:
        match = resolve(request.path_info)
    except Resolver404:
        match = None
    if match is not None and match.kwargs.get("channel_id") is not None:
        return match.kwargs["channel_id"]
    for name in ("channelId", "channel_id"):
        if request.GET.get(name) is not None:
            return request.GET[name]
    return _json_body_channel(request)


def _refused(request: HttpRequest, message: str) -> HttpResponse:
    code = ErrorCode.STOREFRONT_TOKEN_REFUSED.value
    error = {"message": message, "extensions": {"code": code}}
    if request.path_info == GRAPHQL_PATH:
        return JsonResponse({"data": None, "errors": [error]}, status=403)
    # A REST edge's refusal (portal.rest.errors' shape).
    return JsonResponse({"code": 403, "message": message, "data": None, "errors": [error]}, status=403)


def storefront_token_guard(get_response: Callable[[HttpRequest], HttpResponse]):
    def middleware(request: HttpRequest) -> HttpResponse:
        raw = request.headers.get(STOREFRONT_TOKEN_HEADER)
        request.storefront_token = None
        if raw is None:
            return get_response(request)
        token = storefront_token_active(raw=raw.strip())
        refusal = storefront_token_refusal(
            token=token, origin=request.headers.get("Origin"), channel_id=_named_channel(request)
        )
        if refusal:
            return _refused(request, refusal)
        request.storefront_token = token
        return get_response(request)

    return middleware


def _same_origin(request: HttpRequest, origin: str) -> bool:
    try:
        return urlsplit(origin).netloc.lower() == request.get_host().lower()
    except (ValueError, DisallowedHost):
        return False


def storefront_origin_cors(sender, request: HttpRequest, **kwargs) -> bool:
    """django-cors-headers asks this for an origin outside CORS_ALLOWED_ORIGINS: allowed while a valid storefront
    token names it. Asked at most once per request."""
    cached = getattr(request, "_storefront_origin_cors", None)
    if cached is not None:
        return cached
    origin = request.headers.get("Origin")
    token = getattr(request, "storefront_token", None)  # the guard's, already checked against this origin
    allowed = (
        bool(origin)
        and not _same_origin(request, origin)
        and (token is not None or origin_allowed_by_active_token(origin))
    )
    request._storefront_origin_cors = allowed
    return allowed
