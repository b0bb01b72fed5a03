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
