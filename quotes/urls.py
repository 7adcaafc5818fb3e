from django.urls import path

from quotes import views

app_name = "quotes"

urlpatterns = [
    path("api/v2/quotes/attachments", views.attachment_upload, name="attachment-upload"),
    path("api/v2/quotes/attachments/<int:pk>", views.attachment_download, name="attachment-download"),
    path("api/v2/quotes/<int:pk>/pdf", views.pdf_download, name="pdf-download"),
]
