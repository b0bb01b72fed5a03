"""One settings module for every environment, driven by environment variables.

Defaults give the embedded mode (SQLite, Celery tasks run in-process);
`DATABASE_URL` and `CELERY_BROKER_URL` switch to the production shape.
"""

from pathlib import Path

from django.utils.csp import CSP

from config.cache import redis_cache
from config.database import database_from_url
from config.email import email_settings
from config.env import env_bool, env_int, env_list, env_secret_key, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", False)
# Without DEBUG this is production: a missing or public key (sessions, CSRF and password
# reset links are signed with it) stops the process. Tests set one in pyproject.toml.
SECRET_KEY = env_secret_key("SECRET_KEY", debug=DEBUG,
                            development_key="django-insecure-local-development-key-change-me")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_tables2",
    "django_htmx",
    "games",
    "league",
    "tournaments",
    "rankings",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.proxy_headers.ProxyHeadersWarning",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The browser's language (cookie, Accept-Language); config.page_locale then puts the
    # person's own and the club's before it. URLs carry no language prefix.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "config.page_locale.PageLocale",
    "league.session_limits.SessionLimits",
    "league.known_logins.KnownLogins",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "league.api.middleware.ApiQueryStringGuard",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",  # csp_nonce for {% htmx_script %}
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": database_from_url(env_str("DATABASE_URL"), BASE_DIR)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    # ASVS 2.1.1: at least 12 characters.
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
     "OPTIONS": {"min_length": 12}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en"
# Each language named in itself, as the switcher shows it (docs/i18n.md).
LANGUAGES = [
    ("en", "English"),
    ("ka", "ქართული"),
    ("ru", "Русский"),
    ("ko", "한국어"),
    ("bn", "বাংলা"),
    ("hi", "हिन्दी"),
    ("ne", "नेपाली"),
    ("fr", "Français"),
    ("nl", "Nederlands"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# English dates stay British (config/formats/en): 28 Nov 2026, 24-hour times.
FORMAT_MODULE_PATH = ["config.formats"]
# The server's zone; each club shows its nights in its own (Club.time_zone).
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "/media/"
MEDIA_ROOT = BASE_DIR / "media"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed file names need `collectstatic` first: the container image does it and turns
    # this on; the embedded mode and tests serve files straight from the app folders.
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if env_bool("STATIC_MANIFEST", False)
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = not env_bool("STATIC_MANIFEST", False)

# Logins end after 30 minutes without a request and 12 hours after the password was given
# (ASVS 3.3.2, level 2; league/session_limits.py). The cookie lives as long as the login.
SESSION_IDLE_SECONDS = env_int("SESSION_IDLE_SECONDS", 30 * 60)
SESSION_MAX_AGE_SECONDS = env_int("SESSION_MAX_AGE_SECONDS", 12 * 3600)
SESSION_COOKIE_AGE = SESSION_MAX_AGE_SECONDS
if not 60 <= SESSION_IDLE_SECONDS <= SESSION_MAX_AGE_SECONDS:
    from config.env import ConfigError

    raise ConfigError("SESSION_IDLE_SECONDS must be 60 or more and at most SESSION_MAX_AGE_SECONDS")

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# E-mail: the console unless EMAIL_HOST is set (config/email.py reads the variables).
globals().update(email_settings())
# Without EMAIL_HOST, mail goes to the process log (the documented default, so a fresh
# install can reset passwords from its console); `check --deploy` would call that an error.
SILENCED_SYSTEM_CHECKS = [] if env_str("EMAIL_HOST").strip() else ["mail.E001"]

# Security: strict by default in production, relaxed only when DEBUG is on.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
# Content-Security-Policy on every response: scripts only from our own static files (or
# with the per-request nonce), nothing framed, no plugins. Inline style attributes (the
# admin's and DRF's templates have some) stay allowed: styles cannot run code.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# Celery: with no broker configured, tasks run eagerly in the calling process.
_BROKER = env_str("CELERY_BROKER_URL") or env_str("REDIS_URL")
CELERY_TASK_ALWAYS_EAGER = not _BROKER
# Eager calls still open a producer; the in-memory transport keeps Kombu from looking
# for (and warning about) an AMQP server on localhost that the embedded default lacks.
CELERY_BROKER_URL = _BROKER or "memory://localhost/"
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND") or _BROKER or None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TRACK_STARTED = True
CELERY_RESULT_EXTENDED = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker killed mid-task (acks_late) gets its message back after the visibility timeout:
# minutes, not Redis' default hour. Our tasks are idempotent, so a redelivery is harmless.
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# A web request publishing while the broker is down or stalled gives up within a couple of
# seconds (the follow-ups it wanted are stored in the database and drained by beat), instead
# of the client libraries' 20-55 s of retries and socket waits.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 300),
    "socket_timeout": 2,
    "socket_connect_timeout": 2,
}
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.5,
}
CELERY_REDIS_SOCKET_TIMEOUT = 2
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 2
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
    "retry_policy": {"max_retries": 2, "interval_start": 0, "interval_step": 0.5,
                     "interval_max": 0.5},
}
# Beat's file scheduler plus a heartbeat in the database, for /healthz (config/beat.py).
CELERY_BEAT_SCHEDULER = "config.beat:HeartbeatScheduler"
# Every periodic job is also a management command, for the embedded mode without beat.
CELERY_BEAT_SCHEDULE: dict = {
    # Reconciles recomputes a failed publish or a killed worker left (drain_followups).
    "drain-followups": {"task": "league.drain_followups", "schedule": 60.0},
    # Idempotency keys and their stored responses live 24 h (prune_idempotency_keys).
    "prune-idempotency-keys": {"task": "league.prune_idempotency_keys", "schedule": 3600.0},
    # Mail whose back-off ran out, or whose kick the broker lost (send_queued_mail).
    "send-queued-mail": {"task": "league.send_queued_mail", "schedule": 30.0},
    # Webhook deliveries whose back-off ran out, or whose kick was lost (send_webhooks).
    "send-webhooks": {"task": "league.send_webhooks", "schedule": 30.0},
    # Attendance reminders N hours before a night; idempotent (send_reminders).
    "send-reminders": {"task": "tournaments.send_reminders", "schedule": 300.0},
    # Webhook events and deliveries past WEBHOOK_RETENTION_DAYS (prune_webhooks).
    "prune-webhooks": {"task": "league.prune_webhooks", "schedule": 3600.0},
    # Closed nights whose correction window passed count in federations (sync_federations).
    "federation-nights": {"task": "league.recompute_federation_nights", "schedule": 3600.0},
    # Online tables whose player to act ran out of time: bots move (online_sweep).
    "online-sweep": {"task": "tournaments.online_sweep", "schedule": 5.0},
    # Push messages after a back-off, or that a failed kick left (send_push).
    "send-push": {"task": "league.send_push", "schedule": 60.0},
    # Club imports whose message was lost or whose worker died (resume_club_imports).
    "resume-club-imports": {"task": "rankings.resume_club_imports", "schedule": 300.0},
}

