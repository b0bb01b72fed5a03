"""Standings rules without the database: schemes, ties, tie-breaks, attendance, best N."""

import pytest

from rankings.standings import (
    GameResult,
    Side,
    StandingsConfigError,
    beaten_points,
    compute_standings,
    contracts,
    head_to_head,
    parse_config,
    placement_points,
)
from rankings.standings.statistics import HandStats, bluke_cards


def game(game_id, ranks, night=None, scores=None):
    """An individual game: player ids are the keys of ``ranks``."""
    scores = scores or {}
    sides = tuple(Side((p,), r, scores.get(p, 0)) for p, r in ranks.items())
    return GameResult(game_id, sides, night=night)


def test_it_gives_7_5_3_1_at_four_and_7_4_1_at_three():
    assert placement_points([1, 2, 3, 4]) == [7, 5, 3, 1]
    assert placement_points([3, 1, 2]) == [1, 7, 4]


def test_it_splits_the_points_of_shared_places():
    assert placement_points([1, 2, 2, 4]) == [7, 4, 4, 1]
    assert placement_points([1, 1, 1, 1]) == [4, 4, 4, 4]
    assert beaten_points([1, 2, 2, 4]) == [1.0, 0.5, 0.5, 0.0]


@pytest.mark.parametrize("size", range(2, 9))
def test_it_makes_a_game_worth_the_same_on_average_at_every_table_size(size):
    ranks = list(range(1, size + 1))
    assert sum(placement_points(ranks)) / size == pytest.approx(4.0)
    assert sum(beaten_points(ranks)) / size == pytest.approx(0.5)
    tied = [1] + [2] * (size - 1)
    assert sum(placement_points(tied)) / size == pytest.approx(4.0)


def test_it_uses_explicit_points_tables_when_configured():
    config = parse_config({"placement": {"tables": {"4": [10, 6, 3, 0]}}})
    assert placement_points([2, 1, 4, 3], tables=config.tables) == [6, 10, 0, 3]


