"""Right-to-left names keep their scores on the right side: every name shown beside a number
(night page seats and sit-outs, standings, tonight's standings, the attendance list, a
player's opponents) is isolated in <bdi>."""

import pytest
from django.urls import reverse

from league.models import Membership, Player
from rankings.services.player_stats import player_stats_recompute
from rankings.services.standings import standings_recompute
from tests.league.played_games import night, record_game, table_at

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]

HEBREW = "אבי כהן"
ARABIC = "سارة"


@pytest.fixture
def played(club, season, people):
    rtl = [Player.objects.create(display_name=name) for name in (HEBREW, ARABIC)]
    for player in rtl:
        Membership.objects.create(club=club, player=player)
    event = night(club, season)
    table = table_at(event, [rtl[0], rtl[1], *people[:2]])
    table.round.published = True  # the public sees published rounds only
    table.round.save()
    record_game(table, totals=[40, 30, 20, 10])
    standings_recompute(season_id=season.pk)
    player_stats_recompute(club_id=club.pk)
    return event, rtl


def test_the_night_page_isolates_names_beside_their_totals(client, played):
    event, _ = played
    html = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
    assert f"<bdi>{HEBREW}</bdi></a>" in html and f"<bdi>{ARABIC}</bdi></a>" in html


def test_the_standings_and_tonights_standings_isolate_names(client, season, played):
    html = client.get(reverse("league:season-standings", args=[season.pk])).content.decode()
    assert f"<bdi>{HEBREW}</bdi>" in html
    from django.template.loader import render_to_string

    from rankings.selectors_stats import event_provisional_standings

    tonight = render_to_string("rankings/_provisional_standings.html",
                               {"lines": event_provisional_standings(played[0])})
    assert f"<bdi>{ARABIC}</bdi>" in tonight


def test_a_players_opponents_are_isolated(client, people, played):
    html = client.get(reverse("league:player-detail", args=[people[0].pk])).content.decode()
    assert f"<bdi>{HEBREW}</bdi>" in html and f"<bdi>{ARABIC}</bdi>" in html


def test_the_attendance_list_isolates_names(client, club, played):
    from league.models import Role
    from tests.factories import MembershipFactory, PlayerFactory, UserFactory

    organiser = UserFactory(username="org")
    MembershipFactory(club=club, role=Role.ORGANISER,
                      player=PlayerFactory(user=organiser, display_name="Org"))
    client.force_login(organiser)
    event, _ = played
    html = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
    checks = html.split('class="checks"')[1].split("</div>\n")[0]
    assert f"<bdi>{HEBREW}</bdi>" in checks
