"""The production settings (portal.settings, read from the environment) with one URL more: GET /bench/ping.

bench/load.py starts gunicorn with DJANGO_SETTINGS_MODULE=bench.loadkit.settings, so that the bare Django view it
measures runs through the same middleware, database and cache configuration as the API, without touching the
product's URLconf. The cache keys get the run's own prefix (BENCH_CACHE_PREFIX): the Redis server is shared.
"""

import os

from portal.settings import *  # noqa: F403
from portal.settings import CACHES

ROOT_URLCONF = "bench.loadkit.urls"
CACHES["default"]["KEY_PREFIX"] = os.environ.get("BENCH_CACHE_PREFIX", "bench-load")
