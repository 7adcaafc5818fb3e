"""What drf-spectacular cannot guess about the REST edges (openapi.yaml, issue 23): which paths are in the description,
and how the edges' two authentication classes (portal/rest/authentication.py) are described as security schemes.

drf-spectacular registers an extension when its class is defined, so this module has to be imported before a
description is generated: SPECTACULAR_SETTINGS names `rest_edges_only` as a preprocessing hook, which does that.
"""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.extensions import OpenApiAuthenticationExtension

NOT_REST_EDGES = ("/admin/", "/graphql")


def rest_edges_only(endpoints: list[tuple]) -> list[tuple]:
    """The REST edges only. drf-spectacular sees DRF views only, so the admin and the GraphQL endpoint (described by
    schema.graphql) are not among them today; this keeps them out should either ever be served through DRF."""
    return [endpoint for endpoint in endpoints if not endpoint[0].startswith(NOT_REST_EDGES)]


class BearerTokenScheme(OpenApiAuthenticationExtension):
    target_class = "portal.rest.authentication.BearerTokenAuthentication"
    name = "bearerToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "The B2B token of the `login` or `authorization` mutation. Without one the caller is a "
            "guest; one that is unknown, expired or revoked is refused with 40101 (shell §8).",
        }


class StorefrontSessionScheme(OpenApiAuthenticationExtension):
    target_class = "portal.rest.authentication.StorefrontSessionAuthentication"
    name = "storefrontSession"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "cookie",
            "name": settings.SESSION_COOKIE_NAME,
            "description": "The storefront's session cookie. POST, PUT and DELETE also need the CSRF token in "
            "`X-CSRFToken` (`GET /api/v2/csrf-token`), signed in or not.",
        }


class StoreAdminCredentialScheme(OpenApiAuthenticationExtension):
    target_class = "portal.rest.authentication.StoreAdminCredentialAuthentication"
    name = "storeAdminCredential"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "X-Auth-Token",
            "description": "A store admin credential, created by staff in Django admin (issue 22). None, a wrong or "
            "a revoked one is refused with 401 STORE_CREDENTIALS_REFUSED.",
        }
