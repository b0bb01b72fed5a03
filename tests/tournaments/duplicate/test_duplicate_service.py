"""Duplicate nights through the services: boards per round, the movement, results held to
the boards, bots playing them."""

import copy
from datetime import date

import pytest
from django.core.exceptions import ValidationError

from games import rules
from tests.tournaments.duplicate.helpers import bots, duplicate_night
from tournaments.models import Board, EventFormat, ResultStatus, Table
from tournaments.services.bots import table_play_with_bots
from tournaments.services.duplicate import board_checksum, natural_boards, round_seed
from tournaments.services.events import event_create, event_update
from tournaments.services.results import ResultRejected, result_submit

pytestmark = pytest.mark.django_db


def test_every_round_gets_its_own_boards_dealt_from_the_stored_seed(club_b, bob):
    event = duplicate_night(club_b, bob, "bluke", tables=3, rounds=2, boards=3)
    rounds = list(event.rounds.order_by("number"))
    assert [r.boards.count() for r in rounds] == [3, 3]
    for rnd in rounds:
        expected = rules.deal_boards("bluke", 4, round_seed(event.seating["seed"], rnd.number), 3)
        stored = list(rnd.boards.order_by("number"))
        assert [b.deal for b in stored] == expected
        assert all(b.checksum == board_checksum(b.deal) and len(b.checksum) == 6
                   for b in stored)
    assert rounds[0].boards.first().deal != rounds[1].boards.first().deal


def test_every_table_of_a_round_has_the_same_size_and_the_rest_sit_out(club_b, bob):
    event = duplicate_night(club_b, bob, "bluke", players=bots(club_b, 14), boards=2)
    for rnd in event.rounds.all():
        assert [t.seats.count() for t in rnd.tables.all()] == [4, 4, 4]
    assert [len(out) for out in event.seating["sit_outs"]] == [2, 2]


def test_the_plan_reports_how_often_each_pair_was_compared(club_b, bob):
    event = duplicate_night(club_b, bob, "bluke", tables=3, rounds=2)
    report = event.seating["report"]["comparisons"]
    # 3 tables of 4 seats: each round, each seat groups 3 players: 4 x 3 pairs, twice
    assert sum(n for _a, _b, n in report["pairs"]) == 2 * 4 * 3
    assert report["never_compared"] == []
    seats = {}
    for rnd in event.rounds.all():
        for table in rnd.tables.all():
            for seat in table.seats.all():
                seats.setdefault((rnd.number, seat.position), []).append(seat.player_id)
    a, b, _n = report["pairs"][0]
    assert any(a in group and b in group for group in seats.values())


def test_partnerships_stay_together_all_night(club_b, bob):
    event = duplicate_night(club_b, bob, "back-alley", tables=3, rounds=2)
    partners = set()
    for rnd in event.rounds.all():
        for table in rnd.tables.all():
            seated = [s.player_id for s in table.seats.order_by("position")]
            partners |= {frozenset((seated[0], seated[2])), frozenset((seated[1], seated[3]))}
    assert len(partners) == 6  # the same six partnerships in both rounds


def test_the_default_is_the_games_natural_match_length(club_b, bob):
    event = duplicate_night(club_b, bob, "mighty", tables=1, rounds=1, boards=None)
    assert event.rounds.get().boards.count() == natural_boards(rules.load("mighty", players=5))
    assert natural_boards(rules.load("bluke", players=4)) == 25
    assert natural_boards(rules.load("pitch", players=4)) == 8


def test_a_board_count_is_refused_naming_the_field(club_b, bob):
    night = {"club": club_b, "name": "x", "date": date(2026, 1, 1), "user": bob, "game": "bluke"}
    for count, format in ((26, EventFormat.DUPLICATE), (0, EventFormat.DUPLICATE),
                          (4, EventFormat.ROTATION)):  # Bluke has 25 hands; rotation: none
        with pytest.raises(ValidationError) as refused:
            event_create(**night, format=format, boards_per_round=count)
        assert "boards_per_round" in refused.value.message_dict


def test_the_board_count_is_fixed_once_seated(club_b, bob):
    event = duplicate_night(club_b, bob, "bluke", tables=1, rounds=1)
    with pytest.raises(ValidationError) as refused:
        event_update(event=event, user=bob, boards_per_round=5)
    assert "boards_per_round" in refused.value.message_dict


