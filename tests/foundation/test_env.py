import pytest

from config.database import database_from_url
from config.env import ConfigError, env_bool, env_int, env_list


def test_it_reads_booleans_strictly(monkeypatch):
    monkeypatch.setenv("FLAG", "yes")
    assert env_bool("FLAG") is True
    monkeypatch.setenv("FLAG", "off")
    assert env_bool("FLAG", True) is False
    monkeypatch.setenv("FLAG", "ture")
    with pytest.raises(ConfigError, match="FLAG='ture' is not a boolean"):
        env_bool("FLAG")


def test_it_rejects_a_non_numeric_int(monkeypatch):
    monkeypatch.setenv("N", "ten")
    with pytest.raises(ConfigError, match="N='ten'"):
        env_int("N", 3)


def test_it_splits_lists(monkeypatch):
    monkeypatch.setenv("HOSTS", "a.example, b.example,,")
    assert env_list("HOSTS") == ["a.example", "b.example"]


def test_it_defaults_to_sqlite_with_wal_and_immediate_transactions(tmp_path):
    config = database_from_url("", tmp_path)
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in config["OPTIONS"]["init_command"]


def test_it_reads_a_postgres_url(tmp_path):
    config = database_from_url("postgres://bob:pw@db.example:5433/league", tmp_path)
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["HOST"], config["PORT"], config["NAME"]) == ("db.example", 5433, "league")


def test_it_refuses_an_unknown_database_scheme(tmp_path):
    with pytest.raises(ConfigError, match="DATABASE_URL"):
        database_from_url("nosuchdb://x/y", tmp_path)


def test_it_prints_mail_on_the_console_until_an_smtp_host_is_given(monkeypatch):
    from config.email import CONSOLE, SMTP, email_settings

    for name in ("EMAIL_HOST", "EMAIL_PORT", "EMAIL_USE_TLS", "DEFAULT_FROM_EMAIL"):
        monkeypatch.delenv(name, raising=False)
    assert email_settings()["MAILERS"]["default"]["BACKEND"] == CONSOLE
    monkeypatch.setenv("EMAIL_HOST", "smtp.example.org")
    monkeypatch.setenv("EMAIL_PORT", "465")
    monkeypatch.setenv("EMAIL_USE_TLS", "false")
    monkeypatch.setenv("EMAIL_HOST_USER", "club")
    monkeypatch.setenv("DEFAULT_FROM_EMAIL", "club@example.org")
    settings = email_settings()
    mailer = settings["MAILERS"]["default"]
    assert mailer["BACKEND"] == SMTP
    assert mailer["OPTIONS"]["host"] == "smtp.example.org"
    assert (mailer["OPTIONS"]["port"], mailer["OPTIONS"]["use_tls"]) == (465, False)
    assert mailer["OPTIONS"]["username"] == "club"
    assert settings["DEFAULT_FROM_EMAIL"] == "club@example.org"


@pytest.mark.parametrize("name, value, message", [
    ("EMAIL_USE_TLS", "sometimes", "EMAIL_USE_TLS='sometimes' is not a boolean"),
    ("EMAIL_PORT", "smtp", "EMAIL_PORT='smtp' is not a whole number"),
    ("EMAIL_PORT", "70000", "EMAIL_PORT=70000 is not a port number"),
])
def test_it_refuses_a_bad_mail_setting(monkeypatch, name, value, message):
    from config.email import email_settings

    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError, match=message):
        email_settings()
