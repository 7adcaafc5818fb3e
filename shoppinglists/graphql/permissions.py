"""The permission classes of the shopping lists API (they subclass portal's HasPermission: 40101 without a token,
PERMISSION_DENIED without the code).

shell §7 has two sets of operations: the company's (`shoppingLists…`) for users working in a company — its own users
and a super admin masquerading as it — and the individual customer's (`customerShoppingLists…`). Each set refuses the
other kind of caller (PERMISSION_DENIED), so that a client never mixes them up."""

from __future__ import annotations

from accounts.selectors import actor_of
from portal.actor import PortalActor
from portal.graphql.permissions import HasPermission
from shoppinglists.permissions import works_in_company


class CompanyListsPermission(HasPermission):
    def allows(self, actor: PortalActor) -> bool:
        return works_in_company(actor_of(actor)) and super().allows(actor)


class CustomerListsPermission(HasPermission):
    def allows(self, actor: PortalActor) -> bool:
        return not works_in_company(actor_of(actor)) and not actor.is_super_admin and super().allows(actor)


def company_requires(code: str) -> type[HasPermission]:
    """`permission_classes=[company_requires("get_shopping_lists")]`: the code, held by someone working in a
    company."""
    return type(f"CompanyLists_{code}", (CompanyListsPermission,), {"code": code, "level": 1})


def customer_requires(code: str) -> type[HasPermission]:
    """`permission_classes=[customer_requires("get_shopping_lists")]`: the code, held by an individual customer."""
    return type(f"CustomerLists_{code}", (CustomerListsPermission,), {"code": code, "level": 1})
