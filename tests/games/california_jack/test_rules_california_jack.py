"""California Jack: each rule and each decision of docs/rules/california-jack.md on a
fixed deal, and both record forms through `rules.check_record`."""

import copy
import json
import pathlib

import pytest

from games import rules
from games.bots import make_bot, play_match
from games.bots.match import play_state
from games.california_jack.rules import counted
from tests.games.helpers import golden_playthrough, legal_texts, play

GAME = rules.load("california-jack")
SEATS = ["Ann", "Bob"]
GOLDEN = pathlib.Path(__file__).parent / "golden" / "california-jack.json"

# Bob (seat 1) deals, so Ann leads; the ten of hearts on top of the stock: hearts are trump
HANDS = [["AH", "KH", "2S", "3D", "4C", "5C"], ["QH", "JH", "3S", "4D", "6C", "7C"]]
TOP = "TH"
DEALT = set(HANDS[0] + HANDS[1] + [TOP])
STOCK = [TOP] + [GAME.pack.code(c) for c in GAME.pack.ids() if GAME.pack.code(c) not in DEALT]


def dealt(game=GAME, totals=None):
    state = game.new_match(seed=0, first_dealer=1, auto_deal=False)
    if totals is not None:
        state.start_at(0, totals)
    assert state.deal({"hands": HANDS, "stock": STOCK}) == []
    return state


def code(state, text):
    violation = state.check(text)
    return violation and violation.code


def first_legal_events():
    """The events of the fixed hand played by always taking the first legal action."""
    state = dealt()
    while state.hand_index == 0:
        state.apply(state.legal_actions()[0])
    return state.hand_log[0]


# --- the deal ---------------------------------------------------------------------
def test_the_top_stock_card_sets_trump_and_both_players_see_it():
    state = dealt()
    assert GAME.pack.suits[state.trump] == "H"
    for seat in (0, 1):
        assert state.observation(seat)["table"]["stock"] == {"count": 40, "shown": [TOP]}


def test_six_cards_each_and_the_non_dealer_leads():
    state = dealt()
    assert state.current_player() == 0
    assert state.observation(0)["table"]["hand"][1] == {"count": 6}


def test_the_deal_alternates():
    state = GAME.new_match(seed=3, first_dealer=0)
    dealers = []
    while len(dealers) < 3:
        dealers.append(state.dealer)
        number = state.hand_index
        while state.hand_index == number:
            state.apply(state.legal_actions()[0])
    assert dealers == [0, 1, 0]


# --- following ----------------------------------------------------------------------
def test_the_second_player_follows_suit_or_trumps():
    state = play(dealt(), "2S")
    assert legal_texts(state) == ["3S", "JH", "QH"]
    assert code(state, "4D") == "revoke"


def test_a_trump_played_while_holding_the_led_suit_shows_no_void():
    state = play(dealt(), "2S", "QH")  # Bob holds the three of spades
    assert "S" not in state.observation(0)["voids"][1]


def test_holding_neither_suit_nor_trump_any_card():
    hands = [["AS", "KS", "QS", "JS", "TS", "9S"], ["2D", "3D", "4D", "2C", "3C", "4C"]]
    rest = [GAME.pack.code(c) for c in GAME.pack.ids()
            if GAME.pack.code(c) not in {*hands[0], *hands[1], TOP}]
    state = GAME.new_match(seed=0, first_dealer=1, auto_deal=False)
    assert state.deal({"hands": hands, "stock": [TOP, *rest]}) == []
    state.apply("9S")
    assert legal_texts(state) == sorted(hands[1])


def dealt_with(hands, second):
    """`hands` dealt by Bob under the ten of hearts, `second` the next stock card."""
    rest = [GAME.pack.code(c) for c in GAME.pack.ids()
            if GAME.pack.code(c) not in {*hands[0], *hands[1], TOP, second}]
    state = GAME.new_match(seed=0, first_dealer=1, auto_deal=False)
    assert state.deal({"hands": hands, "stock": [TOP, second, *rest]}) == []
    return state


def test_void_in_the_led_suit_the_second_player_must_trump_if_able():
    # the text: only a player holding neither the led suit nor a trump plays any card
    state = dealt_with([HANDS[0], ["QH", "JH", "3S", "4S", "6C", "7C"]], "5H")
    state.apply("3D")  # Bob has no diamond but two hearts (trump)
    assert legal_texts(state) == ["JH", "QH"]
    assert code(state, "3S") == "must-trump"


