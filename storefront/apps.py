from django.apps import AppConfig


class StorefrontConfig(AppConfig):
    name = "storefront"
    verbose_name = "Storefront"

    def ready(self) -> None:
        # issue 17 OrderDetail.canReorder: orders asks, but may not import storefront (ARCHITECTURE §3).
        from orders.permissions import REORDER, order_action_register
        from storefront.reorder import reorder_allowed

        order_action_register(REORDER, reorder_allowed)

        # issue 18 ShoppingList.canAddToCart: shoppinglists asks, but may not import storefront either.
        from shoppinglists.permissions import ADD_TO_CART, list_action_register
        from storefront.shopping_list_cart import list_order_allowed

        list_action_register(ADD_TO_CART, list_order_allowed)
