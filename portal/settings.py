"""Settings for the buyer portal, all read from the environment (see .env.example).

The embedded default (`make run`) needs no service: SQLite under var/, Celery eager, local-memory cache.
Production sets DATABASE_URL, REDIS_URL, SECRET_KEY and ALLOWED_HOSTS.
"""

import secrets
from pathlib import Path

import environ

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(environ.Env().str("VAR_DIR", default=str(BASE_DIR / "var")))
VAR_DIR.mkdir(parents=True, exist_ok=True)

env = environ.Env()
if (BASE_DIR / ".env").is_file():
    env.read_env(BASE_DIR / ".env")

DEBUG = env.bool("DEBUG", default=False)


def _generated_secret_key() -> str:
    # The embedded default: generate once and keep it under var/ so sessions survive restarts.
    key_file = VAR_DIR / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_urlsafe(50))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


SECRET_KEY = env.str("SECRET_KEY", default="") or _generated_secret_key()
# Without SECRET_KEY, command-line tools (migrate, track, ...) still work; the web server refuses to start
# when DEBUG is off (portal/wsgi.py, portal/asgi.py call require_production_secret_key).
SECRET_KEY_FROM_ENV = bool(env.str("SECRET_KEY", default=""))
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "corsheaders",
    "strawberry_django",
    "drf_spectacular",
    "portal",
    "accounts",
    "pricing",
    "orders",
    "quotes",
    "shoppinglists",
    "invoices",
    "tracking",
    "storefront",
    "punchout",
    # Issue 41: budgets and approval rules; every order is placed through approvals.services.placement.
    "approvals",
    # Issue 40: single sign-on per company on django-allauth (docs/sso.md). sso comes before allauth so that its
    # templates answer for allauth's (socialaccount/login.html). No django.contrib.sites: allauth does without.
    "sso",
    "allauth",
    "allauth.account",
    "allauth.socialaccount",
    "allauth.socialaccount.providers.openid_connect",
    "allauth.socialaccount.providers.saml",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "storefront.middleware.session_cors_credentials",
    "corsheaders.middleware.CorsMiddleware",
    # Issue 22: a request with a storefront token must carry a valid one, from its origins (portal/middleware.py).
    "portal.middleware.storefront_token_guard",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "allauth.account.middleware.AccountMiddleware",  # required by allauth (issue 40)
    "sso.middleware.SsoRefusalMiddleware",  # a refused SAML response gets the refusal page (issue 40)
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Issue 36: a page or JSON endpoint that meets a database outage answers 503 "try again", not a 500.
    "portal.outage.DatabaseOutageMiddleware",
]

ROOT_URLCONF = "portal.urls"
WSGI_APPLICATION = "portal.wsgi.application"
ASGI_APPLICATION = "portal.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}")}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # The embedded default serves concurrent requests (and the browser tests' live server): take the write lock
    # when a transaction starts and wait for it, instead of failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update({"timeout": 20, "transaction_mode": "IMMEDIATE"})
elif "conn_max_age" not in env.str("DATABASE_URL", default=""):
    # A web process keeps its database connection between requests (issue 21: a new PostgreSQL backend per request
    # cost more server CPU than the request itself), checked before a request's first query so a restarted server is
    # not an error: Django's CONN_HEALTH_CHECKS. `?conn_max_age=0` in DATABASE_URL turns it off.
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("DATABASE_CONN_MAX_AGE", default=60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    if DATABASES["default"]["CONN_MAX_AGE"] and env.bool("DATABASE_PREPARED_STATEMENTS", default=True):
        # Prepared statements (issue 21): psycopg prepares a query its connection has run `prepare_threshold` times,
        # so PostgreSQL stops parsing and planning the same few statements on every request (its CPU per start-up mix
        # request 0.9 -> 0.35 ms). They need server-side parameter binding and live with the connection: behind a
        # transaction-mode pooler, where the README says to set DATABASE_CONN_MAX_AGE=0, neither is used.
        # Each execution is still planned for its own parameters (issue 38 Must 4): after five runs PostgreSQL may keep
        # a prepared statement's *generic* plan, made for an average company (24 invoices, 40 orders), which for the
        # one with 150,000 orders joined every one of them before the sort: the invoices list by due date 92 ms ->
        # 1.2 s, an orders search 0.4 ms -> 1.3 s from the sixth request on. Prepared, a statement is still parsed
        # once; statistics that grow with the data (autovacuum's ANALYZE) reach every new plan without a restart.
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            server_side_binding=True,
            prepare_threshold=env.int("DATABASE_PREPARE_THRESHOLD", default=5),
            options="-c plan_cache_mode=force_custom_plan",
        )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "accounts.validators.PortalPasswordValidator"},
]
LOGIN_URL = "storefront:login"
LOGIN_REDIRECT_URL = "/"  # where a sign-in without `next` lands (the storefront's sign-in, single sign-on)
# Passwords are checked by Django's ModelBackend only (accounts.services.customer_authenticate); allauth's backend is
# not needed for single sign-on, which signs the member in itself (issue 40).
AUTHENTICATION_BACKENDS = ["django.contrib.auth.backends.ModelBackend"]

