"""Done when (issue 31): for every registered game, a duplicate night of three tables and
two rounds, played by bots through the result service, closes with standings in
matchpoint percentage, no 5xx on its pages, and its slips print (A4)."""

import pytest
from django.urls import reverse

from games import rules
from league.table_sizes import table_sizes_for
from rankings.selectors_divisions import night_standings_by_division
from tests.tournaments.duplicate.helpers import duplicate_night
from tournaments.models import Board, ResultSource, ResultStatus, Table
from tournaments.services.bots import table_play_with_bots
from tournaments.services.events import event_close

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


def short_boards(game: str) -> int:
    """Two boards a round (one where a match has a single hand): quick, still compared."""
    size = table_sizes_for(game).preferred
    hands = rules.load(game, players=size).ending.hands()
    return min(2, hands) if hands else 2


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_a_duplicate_night_of_every_game_is_played_scored_and_printed(client, club_b, bob,
                                                                      game):
    boards = short_boards(game)
    event = duplicate_night(club_b, bob, game, tables=3, rounds=2, boards=boards, seed=3)
    tables = list(Table.objects.filter(round__event=event).order_by("round__number", "number"))
    assert len(tables) == 6
    for table in tables:
        played = table_play_with_bots(table=table)
        assert played.source == ResultSource.BOT and played.status == ResultStatus.COMPLETE
        assert played.hands.count() == boards
    # every table of a round was dealt the same cards: the hands' deals equal the boards
    for table in tables:
        deals = [b.deal for b in Board.objects.filter(round=table.round).order_by("number")]
        assert rules.check_record(table.result.record, boards=deals).valid
    event_close(event=event, user=bob)
    event.refresh_from_db()
    assert event.status == "closed"

    [(_division, items)] = night_standings_by_division(event)
    seated = {s.player_id for t in tables for s in t.seats.all()}
    assert {item.player.pk for item in items} == seated
    percentages = [item.line.percentage for item in items]
    assert percentages == sorted(percentages, reverse=True)
    assert all(0 <= p <= 100 for p in percentages)
    # each comparison group of three results shares 3 matchpoints, so the night's mean is 50 %
    seats_per_unit = len(rules.load(game, players=table_sizes_for(game).preferred).teams[0])
    total = sum(item.line.matchpoints for item in items) / seats_per_unit
    units = len(tables) * len(rules.load(game, players=table_sizes_for(game).preferred).teams)
    assert total == pytest.approx(units * boards * 1.0)  # 2 rounds x groups x 3 pts / 3 tables

    pages = [reverse("tournaments:event-detail", args=[event.pk]),
             reverse("tournaments:board-slips", args=[event.pk]),
             reverse("league:hand-records", args=[event.pk]),
             reverse("tournaments:event-screen", args=[event.pk]),
             f"/api/v1/events/{event.pk}/boards/"]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
    slips = client.get(pages[1]).content.decode()
    assert slips.count('class="print-card board-slip"') == 2 * boards
    assert "css/boards.css" in slips and "data-print" in slips
    assert "MP %" in client.get(pages[0]).content.decode()
