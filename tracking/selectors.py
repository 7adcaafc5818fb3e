"""Reads of the tracking app: no models, only the recognition engine."""

from __future__ import annotations

from tracking.engine import TrackingMatch, find_in_text, recognize


def tracking_numbers_in_text(*, text: str) -> list[TrackingMatch]:
    """The tracking numbers written in `text`; when there are none, the whole text read as one number, so
    that other separators work too ("1Z/999/AA1/0123456784")."""
    return find_in_text(text) or recognize(text)
