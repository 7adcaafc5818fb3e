"""The one way of reading the client's network address (sign-in throttling, registration, upload and quote limits).

Behind reverse proxies every request comes from the proxy (REMOTE_ADDR), so the address has to be taken from the
header the proxies add (`TRUSTED_PROXY_HEADER`, X-Forwarded-For by default). Each proxy appends the address it
received the request from, so of the header's comma-separated hops only the right-most `TRUSTED_PROXY_COUNT` are
written by our proxies: the client is the one the outermost trusted proxy saw, `hops[-TRUSTED_PROXY_COUNT]`.
Anything left of it was sent by the client and is never believed. With the default count 0 no header is read.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings

UNKNOWN = "unknown"


def _normalized(value: str) -> str | None:
    """An IP address in its canonical text (IPv6 compressed), or None. A port some proxies append is dropped."""
    value = value.strip().strip('"')
    candidates = [value]
    if value.startswith("[") and "]" in value:  # [2001:db8::1]:443
        candidates.append(value[1 : value.index("]")])
    elif value.count(":") == 1:  # 203.0.113.7:443
        candidates.append(value.split(":", 1)[0])
    for candidate in candidates:
        try:
            return ipaddress.ip_address(candidate).compressed
        except ValueError:
            continue
    return None


def client_ip(request) -> str:
    """The client's address: REMOTE_ADDR, or with `TRUSTED_PROXY_COUNT` proxies in front the address the
    outermost of them saw. "unknown" when there is no request or no readable address."""
    if request is None:
        return UNKNOWN
    remote = _normalized(request.META.get("REMOTE_ADDR") or "") or UNKNOWN
    count = settings.TRUSTED_PROXY_COUNT
    if count <= 0:
        return remote
    header = request.headers.get(settings.TRUSTED_PROXY_HEADER, "")
    hops = [hop for hop in (part.strip() for part in header.split(",")) if hop]
    if not hops:
        # The request did not pass our proxies (or they sent no header): the peer is all we know.
        return remote
    # Fewer hops than trusted proxies: the left-most one was still written by a proxy of ours.
    return _normalized(hops[-min(count, len(hops))]) or remote