def test_a_card_of_neither_suit_shows_a_void_in_both_until_a_draw_brings_one():
    state = dealt_with([HANDS[0], ["3S", "4S", "6C", "7C", "8C", "9C"]], "5H")
    play(state, "3D", "3S")  # Bob holds neither diamonds nor hearts
    assert state.observation(0)["voids"][1] == ["D", "H"]
    play(state, "draw:TH", "draw:5H")  # Ann won and draws first; Bob draws a heart
    assert state.observation(0)["voids"][1] == ["D"]


# --- the stock ----------------------------------------------------------------------
def test_the_winner_draws_the_top_card_then_the_loser_the_next():
    state = play(dealt(), "2S", "3S")
    assert state.current_player() == 1
    assert legal_texts(state) == ["draw:TH"]
    assert code(state, "draw:" + STOCK[1]) == "draw-order"
    assert code(state, "6C") == "draw-expected"
    play(state, "draw:TH")
    assert state.current_player() == 0 and legal_texts(state) == ["draw:" + STOCK[1]]
    play(state, "draw:" + STOCK[1])
    assert state.current_player() == 1  # the winner leads
    assert code(state, "draw:" + STOCK[2]) == "card-expected"


def test_each_drawn_card_is_seen_by_both_players():
    state = play(dealt(), "2S", "3S", "draw:TH", "draw:" + STOCK[1])
    assert state.observation(0)["table"]["hand"][1] == {"count": 6, "shown": ["TH"]}
    assert state.observation(1)["table"]["hand"][0] == {"count": 6, "shown": [STOCK[1]]}
    assert state.observation(0)["table"]["stock"] == {"count": 38, "shown": [STOCK[2]]}


def test_with_the_stock_gone_six_more_tricks_are_played_without_drawing():
    entry = first_legal_events()
    events = entry["events"]
    draws = [e for e in events if e.startswith("draw:")]
    cards = [e for e in events if not e.startswith("draw:")]
    assert draws == ["draw:" + c for c in STOCK] and len(cards) == 52
    assert not events[-12:][0].startswith("draw:") and events[-13].startswith("draw:")


# --- points -------------------------------------------------------------------------
def test_points_are_high_low_jack_and_game_of_the_trump_suit():
    entry = first_legal_events()
    summary = entry["summary"]
    assert summary["trump"] == "H" and set(summary) == {"trump", "high", "low", "jack", "game"}
    assert sum(entry["scores"]) == sum(summary[p] is not None for p in
                                       ("high", "low", "jack", "game"))


def test_the_count_stops_the_moment_a_player_reaches_ten():
    taken = {"high": 1, "low": 0, "jack": 1, "game": 0}
    assert counted(taken, [9, 9], 10) == [0, 1]  # Bob's High ends it
    assert counted(taken, [9, 0], 10) == [1, 1]  # Ann's Low ends it after Bob's High
    assert counted(taken, [0, 0], 10) == [2, 2]


def test_a_tied_game_point_is_not_scored():
    assert counted({"high": 0, "low": 0, "jack": 1, "game": None}, [0, 0], 10) == [2, 1]


def test_the_match_ends_with_the_player_who_reached_ten():
    state = dealt(totals=[9, 9])
    while state.hand_index == 0:
        state.apply(state.legal_actions()[0])
    assert state.is_terminal() and sorted(state.totals) == [9, 10]


# --- records ------------------------------------------------------------------------
def hand_made_record(entry, deal):
    return {"game": "california-jack", "options": {"players": 2}, "seats": SEATS,
            "first_dealer": 1,
            "hands": [{"dealer": 1, "cards": 6, "deal": deal, "events": list(entry["events"]),
                       "summary": dict(entry["summary"]), "scores": list(entry["scores"])}]}


def test_a_hand_made_record_with_hands_and_stock_is_judged_right():
    entry = first_legal_events()
    report = rules.check_record(hand_made_record(entry, {"hands": HANDS, "stock": STOCK}))
    assert report.valid, report.errors
    assert report.scores == [entry["scores"]]


def test_a_record_with_only_the_stock_written_learns_the_hands():
    entry = first_legal_events()
    report = rules.check_record(hand_made_record(entry, {"stock": STOCK}))
    assert report.valid, report.errors


def test_a_ten_written_10_reads_the_same_in_a_draw():
    # docs/records.md reads "10H" for "TH"; a referee writing tens so writes draws so
    entry = first_legal_events()
    events = [e.replace("TH", "10H") for e in entry["events"]]
    assert "draw:10H" in events
    report = rules.check_record(hand_made_record({**entry, "events": events},
                                                 {"hands": HANDS, "stock": STOCK}))
    assert report.valid, report.errors


def test_a_wrong_draw_is_named_at_its_hand_seat_and_field():
    entry = copy.deepcopy(first_legal_events())
    events = entry["events"]
    first = events.index("draw:" + STOCK[0])
    events[first], events[first + 1] = events[first + 1], events[first]
    errors = rules.check_record(hand_made_record(entry, {"hands": HANDS, "stock": STOCK})).errors
    assert [(e.hand, e.field, e.code) for e in errors] == [(1, "events", "draw-order")]


