"""/sso/…: our start page and allauth's provider addresses (OpenID Connect /sso/oidc/<slug>/login/ and its callback;
SAML /sso/saml/<slug>/login/, acs/, acs/finish/, metadata/, sls/). allauth's account pages (password sign-up,
sign-in, reset) are not mounted: passwords belong to the storefront's sign-in."""

from django.urls import include, path

from sso import views

urlpatterns = [
    path("<slug:slug>/start/", views.start, name="sso_start"),
    path("", include("allauth.socialaccount.providers.openid_connect.urls")),
    path("", include("allauth.socialaccount.providers.saml.urls")),
]
