"""The caller, as every app outside `accounts` sees it (issue 14).

`accounts.selectors.Actor` is the one implementation; apps that must not import `accounts` (portal, pricing) and
apps that only read the caller type their parameters with this protocol instead of `Any`, so the type checker and
the reader know what an actor offers. Models are named loosely (`Any`) here only because `portal` must not import
`accounts.models`; `accounts.selectors.Actor` narrows them.
"""

from __future__ import annotations

from typing import Any, Protocol


class PortalActor(Protocol):
    # Read-only members (properties): the actor is a frozen dataclass, which a protocol with settable attributes
    # would not describe.

    @property
    def user(self) -> Any:
        """The signed-in user (accounts.User), None for a guest."""

    @property
    def user_type(self) -> int: ...

    @property
    def role(self) -> int: ...

    @property
    def company_role_name(self) -> str: ...

    @property
    def company(self) -> Any:
        """The company the caller acts in (accounts.Company): their own, or the masqueraded one."""

    @property
    def permissions(self) -> dict[str, int]: ...

    @property
    def masquerade(self) -> Any:
        """The open masquerade session (accounts.MasqueradeSession), when there is one."""

    @property
    def token(self) -> Any:
        """The request's B2B token (accounts.B2BToken), when there is one."""

    @property
    def is_authenticated(self) -> bool: ...

    @property
    def is_super_admin(self) -> bool: ...

    @property
    def is_masquerading(self) -> bool: ...

    @property
    def masquerade_company(self) -> Any: ...

    @property
    def b2b_company(self) -> Any: ...

    @property
    def company_customer_group_id(self) -> int | None:
        """The pricing group of b2b_company: its own, or inherited from the units above it (issue 40)."""

    def unit_feature(self, name: str) -> bool | None:
        """A portal feature ("quotes", "shopping_lists", "quick_order") as b2b_company or a unit above it sets it;
        None: the store's setting decides (issue 40)."""

    def level(self, code: str) -> int: ...

    def can(self, code: str, level: int = 1) -> bool: ...


def feature_on(actor: PortalActor, name: str, *, store_on: bool) -> bool:
    """Whether a portal feature is on for the actor: as the unit they work in (or one above it) sets it, else as the
    store does — the one place the three features that a unit may switch are decided (issue 40)."""
    unit = actor.unit_feature(name)
    return store_on if unit is None else unit
