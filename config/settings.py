"""Settings, all from the environment. Defaults run one process on SQLite and in-memory channels."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import dj_database_url
import django_stubs_ext
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

# Django's generic classes (ModelAdmin[Profile], ModelForm[Profile] ...) take their type at run time too.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_flag("DEBUG", False)
# Local development mode: `make run` and `make test` set BEACON_DEV=1 (and the tests' settings do,
# tests/settings.py). Only there may the secret key be left unset.
DEV_MODE = env_flag("BEACON_DEV", False)
LOCAL_SECRET_KEY_FILE = BASE_DIR / ".secret-key"  # gitignored


def local_secret_key(path: Path) -> str:
    """This checkout's own random key, made on first use and kept in `path`: never a key that
    anyone else knows, and the same for every process of this checkout (sessions survive a restart).
    The key is written whole before it takes its name, so a process starting alongside (a test
    worker, a server) reads either no file or the whole key, never an empty one."""
    if not path.exists():
        draft = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        draft.write_text(secrets.token_urlsafe(50))
        try:
            os.link(draft, path)  # fails if another process named its key first: that one is kept
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_text().strip()


SECRET_KEY = os.environ.get("SECRET_KEY", "").strip()
if not SECRET_KEY:
    if not DEV_MODE:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set it to a long random secret of your own (docs/deploy.md); "
            "for local development on this machine, set BEACON_DEV=1 instead (make run does)."
        )
    SECRET_KEY = local_secret_key(LOCAL_SECRET_KEY_FILE)
if "change-me" in SECRET_KEY or "never-this-one" in SECRET_KEY:
    raise ImproperlyConfigured(
        "SECRET_KEY is the example in docs/deploy.md, which anyone can read: set a long random secret "
        "of your own (python -c 'import secrets; print(secrets.token_urlsafe(50))')."
    )
ALLOWED_HOSTS = [
    h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h.strip()
]
CSRF_TRUSTED_ORIGINS = [o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()]

# Behind TLS (docs/deploy.md): HTTPS=1 makes the session and CSRF cookies secure, redirects plain
# HTTP to HTTPS (but the health check, which a proxy may ask over plain HTTP) and sends HSTS.
# TRUST_X_FORWARDED_PROTO=1 when the reverse proxy sets X-Forwarded-Proto (and strips a client's).
HTTPS = env_flag("HTTPS", False)
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", HTTPS)
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000" if HTTPS else "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_flag("SECURE_HSTS_PRELOAD", False)
if env_flag("TRUST_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Asking browsers to preload HSTS for the domain is the domain owner's choice, hard to undo:
# SECURE_HSTS_PRELOAD=1 opts in; check --deploy is not to insist.
SILENCED_SYSTEM_CHECKS = ["security.W021"]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "battles",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "battles.guards.refuse_nul_characters",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
]

# Content Security Policy (django-csp): scripts, styles and sockets only from this site, no inline
# script or style attribute, no frames. Every page passes it (tests/browser/test_security.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],  # the battle's websocket, on this site's host
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # Each ruleset's web code keeps its templates and static files in its own folder.
        "DIRS": [BASE_DIR / "templates", *sorted(BASE_DIR.glob("battles/rulesets/*/templates"))],
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

DATABASE_URL = os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'beacon.sqlite3'}"
# A connection kept is checked before it is used again: after PostgreSQL restarts, the first
# request finds its connection dead and opens a new one instead of answering 500.
DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0, conn_health_checks=True)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_flag("DATABASE_POOL", True):
    # A pool per process: a websocket message borrows a connection instead of opening a new one
    # (Channels closes a connection after each database_sync_to_async call when it is not pooled).
    # Each connection lent is checked first (CONN_HEALTH_CHECKS: the pool's check_connection), and
    # a request waits at most DATABASE_POOL_TIMEOUT seconds for one (the pool's own default is 30).
    DATABASES["default"]["OPTIONS"] = {
        "pool": {
            "min_size": 1,
            "max_size": int(os.environ.get("DATABASE_POOL_SIZE", "10")),
            "timeout": float(os.environ.get("DATABASE_POOL_TIMEOUT", "5")),
        },
        "connect_timeout": 5,
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # IMMEDIATE makes each submit take the write lock up front, as a row lock would.
    DATABASES["default"]["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 20}
    DATABASES["default"]["TEST"] = {
        "NAME": os.environ.get("TEST_SQLITE_PATH", str(BASE_DIR / ".test-db.sqlite3"))
    }

BEACON_PAUSE_SECONDS = float(os.environ.get("BEACON_PAUSE_SECONDS", "1.0"))
"""How long Beacon, the server's player, waits before each of its steps: a human pace, so that the
player sees each step (battles/play/beacon.py)."""
BEACON_THINKERS = int(os.environ.get("BEACON_THINKERS", "1"))
"""The processes Beacon thinks in, apart from the serving process (0: in its threads)."""

REDIS_URL = os.environ.get("REDIS_URL", "")
CHANNELS_PREFIX = os.environ.get("CHANNELS_PREFIX", "beacon")  # Redis keys of the channel layer and presence
REDIS_SOCKET_TIMEOUT_SECONDS = 15  # three times channels-redis' 5 s blocking read
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                # redis-py 8 caps a pool at 100 connections and fails the 101st at once: hundreds of
                # sockets joining or leaving together (a restart, a club's screen) need more.
                # It also stops waiting for a reply after 5 s by default, the time channels-redis
                # blocks waiting for a socket's next message (brpop_timeout): the client gave up
                # first and every idle socket was closed. So wait longer than that block, and still
                # notice a Redis that has gone silent.
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "max_connections": 2000,
                        "socket_timeout": REDIS_SOCKET_TIMEOUT_SECONDS,
                        "socket_connect_timeout": 5,
                    }
                ],
                "prefix": CHANNELS_PREFIX,
                "capacity": 500,
                "expiry": 30,
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# The cache counts attempts at signing in, signing up and importing (battles/throttle.py): in Redis
# when it is set, so that every server process counts the same attempts.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": CHANNELS_PREFIX,
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static", *sorted(BASE_DIR.glob("battles/rulesets/*/static"))]
STATIC_ROOT = os.environ.get("STATIC_ROOT") or None  # only for collectstatic; finders serve otherwise
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"without_traceback": {"()": "battles.guards.WithoutTraceback"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "one_line": {"class": "logging.StreamHandler", "filters": ["without_traceback"]},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    # A request for a host not in ALLOWED_HOSTS is anyone's to send: a line, not a traceback.
    "loggers": {"django.security.DisallowedHost": {"handlers": ["one_line"], "propagate": False}},
}

# Websocket limits: a message larger than this, or more than RATE messages in a second, is refused.
WS_MAX_MESSAGE_BYTES = int(os.environ.get("WS_MAX_MESSAGE_BYTES", "16384"))
WS_RATE_PER_SECOND = int(os.environ.get("WS_RATE_PER_SECOND", "10"))  # a seat's, over all its sockets
# How many sockets a seat (a player's tabs and devices), and a client address (a club's screens
# behind one router), may hold open at once; more are closed with 4429.
WS_MAX_SOCKETS_PER_SEAT = int(os.environ.get("WS_MAX_SOCKETS_PER_SEAT", "8"))
WS_MAX_SOCKETS_PER_ADDRESS = int(os.environ.get("WS_MAX_SOCKETS_PER_ADDRESS", "200"))

# The largest request body the app reads (battles/guards.py, BodyLimit: 413 beyond it); the proxy's
# own limit should be the same (docs/deploy.md). An army-list or profiles file is at most 256 KB.
REQUEST_MAX_BYTES = int(os.environ.get("REQUEST_MAX_BYTES", str(1024 * 1024)))

# Throttles (battles/throttle.py), per client address (and per account): failed sign-ins in 15
# minutes (as one username, and as anyone), sign-ups, imports and new battles in an hour.
THROTTLE_SIGN_IN_FAILURES = int(os.environ.get("THROTTLE_SIGN_IN_FAILURES", "10"))
THROTTLE_SIGN_IN_FAILURES_PER_ADDRESS = int(os.environ.get("THROTTLE_SIGN_IN_FAILURES_PER_ADDRESS", "30"))
THROTTLE_SIGN_UPS = int(os.environ.get("THROTTLE_SIGN_UPS", "10"))
# Password resets asked for in an hour, per address and per e-mail address asked for.
THROTTLE_PASSWORD_RESETS = int(os.environ.get("THROTTLE_PASSWORD_RESETS", "10"))
THROTTLE_PASSWORD_RESETS_PER_EMAIL = int(os.environ.get("THROTTLE_PASSWORD_RESETS_PER_EMAIL", "3"))
# Links to confirm an e-mail address mailed in an hour, per client address and per account, and per
# e-mail address they go to.
THROTTLE_CONFIRMATION_MAILS = int(os.environ.get("THROTTLE_CONFIRMATION_MAILS", "10"))
THROTTLE_CONFIRMATION_MAILS_PER_EMAIL = int(os.environ.get("THROTTLE_CONFIRMATION_MAILS_PER_EMAIL", "3"))
THROTTLE_IMPORTS = int(os.environ.get("THROTTLE_IMPORTS", "60"))
THROTTLE_BATTLES = int(os.environ.get("THROTTLE_BATTLES", "30"))  # battles created, per hour

# Presence: a socket counts as here until this long after its last heartbeat (browsers send one
# every 20 seconds), so a socket whose server died stops counting on its own.
PRESENCE_TTL_SECONDS = float(os.environ.get("PRESENCE_TTL_SECONDS", "60"))
# Steps committed but never pushed (battles/play/catch_up.py): how often each process looks for
# them, and how old a step must be to count as missed rather than on its way.
CATCH_UP_SWEEP_SECONDS = float(os.environ.get("CATCH_UP_SWEEP_SECONDS", "5"))
CATCH_UP_AFTER_SECONDS = float(os.environ.get("CATCH_UP_AFTER_SECONDS", "2"))
# Who is here is announced at most once per battle in this many seconds (battles/play/announce.py).
PRESENCE_ANNOUNCE_SECONDS = float(os.environ.get("PRESENCE_ANNOUNCE_SECONDS", "0.5"))

# Browser tests script a live server's dice per battle through this directory (battles/play/dice.py):
# local development only, so that no deployment can be made to roll loaded dice.
DICE_SCRIPT_DIR = os.environ.get("BEACON_DICE_SCRIPT", "")
if DICE_SCRIPT_DIR and not DEV_MODE:
    raise ImproperlyConfigured(
        "BEACON_DICE_SCRIPT scripts the dice for tests and is refused outside local development "
        "(BEACON_DEV=1): unset it."
    )

# E-mail: nudges to players the battle waits for (battles/play/nudges.py). Local development prints
# them on the console; a deployment sends them by SMTP (docs/deploy.md).
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEV_MODE
    else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_flag("EMAIL_USE_TLS", True)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Beacon <beacon@localhost>")
BEACON_BASE_URL = os.environ.get("BEACON_BASE_URL", "http://127.0.0.1:8000")
"""Where players reach this site: the links in e-mails start with it."""
NUDGE_EVERY_SECONDS = int(os.environ.get("NUDGE_EVERY_SECONDS", "60"))
"""How often each server process sends the nudges that are due (0: never; `manage.py send_nudges`)."""
# Web Push, the nudges' second channel: this site's VAPID key pair (docs/deploy.md); without it, none.
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:beacon@localhost")
