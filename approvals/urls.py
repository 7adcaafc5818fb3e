from django.urls import path

from approvals import views

app_name = "approvals"

urlpatterns = [
    path("approvals/review/<str:token>/", views.review, name="review"),
]
