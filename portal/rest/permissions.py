"""Permissions of the REST edges: the GraphQL layer's predicates (portal.graphql.permissions), with its answers.

`requires("get_invoice_pdf", 1)` here and in a resolver's `permission_classes` is one rule: the same permission
code and level (shell §6), checked by the same predicate (`allows`); no valid token is 40101, the predicate false
PERMISSION_DENIED. Edges that a guest may call with a key of their own (a quote's accessKey, a draft's key, a signed
link) check in the view, with their app's selectors, as their resolvers do.
"""

from __future__ import annotations

from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from portal.errors import ErrorCode
from portal.graphql import permissions as graphql_permissions
from portal.rest.authentication import request_actor
from portal.rest.errors import RestError, session_expired


class IsSignedIn(BasePermission):
    """A valid bearer token (40101 otherwise), and the GraphQL permission `rule`'s predicate."""

    rule: type[graphql_permissions.IsAuthenticated] = graphql_permissions.IsAuthenticated

    def has_permission(self, request: Request, view) -> bool:
        actor = request_actor(request)
        if actor.user is None:
            raise session_expired()
        if not self.rule().allows(actor):
            raise RestError(ErrorCode.PERMISSION_DENIED.label, code=ErrorCode.PERMISSION_DENIED, status=403)
        return True


class IsSuperAdmin(IsSignedIn):
    rule = graphql_permissions.IsSuperAdmin


def requires(code: str, level: int = 1) -> type[IsSignedIn]:
    """A permission class for `permission_classes = [requires("get_invoices", 2)]`."""
    rule = graphql_permissions.requires(code, level)
    return type(f"Requires_{code}_{level}", (IsSignedIn,), {"rule": rule})
