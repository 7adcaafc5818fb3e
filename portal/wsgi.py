import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "portal.settings")
application = get_wsgi_application()

from django.urls import get_resolver  # noqa: E402

from portal.startup import require_production_secret_key  # noqa: E402

require_production_secret_key()

# Issue 21: load the URLconf now (and with it the GraphQL schema, the views and the apps' code), then take every
# object made so far out of the garbage collector's sight. They live as long as the process; without this, each full
# collection walked them all again (~230,000 objects: 19–53 ms, once every few large requests, on a request's time).
get_resolver().url_patterns  # noqa: B018 — the URLconf's import is the point
gc.freeze()
# Most of a request's objects are freed by reference counting when it ends, yet with Python's default of a pass per
# 700 new objects a 500-item price request ran ~18 passes over its own live objects, moving them into older
# generations that later passes walk again (~2.4 ms of its CPU). A pass per 50,000 new objects runs about never
# within one request; what cycles leave behind (graphql-core's executor and its bound methods, since issue 37 no
# longer broken by hand) is collected by these passes, every few large requests.
gc.set_threshold(50_000, 10, 10)
