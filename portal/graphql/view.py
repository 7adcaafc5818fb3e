"""The /graphql endpoint: strawberry's Django view with our context and error contract."""

from __future__ import annotations

from cross_web import HTTPException
from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse
from strawberry.django.views import GraphQLView
from strawberry.exceptions import StrawberryGraphQLError

from portal.graphql.context import PortalContext
from portal.graphql.errors import format_error, request_error


class PortalGraphQLView(GraphQLView):
    def __init__(self, **kwargs):
        # Reads are POSTed like writes: no query strings with tokens or data in access logs.
        kwargs.setdefault("allow_queries_via_get", False)
        kwargs.setdefault("graphql_ide", "graphiql" if settings.DEBUG else None)
        super().__init__(**kwargs)

    def get_context(self, request: HttpRequest, response) -> PortalContext:
        return PortalContext(request=request, response=response)

    def process_result(self, request, result):
        data = super().process_result(request, result)
        if result.errors:
            data["errors"] = [format_error(error) for error in result.errors]
        return data

    def dispatch(self, request: HttpRequest, *args, **kwargs):
        try:
            return self.run(request=request)
        except HTTPException as exc:
            return JsonResponse(request_error(exc.reason), status=exc.status_code)
        except RequestDataTooBig:
            return JsonResponse(request_error("The request is too large."), status=413)
        except StrawberryGraphQLError as exc:
            return JsonResponse({"data": None, "errors": [format_error(exc)]}, status=400)
