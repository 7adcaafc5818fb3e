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
