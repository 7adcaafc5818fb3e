"""Factories of the shopping list tests. A list built here skips the services (no CRM event, no enablement check):
the tests of those rules go through the API."""

import factory

from shoppinglists.models import ShoppingList, ShoppingListItem, ShoppingListStatus
from shoppinglists.selectors import is_hotlist_name


class ShoppingListFactory(factory.django.DjangoModelFactory):
    """Pass `company=` and `created_by=` (a company's list) or `customer=` (an individual's own; its maker too)."""

    class Meta:
        model = ShoppingList

    name = factory.Sequence(lambda n: f"List {n}")
    description = ""
    company = None
    customer = None
    created_by = factory.LazyAttribute(lambda lst: lst.customer)
    status = ShoppingListStatus.APPROVED
    is_hotlist = factory.LazyAttribute(lambda lst: is_hotlist_name(lst.name))


class ShoppingListItemFactory(factory.django.DjangoModelFactory):
    """Pass `shopping_list=` and `variant=` (the product is the variant's)."""

    class Meta:
        model = ShoppingListItem

    product = factory.LazyAttribute(lambda item: item.variant.product)
    quantity = 1
    options = factory.LazyFunction(list)
