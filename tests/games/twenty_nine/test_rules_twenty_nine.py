"""Twenty-Nine: each rule and each decision of docs/rules/twenty-nine.md on fixed deals,
and both record forms (card by card, scoresheet) through `rules.check_record`."""

import copy
import json
import pathlib
import random

import jsonschema
import pytest

from games import rules
from games.twenty_nine.rules import adjusted_contract
from tests.games.helpers import legal_texts, play

GAME = rules.load("twenty-nine")
SEATS = ["Ann", "Bob", "Cy", "Di"]
GOLDEN = pathlib.Path(__file__).parent / "golden" / "twenty-nine.json"

# Seat 3 deals, so seat 0 bids and leads first. The first four cards of each hand
# are dealt before the auction, the last four after the trump choice.
HANDS = [["JS", "9S", "AS", "TS", "JH", "7H", "8D", "7D"],
         ["AH", "TH", "9H", "8S", "JD", "9D", "JC", "9C"],
         ["KS", "QS", "QH", "KH", "AD", "TD", "QD", "KD"],
         ["7S", "8H", "7C", "8C", "QC", "KC", "TC", "AC"]]
AUCTION = "bid:16 bid:17 pass pass bid:20 pass trump:S".split()
PLAY = ("JH 9H QH 8H  7H AH KH reveal 7S  AC 9S 9C AD royals  JS 8S KS 7C  AS TH QS 8C  "
        "TS JD TD QC  8D 9D QD KC  JC KD TC 7D").split()


def dealt(hands=HANDS, game=GAME, dealer=3):
    state = game.new_match(seed=0, first_dealer=dealer, auto_deal=False)
    assert state.deal({"hands": hands}) == []
    return state


def code(state, text):
    violation = state.check(text)
    return violation and violation.code


# --- pack and deal --------------------------------------------------------------------
def test_it_uses_32_cards_ranked_jack_nine_ace_ten_king_queen_eight_seven():
    assert GAME.pack.size == 32
    assert sorted(GAME.pack.faces, key=lambda c: (c[1], GAME.pack.power[GAME.pack.parse(c)])
                  )[-8:] == ["7S", "8S", "QS", "KS", "TS", "AS", "9S", "JS"]


def test_card_points_add_up_to_28_and_go_to_the_side_that_wins_the_trick():
    state = play(dealt(), *AUCTION, *PLAY)
    summary = state.hand_log[-1]["summary"]
    assert summary["points"] == [21, 7] and sum(summary["points"]) == 28


def test_the_deal_comes_in_two_halves_and_nobody_sees_the_second_before_the_trump_choice():
    state = dealt()
    own = state.observation(0)["table"]
    assert own["hand"][0] == HANDS[0][:4] and own["later"][0] == {"count": 4}
    assert own["hand"][1] == {"count": 4}
    play(state, *AUCTION)
    assert state.observation(0)["table"]["hand"][0] == HANDS[0]
    assert state.to_record()["hands"] == [] and state.dealt == {"hands": HANDS}


# --- auction --------------------------------------------------------------------------
def test_bids_run_from_15_to_28_and_must_rise_and_a_pass_is_final():
    state = dealt()
    assert legal_texts(state)[0] == "bid:15" and "bid:28" in legal_texts(state)
    assert code(state, "bid:14") == "unknown-action"
    play(state, "bid:18")
    assert code(state, "bid:18") == "bid-too-low"
    play(state, "pass", "bid:19", "pass", "pass")  # seat 1 passed: seat 0 decides
    assert state.current_player() == 2 and state.vars["declarer"] == 2
    assert state.phase_name() == "trump"


def test_if_the_first_three_pass_the_dealer_must_bid_15_and_the_auction_ends():
    state = play(dealt(), "pass", "pass", "pass")
    assert state.current_player() == 3 and legal_texts(state) == ["bid:15"]
    assert code(state, "pass") == "dealer-must-bid" and code(state, "bid:16") == "dealer-must-bid"
    play(state, "bid:15")
    assert state.phase_name() == "trump" and state.vars["contract"] == 15


def test_the_auction_takes_only_bids_and_passes():
    assert code(dealt(), "JS") == "bid-expected"


# --- the secret trump and the reveal -----------------------------------------------------
def test_the_trump_is_secret_from_everyone_but_the_bidder_until_it_is_revealed():
    state = play(dealt(), *AUCTION)
    assert code(state, "JH") is None and state.phase_name() == "play"
    for seat in (1, 2, 3):
        observation = state.observation(seat)
        assert observation["events"][-1] == "?" and observation["trump"] is None
    assert state.observation(0)["events"][-1] == "trump:S"
    assert state.observation(0)["trump"] is None  # not in force until revealed
    play(state, *PLAY[:7])
    assert state.observation(1)["trump"] is None
    play(state, "reveal")
    assert state.observation(1)["trump"] == "S"