# Single sign-on (issue 40, docs/sso.md): django-allauth's OpenID Connect and SAML providers, built from the
# companies' IdentityProvider rows (sso/adapter.py). allauth's own account pages are not mounted (portal/urls.py).
ACCOUNT_USER_MODEL_USERNAME_FIELD = None
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*"]
ACCOUNT_EMAIL_VERIFICATION = "none"
SOCIALACCOUNT_ADAPTER = "sso.adapter.PortalSocialAccountAdapter"
SOCIALACCOUNT_AUTO_SIGNUP = True
# A provider never signs in an account by its e-mail address on its own: sso.services decides, and never takes over
# another company's user, an individual customer, staff or a super admin.
SOCIALACCOUNT_EMAIL_AUTHENTICATION = False
SOCIALACCOUNT_EMAIL_AUTHENTICATION_AUTO_CONNECT = False
SOCIALACCOUNT_LOGIN_ON_GET = False  # a sign-in starts with a POST (sso/templates/sso/start.html posts itself)
SOCIALACCOUNT_STORE_TOKENS = False
SOCIALACCOUNT_EMAIL_VERIFICATION = "none"
# The key the identity providers' client secrets are encrypted under (sso/crypto.py); empty: derived from SECRET_KEY.
SSO_SECRET_KEY = env.str("SSO_SECRET_KEY", default="")

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("zh", "中文"),
    ("fr", "Français"),
    ("nl", "Nederlands"),
    ("de", "Deutsch"),
    ("it", "Italiano"),
    ("es", "Español"),
]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = env.str("STATIC_URL", default="/static/")
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
# The overlay bundle built by Vite (`frontend/dist`) is served under /static/portal/. Another build directory can be
# named (`vite build --outDir …`), so that two checkouts' builds or two test runs never overwrite each other's.
FRONTEND_DIST = Path(env.str("FRONTEND_DIST", default=str(BASE_DIR / "frontend" / "dist")))
# Listed only once built, so that a fresh checkout has no missing-directory warning.
STATICFILES_DIRS = [("portal", FRONTEND_DIST)] if FRONTEND_DIST.is_dir() else []
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env.str("MEDIA_ROOT", default=str(VAR_DIR / "media")))
# Attachments (company applications, quotes) never get a public URL: they live here, or in STORAGES["private"].
PRIVATE_MEDIA_ROOT = Path(env.str("PRIVATE_MEDIA_ROOT", default=str(VAR_DIR / "media-private")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Cache and Celery: Redis when REDIS_URL is set, otherwise in-process (no service needed).
REDIS_URL = env.str("REDIS_URL", default="")
# Issue 36 item 2: a Redis that does not answer costs a call at most REDIS_TIMEOUT seconds, and after a failure the
# cache is not tried again for REDIS_RETRY_SECONDS (portal.cache: each feature falls back meanwhile).
REDIS_TIMEOUT = env.float("REDIS_TIMEOUT", default=2.0)
PORTAL_CACHE_RETRY_SECONDS = env.float("REDIS_RETRY_SECONDS", default=5.0)
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "portal.cache.PortalRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": REDIS_TIMEOUT, "socket_timeout": REDIS_TIMEOUT},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Issue 36 item 1. A task a lost worker had taken (acks late) goes back to the queue this many seconds after it was
# delivered (Redis's visibility timeout, 3,600 s by default). It must outlast the longest task (a 50 MB bulk upload:
# about a minute) and the longest countdown of a retry (an ETA task waits unacknowledged: MAIL_RETRY_MAX_SECONDS),
# or the task runs twice; the jobs are idempotent, so a short-lived task of a lost worker runs again after it.
BROKER_VISIBILITY_TIMEOUT = env.int("BROKER_VISIBILITY_TIMEOUT", default=1200)
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": BROKER_VISIBILITY_TIMEOUT}
# A long job (a bulk upload's check, an invoice export) whose worker has not reported for this many seconds is taken
# for dead: the next poll of it, or the sweep below, marks it failed ("interrupted") so that its user is told and can
# start again, well within five minutes instead of staying "running" until the visibility timeout.
JOB_STALE_SECONDS = env.int("JOB_STALE_SECONDS", default=120)
# Periodic tasks (run `celery -A portal beat` next to the workers). Quotes past their expiry date become expired
# and the buyers' expiry reminders go out (issue 6; also `manage.py expire_quotes`).
CELERY_BEAT_SCHEDULE = {
    "quotes-expire": {
        "task": "quotes.tasks.quotes_expire",
        "schedule": env.float("QUOTE_EXPIRY_INTERVAL_SECONDS", default=3600.0),
    },
    # Uploaded registration attachments never sent with an application are removed after a day.
    "media-purge-stale": {"task": "accounts.tasks.media_purge_stale", "schedule": 24 * 3600.0},
    # Bulk CSV uploads, their results and files are kept a day (issue 19): the expired ones are deleted every hour (an
    # upload also purges a few on its way in).
    "bulk-uploads-purge": {"task": "pricing.tasks.bulk_uploads_purge", "schedule": 3600.0},
    # Invoice exports (issue 20) are kept a day, like uploads.
    "invoice-exports-purge": {"task": "invoices.tasks.invoice_exports_purge", "schedule": 3600.0},
    # Long jobs whose worker died (JOB_STALE_SECONDS without a heartbeat) are marked interrupted even when nobody polls.
    "bulk-uploads-interrupt-stale": {"task": "pricing.tasks.bulk_uploads_interrupt_stale", "schedule": 60.0},
    "invoice-exports-interrupt-stale": {"task": "invoices.tasks.invoice_exports_interrupt_stale", "schedule": 60.0},
    # The log of documents exchanged with procurement systems is kept 90 days (issue 39).
    "punchout-documents-purge": {"task": "punchout.tasks.punchout_documents_purge", "schedule": 24 * 3600.0},
    # Purchase requests whose prices are no longer held expire, and give back what they committed (issue 41).
    "purchase-requests-expire": {"task": "approvals.tasks.purchase_requests_expire", "schedule": 3600.0},
}
# Issue 41: how long a purchase request's prices are held for its approvers (its e-mail links last as long).
APPROVAL_PRICE_HOLD_DAYS = env.int("APPROVAL_PRICE_HOLD_DAYS", default=14)

# A storefront on another origin loads the overlay and calls the API (bearer token, no cookies). Its sign-in goes
# through this server's storefront session: only those endpoints answer it with credentials
# (storefront/middleware.py), and its CSRF-checked POSTs need its origin trusted, so every CORS origin is.
CORS_ALLOWED_ORIGINS = env.list("CORS_ALLOWED_ORIGINS", default=[])
# The origins of valid storefront tokens are allowed beside these (portal/middleware.py, issue 22).
CORS_ALLOW_HEADERS = ["authorization", "content-type", "accept", "accept-language", "x-csrftoken", "x-storefront-token"]
CSRF_TRUSTED_ORIGINS = list(dict.fromkeys(env.list("CSRF_TRUSTED_ORIGINS", default=[]) + CORS_ALLOWED_ORIGINS))

# With DEBUG on (`make run`) and no mail server named, mail is written to files under EMAIL_FILE_PATH (var/mail/), which
# /dev/mail/ shows with their links clickable (portal/dev_mail.py); otherwise to the console unless EMAIL_BACKEND says.
EMAIL_BACKEND = env.str(
    "EMAIL_BACKEND",
    default="django.core.mail.backends.filebased.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_FILE_PATH = env.str("EMAIL_FILE_PATH", default=str(VAR_DIR / "mail"))
EMAIL_HOST = env.str("EMAIL_HOST", default="localhost")
EMAIL_PORT = env.int("EMAIL_PORT", default=25)
EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=False)
# A mail server that does not answer frees the worker after this many seconds (Django's default is to wait forever).
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
# A mail that cannot be sent is tried again, the waits doubling from the first to the longest, this many times
# (portal/mail.py; the defaults outlast a mail server that is down for two hours). The longest wait stays below the
# broker's visibility timeout.
MAIL_RETRY_FIRST_SECONDS = env.int("MAIL_RETRY_FIRST_SECONDS", default=10)
MAIL_RETRY_MAX_SECONDS = env.int("MAIL_RETRY_MAX_SECONDS", default=900)
MAIL_RETRY_COUNT = env.int("MAIL_RETRY_COUNT", default=15)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Helix Scientific <shop@helix-scientific.test>")
STAFF_NOTIFICATION_EMAIL = env.str("STAFF_NOTIFICATION_EMAIL", default="sales@helix-scientific.test")

# Quotes (issue 6). The fire-and-forget quote event of business §7 is POSTed to
# CRM_QUOTE_EVENT_URL + /quote-ecom-crm/api/v1/quote with CRM_QUOTE_EVENT_TOKEN as bearer token; empty: not sent.
CRM_QUOTE_EVENT_URL = env.str("CRM_QUOTE_EVENT_URL", default="")
CRM_QUOTE_EVENT_TOKEN = env.str("CRM_QUOTE_EVENT_TOKEN", default="")
# How many days before its expiry date the buyer of an open quote is reminded (once).
QUOTE_EXPIRY_REMINDER_DAYS = env.int("QUOTE_EXPIRY_REMINDER_DAYS", default=3)
# Shopping lists (issue 18). The fire-and-forget wishlist events of business §7 are POSTed to
# CRM_WISHLIST_EVENT_URL + /wishlist-ecom-crm/api/v1/wishlist with CRM_WISHLIST_EVENT_TOKEN as bearer token; empty: not
# sent.
CRM_WISHLIST_EVENT_URL = env.str("CRM_WISHLIST_EVENT_URL", default="")
CRM_WISHLIST_EVENT_TOKEN = env.str("CRM_WISHLIST_EVENT_TOKEN", default="")

# The public address of this site (scheme, host and port, no trailing slash): links in e-mails (password reset) are
# built on it, never on the request's Host header, which the client chooses.
SITE_URL = env.str("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")
# Reverse proxies in front of the server: with TRUSTED_PROXY_COUNT > 0 the client's address (sign-in throttling and
# the other per-address limits) is read from TRUSTED_PROXY_HEADER, counting that many hops from the right
# (portal/client_address.py). 0, the default, trusts no header and uses the peer's address.
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)
TRUSTED_PROXY_HEADER = env.str("TRUSTED_PROXY_HEADER", default="X-Forwarded-For")

