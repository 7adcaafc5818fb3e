import pytest
from django.core.exceptions import ImproperlyConfigured

from portal.startup import require_production_secret_key


def test_web_server_refuses_to_start_without_its_own_secret_key_when_debug_is_off(settings):
    settings.DEBUG = False
    settings.SECRET_KEY_FROM_ENV = False
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be set when DEBUG is off"):
        require_production_secret_key()


def test_web_server_starts_with_a_secret_key_or_in_debug(settings):
    settings.DEBUG, settings.SECRET_KEY_FROM_ENV = False, True
    require_production_secret_key()
    settings.DEBUG, settings.SECRET_KEY_FROM_ENV = True, False
    require_production_secret_key()


def _database_settings(env: dict) -> dict:
    """portal.settings' DATABASES["default"] as a fresh process reads it from `env`."""
    import json
    import os
    import subprocess
    import sys

    code = (
        "import json, django.conf; from portal import settings; "
        "d = settings.DATABASES['default']; "
        "o = d.get('OPTIONS', {}); "
        "print(json.dumps([d.get('CONN_MAX_AGE'), d.get('CONN_HEALTH_CHECKS'), o.get('server_side_binding'), "
        "o.get('prepare_threshold'), o.get('options'), d['ENGINE']]))"
    )
    environment = {**os.environ, "SECRET_KEY": "x" * 50, **env}
    output = subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True, text=True, check=True)
    return json.loads(output.stdout.strip().splitlines()[-1])


SHOP = "postgres://u@db:5432/shop"
# Django's own backend, its kept connections checked by CONN_HEALTH_CHECKS (issue 37).
DJANGO_PG = "django.db.backends.postgresql"
# Prepared statements planned for their own parameters on every execution (issue 38 Must 4).
CUSTOM_PLANS = "-c plan_cache_mode=force_custom_plan"


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"DATABASE_URL": SHOP}, [60, True, True, 5, CUSTOM_PLANS, DJANGO_PG]),
        ({"DATABASE_URL": SHOP, "DATABASE_CONN_MAX_AGE": "300"}, [300, True, True, 5, CUSTOM_PLANS, DJANGO_PG]),
        ({"DATABASE_URL": "postgres://u@db:5432/shop?conn_max_age=0"}, [0, None, None, None, None, DJANGO_PG]),
        ({"DATABASE_URL": SHOP, "DATABASE_CONN_MAX_AGE": "0"}, [0, True, None, None, None, DJANGO_PG]),
        ({"DATABASE_URL": SHOP, "DATABASE_PREPARED_STATEMENTS": "false"}, [60, True, None, None, None, DJANGO_PG]),
        ({"DATABASE_URL": SHOP, "DATABASE_PREPARE_THRESHOLD": "2"}, [60, True, True, 2, CUSTOM_PLANS, DJANGO_PG]),
    ],
    ids=["default", "from-env", "off-in-url", "off-in-env", "no-prepared-statements", "threshold"],
)
def test_web_processes_keep_their_postgresql_connection_between_requests(env, expected):
    # Issue 21: a new PostgreSQL backend per request cost more server CPU than the request itself, and planning the
    # same statements again on every request most of PostgreSQL's CPU. Behind a transaction-mode pooler
    # (DATABASE_CONN_MAX_AGE=0, README) neither connections nor prepared statements are kept.
    assert _database_settings(env) == expected


def test_a_web_process_collects_garbage_once_per_50000_new_objects_and_not_its_start_up(tmp_path):
    # Issue 21 (portal/wsgi.py): what the process loaded before serving is frozen out of the collector's sight, and a
    # request's objects, freed by reference counting, no longer set off a pass per 700 of them.
    import os
    import subprocess
    import sys

    code = "import gc, portal.wsgi; print(gc.get_threshold()[0], gc.get_freeze_count() > 10_000)"
    environment = {
        **os.environ, "DJANGO_SETTINGS_MODULE": "portal.settings", "SECRET_KEY": "x" * 50, "DEBUG": "false",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }  # fmt: skip
    output = subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True, text=True, check=True)
    assert output.stdout.split() == ["50000", "True"]