def test_only_the_high_bidder_names_trump():
    state = play(dealt(), *AUCTION[:-1])
    assert state.current_player() == 0 and code(state, "pass") == "trump-expected"


def test_before_the_reveal_the_highest_card_of_the_led_suit_wins():
    state = play(dealt(), *AUCTION, *PLAY[:4])
    assert state.tricks[-1][1] == 0  # JH, though spades are trump (hidden)


def test_a_player_who_cannot_follow_reveals_trump_first_and_trump_wins_that_trick():
    state = play(dealt(), *AUCTION, *PLAY[:7])
    assert state.current_player() == 3 and legal_texts(state) == ["reveal"]
    assert code(state, "7S") == "reveal-first"
    play(state, "reveal")
    assert state.current_player() == 3 and state.vars["revealed"] == 2
    play(state, "7S")
    assert state.tricks[-1][1] == 3  # the seven of trumps beats the ace of hearts


def test_only_a_player_who_cannot_follow_asks_and_only_once():
    state = play(dealt(), *AUCTION)
    assert code(state, "reveal") == "reveal-not-allowed"  # leading
    play(state, "JH")
    assert code(state, "reveal") == "reveal-not-allowed"  # holds hearts
    play(state, *PLAY[1:9])
    assert code(state, "reveal") == "reveal-not-allowed"  # already revealed


def test_nobody_must_trump_not_even_the_player_who_asked():
    state = play(dealt(), *AUCTION, *PLAY[:8])
    assert "8C" in legal_texts(state) and code(state, "8C") is None
    play(state, *PLAY[8:10])
    assert code(state, "7D") is None  # seat 0, void in clubs, holds trumps


def test_the_bidder_who_cannot_follow_reveals_too():
    hands = [HANDS[3], HANDS[1], HANDS[2], HANDS[0]]  # seat 0 holds no heart but 8H
    state = play(dealt(hands), "bid:16", "pass", "pass", "pass", "trump:C", "8H", "AH")
    assert state.current_player() == 2
    play(state, "QH", "JH")  # seat 3 wins; it leads a heart the bidder cannot follow
    play(state, "7H", "reveal")
    assert state.trump == GAME.pack.suit_index("C")


def test_follow_suit_if_able():
    state = play(dealt(), *AUCTION, "JH")
    assert code(state, "JD") == "revoke" and code(state, "KS") == "card-not-in-hand"


def test_a_hand_where_everybody_always_follows_never_reveals_trump():
    ranks = "78QKTA9J"
    hands = [[r + s for s in "SHDC" for r in (ranks[i], ranks[i + 4])] for i in range(4)]
    state = play(dealt(hands), "pass", "pass", "pass", "bid:15", "trump:H")
    while state.hand_index == 0:
        seat, pack = state.current_player(), GAME.pack
        held = pack.codes(state.table.of("hand", seat))
        if state.trick:
            card = next(c for c in held if pack.suit_index(c[1]) == state.led)
        else:
            card = min(held, key=lambda c: (sum(c[1] in h for h in  # a suit all still hold
                                                   (pack.codes(state.table.of("hand", s))
                                                    for s in range(4))) < 4, c))
        state.apply(card)
    summary = state.hand_log[-1]["summary"]
    assert "reveal" not in state.hand_log[-1]["events"] and summary["revealed"] == 0
    assert summary["trump"] == "H"


def test_with_optional_reveal_a_player_may_play_on_and_a_trump_played_earlier_counts():
    game = rules.load("twenty-nine", optional_reveal=True)
    state = play(dealt(game=game), *AUCTION, *PLAY[:4], "7H")
    play(state, "AH", "KH")
    assert legal_texts(state)[:2] == ["7C", "7S"] and "reveal" in legal_texts(state)
    play(state, "7S")  # without asking: a spade that does not win
    assert state.tricks[-1][1] == 1
    state = play(dealt(game=game), *AUCTION, "JH", "9H", "QH", "8H", "7H")
    play(state, "AH", "KH", "reveal", "7S")
    assert state.tricks[-1][1] == 3


# --- royals ---------------------------------------------------------------------------
def test_the_royals_holder_is_asked_after_a_trick_its_side_wins_once_trump_is_revealed():
    state = play(dealt(), *AUCTION, *PLAY[:4])
    assert state.current_player() == 0  # not revealed yet: no question
    play(state, *PLAY[4:13])
    assert state.current_player() == 2 and legal_texts(state) == ["no-royals", "royals"]
    assert code(state, "JS") == "royals-decision"


