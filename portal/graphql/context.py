"""The request context every resolver gets: the request, and the caller resolved from the bearer token."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from django.conf import settings
from django.utils.module_loading import import_string
from strawberry.django.context import StrawberryDjangoContext

from portal.actor import PortalActor
from portal.auth import bearer_token


def _actor_resolver() -> Callable[[str], PortalActor]:
    # portal may not import accounts (ARCHITECTURE §3): the resolver is named in settings.
    return import_string(settings.PORTAL_ACTOR_RESOLVER)


@dataclass
class PortalContext(StrawberryDjangoContext):
    @cached_property
    def bearer_token(self) -> str:
        return bearer_token(self.request)

    @cached_property
    def actor(self) -> PortalActor:
        """Who is calling (accounts.selectors.Actor): a guest when the token is missing, unknown, expired or revoked."""
        return _actor_resolver()(self.bearer_token)

    @property
    def user(self):
        return self.actor.user
