from django.urls import path

from punchout import views

app_name = "punchout"

urlpatterns = [
    path("punchout/cxml/", views.cxml_endpoint, name="cxml"),
    path("punchout/start/<str:token>/", views.start_page, name="start"),
    path("punchout/oci/", views.oci_entry, name="oci"),
    path("punchout/transfer/", views.transfer_cart, name="transfer"),
]
