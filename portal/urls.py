from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt

from accounts import views as accounts_views
from portal import dev_mail
from portal import views as portal_views
from portal.graphql.view import PortalGraphQLView
from portal.schema import schema

admin.site.site_header = "Buyer portal administration"
admin.site.site_title = "Buyer portal admin"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("favicon.ico", portal_views.favicon, name="favicon"),
    # The API authenticates by bearer token only (never by session cookie), so CSRF does not apply.
    path("graphql", csrf_exempt(PortalGraphQLView.as_view(schema=schema)), name="graphql"),
    path(
        "storefront/translation/<slug:store_hash>/<int:channel_id>/<slug:page>",
        portal_views.translations,
        name="translations",
    ),
    # Attachments of company applications (shell §7 POST /api/v2/media/upload); issue 5.
    path("api/v2/media/upload", accounts_views.media_upload, name="media-upload"),
    path("api/v2/media/upload/<str:file_id>", accounts_views.media_delete, name="media-delete"),
    # Issue 22: a store's admin tool sets a channel's storefront type (shell §7).
    path(
        "api/v2/store-configs/channel-storefront-type",
        portal_views.channel_storefront_type,
        name="channel-storefront-type",
    ),
    # The storefront masquerade bar's END MASQUERADE button (issue 5).
    path("masquerade/end/", accounts_views.masquerade_end, name="masquerade-end"),
    # The demo's mailbox under `make run` (DEBUG with the file-based mail backend only; 404 otherwise).
    path("dev/mail/", dev_mail.mailbox, name="dev-mail"),
    path("", include("orders.urls")),
    path("", include("invoices.urls")),
    path("", include("quotes.urls")),
    path("", include("pricing.urls")),
    path("", include("storefront.urls")),
    # Issue 39: procurement systems' cXML and OCI doors.
    path("", include("punchout.urls")),
    path("", include("approvals.urls")),
    # Issue 40: single sign-on through the companies' identity providers (allauth's provider views only).
    path("sso/", include("sso.urls")),
]
if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