# Webhooks (docs/notifications.md): the first retry after this many seconds, then doubling
# up to an hour, for a day. Private and loopback URLs are refused unless allowed (SSRF).
WEBHOOK_RETRY_BASE_SECONDS = env_int("WEBHOOK_RETRY_BASE_SECONDS", 30)
WEBHOOK_ALLOW_PRIVATE_URLS = env_bool("WEBHOOK_ALLOW_PRIVATE_URLS", False)
# Webhook events and their delivery log are kept this many days (at least 2).
WEBHOOK_RETENTION_DAYS = env_int("WEBHOOK_RETENTION_DAYS", 30)
# Web Push (VAPID, RFC 8292): the server's P-256 key pair in base64url, made once with
# `manage.py make_vapid_keys`; empty: no push.
VAPID_PUBLIC_KEY = env_str("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = env_str("VAPID_SUBJECT", "mailto:admin@localhost")
# First retry of a push the push service refused with 429/5xx (then doubling, at most 1 h).
PUSH_RETRY_BASE_SECONDS = env_int("PUSH_RETRY_BASE_SECONDS", 30)
# Push endpoints on loopback or private addresses (tests' receivers); off: public only.
PUSH_ALLOW_PRIVATE_ENDPOINTS = env_bool("PUSH_ALLOW_PRIVATE_ENDPOINTS", False)

# On Redis the cache is optional (config/cache.py): an error or a wait past its short
# socket timeouts is a logged miss, and the process then leaves Redis alone a few seconds.
# Queues by kind, each served by its own worker pool in docker-compose.yml, so long bot
# tables never hold up standings: "followups" (the recompute drain and recomputes),
# "bots" (bot tables, seating plans), "online" (bots' moves at online tables, where a
# player waits on every move: never behind a bot table's minutes), and the default
# "celery" (mail, pruning).
# Tests that run a real worker beside other such tests give it a queue of its own.
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_DEFAULT_QUEUE", "celery")
CELERY_TASK_ROUTES = {
    "league.drain_followups": {"queue": "followups"},
    "league.recompute_*": {"queue": "followups"},
    "league.update_ratings": {"queue": "followups"},
    "tournaments.online_bot_moves": {"queue": "online"},
    "tournaments.online_sweep": {"queue": "online"},
    "tournaments.*": {"queue": "bots"},
    "rankings.review_night": {"queue": "bots"},  # minutes of search, as bot tables are
    "rankings.import_club": {"queue": "bots"},  # minutes for a large club archive
}
# The bots' hand review of a closed night (rankings/services/reviews.py): guesses of the
# hidden cards per decision; docs/performance.md, "Hand review", has what it costs.
REVIEW_BUDGET = env_int("REVIEW_BUDGET", 8)
# Bytes of records one API token, person or anonymous address may send for checking or
# storing per minute (league/api/throttles.py): the check costs in proportion to the size.
RECORD_BYTES_PER_MINUTE = env_int("RECORD_BYTES_PER_MINUTE", 1024 * 1024)
# Bot tables one club plays at once (tournaments/services/bot_slots.py).
BOT_TABLES_PER_CLUB = env_int("BOT_TABLES_PER_CLUB", 1)

# News of an online table's moves (tournaments/services/table_news.py): Redis pub/sub, so
# a move served by one web process wakes the seats served by another; none: DB polling.
TABLE_NEWS_REDIS_URL = env_str("TABLE_NEWS_REDIS_URL") or env_str("REDIS_URL")

CACHES = {
    "default": (
        redis_cache(env_str("REDIS_URL"))
        if env_str("REDIS_URL")
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# Login back-off (league/services/logins.py). The client address is REMOTE_ADDR unless
# TRUSTED_PROXY_COUNT proxies stand in front: then the n-th from the right of
# X-Forwarded-For. The same count is DRF's NUM_PROXIES, for the anonymous API throttle.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
LOGIN_FAILURES_PER_ACCOUNT = env_int("LOGIN_FAILURES_PER_ACCOUNT", 5)
LOGIN_FAILURES_PER_ADDRESS = env_int("LOGIN_FAILURES_PER_ADDRESS", 20)
LOGIN_BACKOFF_MAX_SECONDS = env_int("LOGIN_BACKOFF_MAX_SECONDS", 60)
LOGIN_FAILURE_WINDOW_SECONDS = env_int("LOGIN_FAILURE_WINDOW_SECONDS", 15 * 60)
if min(TRUSTED_PROXY_COUNT + 1, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS,
       LOGIN_BACKOFF_MAX_SECONDS, LOGIN_FAILURE_WINDOW_SECONDS) < 1:
    from config.env import ConfigError

    raise ConfigError("TRUSTED_PROXY_COUNT must be 0 or more, the LOGIN_* settings 1 or more")

REST_FRAMEWORK = {
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "league.api.auth.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "EXCEPTION_HANDLER": "league.api.errors.api_exception_handler",
    # Bodies over DATA_UPLOAD_MAX_MEMORY_SIZE (413), NUL, lone surrogates and deep nesting
    # (400) are refused with a JSON error before any view sees them.
    "DEFAULT_PARSER_CLASSES": [
        "league.api.parsers.SafeJSONParser",
        "league.api.parsers.SafeFormParser",
        "league.api.parsers.SafeMultiPartParser",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": [
        "league.api.filters.IdFilterBackend",  # an unknown id and a private one: both empty
        "rest_framework.filters.OrderingFilter",
    ],
    # "records": checks and result submissions per API token and per logged-in person.
    "DEFAULT_THROTTLE_RATES": {"anon": env_str("ANON_THROTTLE_RATE", "120/minute"),
                               "records": env_str("RECORD_THROTTLE_RATE", "30/minute")},
}

SPECTACULAR_SETTINGS = {
    "TITLE": "bluke-league API",
    "DESCRIPTION": "Clubs, seasons, league nights, results and ratings for Bluke and its family.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.openapi.document_common_responses",
    ],
    "ENUM_NAME_OVERRIDES": {
        "EventStatusEnum": "tournaments.models.events.EventStatus.choices",
        "ResultStatusEnum": "tournaments.models.results.ResultStatus.choices",
        "EventKindEnum": "tournaments.models.events.EventKind.choices",
        "SheetFieldKindEnum": "tournaments.sheet_fields.KINDS",
        "BracketFormatEnum": "tournaments.models.brackets.BracketFormat.choices",
        "EventFormatEnum": "tournaments.models.events.EventFormat.choices",
    },
}

DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5.html"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