@pytest.mark.parametrize(("deal", "field", "code"), [
    ({"hands": HANDS}, "deal.stock", "missing-field"),
    ({"hands": HANDS, "stock": STOCK[:39]}, "deal.stock", "deal-size"),
])
def test_a_card_by_card_deal_must_list_the_whole_stock(deal, field, code):
    entry = first_legal_events()
    errors = rules.check_record(hand_made_record(entry, deal)).errors
    assert (field, code) in {(e.field, e.code) for e in errors}


def test_with_no_deal_written_the_draws_give_the_stock_and_the_plays_the_hands():
    # the 40 draws name the stock top first (the first one sets trump), as a referee
    # who writes no deal at all would expect
    entry = first_legal_events()
    for deal in ({}, None):
        record = hand_made_record(entry, deal)
        if deal is None:
            del record["hands"][0]["deal"]
        report = rules.check_record(record)
        assert report.valid and report.scores == [entry["scores"]], report.errors
    events = list(entry["events"])
    events.remove("draw:" + STOCK[-1])  # a draw missing: the stock is not known
    errors = rules.check_record(hand_made_record({**entry, "events": events}, {})).errors
    assert [(e.field, e.code) for e in errors] == [("deal.stock", "missing-field")]


def sheet(**changes):
    line = {"trump": "S", "high": 0, "low": 1, "jack": 0, "game": None}
    line.update(changes)
    return {"game": "california-jack", "options": {"players": 2}, "seats": SEATS,
            "first_dealer": 1, "hands": [{"dealer": 1, "summary": line}]}


def test_a_scoresheet_hand_is_scored_from_its_summary():
    report = rules.check_record(sheet())
    assert report.valid and report.scores == [[2, 1]]


@pytest.mark.parametrize(("changes", "field", "code"), [
    ({"high": None}, "summary.high", "seat-range"),
    ({"game": 2}, "summary.game", "seat-range"),
    ({"trump": "X"}, "summary.trump", "trump-value"),
])
def test_scoresheet_mistakes_have_named_codes(changes, field, code):
    errors = rules.check_record(sheet(**changes)).errors
    assert (field, code) in {(e.field, e.code) for e in errors}


@pytest.mark.parametrize("field", ["trump", "high", "low", "jack"])
def test_a_field_left_out_of_a_scoresheet_line_is_missing_field(field):
    # game alone may be left out: null, a tie
    record = sheet()
    del record["hands"][0]["summary"][field]
    errors = rules.check_record(record).errors
    assert [(e.code, e.field) for e in errors] == [("missing-field", f"summary.{field}")]


@pytest.mark.parametrize("options", [{"target": 3}, {"target": 15}])
def test_random_matches_with_each_option_replay_exactly_and_check_clean(options):
    game = rules.load("california-jack", **options)
    record = play_match(game, ["random"] * game.num_players, seed=9)
    history = [e for hand in record["hands"] for e in hand["events"]]
    assert game.replay(9, history).to_record() == {**record, "seats": [
        f"Seat {i + 1}" for i in range(game.num_players)]}
    report = rules.check_record(record)
    assert report.valid and report.complete, report.errors[:3]


# --- golden ---------------------------------------------------------------------------
def build_golden() -> dict:
    """A match of heuristic bots, in the shape of the other golden files plus the bots
    that played it."""
    game = rules.load("california-jack")
    state = play_state(game, [make_bot("heuristic", game) for _ in range(2)], seed=23)
    return golden_playthrough(state, 23, SEATS, bots="heuristic x2")


def test_the_golden_playthrough_replays_exactly():
    golden = json.loads(GOLDEN.read_text())
    assert build_golden() == golden
    report = rules.check_record(copy.deepcopy(golden["record"]))
    assert report.valid and report.complete


if __name__ == "__main__":  # regenerate after a deliberate rules or bot change
    GOLDEN.write_text(json.dumps(build_golden(), indent=1) + "\n")


def test_a_scoresheet_line_with_its_deal_must_name_the_trump_the_top_card_makes():
    entry = first_legal_events()
    record = hand_made_record(entry, {"hands": HANDS, "stock": STOCK})
    del record["hands"][0]["events"]  # a scoresheet line that also writes its deal
    assert rules.check_record(record).valid, rules.check_record(record).errors
    record["hands"][0]["summary"]["trump"] = "S"  # the top card is the TH
    errors = rules.check_record(record).errors
    assert [(e.field, e.code) for e in errors] == [("summary.trump", "trump-mismatch")]
