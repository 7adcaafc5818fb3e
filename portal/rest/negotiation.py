"""Content negotiation of the REST edges: they answer JSON, or a file of their own (a PDF, an attachment)."""

from __future__ import annotations

from rest_framework.negotiation import DefaultContentNegotiation


class JsonAnswers(DefaultContentNegotiation):
    """The one renderer (JSON) whatever the Accept header says: a browser that opens a PDF link, or a client that
    asks for `application/pdf`, gets the PDF, not a 406 for an answer it never receives."""

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type