# Resolves the bearer token of a GraphQL request to the caller (an object with .user, .can(code, level)).
PORTAL_ACTOR_RESOLVER = "accounts.selectors.actor_for_token"
# The client id the overlay names when it asks the storefront for the customer JWT (shell §7).
PORTAL_APP_CLIENT_ID = env.str("PORTAL_APP_CLIENT_ID", default="helix-buyer-portal")
# B2B tokens (ARCHITECTURE §5): random, stored hashed, expire.
B2B_TOKEN_TTL_SECONDS = env.int("B2B_TOKEN_TTL_SECONDS", default=7 * 24 * 3600)
# Issue 22: the storefront proxy (POST /api/v2/proxy/graphql) answers each caller (a user, or a guest's address) at
# most this many requests a minute.
STOREFRONT_PROXY_REQUESTS_PER_MINUTE = env.int("STOREFRONT_PROXY_REQUESTS_PER_MINUTE", default=120)
# GraphQL request bounds.
# Introspection fields count too: the standard introspection query (graphql-js, typeDepth 9) is 14 levels deep; the
# overlay's deepest operation 4.
GRAPHQL_MAX_QUERY_DEPTH = env.int("GRAPHQL_MAX_QUERY_DEPTH", default=15)
# Issue 12: root fields (aliases count) per operation, and the estimated cost (portal/graphql/limits.py: every field
# of the answer times the page sizes of the lists around it). The overlay's largest operation costs about 8,600, the
# standard introspection query about 52,000, a full page of 100 products with every variant and option field 127,000.
GRAPHQL_MAX_ROOT_FIELDS = env.int("GRAPHQL_MAX_ROOT_FIELDS", default=10)
GRAPHQL_MAX_QUERY_COST = env.int("GRAPHQL_MAX_QUERY_COST", default=200_000)
# Schema introspection (__schema, __type) for anyone: on for local development, off in production (__typename works).
GRAPHQL_INTROSPECTION = env.bool("GRAPHQL_INTROSPECTION", default=DEBUG)
GRAPHQL_MAX_BODY_BYTES = env.int("GRAPHQL_MAX_BODY_BYTES", default=1_000_000)
DATA_UPLOAD_MAX_MEMORY_SIZE = GRAPHQL_MAX_BODY_BYTES

