from django.apps import AppConfig


class PricingConfig(AppConfig):
    name = "pricing"
    verbose_name = "Catalog and pricing"

    def ready(self) -> None:
        from pricing.search_cache import connect_signals

        # A cache, not a business rule: a guest's cached search answers go when the catalog changes (issue 21).
        connect_signals()
