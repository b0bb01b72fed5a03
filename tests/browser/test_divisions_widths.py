"""Standings by division, their set-up and the roll-over in a real browser: the organiser
(not a superuser) previews the moves and starts the next season; nothing scrolls sideways
on a 390 px phone or at 1280 px."""

from __future__ import annotations

import pytest

from league.models import Role, Season
from league.services.divisions import divisions_set
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

pytestmark = BROWSER_TEST
WIDTHS = (390, 1280)


@pytest.fixture
def season_in_divisions(transactional_db):
    club = ClubFactory(slug="division-club", name="Division Club of Greater Springfield")
    user = UserFactory(username="orla")
    orla = PlayerFactory(user=user, display_name="Orla Featherstonehaugh-Papadopoulou")
    MembershipFactory(club=club, role=Role.ORGANISER, player=orla)
    players = [PlayerFactory(display_name=f"Bartholomew-Alexander {n}") for n in range(6)]
    for player in players:
        MembershipFactory(club=club, player=player)
    season = SeasonFactory(club=club, name="Spring", game=GAME, options={})
    divisions_set(season=season, user=user, divisions=[
        ("Premier Division of the Greater Springfield Area", players[:3]),
        ("Second", players[3:])])
    night = club.events.create(season=season, name="Night", date="2026-03-02", game=GAME,
                               options={})
    for group in (players[:3], players[3:]):
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                win(seated_table(club, [b, a], game=GAME, round=RoundFactory(event=night)),
                    a, user=user)
    standings_recompute(season_id=season.pk)
    return season, user, players


@pytest.mark.parametrize("width", WIDTHS)
def test_the_division_pages_fit_and_the_roll_over_starts_when_confirmed(
        live_server, browser, season_in_divisions, width):
    season, user, players = season_in_divisions
    page = page_at(browser, live_server, width, user=user)
    page.goto(f"{live_server.url}/seasons/{season.pk}/")
    page.click("#divisions-link")
    page.wait_for_selector("#division-2")
    assert not scrolls_sideways(page), "standings by division"
    page.goto(f"{live_server.url}/seasons/{season.pk}/divisions/edit/")
    assert not scrolls_sideways(page), "the divisions' set-up"
    page.goto(f"{live_server.url}/seasons/{season.pk}/roll-over/")
    page.fill("#id_name", f"Autumn {width}")
    page.fill("#id_starts_on", "2026-09-01")
    page.click("#roll-over")
    page.wait_for_selector("#moves")
    assert not scrolls_sideways(page), "the roll-over's moves"
    assert not Season.objects.filter(name=f"Autumn {width}").exists()
    page.check("#id_confirmed")
    page.click("#roll-over")
    page.wait_for_selector("#division-1")
    new = Season.objects.get(name=f"Autumn {width}")
    top = {p.player_id for p in new.divisions.get(level=1).places.all()}
    assert top == {players[0].pk, players[1].pk, players[3].pk}
    page.context.close()


def test_a_season_with_two_divisions_goes_to_a_final_night(live_server, browser,
                                                           season_in_divisions):
    """From the organiser's pages: the top of the first division drawn into a single-
    elimination final, its match played, the winner shown."""
    from tournaments.models import Bracket, BracketMatch

    season, user, players = season_in_divisions
    page = page_at(browser, live_server, 390, user=user)
    page.goto(f"{live_server.url}/seasons/{season.pk}/")
    page.get_by_role("link", name="Draw the final").click()
    page.select_option("#id_division", label="Premier Division of the Greater Springfield Area")
    page.fill("#id_name", "Premier final")
    page.fill("#id_date", "2026-06-01")
    page.fill("#id_entrants", "2")
    page.select_option("#id_format", "single")
    page.click("#draw-final")
    page.wait_for_selector("#match-W1-1")
    assert not scrolls_sideways(page), "the final's bracket"
    bracket = Bracket.objects.get(season=season)
    assert [e.player for e in bracket.entrants.order_by("seed")] == players[:2]
    win(BracketMatch.objects.get(bracket=bracket, key="W1-1").table, players[1], user=user)
    page.reload()
    assert players[1].display_name in page.locator("#bracket-champion").inner_text()
    page.context.close()
