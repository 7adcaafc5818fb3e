"""The project's rate limits (portal.ratelimit's fixed windows) behind DRF's throttle interface.

A refused request is answered 429 `TOO_MANY_REQUESTS` by the exception handler. The windows keep their cache keys
(`ratelimit:<scope>:<digest of the subject>`), so a limit moved here from a service counts on where it stood.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle

from portal import ratelimit
from portal.client_address import client_ip
from portal.rest.authentication import request_actor


class FixedWindowThrottle(BaseThrottle, ABC):
    """At most `limit` requests per `window_seconds` for each subject (`subject`: None when the throttle does not
    apply to the request). Every request it sees counts, refused ones too, as the services counted them."""

    scope: str = ""
    limit: int = 0
    window_seconds: int = 3600

    @abstractmethod
    def subject(self, request: Request) -> str | None:
        """Who is counted: a user's or an address's key, or None when the throttle does not apply."""

    def allow_request(self, request: Request, view) -> bool:
        if request.method not in view.allowed_methods:
            return True  # 405 follows: nothing the limit protects is reached
        subject = self.subject(request)
        if subject is None:
            return True
        return ratelimit.record(self.scope, subject, window_seconds=self.window_seconds) <= self.limit

    def wait(self) -> None:
        return None  # a fixed window's counter does not say when its window ends: no Retry-After


class PerUserThrottle(FixedWindowThrottle):
    """Counts a signed-in caller's requests, by user."""

    def subject(self, request: Request) -> str | None:
        user = request_actor(request).user
        return None if user is None else str(user.pk)


class PerGuestAddressThrottle(FixedWindowThrottle):
    """Counts a guest's requests, by the client's address (behind TRUSTED_PROXY_COUNT proxies)."""

    def subject(self, request: Request) -> str | None:
        return client_ip(request._request) if request_actor(request).user is None else None
