from django.apps import AppConfig


class ShoppinglistsConfig(AppConfig):
    name = "shoppinglists"
    verbose_name = "Shopping lists"
