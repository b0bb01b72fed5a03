"""Fixtures for the league tests: a public club, its season and six players."""

import pytest

from league.models import Club, Membership, Player, Season
from tests.league.played_games import T0


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
