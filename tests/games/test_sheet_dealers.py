"""Who deals each hand of a scoresheet, told by the game's rules (`sheet_dealer`): the
dealers it names are the ones a played match had, in every game."""

import random

import pytest

from games import rules

SIZES = {"mighty": 5, "ribs": 5, "bluke": 5}


def _played(name: str, seed: int):
    cls = rules.GAMES[name]
    game = rules.load(name, players=SIZES.get(name, max(cls.min_players,
                                                        min(cls.max_players, 4))))
    state = game.new_match(seed, first_dealer=seed % game.num_players)
    rng = random.Random(seed)
    while not state.is_terminal() and len(state.hand_log) < 12:
        state.apply(rng.choice(state.legal_actions()))
    return game, state.to_record(None)


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_it_names_the_dealers_a_played_match_had(name):
    for seed in (1, 2, 3):
        game, record = _played(name, seed)
        hands = record["hands"]
        before = None
        for index, hand in enumerate(hands):
            assert game.sheet_dealer(record["first_dealer"], index, before) == hand["dealer"], \
                (name, seed, index)
            before = hand.get("summary")


def test_mighty_passes_the_deal_to_the_partner_or_the_lone_declarer():
    game = rules.load("mighty")
    assert game.dealer_follows_play
    assert game.sheet_dealer(3, 0, None) == 3
    assert game.sheet_dealer(3, 1, None) is None  # the hand before is not written yet
    assert game.sheet_dealer(3, 1, {"declarer": 0, "partner": 2}) == 2
    assert game.sheet_dealer(3, 1, {"declarer": 4, "partner": None}) == 4
    assert game.sheet_dealer(3, 1, {"declarer": "x", "partner": None}) is None
    assert game.sheet_dealer(3, 1, {"declarer": 9, "partner": None}) is None


def test_the_deal_passes_to_the_left_in_the_other_games():
    for name in ("bluke", "pitch", "california-jack"):
        game = rules.load(name)
        assert not game.dealer_follows_play
        assert [game.sheet_dealer(1, i, None) for i in range(3)] == \
            [(1 + i) % game.num_players for i in range(3)]
