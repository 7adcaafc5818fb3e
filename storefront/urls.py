from django.urls import path

from storefront import auth_views, views

app_name = "storefront"

urlpatterns = [
    path("", views.home, name="home"),
    path("search/", views.search, name="search"),
    path("cart.php", views.cart, name="cart"),
    path("login/", auth_views.sign_in, name="login"),
    path("logout/", auth_views.sign_out, name="logout"),
    path("customer/current.jwt", auth_views.current_customer_jwt, name="current-jwt"),
]
