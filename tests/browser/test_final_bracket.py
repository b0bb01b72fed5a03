"""A season's final in a real browser: the organiser (not a superuser) draws it from the
season's page, the bracket page and the big screen show it, a result moves the winner on;
nothing scrolls sideways on a 390 px phone or at 1280 px."""

from __future__ import annotations

import itertools

import pytest

from league.models import Role
from rankings.services.standings import standings_recompute
from tests.browser.chromium import BROWSER_TEST
from tests.browser.pages import page_at, scrolls_sideways
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PlayerFactory,
    RoundFactory,
    SeasonFactory,
    UserFactory,
    seated_table,
)
from tests.tournaments.brackets.helpers import GAME, win
from tournaments.models import Bracket, BracketMatch

pytestmark = BROWSER_TEST
WIDTHS = (390, 1280)


@pytest.fixture
def season_played(transactional_db):
    club = ClubFactory(slug="cup-club", name="California Jack Club of Greater Springfield")
    user = UserFactory(username="orla")
    orla = PlayerFactory(user=user, display_name="Orla Featherstonehaugh-Papadopoulou")
    MembershipFactory(club=club, role=Role.ORGANISER, player=orla)
    players = [orla] + [PlayerFactory(display_name=name) for name in (
        "Bartholomew-Alexander Featherstonehaugh", "Cy", "Dimitra", "Eve")]
    for player in players[1:]:
        MembershipFactory(club=club, player=player)
    season = SeasonFactory(club=club, name="Spring", game=GAME, options={})
    night = club.events.create(season=season, name="Night 1", date="2026-03-02", game=GAME,
                               options={})
    for a, b in itertools.combinations(players, 2):  # the better seed always wins
        win(seated_table(club, [b, a], game=GAME, round=RoundFactory(event=night)), a,
            user=user)
    standings_recompute(season_id=season.pk)
    return season, user, players


@pytest.mark.parametrize("width", WIDTHS)
def test_the_organiser_draws_the_final_and_the_bracket_fits(live_server, browser,
                                                             season_played, width):
    season, user, players = season_played
    page = page_at(browser, live_server, width, user=user)
    page.goto(f"{live_server.url}/seasons/{season.pk}/")
    page.get_by_role("link", name="Draw the final").click()
    assert not scrolls_sideways(page), "the final's form"
    page.fill("#id_name", "Spring final")
    page.fill("#id_date", "2026-06-01")
    page.fill("#id_entrants", "5")
    page.select_option("#id_format", "single")
    page.check("#id_consolation")
    page.click("#draw-final")
    page.wait_for_selector("#match-W1-2")
    assert not scrolls_sideways(page), "the bracket page"
    assert page.locator(".bracket-match.state-bye").count() == 3
    bracket = Bracket.objects.get(season=season)
    win(BracketMatch.objects.get(bracket=bracket, key="W1-2").table, players[4], user=user)
    page.reload()
    assert page.locator("#match-W2-1 .bracket-side").nth(1).inner_text().startswith("5")
    assert page.locator("#match-W1-2 .bracket-side.won").inner_text().startswith("5")
    page.goto(f"{live_server.url}/events/{bracket.event_id}/screen/")
    page.wait_for_selector("#screen-bracket #match-W2-1")
    assert not scrolls_sideways(page), "the big screen"
    page.context.close()
