"""A knockout final on a night: tables for the playable matches, winners moving on through
the one result path, corrections that re-draw what follows (or are refused)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests.factories import EventFactory, PlayerFactory, row_counts
from tests.tournaments.brackets.helpers import entrants, final_night, record_won_by, win
from tournaments.models import BracketMatch, EventStatus, Table
from tournaments.services.brackets import bracket_create, bracket_resolved
from tournaments.services.results import ResultRejected, result_remove, result_submit


def tables_by_match(bracket) -> dict[str, Table]:
    return {m.key: m.table for m in BracketMatch.objects.filter(bracket=bracket)
            .select_related("table") if m.table is not None}


def seated(table) -> list[str]:
    return [s.player.display_name for s in table.seats.order_by("position")]


@pytest.fixture
def five(club_a, alice):
    night = final_night(club_a)
    players = entrants(club_a, 5)
    bracket = bracket_create(event=night, user=alice, players=players, format="single",
                             consolation=True)
    return bracket, players


def test_it_seats_the_matches_whose_players_are_known(five):
    bracket, _players = five
    tables = tables_by_match(bracket)
    assert list(tables) == ["W1-2", "W2-2"]  # seeds 2 and 3 both had byes
    assert seated(tables["W1-2"]) == ["Seed 4", "Seed 5"]
    assert seated(tables["W2-2"]) == ["Seed 2", "Seed 3"]
    assert tables["W2-2"].round.number == 2
    assert tables["W1-2"].round.number == 1 and tables["W1-2"].round.published
    bracket.event.refresh_from_db()
    assert bracket.event.status == EventStatus.SEATED


def test_a_stored_result_moves_the_winner_on_and_seats_the_next_matches(five, alice, sam):
    bracket, players = five
    win(tables_by_match(bracket)["W1-2"], players[4], user=sam)  # seed 5 beats seed 4
    tables = tables_by_match(bracket)
    assert seated(tables["W2-1"]) == ["Seed 1", "Seed 5"]
    assert seated(tables["W2-2"]) == ["Seed 2", "Seed 3"]
    assert {tables["W2-1"].round.number, tables["W2-2"].round.number} == {2}
    win(tables["W2-1"], players[0], user=sam)
    win(tables["W2-2"], players[1], user=sam)
    tables = tables_by_match(bracket)
    assert seated(tables["W3-1"]) == ["Seed 1", "Seed 2"]
    assert seated(tables["3P"]) == ["Seed 5", "Seed 3"]
    win(tables["W3-1"], players[1], user=sam)
    win(tables["3P"], players[2], user=sam)
    resolved = bracket_resolved(bracket)
    assert resolved.finished and resolved.champion == 2


def test_a_correction_before_the_next_match_is_played_re_draws_it(five, alice, sam):
    bracket, players = five
    first = tables_by_match(bracket)["W1-2"]
    stored = win(first, players[4], user=sam)
    corrected = record_won_by(first, 0)  # seed 4 won after all
    result_submit(table=first, record=corrected, source="form", user=alice,
                  correction_reason="scores swapped on the sheet")
    assert seated(tables_by_match(bracket)["W2-1"]) == ["Seed 1", "Seed 4"]
    assert stored.game.pk == first.result.pk


def test_a_correction_after_the_winner_played_on_is_refused(five, alice, sam):
    bracket, players = five
    first = tables_by_match(bracket)["W1-2"]
    win(first, players[4], user=sam)
    win(tables_by_match(bracket)["W2-1"], players[4], user=sam)
    before = row_counts()
    with pytest.raises(ResultRejected, match="Match W2-1 .* already has a result"):
        result_submit(table=first, record=record_won_by(first, 0), source="form", user=alice,
                      correction_reason="scores swapped")
    with pytest.raises(ResultRejected, match="remove that result first"):
        result_remove(actor=alice, reason="wrong table", table=first)
    assert row_counts() == before


def test_removing_a_result_takes_back_the_match_it_seated(five, alice, sam):
    bracket, players = five
    first = tables_by_match(bracket)["W1-2"]
    win(first, players[4], user=sam)
    result_remove(actor=alice, reason="entered on the wrong night", table=first)
    assert list(tables_by_match(bracket)) == ["W1-2", "W2-2"]
    assert BracketMatch.objects.get(bracket=bracket, key="W1-2").winner_seed is None


def test_a_double_elimination_draws_the_losers_bracket_from_the_results(club_a, alice, sam):
    players = entrants(club_a, 4)
    bracket = bracket_create(event=final_night(club_a), user=alice, players=players,
                             format="double")
    tables = tables_by_match(bracket)
    win(tables["W1-1"], players[3], user=sam)  # seed 4 beats seed 1
    win(tables["W1-2"], players[1], user=sam)
    tables = tables_by_match(bracket)
    assert seated(tables["L1-1"]) == ["Seed 1", "Seed 3"]
    assert seated(tables["W2-1"]) == ["Seed 4", "Seed 2"]


def test_only_the_clubs_organisers_draw_a_bracket(club_a, sam, bob):
    night, players = final_night(club_a), entrants(club_a, 4)
    for user in (sam, bob):
        with pytest.raises(PermissionDenied):
            bracket_create(event=night, user=user, players=players, format="single")


@pytest.mark.parametrize("change, field, message", [
    ("stranger", "seats", "Only the club's members"),
    ("twice", "entrants", "Seed 3: Seed 1 is entered twice"),
    ("one", "entrants", "between 2 and 128 entrants, not 1"),
    ("pitch", "format", "pitch is not played by two"),
    ("third-of-two", "consolation", "third place"),
    ("rounds", "event", "already has rounds"),
])
def test_it_refuses_a_bracket_that_cannot_be_played(club_a, alice, change, field, message):
    night, players, options = final_night(club_a), entrants(club_a, 4), {}
    if change == "stranger":
        players[2] = PlayerFactory(display_name="Stranger")
    elif change == "twice":
        players[2] = players[0]
    elif change == "one":
        players = players[:1]
    elif change == "pitch":
        night = EventFactory(club=club_a, game="pitch", options={})
    elif change == "third-of-two":
        players, options = players[:2], {"consolation": True}
    elif change == "rounds":
        night.rounds.create(number=1)
    before = row_counts()
    with pytest.raises(ValidationError) as refused:
        bracket_create(event=night, user=alice, players=players, format="single", **options)
    assert message in str(refused.value.message_dict[field])
    assert row_counts() == before


def test_a_knockout_night_has_no_seating_plan(five, alice):
    from tournaments.services.seating import event_plan_seating

    bracket, players = five
    with pytest.raises(ValidationError, match="the bracket seats its matches"):
        event_plan_seating(event=bracket.event, players=players, rounds=2, seed=1, user=alice)


def test_the_nights_page_links_to_its_bracket(five, client, alice, settings):
    settings.SECURE_SSL_REDIRECT = False
    bracket, _players = five
    client.force_login(alice)
    page = client.get(bracket.event.get_absolute_url()).text
    assert f'href="/events/{bracket.event_id}/bracket/"' in page
    other = client.get(EventFactory(club=bracket.event.club).get_absolute_url()).text
    assert 'id="bracket-link"' not in other
