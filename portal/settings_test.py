"""Test settings: the same as production-shaped settings, with fast hashing and a fixed key."""

import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production-0123456789abcdef")

from portal.settings import *  # noqa: E402,F403
from portal.settings import CACHES, DATABASES, REDIS_URL, VAR_DIR  # noqa: E402

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
# Files the tests save (logos, uploads) go to a folder of this run, removed when the run ends (tests/conftest.py).
MEDIA_ROOT = VAR_DIR / f"test-media-{os.getpid()}"
PRIVATE_MEDIA_ROOT = VAR_DIR / f"test-media-{os.getpid()}-private"
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
# Tests run every task eagerly unless a test starts a real worker on the real broker (tests/portal/test_celery.py).
CELERY_TASK_ALWAYS_EAGER = True
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # A file (threads of one test share it: live_server, the parallel-request tests), named per run so that two
    # `make test` runs in one checkout never write each other's database (issue 14 §1). Django deletes it at the end.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / f"test-{os.getpid()}.sqlite3")}

if REDIS_URL:
    # The cache gets a Redis database of its own (1), apart from the broker's, so that clearing it between tests
    # never drops a queued task.
    from urllib.parse import urlsplit, urlunsplit

    # Each pytest-xdist worker (gw0, gw1, …) gets a database of its own (1, 2, …): a test clears the cache before it
    # runs, and must never clear a test's on another worker.
    # They count from the broker's database + 1, so that two runs with brokers on different databases (redis://…/0
    # and redis://…/8, say) never share a cache either.
    _worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    _url = urlsplit(REDIS_URL)
    _broker_db = int(_url.path.strip("/") or 0)
    CACHES = {
        "default": {
            **CACHES["default"],
            "LOCATION": urlunsplit(_url._replace(path=f"/{_broker_db + 1 + int(_worker or 0)}")),
            "KEY_PREFIX": "test",
        }
    }
