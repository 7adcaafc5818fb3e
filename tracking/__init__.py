"""Carrier tracking-number recognition (business §3, §5).

Import-safe before Django is set up: the engine is pure Python and this package imports no models.
"""

from tracking.engine import TrackingMatch, find_in_text, recognize

__all__ = ["TrackingMatch", "find_in_text", "recognize"]
