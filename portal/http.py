"""Outbound HTTP (issue 23): every call this server makes to another one (the CRM events of business §7 now, ERP
and webhook calls later) goes through the session here, so that none can hang a worker without a timeout or go
out without saying who we are.

The session makes one attempt (no urllib3 retries: they would sleep inside the worker). The Celery task that makes
the call retries it: `is_retryable` says which failures are worth another attempt, `backoff` how long to wait and
`retry` hands the attempt back to Celery, so that no worker is held while it waits.
"""

from __future__ import annotations

import threading
from importlib import metadata

import requests
from celery import Task
from celery.exceptions import Retry
from celery.utils.time import get_exponential_backoff_interval

# (connect, read) seconds: ample for a CRM on the internet, short enough that a dead one soon frees the worker (the
# wait before a retry is spent in the queue, not here).
TIMEOUT: tuple[float, float] = (3.05, 5.0)


def _user_agent() -> str:
    try:
        version = metadata.version("buyer-portal")
    except metadata.PackageNotFoundError:  # a checkout that was not installed with pip
        version = "dev"
    return f"buyer-portal/{version} python-requests/{requests.__version__}"


USER_AGENT = _user_agent()


class TimeoutSession(requests.Session):
    """A session whose every request has a timeout, `TIMEOUT` unless the caller gives its own."""

    def request(self, method, url, *args, **kwargs):
        if kwargs.get("timeout") is None:
            kwargs["timeout"] = TIMEOUT
        return super().request(method, url, *args, **kwargs)


_local = threading.local()


def session() -> requests.Session:
    """The outbound session, one per thread (requests does not promise that a session is thread-safe; a Celery
    worker process runs one task at a time, and eager tasks run in the web server's request threads). It keeps
    connections to the same host open between calls."""
    current = getattr(_local, "session", None)
    if current is None:
        current = TimeoutSession()
        current.headers["User-Agent"] = USER_AGENT
        _local.session = current
    return current


def post_json(
    url: str,
    payload: object,
    *,
    token: str | None = None,
    headers: dict[str, str] | None = None,
    timeout: float | tuple[float, float] | None = None,
) -> requests.Response:
    """POST `payload` as JSON (with `Authorization: Bearer <token>` when given); the response, read. Raises
    `requests.HTTPError` for a 4xx/5xx answer and `requests.RequestException` for every other failure."""
    all_headers = {"Accept": "application/json", **(headers or {})}
    if token:
        all_headers["Authorization"] = f"Bearer {token}"
    response = session().post(url, json=payload, headers=all_headers, timeout=timeout)
    response.raise_for_status()
    return response


def post_document(
    url: str, body: bytes, *, content_type: str, timeout: float | tuple[float, float] | None = None
) -> requests.Response:
    """POST a document as it is (XML, a form); the response, read. Raises as `post_json` does."""
    response = session().post(url, data=body, headers={"Content-Type": content_type}, timeout=timeout)
    response.raise_for_status()
    return response


def is_retryable(exc: requests.RequestException) -> bool:
    """Worth another attempt later: no connection, a timeout, an answer cut short, or one that says "not now" (408,
    425, 429, 5xx). Any other 4xx (a wrong token, a body the other side refuses) would be answered the same way
    every time."""
    if isinstance(exc, requests.HTTPError) and exc.response is not None:
        status = exc.response.status_code
        return status in (408, 425, 429) or status >= 500
    return isinstance(exc, requests.ConnectionError | requests.Timeout | requests.exceptions.ChunkedEncodingError)


def backoff(retries: int, *, base: int, maximum: int = 600) -> int:
    """Seconds before retry number `retries` + 1: up to base × 2^retries (at most `maximum`), a random time below
    that (full jitter) so that the calls that failed together during an outage do not all come back at once."""
    return get_exponential_backoff_interval(factor=base, retries=retries, maximum=maximum, full_jitter=True)


def retry(task: Task, exc: Exception, countdown: int) -> Retry:
    """Hand the running task back to Celery to run again in `countdown` seconds; `return` what this gives.

    In a worker this raises Celery's Retry, as `raise task.retry(…)` does. A task run eagerly (no broker: the
    embedded default and the tests) gets it back instead: raised, it would end the run with
    CELERY_TASK_EAGER_PROPAGATES and fail the caller (an on-commit hook of a request); returned, Celery's eager
    `apply` runs the retry at once, with the retry count the worker would see, and without waiting."""
    if task.request.is_eager:
        return task.retry(exc=exc, countdown=countdown, throw=False)
    raise task.retry(exc=exc, countdown=countdown)
