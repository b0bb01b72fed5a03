"""`demo_setup`: the two demo logins, and the URL it prints is the one `make demo` serves."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from league import permissions
from league.models import Club


@pytest.fixture(autouse=True)
def _fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def demo_club(db):
    # The club exists already, so the command skips playing the (slow) demo season.
    return Club.objects.create(name="Demo Bluke Club", slug="demo-bluke-club")


def _run() -> str:
    out = io.StringIO()
    call_command("demo_setup", stdout=out)
    return out.getvalue()


def test_it_prints_the_url_from_host_and_port(demo_club, monkeypatch):
    monkeypatch.setenv("HOST", "192.168.1.20")
    monkeypatch.setenv("PORT", "8123")
    assert "Demo ready at http://192.168.1.20:8123/" in _run()


def test_it_gives_the_club_an_organiser_who_is_not_a_superuser(demo_club):
    output = _run()
    host = get_user_model().objects.get(username="clubhost")
    assert not host.is_superuser and not host.is_staff
    assert host.check_password("bluke-club") and "clubhost / bluke-club" in output
    assert permissions.can(host, permissions.MANAGE, demo_club)
    assert not permissions.can(host, permissions.OWN, demo_club)
    admin = get_user_model().objects.get(username="organiser")
    assert admin.is_superuser and "organiser / bluke-demo" in output


def test_running_it_again_changes_nothing(demo_club):
    _run()
    _run()
    assert get_user_model().objects.filter(username="clubhost").count() == 1
    assert demo_club.memberships.count() == 1
