from django.apps import AppConfig


class PortalConfig(AppConfig):
    name = "portal"
    verbose_name = "Store and portal configuration"

    def ready(self) -> None:
        from corsheaders.signals import check_request_enabled

        from portal.middleware import storefront_origin_cors

        # django-cors-headers' documented hook: the origins of valid storefront tokens (issue 22).
        check_request_enabled.connect(storefront_origin_cors, dispatch_uid="portal.storefront_origin_cors")

        from portal.startup_cache import connect_signals

        # A cache, not a business rule: the cached store-wide start-up data goes when its rows change (issue 21).
        connect_signals()
