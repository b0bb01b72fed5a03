"""Bots at a Mighty table: `heuristic` and `search` name the Mighty bots there; the
heuristic bids, discards, calls and plays like a club player; the search guesses the
hidden discards consistently; both play whole matches that check clean."""

import random
import sys
from pathlib import Path

from games import rules
from games.bots import make_bot
from games.bots.arena import run_arena
from games.bots.match import play_state
from games.mighty.heuristic import MightyHeuristicBot
from games.mighty.search import MightySearchBot, deal_guess, hidden_cards, rebuild
from tests.games.helpers import bot_move, play

sys.path.insert(0, str(Path(__file__).parent))
from test_rules_mighty import AUCTION, EXCHANGE, PLAYS, dealt  # noqa: E402

GAME = rules.load("mighty")


def test_heuristic_and_search_are_the_mighty_bots_at_a_mighty_table():
    assert isinstance(make_bot("heuristic", game=GAME), MightyHeuristicBot)
    search = make_bot("search", game=GAME, time_budget=0.05)
    assert isinstance(search, MightySearchBot) and search.time_budget == 0.05


def test_bots_play_a_whole_match_that_checks_clean():
    game = rules.load("mighty", hands=2)
    bots = [make_bot(name, game=game, time_budget=None, max_samples=2)
            for name in ("heuristic", "random", "search", "heuristic", "random")]
    state = play_state(game, bots, seed=4)
    report = rules.check_record(state.to_record())
    assert report.valid and report.complete, report.errors[:3]


def test_it_bids_a_strong_suit_and_passes_a_weak_hand():
    state = dealt()
    assert bot_move(state) == "bid:13H"  # Ann: six hearts from the ace down
    play(state, "bid:13H")
    assert bot_move(state) == "pass"  # Bob: the mighty, but little else


def test_the_declarer_keeps_trumps_and_the_mighty_and_discards_short_side_cards():
    state = play(dealt(), *AUCTION)
    discards = []
    for _ in range(3):
        move = bot_move(state)
        discards.append(move)
        state.apply(move)
    assert sorted(discards) == ["discard:2C", "discard:2D", "discard:2S"]
    assert bot_move(state) == "trump:H"
    state.apply("trump:H")
    assert bot_move(state) == "call:AS"  # the mighty, not in Ann's hand


def test_a_defender_gives_no_point_to_a_trick_the_mighty_holds():
    state = play(dealt(), *AUCTION, *EXCHANGE, "trump:H", "call:AS", *PLAYS[:19])
    assert state.current_player() == 4  # Bob's mighty holds the trick; Ed must follow clubs
    assert bot_move(state) == "7C"


def test_the_declarer_takes_a_point_with_its_cheapest_trump():
    state = play(dealt(), *AUCTION, *EXCHANGE, "trump:H", "call:AS", *PLAYS[:24])
    assert state.current_player() == 0  # Cy's king of diamonds leads the trick
    assert bot_move(state) == "5H"


def test_the_search_guesses_hidden_discards_and_voids_consistently():
    state = play(dealt(), *AUCTION, *EXCHANGE, "trump:H", "call:AS", *PLAYS[:10])
    seat = state.current_player()
    obs = state.observation(seat)
    assert "?" in obs["events"]
    unseen, places = hidden_cards(GAME, obs)
    assert places[-1] == 3 and sum(places.values()) == len(unseen)
    voids = {s: {GAME.pack.suit_index(v) for v in letters}
             for s, letters in enumerate(obs["voids"])}
    rng = random.Random(1)
    for _ in range(20):
        guess = deal_guess(GAME, unseen, places, voids, rng)
        for where, faces in guess.items():
            assert len(faces) == places[where]
            assert not any(GAME.pack.suit_of[f] in voids.get(where, ()) for f in faces)
    base = rebuild(GAME, obs)
    assert base.current_player() == seat and base.phase_name() == "play"
    assert bot_move(state, "search", time_budget=None, max_samples=3) in \
        [state.action_to_string(a) for a in state.legal_actions()]


def test_heuristic_beats_random_players():
    heuristic, *randoms = run_arena("mighty", ["heuristic"] + ["random"] * 4, 5, seed=2,
                                    options={"hands": 4})
    assert heuristic.mean > max(r.mean for r in randoms)
