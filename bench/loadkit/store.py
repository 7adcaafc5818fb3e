"""A throwaway PostgreSQL database holding the demo store, with Django set up in this process against it.

`BenchStore` creates the database (its own name per run), points the environment at it the way the README's
production section does (DATABASE_URL, REDIS_URL, SECRET_KEY, DEBUG off), sets Django up in-process with
bench.loadkit.settings, runs `migrate` and `seed_demo`, and on `close()` drops the database, deletes the run's cache
keys and removes its files. Both bench/load.py and the profiler (bench/loadkit/profile_issue21.py) use it.
"""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432"
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"
SETTINGS_MODULE = "bench.loadkit.settings"


class BenchStore:
    def __init__(self, *, postgres: str = DEFAULT_POSTGRES, redis: str = DEFAULT_REDIS, label: str = "load") -> None:
        self.postgres = postgres.rstrip("/")
        self.redis = redis
        self.db_name = f"bench_{label}_{os.getpid()}"
        self.cache_prefix = f"bench-{label}-{os.getpid()}"
        self.tmp = Path(tempfile.mkdtemp(prefix=f"bench-{label}-"))
        self.created = False
        self.env: dict[str, str] = {}

    # --- the database ------------------------------------------------------------------------------------------

    def _admin_connection(self):
        import psycopg

        parts = urlsplit(self.postgres)
        return psycopg.connect(
            host=parts.hostname or "127.0.0.1",
            port=parts.port or 5432,
            user=parts.username or "postgres",
            password=parts.password,
            dbname="postgres",
            autocommit=True,
            connect_timeout=5,
        )

    def create(self, *, site_url: str) -> None:
        with self._admin_connection() as connection:
            connection.execute(f'CREATE DATABASE "{self.db_name}"')
        self.created = True
        self.env = {
            "DJANGO_SETTINGS_MODULE": SETTINGS_MODULE,
            "DATABASE_URL": f"{self.postgres}/{self.db_name}",
            "REDIS_URL": self.redis,
            "BENCH_CACHE_PREFIX": self.cache_prefix,
            "SECRET_KEY": secrets.token_urlsafe(50),
            "DEBUG": "false",
            "ALLOWED_HOSTS": "127.0.0.1,localhost,testserver",
            "VAR_DIR": str(self.tmp),
            "MEDIA_ROOT": str(self.tmp / "media"),
            "PRIVATE_MEDIA_ROOT": str(self.tmp / "media-private"),
            "SITE_URL": site_url,
            # The browser count (bench/load.py) signs in over plain HTTP on 127.0.0.1: README, "Secure cookies".
            "SESSION_COOKIE_SECURE": "false",
            "CSRF_COOKIE_SECURE": "false",
        }
        os.environ.update(self.env)

    def setup_django(self, *, site_url: str, collectstatic: bool = False) -> None:
        """django.setup() here, then migrate and seed_demo (and collectstatic for the overlay's files)."""
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)
        call_command("seed_demo", site_url=site_url, stdout=open(os.devnull, "w"))  # noqa: SIM115
        if collectstatic:
            call_command("collectstatic", verbosity=0, interactive=False)
        close_connections()

    def close(self) -> None:
        close_connections()
        if self.created:
            try:
                with self._admin_connection() as connection:
                    connection.execute(f'DROP DATABASE IF EXISTS "{self.db_name}" WITH (FORCE)')
                self.created = False
            except Exception as exc:  # noqa: BLE001 (reported, the rest of the clean-up goes on)
                print(f"(could not drop database {self.db_name}: {exc})")
        try:
            import redis

            client = redis.Redis.from_url(self.redis, socket_timeout=5)
            keys = list(client.scan_iter(match=f"{self.cache_prefix}:*", count=1000))
            if keys:
                client.delete(*keys)
        except Exception as exc:  # noqa: BLE001
            print(f"(could not delete the cache keys {self.cache_prefix}:*: {exc})")
        shutil.rmtree(self.tmp, ignore_errors=True)


def close_connections() -> None:
    try:
        from django.db import connections

        connections.close_all()
    except Exception:  # noqa: BLE001 (Django may not have been set up)
        pass


def bench_buyer(*, customer_group_id: int, email: str = "bench-buyer@bench.test") -> tuple[str, str]:
    """An individual customer of the customer group (e-mail, password): they price with that group, as the engine
    call of bench/pricing.py does, so that priceProducts over HTTP prices the same 500 items the same way."""
    from accounts.models import User

    password = secrets.token_urlsafe(16) + "Aa1!"
    User.objects.create_user(
        email, password, first_name="Bench", last_name="Buyer", customer_group_id=customer_group_id
    )
    return email, password
