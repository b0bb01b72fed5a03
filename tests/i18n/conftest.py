"""The pseudo-locale (tests/i18n/pseudo_locale.py), built once per test session."""

from pathlib import Path

import pytest
from django.utils import timezone, translation

from league.models import Role
from league.permissions import SYSTEM
from rankings.services.player_stats import player_stats_recompute
from tests.factories import (
    ClubFactory,
    EventFactory,
    MembershipFactory,
    PlayerFactory,
    RoundFactory,
    SeasonFactory,
    UserFactory,
    played_record,
    seated_table,
)
from tests.i18n import pseudo_locale
from tournaments.services.results import result_submit

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def pseudo_catalogue(tmp_path_factory):
    return pseudo_locale.build(ROOT, tmp_path_factory.mktemp("pseudo"))


@pytest.fixture
def in_catalogues(settings, compiled_catalogues):
    """Pages and API answers in the committed catalogues' languages."""
    settings.LOCALE_PATHS = [compiled_catalogues]
    settings.SECURE_SSL_REDIRECT = False
    translation.trans_real._translations = {}  # (gettext caches per language)
    yield
    translation.trans_real._translations = {}


@pytest.fixture
def in_pseudo_locale(settings, pseudo_catalogue):
    """Requests with `Accept-Language: qps-ploc` get the pseudo-locale."""
    settings.LOCALE_PATHS = [pseudo_catalogue, *settings.LOCALE_PATHS]
    settings.LANGUAGES = [*settings.LANGUAGES, (pseudo_locale.CODE, "ṗšéúđó")]
    settings.SECURE_SSL_REDIRECT = False


@pytest.fixture
def night(db):
    """A public club with a season, a night whose table has a result, and its organiser."""
    club = ClubFactory(name="თბილისის კლუბი", slug="tbilisi")
    user = UserFactory(username="ნინო")
    organiser = PlayerFactory(user=user, display_name="ნინო")
    MembershipFactory(club=club, player=organiser, role=Role.OWNER)
    others = [PlayerFactory(display_name=name) for name in ("გიორგი", "მარიამი", "ლევანი")]
    newcomer = PlayerFactory(display_name="თამარი")  # entered by the club, no login yet
    for player in [*others, newcomer]:
        MembershipFactory(club=club, player=player)
    season = SeasonFactory(club=club, name="შემოდგომა")
    event = EventFactory(club=club, season=season, name="ხუთშაბათი", date=timezone.localdate())
    seats = [organiser, *others]
    table = seated_table(club, seats, round=RoundFactory(event=event))
    result_submit(table=table, record=played_record(seed=3, seats=[p.display_name
                                                                   for p in seats]),
                  source="form", user=SYSTEM)
    player_stats_recompute(club_id=club.pk)
    return {"club": club, "user": user, "player": organiser, "season": season,
            "event": event, "table": table, "newcomer": newcomer}


@pytest.fixture
def open_tables(night):
    """Tables still to be played on the pseudo-locale's night: a Bluke table (the classic
    sheet) and a Mighty table (a sheet generated from the engine's schema)."""
    club, event = night["club"], night["event"]
    players = [m.player for m in club.memberships.select_related("player").order_by("pk")]
    bluke = seated_table(club, players[:4], round=RoundFactory(event=event))
    mighty_night = EventFactory(club=club, season=night["season"], name="პარასკევი",
                                game="mighty", date=timezone.localdate())
    mighty = seated_table(club, players[:5], game="mighty",
                          round=RoundFactory(event=mighty_night))
    return {"bluke": bluke, "mighty": mighty}
