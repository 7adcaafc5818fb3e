"""The GraphQL proxy for storefronts on other platforms (shell §7 "a proxy GraphQL call sends the bearer token if
present, else store hash and channel id; used for non-native platforms"; issue 22).

`POST /api/v2/proxy/graphql` runs an operation through the one schema — its permissions, company pricing, limits and
error contract — but only when every root field of every operation in the document is one of the catalog, price
and cart operations a storefront needs (`PROXY_OPERATIONS`): with a buyer's bearer token it must never reach the
buyer's quotes, users or orders, whatever the page asks. It is no relay to anywhere else: it calls nothing outside
this server. Each caller (a user, or a guest's address) has `STOREFRONT_PROXY_REQUESTS_PER_MINUTE` requests a minute.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from graphql import (
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    InlineFragmentNode,
    OperationDefinitionNode,
    OperationType,
    SelectionSetNode,
    parse,
)
from rest_framework import serializers
from rest_framework.decorators import api_view, throttle_classes
from rest_framework.request import Request
from rest_framework.response import Response

from portal import selectors
from portal.client_address import client_ip
from portal.errors import ErrorCode, NotFound
from portal.rest.authentication import request_actor
from portal.rest.errors import RestError
from portal.rest.schema import RestErrorSerializer, refusals
from portal.rest.throttles import FixedWindowThrottle

# The catalog, price and cart operations (shell §7 storefront cart; business §7 catalog calls). All are
# guest-allowed on /graphql; through the proxy a bearer token prices them for the buyer's company.
PROXY_OPERATIONS = frozenset(
    {
        "productsSearch",
        "variantSku",
        "productPurchasable",
        "priceProducts",
        "cart",
        "createCart",
        "addCartLineItems",
        "deleteCart",
    }
)
MAX_QUERY_LENGTH = 50_000
MAX_TOKENS = 5000  # as /graphql (portal.schema's MaxTokensLimiter)


class ProxyThrottle(FixedWindowThrottle):
    scope = "storefront-proxy"
    window_seconds = 60

    @property
    def limit(self) -> int:  # type: ignore[override]
        return settings.STOREFRONT_PROXY_REQUESTS_PER_MINUTE

    def subject(self, request: Request) -> str:
        user = request_actor(request).user
        return f"user:{user.pk}" if user is not None else f"address:{client_ip(request._request)}"


class TextField(serializers.CharField):
    """Text as sent: a number or a boolean is not read as its digits (DRF's CharField would)."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class ProxyRequestSerializer(serializers.Serializer):
    query = TextField(max_length=MAX_QUERY_LENGTH, trim_whitespace=False)
    variables = serializers.JSONField(required=False, allow_null=True)
    operationName = TextField(required=False, allow_null=True, max_length=200)  # noqa: N815
    storeHash = TextField(  # noqa: N815
        required=False, max_length=40, help_text="The store's public id; required without a bearer token."
    )
    channelId = serializers.IntegerField(  # noqa: N815
        required=False, min_value=1, max_value=2**31 - 1, help_text="The channel; required without a bearer token."
    )

    def validate_variables(self, value):
        if value is not None and not isinstance(value, dict):
            raise serializers.ValidationError("variables must be an object.", code="invalid")
        return value


def _refused(message: str, code: str, status: int) -> RestError:
    return RestError(message, code=code, status=status)


def _root_fields(
    selection_set: SelectionSetNode, fragments: dict[str, FragmentDefinitionNode], seen: frozenset[str] = frozenset()
):
    """The names of the root fields an operation selects, through inline fragments and fragment spreads."""
    for selection in selection_set.selections:
        if isinstance(selection, FieldNode):
            yield selection.name.value
        elif isinstance(selection, InlineFragmentNode):
            yield from _root_fields(selection.selection_set, fragments, seen)
        elif isinstance(selection, FragmentSpreadNode):
            name = selection.name.value
            fragment = fragments.get(name)
            if fragment is not None and name not in seen:  # an unknown or cyclic fragment: the schema refuses it
                yield from _root_fields(fragment.selection_set, fragments, seen | {name})


def proxy_operation_refusal(query: str) -> RestError | None:
    """Why the proxy does not run `query`, or None: it must parse, and every root field of every operation in it must
    be one of PROXY_OPERATIONS (or `__typename`); no subscriptions, no introspection."""
    try:
        document = parse(query, max_tokens=MAX_TOKENS)
    except GraphQLError as exc:
        return _refused(exc.message, ErrorCode.GRAPHQL_PARSE_FAILED, 400)
    fragments = {node.name.value: node for node in document.definitions if isinstance(node, FragmentDefinitionNode)}
    operations = [node for node in document.definitions if isinstance(node, OperationDefinitionNode)]
    refused: list[str] = []
    for operation in operations:
        if operation.operation not in (OperationType.QUERY, OperationType.MUTATION):
            refused.append(operation.operation.value)
            continue
        refused += [
            name
            for name in _root_fields(operation.selection_set, fragments)
            if name not in PROXY_OPERATIONS and name != "__typename"
        ]
    if refused:
        names = ", ".join(sorted(set(refused)))
        return _refused(f"{ErrorCode.PROXY_OPERATION_NOT_ALLOWED.label} Not allowed: {names}.",
                        ErrorCode.PROXY_OPERATION_NOT_ALLOWED, 403)  # fmt: skip
    return None


def _check_store(data: dict, *, signed_in: bool) -> None:
    """Without a bearer token the caller names the store and channel (shell §7); with one, what it names must exist."""
    if not signed_in:
        missing = [name for name in ("storeHash", "channelId") if data.get(name) is None]
        if missing:
            from django.core.exceptions import ValidationError

            raise ValidationError(
                {
                    name: [ValidationError("Send the storeHash and channelId, or a bearer token.", code="required")]
                    for name in missing
                }
            )
    store = selectors.store_current()
    if data.get("storeHash") is not None and data["storeHash"] != store.store_hash:
        raise NotFound("No store has this storeHash.")
    if data.get("channelId") is not None:
        channel = selectors.channel_get_or_none(channel_id=data["channelId"], store=store)
        if channel is None or not channel.is_enabled:
            raise NotFound(f"The store has no channel {data['channelId']}.")


@extend_schema(
    request=ProxyRequestSerializer,
    responses={
        200: inline_serializer(
            name="ProxyGraphqlResult",
            fields={
                "data": serializers.JSONField(allow_null=True, help_text="The operation's data, as /graphql answers."),
                "errors": serializers.ListField(
                    child=serializers.JSONField(), required=False, help_text="GraphQL errors, as /graphql has them."
                ),
            },
        ),
        403: OpenApiResponse(
            RestErrorSerializer,
            description="An operation outside the proxy's list (PROXY_OPERATION_NOT_ALLOWED), or a storefront token "
            "that is not valid here (STOREFRONT_TOKEN_REFUSED); in the common REST refusal shape.",
        ),
        **refusals(400, 401, 404, 429),
    },
)
@api_view(["POST"])
@throttle_classes([ProxyThrottle])
def proxy_graphql(request: Request) -> HttpResponse:
    """`POST /api/v2/proxy/graphql` `{query, variables, operationName, storeHash, channelId}`: a catalog, price or cart
    operation of an external storefront, run through the one schema as the caller — the bearer token's buyer (their
    company's prices and permissions) or, with only the store hash and channel id, a guest."""
    from portal.graphql.context import PortalContext
    from portal.graphql.errors import format_error
    from portal.schema import schema

    if not isinstance(request.data, dict):
        raise _refused('The request body must be a JSON object: {"query": "…", "variables": {…}}.',
                       ErrorCode.BAD_REQUEST, 400)  # fmt: skip
    serializer = ProxyRequestSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    data = serializer.validated_data
    _check_store(data, signed_in=request.auth is not None)
    token = getattr(request._request, "storefront_token", None)
    if token is not None and data.get("channelId") not in (None, token.channel.channel_id):
        raise _refused("The storefront token is for another channel.", ErrorCode.STOREFRONT_TOKEN_REFUSED, 403)
    refusal = proxy_operation_refusal(data["query"])
    if refusal is not None:
        raise refusal
    result = schema.execute_sync(
        data["query"],
        variable_values=data.get("variables") or {},
        operation_name=data.get("operationName"),
        context_value=PortalContext(request=request._request, response=HttpResponse()),
    )
    body: dict = {"data": result.data}
    if result.errors:
        body["errors"] = [format_error(error) for error in result.errors]
    return Response(body)
