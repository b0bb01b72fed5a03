"""The pages issue 24 added or grew, in a real browser on a 390 px phone and at 1280 px:
the API tokens page (with a new key shown), a player's statistics for every game, /me/
with tonight's opponents and result, and the members page never scroll sideways."""

import pytest
from django.utils import timezone

from league.models import Role
from league.permissions import SYSTEM
from rankings.services.player_stats import player_stats_recompute
from tests.browser.chromium import BROWSER_TEST
from tests.browser.pages import page_at, scrolls_sideways
from tests.factories import (
    ClubFactory,
    EventFactory,
    MembershipFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    played_record,
    seated_table,
)
from tournaments.services.results import result_submit

pytestmark = BROWSER_TEST
WIDTHS = (390, 1280)


@pytest.fixture
def club_night(transactional_db):
    club = ClubFactory(slug="widths-club", name="Thursday Night Club of Greater Springfield")
    user = UserFactory(username="orla")
    orla = PlayerFactory(user=user, display_name="Orla Featherstonehaugh-Papadopoulou")
    MembershipFactory(club=club, role=Role.OWNER, player=orla)
    others = [PlayerFactory(display_name=name)
              for name in ("Bartholomew-Alexander Featherstonehaugh", "Cy", "Dimitra")]
    for player in others:
        MembershipFactory(club=club, player=player)
    seats = [orla, *others]
    event = EventFactory(club=club, date=timezone.localdate(), name="Tonight")
    table = seated_table(club, seats, round=RoundFactory(event=event))
    result_submit(table=table, record=played_record(seed=2, seats=[p.display_name
                                                                   for p in seats]),
                  source="form", user=SYSTEM)
    player_stats_recompute(club_id=club.pk)
    return club, user, orla


@pytest.mark.parametrize("width", WIDTHS)
def test_the_new_pages_fit_the_width(live_server, browser, club_night, width):
    club, user, orla = club_night
    page = page_at(browser, live_server, width, user=user)
    page.goto(f"{live_server.url}/clubs/{club.slug}/tokens/")
    page.fill("#id_name", "Scoring app on the club's old laptop by the window")
    page.click("#create-token")
    assert page.locator("#new-key").input_value().startswith("blk_")
    assert not scrolls_sideways(page), "tokens page"
    for path in (f"/players/{orla.pk}/", "/me/", f"/clubs/{club.slug}/members/", "/"):
        page.goto(live_server.url + path)
        assert not scrolls_sideways(page), path
    page.goto(f"{live_server.url}/players/{orla.pk}/")
    assert page.locator("table.by-game").is_visible()
    page.goto(f"{live_server.url}/me/")
    assert page.locator(".my-result").is_visible() and page.locator(".opponents").is_visible()
    page.context.close()
