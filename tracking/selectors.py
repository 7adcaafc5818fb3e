"""Reads of the tracking app: no models, only the recognition engine."""

from __future__ import annotations

from tracking.engine import TrackingMatch, find_in_text, recognize


def tracking_numbers_in_text(*, text: str) -> list[TrackingMatch]:
    """The tracking numbers in `text`: the whole text read as one number first (so any separators are
    allowed, "1Z/999/AA1…"), otherwise every number written in it."""
    return recognize(text) or find_in_text(text)
