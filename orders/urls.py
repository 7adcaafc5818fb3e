from django.urls import path

from orders import views

app_name = "orders"

urlpatterns = [
    path("api/v2/orders/<int:number>/pdf", views.pdf_download, name="pdf-download"),
    path("api/v2/orders/shipment-lines/<int:pk>/certificate", views.certificate_download, name="certificate-download"),
    path(
        "api/v2/orders/lines/<int:pk>/safety-data-sheet",
        views.safety_data_sheet_download,
        name="safety-data-sheet-download",
    ),
]
