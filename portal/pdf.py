"""Documents as PDF (the quote, the order, a demo certificate): an HTML template rendered by WeasyPrint, with the
store's logo embedded. Nothing is fetched while rendering: what a document shows is in its HTML or a data: URI."""

from __future__ import annotations

import base64
import logging
import mimetypes

from django.template.loader import render_to_string

from portal.models import Store

# WeasyPrint reports each rendering step at INFO: not worth a log line per PDF.
logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)

LOGO_TYPES = {".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}
MAX_LOGO_BYTES = 2_000_000


def logo_data_uri(store: Store | None) -> str | None:
    """The store's logo as a data: URI to embed in a document (no file paths or URLs for WeasyPrint to fetch); None
    when the store has none, or it is not an image we can read."""
    if store is None or not store.logo:
        return None
    name = (store.logo.name or "").lower()  # a set file field has a name
    content_type = next((t for ext, t in LOGO_TYPES.items() if name.endswith(ext)), None)
    content_type = content_type or mimetypes.guess_type(name)[0]
    if content_type is None or not content_type.startswith("image/"):
        return None
    try:
        with store.logo.open("rb") as logo:
            data = logo.read(MAX_LOGO_BYTES)
    except OSError:
        return None
    return f"data:{content_type};base64,{base64.b64encode(data).decode()}"


def html_to_pdf(html: str) -> bytes:
    """The HTML document as a PDF. Only data: URIs are loaded: nothing from the network or the disk."""
    from weasyprint import HTML
    from weasyprint.urls import URLFetcher

    return HTML(string=html, url_fetcher=URLFetcher(allowed_protocols={"data"})).write_pdf()


def template_to_pdf(template_name: str, context: dict) -> bytes:
    """A template rendered with `context`, as a PDF."""
    return html_to_pdf(render_to_string(template_name, context))
