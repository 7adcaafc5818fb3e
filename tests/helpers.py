"""Small helpers shared by the tests."""

import contextlib
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

LOGIN = """
mutation Login($email: String!, $password: String!) {
  login(loginData: {email: $email, password: $password, channelId: 1}) {
    result { token loginType permissions { code permissionLevel } }
  }
}
"""

CUSTOMER_INFO = """
{ customerInfo { userType userInfo { id role companyRoleName firstName lastName email phoneNumber }
                 companyInfo { id companyName status } permissions { code permissionLevel } } }
"""


def error_code(body: dict):
    """The `extensions.code` of the first error."""
    return body["errors"][0]["extensions"]["code"]


def count_queries(run: Callable[[], T]) -> tuple[int, T]:
    """The number of database queries `run()` makes, and what it returns."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        result = run()
    return len(queries), result


def pdf_text(content: bytes) -> str:
    """The text of a PDF's pages, as a reader would copy it."""
    from io import BytesIO

    from pypdf import PdfReader

    return "\n".join(page.extract_text() or "" for page in PdfReader(BytesIO(content)).pages)


def rest_refusal(response, status: int) -> dict:
    """A REST edge's refusal in the API's one shape (docs/api.md "REST edges"): checks the shape and the HTTP status,
    and returns the error (`message`, `extensions`)."""
    import json

    assert response["Content-Type"] == "application/json", response.content[:300]
    body = json.loads(response.content)
    assert response.status_code == status, body
    [error] = body["errors"]
    assert body == {"code": status, "message": error["message"], "data": None, "errors": [error]}
    assert error["message"] and "code" in error["extensions"]
    return error


def broker_url_or_skip() -> str:
    """The real Redis broker's URL (REDIS_URL, else the local default); skips the test when none answers, and fails it
    on CI, which must have one."""
    import os

    import pytest
    import redis

    url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.exceptions.RedisError:
        if os.environ.get("CI"):
            pytest.fail("CI must have Redis at REDIS_URL")
        pytest.skip("No Redis reachable: start Redis or set REDIS_URL to run the broker test")
    return url


def _celery_producers_dropped() -> None:
    from portal.celery import app as celery_app

    # Eager calls earlier in the session cached a producer pool on the in-memory broker: the app's connection pool
    # closed (Celery's public `close`) and its AMQP part, a cached property, made again on its next use (deleting a
    # cached property is how it is dropped), so that publishing uses the broker URL set now.
    celery_app.close()
    del celery_app.amqp


@contextlib.contextmanager
def celery_sending_to_broker(url: str):
    """Within it, tasks are sent through the real broker at `url` (not run eagerly); no worker is started here (a
    test may run its own worker processes)."""
    from portal.celery import app as celery_app

    previous = {k: celery_app.conf[k] for k in ("broker_url", "task_always_eager")}
    _celery_producers_dropped()
    celery_app.conf.update(broker_url=url, task_always_eager=False)
    try:
        yield celery_app
    finally:
        _celery_producers_dropped()
        celery_app.conf.update(previous)


@contextlib.contextmanager
def celery_worker_on_broker(url: str):
    """Within it, tasks go through the real broker at `url` (not run eagerly), whose queue starts empty, to a real
    worker (solo pool) in this process."""
    from celery.contrib.testing.worker import start_worker

    with celery_sending_to_broker(url) as celery_app:
        celery_app.control.purge()  # leftovers of an interrupted run must not be mistaken for this one
        with start_worker(celery_app, pool="solo", perform_ping_check=False, loglevel="WARNING"):
            yield celery_app


def database_url_of_this_run() -> str:
    """The URL of this test run's database (test_…), for a process the test starts (a Celery worker)."""
    import os
    from urllib.parse import urlsplit, urlunsplit

    from django.db import connection

    name = connection.settings_dict["NAME"]
    if connection.vendor == "sqlite":
        return f"sqlite:///{name}"
    return urlunsplit(urlsplit(os.environ["DATABASE_URL"])._replace(path=f"/{name}"))


def celery_worker_process(*, queue: str, log, broker: str, **env: str):
    """A real Celery worker process on the real broker at `broker`, taking the tasks of `queue` (solo pool: a task
    runs in the process itself, which a test may kill), on this run's database and private files; its log (INFO:
    each task's outcome) goes to the file `log`. `env`: settings to give it (BROKER_VISIBILITY_TIMEOUT=0, …)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from django.conf import settings

    environment = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "portal.settings",
        "DATABASE_URL": database_url_of_this_run(),
        "REDIS_URL": broker,
        "PRIVATE_MEDIA_ROOT": str(settings.PRIVATE_MEDIA_ROOT),
        "SECRET_KEY": settings.SECRET_KEY,
        **env,
    }
    command = [sys.executable, "-m", "celery", "-A", "portal", "worker", "--pool=solo", "-Q", queue, "-l", "INFO"]
    command += ["--without-gossip", "--without-mingle", "--without-heartbeat", f"--hostname={queue}-{log.stem}@test"]
    with log.open("wb") as out:
        return subprocess.Popen(  # noqa: S603 - our own worker command
            command, env=environment, stdout=out, stderr=subprocess.STDOUT, cwd=Path(__file__).resolve().parent.parent
        )


def until_state(condition, what: str, *, bound: float = 120.0):
    """What `condition()` returns once it is true: waits for a state of the system under test (a process's work),
    checking every tenth of a second; `bound` is a limit on waiting, never a speed assertion."""
    import time

    import pytest

    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.1)
    pytest.fail(f"never happened: {what}")