def test_a_holder_who_lets_the_royals_pass_is_asked_again_after_the_next_trick_won():
    state = play(dealt(), *AUCTION, *PLAY[:13], "no-royals")
    assert state.current_player() == 0 and code(state, "royals") == "royals-not-allowed"
    play(state, "8D", "9D", "KD", "QC")  # the defenders' trick: no question
    assert state.current_player() == 1
    play(state, "JC", "TD", "KC", "AS")
    assert state.current_player() == 2 and legal_texts(state) == ["no-royals", "royals"]


def test_royals_shown_are_seen_by_everyone_and_lower_the_bidders_contract_by_four():
    state = play(dealt(), *AUCTION, *PLAY[:14])
    assert state.observation(1)["table"]["hand"][2]["shown"] == ["KS", "QS"]
    play(state, *PLAY[14:])
    summary = state.hand_log[-1]["summary"]
    assert (summary["royals"], summary["contract"], summary["game_point"]) == (2, 16, 1)


def test_royals_never_take_the_contract_below_15_nor_above_28():
    assert adjusted_contract(17, True) == 15 and adjusted_contract(20, True) == 16
    assert adjusted_contract(26, False) == 28 and adjusted_contract(20, False) == 24
    assert adjusted_contract(20, None) == 20


def test_royals_shown_by_the_defenders_raise_the_contract():
    hands = [HANDS[0], HANDS[2], HANDS[1], HANDS[3]]  # seat 1 (a defender) holds KS QS
    state = play(dealt(hands), "bid:16", "pass", "pass", "pass", "trump:S",
                 "JH", "QH", "9H", "8H", "7H", "KH", "AH", "reveal", "7S")
    assert state.current_player() == 1 and "royals" in legal_texts(state)
    play(state, "royals")
    assert GAME.contract(state) == 20 and state.current_player() == 3


# --- scoring and the match ----------------------------------------------------------------
def test_only_the_bidding_side_scores_one_game_point_up_or_down():
    state = play(dealt(), *AUCTION, *PLAY)
    assert state.hand_log[-1]["scores"] == [1, 0]
    state = play(dealt(), "bid:28", "pass", "pass", "pass", "trump:S",
                 *[t if t != "royals" else "no-royals" for t in PLAY])
    entry = state.hand_log[-1]
    assert entry["summary"]["points"][0] < 28 and entry["scores"] == [-1, 0]


def test_the_match_ends_when_a_side_reaches_plus_or_minus_the_target():
    game = rules.load("twenty-nine", target=1)
    state = play(dealt(game=game), *AUCTION, *PLAY)
    assert state.is_terminal() and state.to_record()["places"] == [1, 2]
    state = play(dealt(game=game), "bid:28", "pass", "pass", "pass", "trump:S",
                 *[t if t != "royals" else "no-royals" for t in PLAY])
    assert state.is_terminal() and state.totals == [-1, 0]
    assert state.to_record()["places"] == [2, 1]


def test_the_last_trick_option_gives_one_point_more():
    game = rules.load("twenty-nine", last_trick=True)
    state = play(dealt(game=game), *AUCTION, *PLAY)
    assert state.hand_log[-1]["summary"]["points"] == [21, 8]


def test_options_are_checked():
    with pytest.raises(rules.RulesError):
        rules.load("twenty-nine", target=0)
    with pytest.raises(rules.RulesError):
        rules.load("twenty-nine", players=3)


# --- records ----------------------------------------------------------------------------------
def hand_made_record():
    """A record as a club would type it from the fixed deal (not made by our code)."""
    return {"game": "twenty-nine", "options": {"players": 4}, "seats": SEATS,
            "first_dealer": 3,
            "hands": [{"dealer": 3, "cards": 8, "deal": {"hands": copy.deepcopy(HANDS)},
                       "events": AUCTION + PLAY,
                       "summary": {"bidder": 0, "bid": 20, "trump": "S", "revealed": 2,
                                   "royals": 2, "contract": 16, "points": [21, 7],
                                   "game_point": 1},
                       "scores": [1, 0], "running": [1, 0]}],
            "totals": [1, 0]}


def first_error(record):
    report = rules.check_record(record)
    assert report.errors, "expected an error"
    error = report.errors[0]
    return error.hand, error.seat, error.field, error.code


def test_a_hand_made_card_by_card_record_is_judged_right():
    report = rules.check_record(hand_made_record())
    assert report.valid and report.scores == [[1, 0]] and report.totals == [1, 0]
    record = hand_made_record()
    del record["hands"][0]["deal"]  # who held what is learnt from the events
    assert rules.check_record(record).valid