def test_bots_play_the_boards_and_a_changed_card_is_refused(club_b, bob):
    event = duplicate_night(club_b, bob, "bluke", tables=2, rounds=1, boards=2)
    first, second = Table.objects.filter(round__event=event).order_by("number")
    played = table_play_with_bots(table=first)
    assert played.status == ResultStatus.COMPLETE and played.hands.count() == 2
    boards = [b.deal for b in Board.objects.filter(round=first.round).order_by("number")]
    assert rules.check_record(played.record, boards=boards).valid
    for hand, board in zip(played.record["hands"], boards, strict=True):
        dealt = hand["deal"]["hands"] if isinstance(hand.get("deal"), dict) else hand["deal"]
        assert [sorted(h) for h in dealt] == [sorted(h) for h in board["deal"]["hands"]]
    # the same match at the other table, one card swapped between two seats in hand 2
    record = copy.deepcopy(played.record)
    record["seats"] = [s.player.display_name for s in second.seats.order_by("position")]
    deal = record["hands"][1]["deal"]
    hands = deal["hands"] if isinstance(deal, dict) else deal
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    with pytest.raises(ResultRejected) as refused:
        result_submit(table=second, record=record, source="api", user=bob)
    assert any(e["code"] == "board-mismatch" and e["hand"] == 2
               for e in refused.value.errors)


def test_a_buck_euchre_table_whose_bots_sweep_board_1_still_plays_board_2(club_b, bob):
    """The CI run's red night: seed 217 at this night's first round has the random bots
    sweep board 1, which ends an ordinary match at once; the table's result must still
    hold both boards, as the other tables' do, to be compared on board 2."""
    event = duplicate_night(club_b, bob, "buck-euchre", tables=3, rounds=1, boards=2, seed=3)
    table = Table.objects.filter(round__event=event).order_by("number").first()
    played = table_play_with_bots(table=table, seed=217)
    assert 5 in played.record["hands"][0]["summary"]["tricks"]  # the sweep
    assert played.status == ResultStatus.COMPLETE and played.hands.count() == 2


def test_too_few_players_for_a_full_table_are_refused_naming_the_field(club_b, bob):
    """Bluke allows tables of three, but a duplicate round's tables all seat four."""
    with pytest.raises(ValidationError) as refused:
        duplicate_night(club_b, bob, "bluke", players=bots(club_b, 3))
    assert "players" in refused.value.message_dict


def test_a_re_plan_seats_the_rounds_again_on_the_same_boards(club_b, bob):
    players = bots(club_b, 8)
    event = duplicate_night(club_b, bob, "bluke", players=players, rounds=2, boards=2, seed=1)
    before = {(b.round.number, b.number): b.checksum
              for b in Board.objects.filter(round__event=event).select_related("round")}
    late = bots(club_b, 1)[0]
    from tournaments.services.seating import event_plan_seating

    event_plan_seating(event=event, players=[*players, late], rounds=2, seed=99, user=bob,
                       time_budget=0.2)
    after = {(b.round.number, b.number): b.checksum
             for b in Board.objects.filter(round__event=event).select_related("round")}
    assert after == before


def test_a_scoresheet_is_held_to_what_it_states_about_the_board(club_b, bob):
    """A table typing its paper scoresheet (bids, tricks, trump per hand, no cards) enters
    on the boards; a trump that is not the board's turned card is refused."""
    from games.rules.record_shape import flat_hand

    event = duplicate_night(club_b, bob, "bluke", tables=2, rounds=1, boards=2)
    first, second = Table.objects.filter(round__event=event).order_by("number")
    played = table_play_with_bots(table=first).record
    game = rules.load("bluke", players=4)
    sheet = copy.deepcopy(played)
    sheet["seats"] = [s.player.display_name for s in second.seats.order_by("position")]
    sheet["hands"] = [{k: v for k, v in flat_hand(game, hand, i % 4).items()
                       if k in ("dealer", "cards", "trump", "bids", "tricks")}
                      for i, hand in enumerate(played["hands"])]
    wrong = copy.deepcopy(sheet)
    wrong["hands"][1]["trump"] = next(s for s in "SHDC" if s != sheet["hands"][1]["trump"])
    with pytest.raises(ResultRejected) as refused:
        result_submit(table=second, record=wrong, source="form", user=bob)
    assert any(e["code"] == "board-mismatch" and e["hand"] == 2 for e in refused.value.errors)
    stored = result_submit(table=second, record=sheet, source="form", user=bob).game
    assert stored.status == ResultStatus.COMPLETE and stored.hands.count() == 2
