"""Database configuration from `DATABASE_URL`.

Without it the project runs on a local SQLite file tuned for a small web
site with background work: WAL so readers never block the writer, a busy
timeout instead of "database is locked" errors, and IMMEDIATE transactions so
two writers queue up instead of failing on lock upgrade.
"""

from pathlib import Path

import dj_database_url

from config.env import ConfigError

SUPPORTED_ENGINES = {
    "django.db.backends.postgresql",
    "django.db.backends.sqlite3",
}


def sqlite_default(base_dir: Path) -> dict:
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": base_dir / "db.sqlite3",
        "OPTIONS": {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
    }


def database_from_url(url: str, base_dir: Path) -> dict:
    if not url:
        return sqlite_default(base_dir)
    try:
        config = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    except ValueError as exc:
        raise ConfigError(f"DATABASE_URL is not a usable database URL: {exc}") from None
    if config.get("ENGINE") not in SUPPORTED_ENGINES:
        raise ConfigError(f"DATABASE_URL names an unsupported engine: {config.get('ENGINE')}")
    if config["ENGINE"].endswith("sqlite3"):
        sqlite = sqlite_default(base_dir)
        sqlite["NAME"] = config["NAME"]
        return sqlite
    return config
