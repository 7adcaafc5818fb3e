from django.apps import AppConfig


class OrdersConfig(AppConfig):
    name = "orders"
    verbose_name = "Orders"

    def ready(self) -> None:
        # shell §7 createdByUser: accounts answers it, but may not import orders (ARCHITECTURE §3).
        from accounts.selectors import created_by_source_register
        from orders.selectors import order_placer_ids

        created_by_source_register("orders", order_placer_ids)
