"""The request context every resolver gets: the request, and the caller resolved from the bearer token."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from strawberry.django.context import StrawberryDjangoContext

from portal.actor import PortalActor
from portal.auth import actor_for_token, bearer_token


@dataclass
class PortalContext(StrawberryDjangoContext):
    @cached_property
    def bearer_token(self) -> str:
        return bearer_token(self.request)

    @cached_property
    def actor(self) -> PortalActor:
        """Who is calling (accounts.selectors.Actor): a guest when the token is missing, unknown, expired or revoked."""
        return actor_for_token(self.bearer_token)

    @property
    def user(self):
        return self.actor.user
