from django.urls import path

from storefront import views

app_name = "storefront"

urlpatterns = [
    path("", views.home, name="home"),
    path("search/", views.search, name="search"),
    path("cart.php", views.cart, name="cart"),
]
