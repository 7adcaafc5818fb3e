"""The request context every resolver gets: the request, and the caller resolved from the bearer token."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from strawberry.django.context import StrawberryDjangoContext

from accounts.selectors import user_for_token

if TYPE_CHECKING:
    from accounts.models import User


@dataclass
class PortalContext(StrawberryDjangoContext):
    @cached_property
    def bearer_token(self) -> str:
        header = self.request.headers.get("Authorization", "")
        scheme, _, value = header.partition(" ")
        return value.strip() if scheme.lower() == "bearer" else ""

    @cached_property
    def user(self) -> User | None:
        """The signed-in B2B user, or None for a guest (no token, or an unknown/expired/revoked one)."""
        return user_for_token(self.bearer_token) if self.bearer_token else None
