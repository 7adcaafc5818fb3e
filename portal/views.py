"""REST edges of the shell (ARCHITECTURE §5), and the favicon."""

from typing import cast

from django.shortcuts import redirect
from django.templatetags.static import static
from django.views.decorators.http import require_GET
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, authentication_classes
from rest_framework.request import Request
from rest_framework.response import Response

from portal import selectors, storefront_tokens
from portal.errors import NotFound
from portal.models import Channel, Language, StoreAdminCredential
from portal.rest.authentication import StoreAdminCredentialAuthentication
from portal.rest.schema import RestErrorSerializer, envelope, refusals

PAGE_MAX = 40
NO_TRANSLATION_SET = "No such translation set."


@extend_schema(
    parameters=[
        OpenApiParameter(
            "lang", OpenApiTypes.STR, OpenApiParameter.QUERY, description="A language code; the store's by default."
        ),
        OpenApiParameter(
            "v", OpenApiTypes.INT, OpenApiParameter.QUERY, description="The channel's translation version (caching)."
        ),
    ],
    responses={
        200: inline_serializer(
            name="Translations",
            fields={
                "language": serializers.CharField(),
                "page": serializers.CharField(),
                "translationVersion": serializers.IntegerField(),
                "message": serializers.DictField(
                    child=serializers.CharField(), help_text="Text key: the store's text."
                ),
            },
        ),
        **refusals(404),
    },
)
@api_view(["GET"])
@authentication_classes([])  # public texts: no caller to read, whatever the request sends
def translations(request: Request, store_hash: str, channel_id: int, page: str) -> Response:
    """`GET /storefront/translation/{storeHash}/{channelId}/{page}?lang=xx`: the store's own texts for a page set.

    The overlay ships every text in seven languages; these overrides go on top. Cacheable by the browser until
    the channel's translation version changes (the overlay puts the version in the URL as `v`).
    """
    store = selectors.store_current()
    language = (request.query_params.get("lang") or store.default_language).split("-")[0].lower()
    if store_hash != store.store_hash or language not in Language.values or len(page) > PAGE_MAX:
        raise NotFound(NO_TRANSLATION_SET)
    channel = selectors.channel_get_or_none(channel_id=channel_id, store=store)
    if channel is None:
        raise NotFound(NO_TRANSLATION_SET)
    response = Response(
        {
            "language": language,
            "page": page,
            "translationVersion": channel.translation_version,
            "message": selectors.translation_overrides(channel=channel, language=language, page=page),
        }
    )
    response["Cache-Control"] = "public, max-age=300"
    return response


class ChannelStorefrontTypeSerializer(serializers.Serializer):
    bcChannelId = serializers.IntegerField(min_value=1, max_value=2**31 - 1, help_text="The channel's public id.")  # noqa: N815
    storefrontType = serializers.ChoiceField(  # noqa: N815
        choices=Channel.Platform.choices,
        help_text="`native`: the built-in storefront (native cart API, sign-in hand-over); `other`: another "
        "platform's storefront or a headless front end (cart calls through the proxy).",
    )
    storeHash = serializers.CharField(max_length=40, help_text="The store's public id.")  # noqa: N815


@extend_schema(
    request=ChannelStorefrontTypeSerializer,
    responses={
        200: envelope(
            "ChannelStorefrontType",
            {"bcChannelId": serializers.IntegerField(), "storefrontType": serializers.CharField()},
        ),
        401: OpenApiResponse(
            RestErrorSerializer,
            description="No X-Auth-Token, or one that is wrong or revoked (STORE_CREDENTIALS_REFUSED).",
        ),
        **refusals(400, 404),
    },
)
@api_view(["PUT"])
@authentication_classes([StoreAdminCredentialAuthentication])
def channel_storefront_type(request: Request) -> Response:
    """`PUT /api/v2/store-configs/channel-storefront-type` (shell §7, issue 22): a store's admin tool says which
    storefront a channel runs on. Needs a store admin credential (`X-Auth-Token`) of the store `storeHash` names."""
    serializer = ChannelStorefrontTypeSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    data = serializer.validated_data
    channel = storefront_tokens.channel_storefront_type_set(
        store=cast(StoreAdminCredential, request.auth).store,  # StoreAdminCredentialAuthentication's credential
        store_hash=data["storeHash"],
        channel_id=data["bcChannelId"],
        storefront_type=data["storefrontType"],
    )
    return Response(
        {
            "code": 200,
            "message": "SUCCESS",
            "data": {"bcChannelId": channel.channel_id, "storefrontType": channel.platform},
        }
    )


@require_GET
def favicon(request):
    """`/favicon.ico`, which browsers ask for on every page that names no icon (Django admin): the store's icon."""
    return redirect(static("storefront/favicon.ico"), permanent=True)
