from django.urls import path

from invoices import views

app_name = "invoices"

urlpatterns = [
    # business §7: the older invoice list, `GET {invoice host}/api/invoice`.
    path("api/invoice", views.invoice_list, name="legacy-list"),
    path("api/v2/invoices/<int:pk>/pdf", views.pdf_download, name="pdf-download"),
    path("api/v2/invoices/exports/<str:key>.csv", views.export_download, name="export-download"),
]
