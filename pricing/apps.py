from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class PricingConfig(AppConfig):
    name = "pricing"
    verbose_name = "Catalog and pricing"

    def ready(self) -> None:
        from pricing.calculation import STORE_PRICING_MODELS, store_pricing_changed

        # A cache, not a business rule: the cached store pricing goes when what it was read from changes.
        for model in STORE_PRICING_MODELS:
            post_save.connect(store_pricing_changed, sender=model, dispatch_uid=f"store-pricing-{model.__name__}")
            post_delete.connect(store_pricing_changed, sender=model, dispatch_uid=f"store-pricing-del-{model.__name__}")
