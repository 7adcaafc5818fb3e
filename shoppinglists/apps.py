from django.apps import AppConfig


class ShoppinglistsConfig(AppConfig):
    name = "shoppinglists"
    verbose_name = "Shopping lists"

    def ready(self) -> None:
        # shell §7 createdByUser: accounts answers it, but may not import shoppinglists (ARCHITECTURE §3).
        from accounts.selectors import created_by_source_register
        from shoppinglists.selectors import list_creator_ids

        created_by_source_register("shoppinglists", list_creator_ids)