def test_a_wrong_play_names_hand_seat_field_and_code():
    record = hand_made_record()
    record["hands"][0]["events"][8] = "JD"  # seat 1 holds hearts
    assert first_error(record) == (1, 1, "events", "revoke")
    record = hand_made_record()
    record["hands"][0]["events"].remove("reveal")
    assert first_error(record) == (1, 3, "events", "reveal-first")
    record = hand_made_record()
    record["hands"][0]["events"].remove("royals")
    assert first_error(record) == (1, 2, "events", "royals-decision")


def test_an_event_out_of_its_phase_with_no_deal_written_is_named_not_a_crash():
    # the unchecked replay that learns the hands must survive a card written where
    # the bidder's trump choice is due; the checked replay then names it
    record = hand_made_record()
    del record["hands"][0]["deal"]
    events = record["hands"][0]["events"]
    events.insert(events.index("trump:S"), "JH")
    assert first_error(record) == (1, 0, "events", "trump-expected")


def test_a_wrong_summary_or_score_is_named():
    record = hand_made_record()
    record["hands"][0]["summary"]["contract"] = 20
    record["hands"][0]["scores"] = [-1, 0]
    found = {(e.field, e.code) for e in rules.check_record(record).errors}
    assert ("summary.contract", "summary-mismatch") in found
    assert ("scores", "score-mismatch") in found


def sheet_record(**changes):
    record = hand_made_record()
    hand = record["hands"][0]
    del hand["events"], hand["deal"]
    hand["summary"].update(changes)
    return record


def test_a_scoresheet_hand_is_scored_from_its_summary():
    report = rules.check_record(sheet_record())
    assert report.valid and report.scores == [[1, 0]]
    record = sheet_record()  # the short line of docs/records.md
    record["hands"][0]["summary"] = {"bidder": 0, "bid": 20, "points": [21, 7], "royals": 2,
                                     "contract": 16}
    assert rules.check_record(record).valid
    report = rules.check_record(sheet_record(points=[15, 13], game_point=-1, royals=None,
                                             contract=20))
    assert report.valid is False  # the written totals now disagree
    assert report.scores == [[-1, 0]]


@pytest.mark.parametrize(("changes", "expected"), [
    ({"bid": 14}, (1, 0, "summary.bid", "bid-range")),
    ({"bidder": 4}, (1, None, "summary.bidder", "seat-range")),
    ({"points": [20, 7]}, (1, None, "summary.points", "points-sum")),
    ({"contract": 20}, (1, None, "summary.contract", "contract-mismatch")),
    ({"game_point": -1}, (1, 0, "summary.game_point", "game-point-mismatch")),
    ({"trump": "X"}, (1, None, "summary.trump", "trump-suit")),
    ({"revealed": 0}, (1, 2, "summary.royals", "royals-without-reveal")),
    ({"revealed": 8}, (1, 2, "summary.royals", "royals-too-late")),
])
def test_scoresheet_mistakes_are_named(changes, expected):
    assert first_error(sheet_record(**changes)) == expected


def test_a_scoresheet_line_needs_bidder_bid_and_points():
    record = sheet_record()
    del record["hands"][0]["summary"]["points"]
    assert first_error(record) == (1, None, "summary.points", "missing-field")


def test_the_record_schema_describes_the_scoresheet():
    schema = GAME.SUMMARY_SCHEMA
    assert all("title" in field and field["x-per"] in ("hand", "side") for field in
               schema.values())
    schema_of_record = rules.record_schema("twenty-nine")
    jsonschema.validate(hand_made_record(), schema_of_record)
    jsonschema.validate(sheet_record(), schema_of_record)
    bad = sheet_record(trump="X")
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema_of_record)


# --- golden playthrough -------------------------------------------------------------------------
def test_the_golden_playthrough_replays_exactly_and_checks_clean():
    from tests.games.regenerate_golden import build

    stored = json.loads(GOLDEN.read_text())
    assert build("twenty-nine", stored["options"], stored["seed"]) == stored
    history = stored["history"]
    assert "reveal" in history and "royals" in history
    assert rules.check_record(stored["record"]).valid


@pytest.mark.parametrize("options", [{}, {"optional_reveal": True},
                                     {"last_trick": True, "target": 3}])
def test_random_matches_with_every_option_replay_exactly_and_check_clean(options):
    game = rules.load("twenty-nine", **options)
    for seed in (1, 2):
        state, rng = game.new_match(seed=seed), random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            assert sorted(state.table.every_card()) == list(range(32))
        record = json.loads(json.dumps(state.to_record(SEATS)))
        again = game.replay(seed, [state.action_to_string(a) for a in state.history])
        assert again.to_record(SEATS) == record
        report = rules.check_record(record)
        assert report.valid and report.complete and report.totals == record["totals"]