@pytest.mark.parametrize(
    "data, message",
    [
        ({"points": "goals"}, "points must be one of"),
        ({"best_nights": 0}, "best_nights"),
        ({"tiebreaks": ["coin"]}, "unknown tie-break 'coin'"),
        ({"colour": "red"}, "unknown key(s) colour"),
        ({"placement": {"tables": {"4": [7, 5, 3]}}}, "must list 4 numbers"),
        ({"min_games": -1}, "min_games"),
    ],
)
def test_it_rejects_bad_configs_with_a_clear_message(data, message):
    with pytest.raises(StandingsConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_config(data)


def test_it_ranks_by_summed_placement_points_by_default():
    games = [game(1, {1: 1, 2: 2, 3: 3, 4: 4}), game(2, {1: 2, 2: 1, 3: 3})]
    lines = compute_standings(games, parse_config({}))
    assert [(ln.player_id, ln.points, ln.rank) for ln in lines] == [
        (2, 12, 1), (1, 11, 2), (3, 4, 3), (4, 1, 4)]


def test_it_gives_partners_the_sides_placement():
    result = GameResult(1, (Side((1, 3), 1, 120), Side((2, 4), 2, 80)))
    lines = {ln.player_id: ln for ln in compute_standings([result], parse_config({}))}
    assert lines[1].points == lines[3].points == 7
    assert lines[2].points == lines[4].points == 1
    assert lines[3].total_score == 120


def test_it_breaks_ties_by_most_firsts_then_seconds():
    # 1: first and last (7 + 1 = 8); 2: second twice (5 + 3 ... ) built to equal 8
    games = [
        game(1, {1: 1, 2: 2, 3: 3, 4: 4}),   # 1:7 2:5 3:3 4:1
        game(2, {1: 4, 2: 3, 3: 2, 4: 1}),   # 1:1 2:3 3:5 4:7
    ]
    lines = compute_standings(games, parse_config({}))
    assert {ln.points for ln in lines} == {8}
    assert [ln.player_id for ln in lines] == [1, 4, 2, 3]  # firsts split 1,4 from 2,3
    assert [ln.rank for ln in lines] == [1, 1, 3, 3]  # ... then nothing else separates
    assert lines[0].tiebreak == "firsts"


def test_it_uses_head_to_head_among_the_tied_players_only():
    games = [
        game(1, {1: 1, 2: 2}),  # the only meeting of the tied pair: 1 ahead
        game(2, {2: 1, 3: 2}),
        game(3, {2: 1, 3: 2}),
        game(4, {3: 1, 1: 2}),
        game(5, {1: 1, 3: 2}),
    ]
    config = parse_config({"points": "beaten", "tiebreaks": ["head_to_head", "average_score"]})
    by_id = {ln.player_id: ln for ln in compute_standings(games, config)}
    assert by_id[1].points == by_id[2].points == 2
    # Counting every meeting would leave them level (+1 each); only 1 v 2 counts.
    assert (by_id[1].rank, by_id[2].rank, by_id[3].rank) == (1, 2, 3)
    assert by_id[1].tiebreak == by_id[2].tiebreak == "head_to_head"


def test_it_lists_players_below_minimum_attendance_after_the_rest():
    games = [game(1, {1: 1, 2: 2}, night=1), game(2, {2: 1, 3: 2}, night=2)]
    lines = compute_standings(games, parse_config({"min_nights": 2}))
    assert [(ln.player_id, ln.qualified, ln.rank) for ln in lines] == [
        (2, True, 1), (1, False, 2), (3, False, 3)]


def test_it_counts_only_the_best_n_nights():
    games = [
        game(1, {1: 1, 2: 2}, night=1),
        game(2, {1: 2, 2: 1}, night=2),
        game(3, {1: 2, 2: 1}, night=3),
    ]
    lines = {ln.player_id: ln for ln in compute_standings(games, parse_config({"best_nights": 1}))}
    assert lines[1].points == 7 and lines[1].counted_nights == 1 and lines[1].nights == 3
    assert lines[2].points == 7 and lines[2].games == 3


def test_it_can_rank_by_average_points_or_raw_score():
    games = [game(1, {1: 1, 2: 2}, scores={1: 50, 2: 10}), game(2, {1: 2, 3: 1})]
    avg = {ln.player_id: ln.points for ln in compute_standings(
        games, parse_config({"aggregate": "average"}))}
    assert avg == {1: 4.0, 2: 1.0, 3: 7.0}
    score = compute_standings(games, parse_config({"points": "score"}))
    assert score[0].player_id == 1 and score[0].points == 50


def test_it_classifies_bids_as_perfect_over_or_set():
    stats = HandStats()
    teams = [[0], [1], [2]]
    for seat, (contract, won) in contracts(5, [2, "pass", 3], [2, 1, 2], teams).items():
        stats.add(5, contract, won)
        assert seat in (0, 1, 2)
    assert (stats.perfect, stats.over, stats.sets, stats.overtricks) == (1, 1, 1, 1)
    assert stats.size_rows() == [
        {"cards": 5, "hands": 3, "made": 2, "perfect": 1, "hit_rate": 2 / 3}]


def test_it_credits_partners_with_their_sides_contract():
    made = contracts(4, [1, "board", 2, "pass"], [1, 2, 1, 0], [[0, 2], [1, 3]])
    assert made == {0: (3, 2), 2: (3, 2), 1: (4, 2), 3: (4, 2)}


def test_it_counts_blukes_held_and_won_from_a_card_by_card_hand():
    deal = [["HI", "2S"], ["LO", "3S"], ["AS", "KS"]]
    plays = ["2S", "LO", "AS", "HI:S", "3S", "KS"]
    assert bluke_cards(deal, plays, 1, 3) == (1, 1)  # Lo wins trick one, no Hi in it
    assert bluke_cards(deal, plays, 0, 3) == (1, 1)
    assert bluke_cards(deal, plays, 2, 3) == (0, 0)


def test_it_summarises_head_to_head_per_opponent_without_partners():
    games = [
        GameResult(1, (Side((1, 3), 1, 0), Side((2, 4), 2, 0))),
        game(2, {1: 2, 2: 1, 3: 2}),
    ]
    rows = {r.player_id: r for r in head_to_head(1, games)}
    assert (rows[2].games, rows[2].ahead, rows[2].behind) == (2, 1, 1)
    assert (rows[3].games, rows[3].level) == (1, 1)
