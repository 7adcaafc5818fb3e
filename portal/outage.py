"""The answer to a request that meets a database outage (issue 36, docs/operations.md "PostgreSQL").

The GraphQL layer and the REST edges shape the error themselves (portal.graphql.errors, portal.rest.errors); this
middleware answers everything else that reaches a view: the shop's pages and its JSON endpoints. A page says in plain
words that the shop is briefly unavailable and to try again; a JSON caller gets the API's error shape. Both are 503
with Retry-After, so that a browser, a proxy or a storefront's script knows to come back, and nothing is logged as a
fault of ours. The answer is rendered without the request's context processors: they would query the database.
"""

from __future__ import annotations

import logging

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string

from portal.errors import DATABASE_RETRY_AFTER_SECONDS, ErrorCode, is_database_outage

logger = logging.getLogger("portal.outage")


def _wants_json(request: HttpRequest) -> bool:
    accept = request.headers.get("Accept", "")
    return request.content_type == "application/json" or ("application/json" in accept and "text/html" not in accept)


class DatabaseOutageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_database_outage(exception):
            return None
        logger.warning("%s %s refused, the database is unavailable: %s", request.method, request.path, exception)
        message = ErrorCode.SERVICE_UNAVAILABLE.label
        if _wants_json(request):
            extensions = {"code": str(ErrorCode.SERVICE_UNAVAILABLE), "retryAfter": DATABASE_RETRY_AFTER_SECONDS}
            error = {"message": message, "extensions": extensions}
            response: HttpResponse = JsonResponse(
                {"code": 503, "message": message, "data": None, "errors": [error]}, status=503
            )
        else:
            response = HttpResponse(render_to_string("portal/unavailable.html", {"message": message}), status=503)
        response["Retry-After"] = str(DATABASE_RETRY_AFTER_SECONDS)
        response["Cache-Control"] = "no-store"
        return response
