"""Outgoing e-mail (password resets, claim links) from environment variables.

Without `EMAIL_HOST` mail is printed on the console: the embedded demo and tests send
nothing. With it, mail goes out over SMTP (submission port with STARTTLS by default).
The variables keep Django's classic names; they fill Django 6.1's `MAILERS` setting
(the `EMAIL_*` settings themselves are deprecated there).
"""

from config.env import ConfigError, env_bool, env_int, env_str

CONSOLE = "django.core.mail.backends.console.EmailBackend"
SMTP = "django.core.mail.backends.smtp.EmailBackend"


def email_settings() -> dict:
    host = env_str("EMAIL_HOST").strip()
    use_tls = env_bool("EMAIL_USE_TLS", True)
    port = env_int("EMAIL_PORT", 587)
    if not 0 < port < 65536:
        raise ConfigError(f"EMAIL_PORT={port} is not a port number (1-65535)")
    if host:
        mailer = {"BACKEND": SMTP, "OPTIONS": {
            "host": host, "port": port, "use_tls": use_tls,
            "username": env_str("EMAIL_HOST_USER"), "password": env_str("EMAIL_HOST_PASSWORD"),
            "timeout": 10,  # seconds: a stuck mail server must not hold a web worker
        }}
    else:
        mailer = {"BACKEND": CONSOLE}
    return {
        "MAILERS": {"default": mailer},
        "DEFAULT_FROM_EMAIL": env_str("DEFAULT_FROM_EMAIL", "bluke-league <noreply@localhost>"),
    }
