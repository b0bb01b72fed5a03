"""Strict readers for environment variables.

A typo in production configuration must stop the process at start-up, not
silently fall back to a default: `DEBUG=ture` is an error, never `False`.
"""

import os

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


class ConfigError(RuntimeError):
    """An environment variable holds a value the settings cannot use."""


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ConfigError(f"{name}={raw!r} is not a boolean; use one of 1/0, true/false, yes/no, on/off")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ConfigError(f"{name}={raw!r} is not a whole number") from None


def env_list(name: str, default: str = "") -> list[str]:
    raw = os.environ.get(name, default)
    return [item.strip() for item in raw.split(",") if item.strip()]


MIN_SECRET_KEY_LENGTH = 32


def env_secret_key(name: str, *, debug: bool, development_key: str) -> str:
    """The signing key: with DEBUG on, a development key when unset; without, a real one.

    A production process (DEBUG off) refuses to start with no key, with a public one (the
    development key or any "django-insecure" key) or a short one.
    """
    raw = os.environ.get(name, "").strip()
    if debug:
        return raw or development_key
    how = (f"set {name} to a long random value (e.g. `openssl rand -hex 32`), or DEBUG=1 "
           "for local development")
    if not raw:
        raise ConfigError(f"{name} is not set and DEBUG is off: {how}")
    if raw == development_key or raw.startswith("django-insecure"):
        raise ConfigError(f"{name} is a public development key and DEBUG is off: {how}")
    if len(raw) < MIN_SECRET_KEY_LENGTH:
        raise ConfigError(f"{name} is {len(raw)} characters long; a production key needs at "
                          f"least {MIN_SECRET_KEY_LENGTH}: {how}")
    return raw
