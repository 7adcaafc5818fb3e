"""Storefront tokens on every request (issue 22 contract §3; portal.storefront_tokens says what they are).

- `storefront_token_guard`: a request that carries `X-Storefront-Token` must carry a valid one (known, unexpired,
  unrevoked), from one of its origins (when the browser sends `Origin`), for its channel: every channel the request
  names must be the token's — a `channel_id` in the path, any `channelId` / `channel_id` / `bcChannelId`… in the query
  string, a form, a JSON body at any depth (GraphQL variables and their input objects included), and every channel
  argument of a GraphQL operation, written into its text or given by a variable (portal.graphql.channels). Otherwise
  403 `STOREFRONT_TOKEN_REFUSED`, before any view runs. A request without the header is not this middleware's
  business: the bearer token and the session rules apply as before.
- `storefront_origin_cors`: django-cors-headers' `check_request_enabled` receiver: the origins of valid storefront
  tokens get CORS answers (preflight included), beside the fixed CORS_ALLOWED_ORIGINS. An origin no token names gets
  no CORS headers, so the browser refuses the answer too. Revoking or expiry closes an origin at once (no cache).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from io import BytesIO
from urllib.parse import urlsplit

from django.core.exceptions import DisallowedHost, RequestDataTooBig, SuspiciousOperation
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.http.multipartparser import MultiPartParser, MultiPartParserError
from django.urls import Resolver404, resolve

from portal.errors import ErrorCode
from portal.graphql.channels import channels_in_operation, channels_in_value, is_channel_name
from portal.storefront_tokens import origin_allowed_by_active_token, storefront_token_active, storefront_token_refusal

STOREFRONT_TOKEN_HEADER = "X-Storefront-Token"
GRAPHQL_PATH = "/graphql"


def _body_texts(request: HttpRequest, body: bytes) -> list[str]:
    """The body as text, as each endpoint may read it: /graphql always as UTF-8, the REST edges in the charset the
    Content-Type names. A text that does not decode is read by no endpoint either."""
    texts: list[str] = []
    for encoding in dict.fromkeys(("utf-8", request.encoding or "utf-8")):
        try:
            texts.append(body.decode(encoding))
        except (LookupError, UnicodeDecodeError):
            continue
    return texts


def _json_channels(text: str) -> list[object]:
    """The channels a JSON body names: under any key that names one, at any depth (the proxy's `channelId`, GraphQL
    variables and the input objects in them), and in the arguments of its GraphQL `query`."""
    # Cheap for the many bodies that name no channel; a \u escape may spell a key, so such a body is read in full.
    lowered = text.lower()
    if "channel" not in lowered and "\\u" not in lowered:
        return []
    try:
        body = json.loads(text)
    except (ValueError, RecursionError):
        return []  # the endpoint answers a body it cannot read, and nothing runs
    found = channels_in_value(body)
    if isinstance(body, dict) and isinstance(body.get("query"), str):
        variables = body.get("variables")
        found += channels_in_operation(body["query"], variables if isinstance(variables, dict) else {})
    return found


def _form_channels(form: QueryDict) -> list[object]:
    """The channels a query string or a form names: every value of every key that names one."""
    found: list[object] = [value for key, values in form.lists() if is_channel_name(key) for value in values]
    query = form.get("query")
    if query:  # a GraphQL operation sent in a query string (GET), with its variables
        try:
            variables = json.loads(form.get("variables") or "{}")
        except (ValueError, RecursionError):
            variables = {}
        found += channels_in_value(variables)
        found += channels_in_operation(query, variables if isinstance(variables, dict) else {})
    return found


def _multipart_channels(request: HttpRequest, body: bytes) -> list[object]:
    """The channels the form fields of a multipart body name; its files are skipped (no upload handler)."""
    try:
        fields, _files = MultiPartParser(request.META, BytesIO(body), [], request.encoding).parse()
    except (MultiPartParserError, SuspiciousOperation, RequestDataTooBig):
        return []  # the endpoint refuses a body it cannot read, and nothing runs
    return _form_channels(fields)


def _body_channels(request: HttpRequest) -> list[object]:
    try:
        # A body beyond DATA_UPLOAD_MAX_MEMORY_SIZE is not read here: the only such bodies are the REST edges' file
        # uploads, whose multipart parser checks their form fields before a view runs (portal.rest.parsers).
        body = request.body
    except (RequestDataTooBig, OSError):
        return []
    if not body:
        return []
    if request.content_type == "multipart/form-data":
        return _multipart_channels(request, body)
    found: list[object] = []
    for text in _body_texts(request, body):
        if request.content_type == "application/x-www-form-urlencoded":
            try:
                found += _form_channels(QueryDict(text))
            except SuspiciousOperation:  # too many fields: the endpoint refuses the body
                continue
        else:  # JSON, whatever the Content-Type says: strawberry and DRF read some others as JSON too
            found += _json_channels(text)
    return found


def _named_channels(request: HttpRequest) -> list[object]:
    """Every channel the request names (issue 36 item 5): in its path, its query string, its body, and the arguments
    of a GraphQL operation in it, however written."""
    try:
        match = resolve(request.path_info)
    except Resolver404:
        match = None
    found: list[object] = []
    if match is not None:
        found += [value for name, value in match.kwargs.items() if is_channel_name(name) and value is not None]
    found += _form_channels(request.GET)
    return found + _body_channels(request)


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
        request.storefront_token = None  # type: ignore[attr-defined]  # this guard's attribute on the request
        if raw is None:
            return get_response(request)
        token = storefront_token_active(raw=raw.strip())
        refusal = storefront_token_refusal(
            token=token, origin=request.headers.get("Origin"), channel_ids=_named_channels(request)
        )
        if refusal:
            return _refused(request, refusal)
        request.storefront_token = token  # type: ignore[attr-defined]  # this guard's attribute on the request
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
    allowed = bool(
        origin and not _same_origin(request, origin) and (token is not None or origin_allowed_by_active_token(origin))
    )
    request._storefront_origin_cors = allowed  # type: ignore[attr-defined]  # the request's own memo, set here
    return allowed