# The REST edges of shell §7 (ARCHITECTURE §5, issue 23; portal/rest/): the bearer token unless an edge says otherwise
# (a token that is sent and not valid is 40101), JSON answers only, and every error in the API's one shape.
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["portal.rest.authentication.BearerTokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_THROTTLE_CLASSES": [],
    "DEFAULT_PARSER_CLASSES": ["portal.rest.parsers.JsonParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "portal.rest.negotiation.JsonAnswers",
    # OPTIONS is not a way to read the views' docstrings: 405 like any other method an edge does not serve.
    "DEFAULT_METADATA_CLASS": None,
    "EXCEPTION_HANDLER": "portal.rest.errors.rest_exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",  # openapi.yaml (SPECTACULAR_SETTINGS)
}

# The OpenAPI description of the REST edges (issue 23), committed as openapi.yaml beside schema.graphql (`make
# openapi`; tests/portal/test_openapi.py fails when it is stale). Only DRF views are in it: not the admin, not /graphql.
SPECTACULAR_SETTINGS = {
    "TITLE": "Buyer portal REST edges",
    "DESCRIPTION": (
        "The REST edges of shell §7, what the overlay and the storefront call outside GraphQL: media upload and "
        "delete, quote attachments and PDFs, store translations, the storefront's sign-in and sign-out, CSRF token, "
        "customer JWT and live product price, masquerade end; for other storefronts (issue 22) the channel "
        "storefront type, the GraphQL proxy and the one-time sign-in. Everything else is the GraphQL endpoint "
        "`POST /graphql` (schema.graphql). Errors come in the JSON shape and with the codes of the GraphQL error "
        "contract (docs/api.md)."
    ),
    "VERSION": "0.1.0",  # pyproject.toml's
    "SERVE_INCLUDE_SCHEMA": False,
    # Separate request and response components, so that read-only and write-only fields and uploads are described
    # as they are sent and as they come back.
    "COMPONENT_SPLIT_REQUEST": True,
    # Also loads portal/openapi.py's descriptions of the authentication classes.
    "PREPROCESSING_HOOKS": ["portal.openapi.rest_edges_only"],
}

SESSION_COOKIE_HTTPONLY = True
# Lax serves a storefront on this site (shop.example.com beside portal.example.com); one on another site needs None,
# which browsers accept only on Secure cookies (HTTPS).
SESSION_COOKIE_SAMESITE = env.str("SESSION_COOKIE_SAMESITE", default="Lax")
CSRF_COOKIE_SAMESITE = env.str("CSRF_COOKIE_SAMESITE", default="Lax")
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
if not DEBUG:
    SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=True)
    CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=True)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    "loggers": {
        "django.request": {"level": "ERROR"},
    },
}
