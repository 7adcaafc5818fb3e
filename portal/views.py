"""REST edges of the shell (ARCHITECTURE §5)."""

from django.http import JsonResponse
from django.shortcuts import redirect
from django.templatetags.static import static
from django.views.decorators.http import require_GET

from portal import selectors
from portal.models import Language

PAGE_MAX = 40


@require_GET
def translations(request, store_hash: str, channel_id: int, page: str):
    """`GET /storefront/translation/{storeHash}/{channelId}/{page}?lang=xx`: the store's own texts for a page set.

    The overlay ships every text in seven languages; these overrides go on top. Cacheable by the browser until
    the channel's translation version changes (the overlay puts the version in the URL as `v`).
    """
    store = selectors.store_current()
    language = (request.GET.get("lang") or store.default_language).split("-")[0].lower()
    if store_hash != store.store_hash or language not in Language.values or len(page) > PAGE_MAX:
        return JsonResponse({"code": 404, "message": "No such translation set."}, status=404)
    channel = selectors.channel_get_or_none(channel_id=channel_id, store=store)
    if channel is None:
        return JsonResponse({"code": 404, "message": "No such translation set."}, status=404)
    response = JsonResponse(
        {
            "language": language,
            "page": page,
            "translationVersion": channel.translation_version,
            "message": selectors.translation_overrides(channel=channel, language=language, page=page),
        }
    )
    response["Cache-Control"] = "public, max-age=300"
    return response


@require_GET
def favicon(request):
    """`/favicon.ico`, which browsers ask for on every page that names no icon (Django admin): the store's icon."""
    return redirect(static("storefront/favicon.ico"), permanent=True)
