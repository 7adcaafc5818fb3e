"""`{% portal_overlay %}`: the script tag of the overlay loader, read from the Vite manifest."""

from __future__ import annotations

import json
import logging
from functools import lru_cache
from pathlib import Path

from django import template
from django.conf import settings
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from portal.selectors import DEFAULT_CHANNEL_ID

register = template.Library()
logger = logging.getLogger(__name__)

LOADER_ENTRY = "src/loader.ts"


@lru_cache(maxsize=4)
def _loader_file(manifest_path: str, mtime: float) -> str | None:
    manifest = json.loads(Path(manifest_path).read_text())
    entry = manifest.get(LOADER_ENTRY)
    return entry["file"] if entry else None


def loader_url() -> str | None:
    manifest = Path(settings.FRONTEND_DIST) / ".vite" / "manifest.json"
    try:
        file = _loader_file(str(manifest), manifest.stat().st_mtime)
    except (OSError, ValueError, KeyError):
        file = None
    return static(f"portal/{file}") if file else None


@register.simple_tag(takes_context=True)
def portal_overlay(context, channel_id: int = DEFAULT_CHANNEL_ID, store_hash: str = "") -> str:
    url = loader_url()
    if url is None:
        logger.warning("The portal overlay is not built: run `make frontend`.")
        return mark_safe("<!-- The portal overlay is not built: run `make frontend`. -->")  # noqa: S308
    request = context.get("request")
    api_origin = request.build_absolute_uri("/").rstrip("/") if request else ""
    return format_html(
        '<script type="module" src="{}" data-api-origin="{}" data-channel-id="{}" data-store-hash="{}"'
        ' data-app-client-id="{}"></script>',
        url,
        api_origin,
        channel_id,
        store_hash,
        settings.PORTAL_APP_CLIENT_ID,
    )
