"""Permission classes of the accounts API beyond portal's (they subclass IsAuthenticated: 40101 without a token)."""

from __future__ import annotations

from portal.actor import PortalActor
from portal.errors import PermissionDeniedError
from portal.graphql.permissions import IsAuthenticated


class IsCompanyAdmin(IsAuthenticated):
    """The admin (role 0) of an approved company, acting in their own company (not a masquerading super admin)."""

    def allows(self, actor: PortalActor) -> bool:
        if actor.role != 0 or actor.b2b_company is None or actor.is_masquerading:
            raise PermissionDeniedError()
        return True
