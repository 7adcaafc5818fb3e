from django.urls import path

from storefront import auth_views, budget_views, cart_views, catalog_views, invoice_views, proxy, views

app_name = "storefront"

urlpatterns = [
    path("", views.home, name="home"),
    path("search/", catalog_views.search, name="search"),
    path("categories/<slug:slug>/", catalog_views.category, name="category"),
    path("products/<slug:slug>/", catalog_views.product_page, name="product"),
    path("products/<slug:slug>/price/", catalog_views.product_price, name="product-price"),
    path("cart.php", cart_views.cart, name="cart"),
    path("cart/add/", cart_views.cart_add, name="cart-add"),
    path("cart/lines/<int:line_id>/update/", cart_views.cart_update, name="cart-update"),
    path("cart/lines/<int:line_id>/remove/", cart_views.cart_remove, name="cart-remove"),
    path("checkout", cart_views.checkout, name="checkout"),
    path("checkout/budget-status", budget_views.budget_status, name="budget-status"),
    path("checkout/order-confirmation/<int:number>/", cart_views.order_confirmation, name="order-confirmation"),
    path("checkout/request-confirmation/<int:pk>/", cart_views.request_confirmation, name="request-confirmation"),
    # Issue 20: paying invoices (business §4 "Pay-invoice flow").
    path("checkout/invoices/<uuid:cart_id>/", invoice_views.invoice_checkout, name="invoice-checkout"),
    path(
        "checkout/invoices/<uuid:cart_id>/cancel/",
        invoice_views.invoice_checkout_cancel,
        name="invoice-checkout-cancel",
    ),
    path("checkout/invoices/receipts/<int:receipt_id>/", invoice_views.invoice_receipt, name="invoice-receipt"),
    path("login/", auth_views.SignInView.as_view(), name="login"),
    path("logout/", auth_views.sign_out, name="logout"),
    path("customer/current.jwt", auth_views.current_customer_jwt, name="current-jwt"),
    path("api/v2/csrf-token", auth_views.csrf_token, name="csrf-token"),
    path("checkout/login/<str:token>", auth_views.checkout_login, name="checkout-login"),
    # Issue 22: shell §7's fire-and-forget sign-in from a one-time token, and the proxy for other storefronts.
    path("login/token/<str:token>", auth_views.login_with_token, name="login-token"),
    path("api/v2/proxy/graphql", proxy.proxy_graphql, name="proxy-graphql"),
]
