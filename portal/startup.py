from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


def require_production_secret_key() -> None:
    """A web server with DEBUG off must have its own SECRET_KEY, never the generated development one."""
    if not settings.DEBUG and not settings.SECRET_KEY_FROM_ENV:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off (see .env.example).")
