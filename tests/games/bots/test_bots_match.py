"""play_match: a complete card-by-card record the checker accepts, the same for the same seed."""

import pytest

from games import rules
from games.bots import play_match


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_it_produces_a_valid_complete_record(game, name):
    record = play_match(game, [name] * game.num_players, seed=3)
    report = rules.check_record(record)
    assert report.valid, report.errors[:3]
    assert report.complete
    assert len(record["hands"]) == len(game.schedule)
    assert all("plays" in hand and "deal" in hand for hand in record["hands"])
    assert report.totals == record["totals"]


def test_a_search_bot_match_is_a_valid_record():
    game = rules.load("bluke", players=3, max_cards=4)
    record = play_match(game, ["search", "heuristic", "random"], seed=4)
    report = rules.check_record(record)
    assert report.valid and report.complete


def test_it_names_the_seats_as_asked_or_after_the_bots():
    record = play_match("bluke", ["heuristic", "random"], seed=1, seats=["Ann", "Bob"],
                        max_cards=3)
    assert record["seats"] == ["Ann", "Bob"]
    assert play_match("bluke", ["heuristic", "random"], seed=1,
                      max_cards=3)["seats"] == ["heuristic 1", "random 2"]


@pytest.mark.parametrize("bots", [["random"] * 4, ["heuristic", "random", "heuristic", "random"],
                                  ["search", "heuristic", "random", "heuristic"]])
def test_it_is_deterministic_per_seed(bots):
    game = rules.load("bluke", players=4, max_cards=4)
    first = play_match(game, bots, seed=21)
    assert play_match(game, bots, seed=21) == first
    assert play_match(game, bots, seed=22)["hands"] != first["hands"]


def test_it_refuses_a_bot_count_that_does_not_fit_the_game():
    with pytest.raises(rules.RulesError):
        play_match(rules.load("bluke", players=4), ["random"] * 3, seed=1)
    with pytest.raises(rules.RulesError):
        play_match("back-alley", ["random"] * 3, seed=1)
