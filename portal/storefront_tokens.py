"""Storefront tokens and store admin credentials (issue 22, shell §7 `storeFrontToken` and the REST edges' store
credentials, shell §9 "Storefront token lifetime 7 days").

A storefront token lets a storefront's pages — on the store's own origin or on another one — call this API: the
loader's script tag carries it (`data-storefront-token`) and the overlay sends it on every request
(`X-Storefront-Token`). It authenticates nobody (the customer's bearer token does that); it binds what the pages
send to the origins the store named for a channel, so that a page elsewhere that copied the tag is refused, and it
opens CORS to exactly those origins while it is valid (portal.middleware).

A store admin credential (`X-Auth-Token`) is what a store's admin tool sends to the edges that change the store
(`PUT /api/v2/store-configs/channel-storefront-type`) and to ask for storefront tokens. Staff create both in
Django admin. Only the SHA-256 of either is stored: they are 256-bit random values, so a fast hash is enough.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from portal.errors import ErrorCode, NotFound, Refused, field_errors
from portal.models import Channel, Store, StoreAdminCredential, StorefrontToken

STOREFRONT_TOKEN_LIFETIME = timedelta(days=7)  # shell §9
MAX_ALLOWED_ORIGINS = 20
MAX_ORIGIN_LENGTH = 255


def _hash(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


def _new_raw() -> str:
    return secrets.token_urlsafe(32)  # 32 random bytes


# --- origins ----------------------------------------------------------------------------------------------------


def origin_normalize(value: str) -> str:
    """An exact origin as browsers send it in `Origin`: "scheme://host[:port]", lower case, no default port, no path,
    query, user or trailing slash. Raises ValidationError (code `invalid_origin`) for anything else."""
    text = value.strip() if isinstance(value, str) else ""
    invalid = ValidationError(
        f"{text[:80]!r} is not an origin such as https://shop.example.com.", code="invalid_origin"
    )
    if not text or len(text) > MAX_ORIGIN_LENGTH or any(ord(ch) < 33 or ord(ch) == 127 for ch in text):
        raise invalid
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise invalid from None
    if (
        parts.scheme.lower() not in ("http", "https")
        or not parts.hostname
        or parts.username is not None
        or parts.password is not None
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
        or text.endswith("/")
    ):
        raise invalid
    scheme = parts.scheme.lower()
    host = parts.hostname.lower()
    if ":" in host:  # IPv6
        host = f"[{host}]"
    default = {"http": 80, "https": 443}[scheme]
    return f"{scheme}://{host}" if port in (None, default) else f"{scheme}://{host}:{port}"


def origins_validate(values: list[str]) -> list[str]:
    """The allowed origins of a token, normalised and without repeats: at least one, at most 20."""
    if not values:
        raise ValidationError({"allowedCorsOrigins": [ValidationError("Name at least one origin.", code="required")]})
    if len(values) > MAX_ALLOWED_ORIGINS:
        message = f"Name at most {MAX_ALLOWED_ORIGINS} origins."
        raise ValidationError({"allowedCorsOrigins": [ValidationError(message, code="max_length")]})
    origins: list[str] = []
    errors: dict[str, list[ValidationError]] = {}
    for index, value in enumerate(values):
        try:
            origin = origin_normalize(value)
        except ValidationError as exc:
            errors[f"allowedCorsOrigins.{index}"] = exc.error_list
            continue
        if origin not in origins:
            origins.append(origin)
    if errors:
        raise field_errors(errors)
    return origins


# --- storefront tokens --------------------------------------------------------------------------------------------


def _expiry(expires_at: datetime | None, now: datetime) -> datetime:
    if expires_at is None:
        return now + STOREFRONT_TOKEN_LIFETIME
    if expires_at <= now:
        raise ValidationError({"expiresAt": [ValidationError("The expiry must be in the future.", code="invalid")]})
    if expires_at > now + STOREFRONT_TOKEN_LIFETIME:
        message = "A storefront token lives at most 7 days."
        raise ValidationError({"expiresAt": [ValidationError(message, code="max_value")]})
    return expires_at


@transaction.atomic
def issue_storefront_token(
    *, channel: Channel, allowed_origins: list[str], expires_at: datetime | None = None
) -> tuple[str, StorefrontToken]:
    """A new storefront token for `channel`, used from `allowed_origins`, valid until `expires_at` (7 days from now
    when None; never longer, shell §9). Returns the raw token, shown once, and its row."""
    now = timezone.now()
    origins = origins_validate(list(allowed_origins))
    raw = _new_raw()
    token = StorefrontToken.objects.create(
        channel=channel, key_hash=_hash(raw), allowed_origins=origins, expires_at=_expiry(expires_at, now)
    )
    return raw, token


def storefront_tokens_revoke(*, tokens: QuerySet[StorefrontToken]) -> int:
    """Revoke tokens (Django admin's "Revoke"): they are refused from the next request on."""
    return tokens.filter(revoked_at__isnull=True).update(revoked_at=timezone.now())


def storefront_tokens_active() -> QuerySet[StorefrontToken]:
    return StorefrontToken.objects.filter(revoked_at__isnull=True, expires_at__gt=timezone.now())


def storefront_token_active(*, raw: str) -> StorefrontToken | None:
    """The known, unexpired, unrevoked token behind `raw`, with its channel; None otherwise."""
    if not raw or len(raw) > 200:
        return None
    return storefront_tokens_active().select_related("channel").filter(key_hash=_hash(raw)).first()


def origin_allowed_by_active_token(origin: str) -> bool:
    """Whether some valid storefront token names `origin` (CORS, portal.middleware). Tokens are few (a handful per
    channel); their origin lists are read in one query and matched here, as JSON containment is not portable."""
    try:
        origin = origin_normalize(origin)
    except ValidationError:
        return False
    return any(
        origin in (origins or []) for origins in storefront_tokens_active().values_list("allowed_origins", flat=True)
    )


def storefront_token_refusal(
    *, token: StorefrontToken | None, origin: str | None, channel_ids: Iterable[object] = ()
) -> str | None:
    """Why a request carrying a storefront token is refused, or None when it may go on (contract of issue 22 §3):
    the token must be valid, the `Origin` (when the browser sends one) one of its origins, and every channel the
    request names the token's (issue 36 item 5: not only the first one found)."""
    if token is None:
        return "The storefront token is unknown, expired or revoked."
    if origin is not None:
        try:
            normalized = origin_normalize(origin)
        except ValidationError:
            normalized = None
        if normalized is None or normalized not in token.allowed_origins:
            return "The storefront token is not valid on this origin."
    own = str(token.channel.channel_id)
    if any(channel_id is not None and str(channel_id) != own for channel_id in channel_ids):
        return "The storefront token is for another channel."
    return None


# --- store admin credentials ---------------------------------------------------------------------------------------


@transaction.atomic
def store_admin_credential_issue(*, store: Store, name: str) -> tuple[str, StoreAdminCredential]:
    raw = _new_raw()
    credential = StoreAdminCredential.objects.create(store=store, name=name[:100], key_hash=_hash(raw))
    return raw, credential


def store_admin_credentials_revoke(*, credentials: QuerySet[StoreAdminCredential]) -> int:
    return credentials.filter(revoked_at__isnull=True).update(revoked_at=timezone.now())


def store_admin_credential_active(*, raw: str) -> StoreAdminCredential | None:
    """The unrevoked credential behind `raw`, with its store; None for no, a wrong or a revoked credential."""
    if not raw or len(raw) > 200:
        return None
    return (
        StoreAdminCredential.objects.select_related("store")
        .filter(key_hash=_hash(raw), revoked_at__isnull=True)
        .first()
    )


# --- what the API edges call ---------------------------------------------------------------------------------------


def _channel_of_store(*, store: Store, store_hash: str, channel_id: int) -> Channel:
    """The channel `channel_id` of the store named by `store_hash`: NOT_FOUND for another store or no such channel
    (the message says which, as both are public ids)."""
    if store_hash != store.store_hash:
        raise NotFound("No store has this storeHash.")
    channel = store.channels.filter(channel_id=channel_id).first()
    if channel is None:
        raise NotFound(f"The store has no channel {channel_id}." if 0 < channel_id < 2**31 else "No such channel.")
    return channel


def storefront_token_request(
    *, store: Store, store_hash: str, channel_id: int, allowed_origins: list[str], expires_at: datetime | None
) -> tuple[str, StorefrontToken]:
    """`storeFrontToken` (shell §7, "native platform only"): a token for a channel of the built-in storefront. A
    channel on another platform gets its tokens from staff in Django admin (docs/decisions.md, issue 22)."""
    channel = _channel_of_store(store=store, store_hash=store_hash, channel_id=channel_id)
    if channel.platform != Channel.Platform.NATIVE:
        raise Refused(ErrorCode.STOREFRONT_NOT_NATIVE.label, code=ErrorCode.STOREFRONT_NOT_NATIVE)
    return issue_storefront_token(channel=channel, allowed_origins=allowed_origins, expires_at=expires_at)


@transaction.atomic
def channel_storefront_type_set(*, store: Store, store_hash: str, channel_id: int, storefront_type: str) -> Channel:
    """`PUT /api/v2/store-configs/channel-storefront-type` and Django admin: the channel's storefront is the
    built-in one (`native`) or another platform's (`other`); the overlay's loader follows it (native cart API and
    sign-in hand-over, or the proxy)."""
    if storefront_type not in Channel.Platform.values:
        message = f"storefrontType is one of {', '.join(Channel.Platform.values)}."
        raise ValidationError({"storefrontType": [ValidationError(message, code="invalid_choice")]})
    channel = _channel_of_store(store=store, store_hash=store_hash, channel_id=channel_id)
    if channel.platform != storefront_type:
        channel.platform = storefront_type
        channel.save(update_fields=["platform"])
    return channel
