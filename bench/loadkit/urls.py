"""The product's URLs and a bare Django view returning a fixed JSON document (the baseline of bench/load.py)."""

from django.http import JsonResponse
from django.urls import path

from portal.urls import urlpatterns as portal_urlpatterns

PING_DOCUMENT = {"data": {"ping": "pong", "items": [1, 2, 3]}}


def ping(request):
    return JsonResponse(PING_DOCUMENT)


urlpatterns = [path("bench/ping", ping, name="bench-ping"), *portal_urlpatterns]
