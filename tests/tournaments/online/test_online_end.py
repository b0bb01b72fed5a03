"""An online match the organiser ends early: the hands completed count as the table's
complete result (night standings, ratings), ranked on the totals so far; ended before a
hand was complete, nothing is stored and the organiser is told so, before and after."""

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import timezone

from league.models import AuditEntry
from league.permissions import SYSTEM
from rankings.demo_games import short_options
from rankings.models import PlayerRating
from rankings.selectors_divisions import night_standings_by_division
from tests.factories import EventFactory, RoundFactory, SeasonFactory, played_record, seated_table
from tournaments.models import OnlineMatch, OnlineStatus, ResultStatus, Seat, TableResult
from tournaments.services import online_state
from tournaments.services.online_outcome import end_preview
from tournaments.services.online_tables import (
    online_end,
    online_play,
    online_seat_view,
    tables_set_online,
)
from tournaments.services.results import ResultRejected, result_submit

OPTIONS = short_options("bluke")


@pytest.fixture
def night_table(club_a, players_a, alice, eager_commit):
    """An online Bluke table of a season's night, every player at their seat."""
    season = SeasonFactory(club=club_a, game="bluke", starts_on=timezone.localdate())
    event = EventFactory(club=club_a, season=season, game="bluke", options=OPTIONS)
    table = seated_table(club_a, players_a, round=RoundFactory(event=event, published=True),
                         options=OPTIONS)
    tables_set_online(table=table, user=alice, online=True)
    table.refresh_from_db()
    for seat in table.seats.select_related("player").order_by("position"):
        eager_commit(lambda s=seat: online_seat_view(table=table, seat=s))
    assert OnlineMatch.objects.get(table=table).status == OnlineStatus.PLAYING
    return table


def _state(table):
    return online_state.replay(OnlineMatch.objects.get(table=table)).state


def _play_until(table, eager_commit, hands: int, then_moves: int = 0) -> None:
    """Every seat plays its first legal action until `hands` are complete, then
    `then_moves` more (a hand under way)."""
    def one_move():
        state = _state(table)
        seat = Seat.objects.get(table=table, position=state.current_player())
        online_play(table=table, seat=seat, action=state.action_to_string(
            state.legal_actions()[0]), version=OnlineMatch.objects.get(table=table).version)

    while len(_state(table).hand_log) < hands:
        eager_commit(one_move)
    for _ in range(then_moves):
        eager_commit(one_move)


@pytest.mark.django_db
def test_a_match_ended_after_two_hands_counts_in_the_night_standings_and_ratings(
        night_table, alice, players_a, eager_commit):
    _play_until(night_table, eager_commit, hands=2, then_moves=1)
    expected = len(_state(night_table).game.schedule)
    assert expected > 2  # the match is really cut short

    eager_commit(lambda: online_end(table=night_table, user=alice))

    result = TableResult.objects.get(table=night_table)
    assert result.status == ResultStatus.COMPLETE and result.source == "online"
    assert len(result.record["hands"]) == 2  # the hand under way is dropped
    totals = result.totals
    assert result.ranks == [1 + sum(other > mine for other in totals) for mine in totals]
    assert OnlineMatch.objects.get(table=night_table).result_id == result.pk
    [(_, lines)] = night_standings_by_division(night_table.round.event)
    assert {line.player.pk for line in lines} == {p.pk for p in players_a}
    rated = PlayerRating.objects.filter(pool__club=night_table.round.event.club)
    assert set(rated.values_list("player_id", flat=True)) == {p.pk for p in players_a}
    assert all(games == 1 for games in rated.values_list("games", flat=True))
    audit = AuditEntry.objects.get(action="result.submit")
    assert audit.after["ended_early"] is True and audit.after["hands"] == 2


@pytest.mark.django_db
def test_a_match_ended_before_its_first_hand_is_complete_stores_nothing(
        night_table, alice, eager_commit):
    _play_until(night_table, eager_commit, hands=0, then_moves=2)
    eager_commit(lambda: online_end(table=night_table, user=alice))
    match = OnlineMatch.objects.get(table=night_table)
    assert match.status == OnlineStatus.FINISHED and match.result_id is None
    assert not TableResult.objects.filter(table=night_table).exists()


@pytest.mark.django_db
def test_the_preview_gives_the_hands_kept_and_the_places_the_result_will_have(
        night_table, alice, eager_commit):
    preview = end_preview(night_table)
    assert preview.stores_nothing and not preview.dropped
    _play_until(night_table, eager_commit, hands=1, then_moves=1)
    preview = end_preview(night_table)
    assert (preview.hands, preview.dropped) == (1, True)
    assert preview.hands_expected == len(_state(night_table).game.schedule)
    eager_commit(lambda: online_end(table=night_table, user=alice))
    result = TableResult.objects.get(table=night_table)
    names = result.record["seats"]
    assert [(line.name, line.total, line.place) for line in preview.lines] == sorted(
        zip(names, result.totals, result.ranks, strict=True), key=lambda line: line[2])
    assert end_preview(night_table) is None  # finished: nothing left to end


@pytest.mark.django_db
@pytest.mark.usefixtures("plain_http")
def test_the_organiser_sees_what_ending_stores_and_confirms_before_it_ends(
        client, night_table, alice, eager_commit):
    url = reverse("tournaments:online-manage", args=[night_table.pk])
    client.force_login(alice)
    page = client.get(url).content.decode()
    assert "No hand is complete yet: ending now stores nothing" in page
    _play_until(night_table, eager_commit, hands=2)
    asked = client.post(url, {"do": "end"})
    page = asked.content.decode()
    assert asked.status_code == 200 and "End this match now?" in page
    assert "The 2 hands played of" in page and "Yes, end the match now" in page
    assert OnlineMatch.objects.get(table=night_table).status == OnlineStatus.PLAYING
    done = eager_commit(lambda: client.post(url, {"do": "end", "confirm": "yes"},
                                            follow=True))
    assert "Ended: its hands are the table&#x27;s result." in done.content.decode()
    assert TableResult.objects.get(table=night_table).status == ResultStatus.COMPLETE


@pytest.mark.django_db
def test_ending_early_through_the_result_service_is_the_organisers_and_needs_a_hand(
        table_a, alice, sam):
    seats = list(table_a.seats.order_by("position").values_list("player__display_name",
                                                                 flat=True))
    partial = played_record(seed=4, seats=seats, hands=1)
    with pytest.raises(PermissionDenied):
        result_submit(table=table_a, record=partial, source="form", user=sam,
                      ended_early=True)
    empty = {**partial, "hands": [], "totals": [0, 0, 0, 0]}
    with pytest.raises(ResultRejected) as refused:
        result_submit(table=table_a, record=empty, source="online", user=SYSTEM,
                      ended_early=True)
    assert refused.value.errors[0]["code"] == "no-hands"
    stored = result_submit(table=table_a, record=partial, source="form", user=alice,
                           ended_early=True).game
    assert stored.status == ResultStatus.COMPLETE
    again = result_submit(table=table_a, record=partial, source="form", user=sam)
    assert not again.created and again.game.pk == stored.pk  # a retry changes nothing
