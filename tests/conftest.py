import os
from pathlib import Path

# Playwright's sync API runs an event loop in the test thread; Django must allow ORM calls there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# --- Personas -----------------------------------------------------------------------------
# Club A (private): olga owns it, alice organises, sam keeps score, pat plays. Club B (public): bob
# organises and owns an API token. Plus anonymous visitors. Each persona is a fixture; the
# `client_as` fixture gives a DRF client logged in (or carrying the token) as one of them.

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

# Hypothesis's per-example deadline and its too-slow health check are timing assertions: on two
# loaded CI cores they fail tests whose behaviour is right. Properties here are judged on results.
settings.register_profile("bluke", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("bluke")

from league.models import Club, Membership, Player, Role, Season  # noqa: E402
from tests.factories import (  # noqa: E402
    ClubFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
    api_token,
    seated_table,
)
from tests.league.played_games import T0  # noqa: E402

# The rules suite is every test under tests/games/: marked by where it lives, not by a decorator
# in each file, so a test moved between game folders stays in it (`pytest -m rules`, `make test-games`).
RULES_SUITE = Path(__file__).parent / "games"


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.is_relative_to(RULES_SUITE):
            item.add_marker(pytest.mark.rules)


@pytest.fixture(scope="session")
def compiled_catalogues(tmp_path_factory):
    """The committed catalogues compiled into a folder of the test session's (.mo files are
    not committed): pages in the languages as `make test` compiles them."""
    from league import catalogues

    root = tmp_path_factory.mktemp("locale")
    for language, po_path in catalogues.catalogue_paths().items():
        target = root / language / "LC_MESSAGES"
        target.mkdir(parents=True)
        catalogues.compile_catalogue(po_path, target / "django.mo")
    return root


def _member(club, username, role):
    user = UserFactory(username=username)
    player = PlayerFactory(user=user, display_name=username.capitalize())
    MembershipFactory(club=club, player=player, role=role)
    return user


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: cached pages are keyed by club ids, which another
    test's rolled-back club may reuse, and failed-login counters live there too."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def plain_http(settings):
    """The test client speaks plain HTTP; production redirects it to HTTPS."""
    settings.SECURE_SSL_REDIRECT = False


@pytest.fixture
def eager_celery():
    """Run Celery tasks in-process even when CI configures a broker."""
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.update(task_always_eager=True)
    yield app
    app.conf.update(task_always_eager=before)


@pytest.fixture
def own_default_queue():
    """A default queue of this test's own, for a real worker started with
    `--queues <name>` and `CELERY_DEFAULT_QUEUE=<name>` (what it queues itself goes there
    too): tests in other processes that run workers on the same broker never take its
    tasks, nor it theirs."""
    import uuid

    from config.celery import app

    before = app.conf.task_default_queue
    app.conf.task_default_queue = f"test-{uuid.uuid4().hex[:8]}-{before}"
    yield app.conf.task_default_queue
    app.conf.task_default_queue = before


@pytest.fixture
def club_a(db):
    return ClubFactory(name="Club A", slug="club-a", is_public=False)


@pytest.fixture
def club_b(db):
    return ClubFactory(name="Club B", slug="club-b", is_public=True)


@pytest.fixture
def olga(club_a):
    return _member(club_a, "olga", Role.OWNER)


@pytest.fixture
def alice(club_a):
    return _member(club_a, "alice", Role.ORGANISER)


@pytest.fixture
def sam(club_a):
    return _member(club_a, "sam", Role.SCOREKEEPER)


@pytest.fixture
def pat(club_a):
    return _member(club_a, "pat", Role.PLAYER)


@pytest.fixture
def bob(club_b):
    return _member(club_b, "bob", Role.ORGANISER)


@pytest.fixture
def token_b(club_b, bob):
    """(ApiToken, key) of club B."""
    return api_token(club_b)


@pytest.fixture
def players_a(club_a, alice, sam, pat):
    """Four players of club A (alice, sam, pat and dee), in seat order."""
    dee = PlayerFactory(display_name="Dee")
    MembershipFactory(club=club_a, player=dee)
    return [alice.player, sam.player, pat.player, dee]


@pytest.fixture
def players_b(club_b, bob):
    others = [PlayerFactory(display_name=name) for name in ("Bea", "Cal", "Dot")]
    for player in others:
        MembershipFactory(club=club_b, player=player)
    return [bob.player, *others]


@pytest.fixture
def table_a(club_a, players_a):
    """A four-seat bluke table of club A, everyone seated."""
    return seated_table(club_a, players_a)


@pytest.fixture
def table_b(club_b, players_b):
    return seated_table(club_b, players_b)


@pytest.fixture
def client_as(db, request):
    """client_as("alice" | "sam" | "pat" | "bob" | "token_b" | "seat_a" | "anonymous") ->
    APIClient. `seat_a` speaks with `Authorization: Seat <token>` (its fixture is in
    tests/api/conftest.py)."""
    from rest_framework.test import APIClient

    def make(persona: str) -> APIClient:
        # Speak HTTPS through the trusted proxy header: production settings redirect plain HTTP.
        client = APIClient(HTTP_X_FORWARDED_PROTO="https")
        if persona == "token_b":
            _, key = request.getfixturevalue("token_b")
            client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        elif persona.startswith("seat_"):
            client.credentials(HTTP_AUTHORIZATION=f"Seat {request.getfixturevalue(persona)}")
        elif persona != "anonymous":
            client.force_login(request.getfixturevalue(persona))
        return client

    return make


# --- A public club, its season and six players (the club-level and rankings tests) --------


@pytest.fixture
def club(db):
    return Club.objects.create(name="Bluke Club", slug="bluke-club", is_public=True)


@pytest.fixture
def season(club):
    return Season.objects.create(club=club, name="Spring", game="bluke",
                                 starts_on=T0.date())


@pytest.fixture
def people(club):
    players = [Player.objects.create(display_name=name)
               for name in ("Ann", "Bob", "Cy", "Di", "Eve", "Fay")]
    for player in players:
        Membership.objects.create(club=club, player=player)
    return players
