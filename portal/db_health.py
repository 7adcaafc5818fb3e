"""A kept PostgreSQL connection is checked at the start of each request without a round trip (issue 21).

A web process keeps its connection between requests (portal.settings). A connection can die meanwhile: the server
restarted, the backend was terminated, an idle timeout closed it. Django's CONN_HEALTH_CHECKS finds out by sending
`SELECT 1` before the first query of every request: one more round trip, and PostgreSQL work, for every request.

A server that ends a connection says so: it sends an error message and closes the socket. So the socket of a
connection that is idle between requests has nothing to read, unless something happened to it. `close_broken` looks
(a poll with no wait): nothing to read, and the connection is used as it is; something to read (the server's goodbye,
the socket's end, or a harmless message such as a notification), and Django's own check runs, which reads it and
closes the connection if it is broken, so that the request's first query opens a new one instead of failing.

Not covered, as with `SELECT 1` (which would wait for the network's timeout): a peer that vanished without a word.
"""

from __future__ import annotations

import select
from typing import Any

from django.db import connections


def _socket_has_data(raw: Any) -> bool:
    try:
        readable, _, _ = select.select([raw.fileno()], [], [], 0)
    except (OSError, ValueError):  # closed under us: nothing to poll
        return True
    return bool(readable)


def close_broken(**kwargs: Any) -> None:
    """`request_started` receiver: close each kept PostgreSQL connection that is broken (see the module)."""
    for connection in connections.all(initialized_only=True):
        raw = connection.connection
        if raw is None or connection.vendor != "postgresql" or connection.in_atomic_block:
            continue
        if raw.closed or raw.broken or (_socket_has_data(raw) and not connection.is_usable()):
            connection.close()
