from django.urls import path

from pricing.bulk_upload import views

app_name = "pricing"

urlpatterns = [
    path("api/v2/products/upload", views.upload, name="bulk-upload"),
    path("api/v2/products/upload/<str:key>", views.upload_state, name="bulk-upload-state"),
    path("api/v2/products/upload/<str:key>/errors.csv", views.error_file, name="bulk-upload-error-file"),
    path(
        "api/v2/products/upload/<str:key>/stock-errors.csv",
        views.stock_error_file,
        name="bulk-upload-stock-error-file",
    ),
]
