"""docker-compose.yml cannot run here (no Docker engine); check its shape instead."""

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def load_compose():
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def settings_variables() -> set[str]:
    source = "".join(p.read_text() for p in (ROOT / "config").glob("*.py"))
    return set(re.findall(r'env_(?:str|bool|int|list|secret_key)\("([A-Z_]+)"', source))


def test_compose_has_the_production_services():
    services = load_compose()["services"]
    assert {"postgres", "redis", "web", "worker", "beat"} <= set(services)
    assert "pg_isready" in " ".join(services["postgres"]["healthcheck"]["test"])


def test_every_variable_compose_sets_is_read_by_the_settings():
    read = settings_variables()
    for name in ("web", "worker", "beat"):
        env = load_compose()["services"][name]["environment"]
        unknown = set(env) - read
        assert not unknown, f"{name} sets variables the settings never read: {unknown}"


def test_every_service_comes_back_after_a_crash():
    # A Celery worker can exit on a broker outage (kombu's "Unrecoverable error" while
    # closing its channel, seen with Redis stopped): without a restart policy the followups
    # pool stayed down and owed recomputes were never drained.
    services = load_compose()["services"]
    for name, service in services.items():
        assert service.get("restart") in ("always", "unless-stopped"), (
            f"{name} has no restart policy")


def test_two_web_processes_serve_the_site_with_threaded_workers():
    # Online tables (docs/online.md): a seat on either process hears the other's moves
    # through Redis; a seat's event stream holds a thread, not a whole worker.
    services = load_compose()["services"]
    for name in ("web", "web2"):
        command = services[name]["command"]
        assert "gunicorn" in command and "--worker-class gthread" in command, name
    assert services["web"]["ports"] != services["web2"]["ports"]
    assert services["web2"]["environment"] == services["web"]["environment"]
