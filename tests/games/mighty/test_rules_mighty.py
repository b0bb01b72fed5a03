"""Mighty: each rule and each decision of docs/rules/mighty.md on fixed deals, and
both record forms through `rules.check_record`.

Run as a script to regenerate the golden playthrough (tests/games/mighty/golden/mighty.json)."""

import json
import pathlib
import random

import jsonschema
import pytest

from games import rules
from games.mighty.rules import hand_scores, raised_contract
from tests.games.helpers import golden_playthrough, legal_texts, play

GAME = rules.load("mighty")
SEATS = ["Ann", "Bob", "Cy", "Di", "Ed"]
GOLDEN = pathlib.Path(__file__).parent / "golden" / "mighty.json"
# One deal for most tests: Ann (seat 0) deals and bids first.
HANDS = [["AH", "KH", "QH", "JH", "TH", "9H", "2S", "3S", "2D", "2C"],
         ["AS", "8H", "7H", "4S", "5S", "6S", "3D", "4D", "5D", "6D"],
         ["JK", "AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "3H"],
         ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "3C", "4C", "5C"],
         ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "4H"]]
WIDOW = ["5H", "6H", "2H"]
AUCTION = ["bid:13H", "pass", "bid:14D", "pass", "pass", "bid:15H", "pass"]
EXCHANGE = ["discard:2S", "discard:3S", "discard:2D"]
# A hand played by people (Ann declares 15 hearts and calls the mighty, Bob's).
TRICKS = [["AH", "7H", "3H", "3C", "4H"], ["KH", "8H", "JK", "4C", "AC"],
          ["AD", "5C", "6C", "2H", "4D"], ["2C", "AS", "7D", "7S", "KC"],
          ["6D", "KD", "8S", "7C", "5H"], ["QH", "3D", "QD", "9S", "8C"],
          ["JH", "4S", "JD", "TS", "9C"], ["TH", "5S", "TD", "JS", "TC"],
          ["9H", "6S", "9D", "QS", "JC"], ["6H", "5D", "8D", "KS", "QC"]]
PLAYS = [card for trick in TRICKS for card in trick]
EVENTS = AUCTION + EXCHANGE + ["trump:H", "call:AS"] + PLAYS


def dealt(hands=HANDS, widow=WIDOW, game=GAME, first_dealer=0):
    state = game.new_match(seed=0, first_dealer=first_dealer, auto_deal=False)
    assert state.deal({"hands": hands, "widow": widow}) == []
    return state


def swapped(a, b, hands=HANDS, widow=WIDOW):
    """The deal with cards `a` and `b` exchanged wherever they lie."""
    def swap(code):
        return b if code == a else a if code == b else code
    return [[swap(c) for c in hand] for hand in hands], [swap(c) for c in widow]


def declared(trump="H", call="AS", hands=HANDS, widow=WIDOW, **options):
    game = rules.load("mighty", **options) if options else GAME
    return play(dealt(hands, widow, game), *AUCTION, *EXCHANGE, f"trump:{trump}",
                f"call:{call}")


def last_winner(state):
    return state.tricks[-1][1]


# --- pack and deal ----------------------------------------------------------------------
def test_it_deals_ten_cards_each_and_a_widow_of_three_from_53():
    state = GAME.new_match(seed=3)
    assert GAME.pack.size == 53 and GAME.pack.code(52) == "JK"
    assert [len(h) for h in state.dealt["hands"]] == [10] * 5
    assert len(state.dealt["widow"]) == 3 and "discards" not in state.dealt
    assert state.observation(1)["table"]["widow"] == {"count": 3}


# --- auction ------------------------------------------------------------------------------
def test_the_first_dealer_bids_first_and_a_bid_must_rise():
    state = dealt()
    assert state.current_player() == 0 and state.phase_name() == "auction"
    play(state, "bid:14S")
    assert state.check("bid:14H").code == "bid-not-higher"  # same number, another suit
    assert state.check("bid:13NT").code == "bid-not-higher"
    assert state.check("bid:14NT") is None  # same number in no trump is higher
    assert state.check("AS").code == "bid-expected"
    assert "bid:14NT" in legal_texts(state) and "bid:14D" not in legal_texts(state)


def test_a_pass_is_final_and_the_last_bidder_left_declares():
    state = play(dealt(), "bid:13S", "pass", "bid:14H", "pass", "pass")
    assert state.current_player() == 0  # Bob, Di and Ed passed for good
    play(state, "bid:15S")
    assert state.current_player() == 2
    play(state, "pass")
    assert state.vars["declarer"] == 0 and state.phase_name() == "exchange"


def test_when_everyone_passes_the_same_dealer_deals_again():
    state = GAME.new_match(seed=11)
    dealer, first = state.dealer, state.dealt
    play(state, *["pass"] * 5)
    assert state.dealer == dealer and state.attempt == 1 and state.dealt != first
    assert state.phase_name() == "auction" and state.current_player() == dealer


def test_a_bid_of_20_no_trump_ends_the_auction_at_once_for_the_others():
    state = play(dealt(), "bid:20NT")
    assert legal_texts(state) == ["pass"]


# --- exchange, trump, call ------------------------------------------------------------
def test_the_declarer_takes_the_widow_and_discards_three_in_secret():
    state = play(dealt(), *AUCTION)
    assert sorted(state.table.of("hand", 0)) == sorted(
        GAME.pack.ids_of[GAME.pack.parse(c)][0] for c in HANDS[0] + WIDOW)
    assert state.check("2S").code == "discard-expected"
    assert state.check("discard:AS").code == "card-not-in-hand"
    play(state, *EXCHANGE)
    assert state.observation(1)["events"][-3:] == ["?", "?", "?"]
    assert state.observation(0)["events"][-3:] == EXCHANGE
    assert state.observation(1)["table"]["discards"] == {"count": 3}


@pytest.mark.parametrize("bid, named, contract", [
    (15, "H", 15), (15, "S", 17), (15, "NT", 16), (19, "S", 20), (20, "D", 20)])
def test_changing_trump_raises_the_contract_up_to_20(bid, named, contract):
    assert raised_contract(bid, "H", named) == contract
    assert raised_contract(15, "NT", "C") == 17


def test_the_trump_announcement_sets_trump_and_the_contract():
    state = declared(trump="S")
    assert state.vars["contract"] == 17 and GAME.pack.suits[state.trump] == "S"
    state = declared(trump="NT")
    assert state.vars["contract"] == 16 and state.trump is None


def test_announcements_have_their_own_codes():
    state = play(dealt(), *AUCTION, *EXCHANGE)
    assert state.check("call:AS").code == "trump-expected"
    play(state, "trump:H")
    assert state.check("trump:S").code == "call-expected"


def test_the_called_cards_holder_is_the_partner_shown_only_when_it_is_played():
    state = declared(call="AS")
    play(state, *PLAYS[:15])
    assert all(state.observation(seat)["partner"] is None for seat in range(5))
    play(state, *PLAYS[15:17])  # Bob plays the ace of spades
    assert state.observation(3)["partner"] == 1
    play(state, *PLAYS[17:])
    assert state.hand_log[-1]["summary"]["partner"] == 1


@pytest.mark.parametrize("call", ["none", "AH", "2S"])  # no one, Ann's own, a discard
def test_calling_no_one_or_a_card_of_the_declarer_means_playing_alone(call):
    state = play(declared(call=call), *PLAYS)
    summary = state.hand_log[-1]["summary"]
    assert summary["partner"] is None and summary["called"] == call
    assert state.hand_log[-1]["scores"] == [12, -3, -3, -3, -3]


def test_a_20_no_trump_declarer_calls_and_play_begins_with_no_further_statement():
    state = play(dealt(), "bid:20NT", *["pass"] * 4, *EXCHANGE, "trump:NT", "call:AS")
    assert state.phase_name() == "play" and state.current_player() == 0


# --- special cards ---------------------------------------------------------------------
def test_the_mighty_is_the_ace_of_spades_or_of_diamonds_when_spades_are_trump():
    state = declared(trump="H")
    assert GAME.pack.faces[GAME.mighty(state)] == "AS"
    assert GAME.pack.faces[GAME.ripper(state)] == "3C"
    state = declared(trump="S")
    assert GAME.pack.faces[GAME.mighty(state)] == "AD"
    state = declared(trump="C")
    assert GAME.pack.faces[GAME.ripper(state)] == "3S"


def test_neither_the_mighty_nor_the_joker_may_lead_the_first_trick():
    hands, widow = swapped("AH", "AS")
    hands, widow = swapped("KH", "JK", hands, widow)
    state = declared(hands=hands, widow=widow, call="AC")
    assert state.check("AS").code == "first-lead"
    assert state.check("JK:S").code == "first-lead"
    assert "AS" not in legal_texts(state) and "JK:S" not in legal_texts(state)


def test_the_mighty_and_the_joker_may_always_be_played_and_win_in_that_order():
    state = declared()
    play(state, "AH")
    assert legal_texts(state) == ["7H", "8H", "AS"]  # Bob holds hearts, may still play the mighty
    play(state, "AS")
    assert legal_texts(state) == ["3H", "JK"]
    play(state, "JK", "3C", "4H")
    assert last_winner(state) == 1  # the mighty beats the joker


def test_playing_the_mighty_or_the_joker_shows_no_void():
    state = play(declared(), "AH", "AS", "JK", "3C")
    assert state.observation(4)["voids"][1:3] == [[], []]
    assert state.observation(4)["voids"][3] == ["H"]


def test_a_joker_that_leads_names_the_suit_to_follow():
    state = play(declared(), *TRICKS[0], "KH", "8H", "JK", "4C", "AC")
    assert state.current_player() == 2  # the joker took the trick over the trumps
    assert state.check("JK").code == "card-not-in-hand"
    hands, widow = swapped("JK", "9H")  # Ann holds the joker
    state = play(declared(hands=hands, widow=widow), *TRICKS[0])
    assert state.check("JK").code == "joker-suit"
    assert "JK:D" in legal_texts(state) and "JK" not in legal_texts(state)
    play(state, "JK:D")
    assert GAME.pack.suits[state.led] == "D"
    assert legal_texts(state) == ["3D", "4D", "5D", "6D", "AS"]


def test_a_joker_that_follows_names_no_suit():
    state = play(declared(), "AH", "7H")
    assert state.check("JK:S").code == "joker-suit"


def test_the_ripper_led_draws_the_joker_which_then_has_no_power():
    hands, widow = swapped("2C", "3C")  # Ann holds the ripper
    state = play(declared(hands=hands, widow=widow), *TRICKS[0][:3], "2C", "4H")
    play(state, "3C", "4S")
    assert legal_texts(state) == ["JK"]
    assert state.check("AD").code == "ripper-joker"
    play(state, "JK")
    # the joker is out: Di, holding clubs, must follow the ripper's suit like any lead
    assert state.check("KS").code == "revoke"
    play(state, "4C", "AC")
    assert last_winner(state) == 4  # the ace of clubs: the joker had no power


def test_a_revoke_is_named():
    state = play(declared(), "AH")
    assert state.check("4S").code == "revoke"


def test_the_joker_may_lead_the_last_trick_and_wins_only_if_nobody_follows_or_trumps():
    hands = [["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH"],
             ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "JK"],
             ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD"],
             ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC"],
             ["5S", "QH", "KH", "AH", "QD", "KD", "AD", "QC", "KC", "AC"]]
    state = dealt(hands, ["2S", "3S", "4S"], rules.load("mighty", hands=1))
    play(state, "pass", "bid:13NT", "pass", "pass", "pass",
         "discard:2S", "discard:3S", "discard:4S", "trump:NT", "call:none")
    for k, lead in enumerate(["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "AS"]):
        play(state, lead, hands[2][k], hands[3][k], hands[4][k], hands[0][k])
        assert last_winner(state) == 1
    assert legal_texts(state) == ["JK:C", "JK:D", "JK:H", "JK:S"]
    named_spades = play(state.clone(), "JK:S", "JD", "JC", "AC", "JH")
    play(state, "JK:H", "JD", "JC", "AC")
    assert legal_texts(state) == ["JH"]
    play(state, "JH")
    assert last_winner(named_spades) == 1  # nobody followed spades: the joker took it
    assert last_winner(state) == 0  # the jack of hearts followed the named suit


def test_the_highest_trump_then_the_highest_of_the_led_suit_wins():
    state = play(declared(), *TRICKS[0], *TRICKS[1], *TRICKS[2])
    assert last_winner(state) == 0  # Ann's two of hearts trumps the ace of diamonds
    state = play(declared(trump="NT"), *TRICKS[0])
    assert last_winner(state) == 0


# --- scoring -----------------------------------------------------------------------------
def test_scores_follow_the_texts_examples_and_add_up_to_zero():
    assert hand_scores(5, 0, 1, 17, 17) == [10, 5, -5, -5, -5]
    assert hand_scores(5, 0, 1, 14, 12) == [-4, -2, 2, 2, 2]
    assert hand_scores(5, 2, None, 14, 15) == [-2, -2, 8, -2, -2]


def test_a_run_or_a_back_run_doubles_every_score():
    assert hand_scores(5, 0, 1, 15, 20) == [12, 6, -6, -6, -6]
    assert hand_scores(5, 0, 1, 15, 9) == [-12, -6, 6, 6, 6]
    assert hand_scores(5, 0, 1, 15, 10) == [-6, -3, 3, 3, 3]
    assert hand_scores(5, 0, 1, 15, 20, runs=False) == [6, 3, -3, -3, -3]


def test_points_in_the_discards_count_for_the_declarer():
    one = rules.load("mighty", hands=1)  # the table stays as it is at the match's end
    state = play(dealt(game=one), *AUCTION, "discard:AH", "discard:KH", "discard:2D",
                 "trump:H", "call:AS")
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    summary = state.hand_log[-1]["summary"]
    won = [sum(GAME.is_point(c) for c in state.table.of("won", seat)) for seat in range(5)]
    assert sum(won) == 18  # the two discarded honours are in no trick
    defenders = sum(p for seat, p in enumerate(won) if seat not in (0, summary["partner"]))
    assert summary["points"] == 20 - defenders


def test_the_hand_played_by_people_scores_as_counted_by_hand():
    state = play(dealt(), *EVENTS)
    entry = state.hand_log[-1]
    assert entry["summary"] == {"declarer": 0, "contract": 15, "trump": "H",
                                "called": "AS", "partner": 1, "points": 18, "run": "none"}
    assert entry["scores"] == [6, 3, -3, -3, -3]


# --- the match ---------------------------------------------------------------------------
def test_the_deal_passes_to_the_partner_and_the_declarer_bids_first_next():
    state = play(dealt(), *EVENTS)
    assert state.dealer == 1 and state.hand_index == 1
    state.deal_random()
    assert state.current_player() == 0  # Ann declared: she opens the auction


def test_the_deal_passes_to_a_lone_declarer():
    state = play(declared(call="none"), *PLAYS)
    assert state.dealer == 0


def test_a_match_is_a_set_number_of_hands_and_the_highest_total_wins():
    game = rules.load("mighty", hands=2)
    state = game.new_match(seed=4)
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    record = state.to_record(SEATS)
    assert len(record["hands"]) == 2 and sum(record["totals"]) == 0
    assert record["places"] == game.ranking.places(record["totals"])
    assert GAME.options["hands"] == 10


def test_option_joker_first_trick_false_takes_the_jokers_power_on_the_first_trick():
    state = play(declared(), "AH", "7H", "JK", "3C", "4H")
    assert last_winner(state) == 2
    state = play(declared(joker_first_trick=False), "AH", "7H", "JK", "3C", "4H")
    assert last_winner(state) == 0


def test_a_partner_who_wins_a_point_trick_does_not_announce_itself():
    state = play(declared(), *PLAYS[:20])  # Bob took trick 4 with the mighty
    assert state.current_player() == 1 and state.phase_name() == "play"
    assert all(GAME.vocab.family_of(a) == "play" for a in state.legal_actions())


# --- records -------------------------------------------------------------------------------
def record_of(hands):
    return {"game": "mighty", "options": {"players": 5, "hands": 1}, "seats": SEATS,
            "first_dealer": 0, "hands": hands}


SCORED = {"dealer": 0, "cards": 10, "scores": [6, 3, -3, -3, -3]}
SUMMARY = {"declarer": 0, "contract": 15, "trump": "H", "called": "AS", "partner": 1,
           "points": 18, "run": "none"}


def test_a_hand_written_card_by_card_by_people_checks_clean():
    for deal in ({"hands": HANDS, "widow": WIDOW}, {"widow": WIDOW}, {"hands": HANDS}):
        hand = {**SCORED, "deal": deal, "events": EVENTS, "summary": SUMMARY}
        report = rules.check_record(record_of([hand]))
        assert report.valid and report.complete, report.errors
        assert report.scores == [[6, 3, -3, -3, -3]]


def test_the_same_hand_as_a_scoresheet_line_checks_clean():
    report = rules.check_record(record_of([{**SCORED, "summary": SUMMARY}]))
    assert report.valid and report.complete, report.errors
    jsonschema.validate(record_of([{**SCORED, "summary": SUMMARY}]),
                        rules.record_schema("mighty"))


def test_a_record_may_leave_the_deal_out_and_the_widow_is_then_any_three_of_13():
    hand = {**SCORED, "events": EVENTS, "summary": SUMMARY}
    report = rules.check_record(record_of([hand]))
    assert report.valid and report.complete, report.errors
    hands = [list(h) for h in HANDS]
    hands[0] = WIDOW + hands[0]  # Ann's ten and the widow, written as one hand
    hand = {**SCORED, "deal": {"hands": hands}, "events": EVENTS}
    assert rules.check_record(record_of([hand])).valid
    hands[1] = hands[1][:9]
    hand = {**SCORED, "deal": {"hands": hands}, "events": EVENTS}
    assert "deal-size" in [e.code for e in rules.check_record(record_of([hand])).errors]


def test_mistakes_in_a_card_by_card_hand_are_named():
    events = list(EVENTS)
    events[events.index("4D")] = "KD"  # Bob does not hold it
    hand = {**SCORED, "deal": {"hands": HANDS}, "events": events}
    errors = rules.check_record(record_of([hand])).errors
    assert (errors[0].code, errors[0].seat, errors[0].hand) == ("card-not-in-hand", 1, 1)
    hand = {**SCORED, "deal": {"hands": HANDS}, "events": EVENTS,
            "scores": [6, 3, -3, -3, -2]}
    errors = rules.check_record(record_of([hand])).errors
    assert [(e.code, e.seat) for e in errors] == [("score-mismatch", 4)]
    hand = {**SCORED, "deal": {"hands": HANDS, "widow": WIDOW[:2]}, "events": EVENTS}
    errors = rules.check_record(record_of([hand])).errors
    assert errors[0].code in ("deal-size", "duplicate-card")
    hand = {**SCORED, "deal": {"hands": HANDS, "discards": ["2S"]}, "events": EVENTS}
    assert rules.check_record(record_of([hand])).errors[0].code == "deal-field"


def test_a_ten_written_10_reads_the_same_in_a_discard_and_a_call():
    hands, widow = swapped("2S", "TC")  # Ann holds the ten of clubs and discards it
    events = [{"discard:2S": "discard:10C", "TC": "2S"}.get(e, e) for e in EVENTS]
    events[events.index("call:AS")] = "call:10H"  # her own card: she plays alone
    hand = {"dealer": 0, "cards": 10, "deal": {"hands": hands, "widow": widow},
            "events": events}
    report = rules.check_record(record_of([hand]))
    assert report.valid, report.errors
    assert report.scores[0][0] == 12  # alone, u = 3: 4u


def test_an_event_out_of_its_phase_with_no_deal_written_is_named_not_a_crash():
    # with no deal the referee first replays the events unchecked to learn the hands:
    # a card written where the trump announcement is due must not break that replay
    events = list(EVENTS)
    events.insert(events.index("trump:H"), "AH")
    report = rules.check_record(record_of([{**SCORED, "events": events}]))
    assert [(e.code, e.seat, e.field) for e in report.errors] == [
        ("trump-expected", 0, "events")]


@pytest.mark.parametrize("field", list(SUMMARY))
def test_a_field_left_out_of_a_scoresheet_line_is_missing_field(field):
    # a referee who forgets a field is told it is missing, not that it is out of range
    summary = {key: value for key, value in SUMMARY.items() if key != field}
    errors = rules.check_record(record_of([{"dealer": 0, "summary": summary}])).errors
    assert [(e.code, e.field) for e in errors] == [("missing-field", f"summary.{field}")]


@pytest.mark.parametrize("change, code, seat, field", [
    ({"declarer": 5}, "seat-range", None, "summary.declarer"),
    ({"contract": 12}, "contract-range", 0, "summary.contract"),
    ({"trump": "X"}, "trump-unknown", 0, "summary.trump"),
    ({"called": "ZZ"}, "card-unknown", 0, "summary.called"),
    ({"partner": 0}, "partner-invalid", None, "summary.partner"),
    ({"called": "none"}, "partner-without-call", 1, "summary.partner"),
    ({"points": 21}, "points-range", 0, "summary.points"),
    ({"run": "run"}, "run-mismatch", 0, "summary.run"),
])
def test_mistakes_on_a_scoresheet_line_name_seat_and_field(change, code, seat, field):
    hand = {"dealer": 0, "summary": {**SUMMARY, **change}}
    errors = rules.check_record(record_of([hand])).errors
    assert [(e.code, e.seat, e.field) for e in errors] == [(code, seat, field)]


def test_a_scoresheet_line_scores_a_lone_declarer_and_a_back_run():
    line = {**SUMMARY, "called": "none", "partner": None, "points": 9, "run": "back-run"}
    report = rules.check_record(record_of([{"summary": line}]))
    assert report.valid and report.scores == [[-24, 6, 6, 6, 6]]


def test_a_scoresheet_hand_sets_the_next_dealer():
    two = {"game": "mighty", "options": {"players": 5, "hands": 2}, "seats": SEATS,
           "hands": [{"summary": SUMMARY}, {"dealer": 1, "summary": {**SUMMARY,
                                                                      "declarer": 3}}]}
    report = rules.check_record(two)
    assert report.valid and report.complete, report.errors
    two["hands"][1]["dealer"] = 2
    assert rules.check_record(two).errors[0].code == "dealer-mismatch"


def test_the_golden_playthrough_replays_exactly():
    data = json.loads(GOLDEN.read_text())
    assert json.loads(json.dumps(build_golden())) == data
    report = rules.check_record(data["record"])
    assert report.valid and report.complete, report.errors


@pytest.mark.parametrize("options", [{"runs": False}, {"joker_first_trick": False},
                                     {"hands": 2}])
def test_random_matches_with_each_option_replay_and_check_clean(options):
    game = rules.load("mighty", **{"hands": 1, **options})
    state = game.new_match(seed=8)
    rng = random.Random(8)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(state.to_record()))
    again = game.replay(8, [state.action_to_string(a) for a in state.history])
    assert again.to_record() == state.to_record()
    report = rules.check_record(record)
    assert report.valid and report.complete, report.errors
    assert all(sum(hand["scores"]) == 0 for hand in record["hands"])


def build_golden():
    from games.bots import make_bot
    from games.bots.match import play_state

    game = rules.load("mighty", hands=3)
    bots = [make_bot(name, game=game)
            for name in ("heuristic", "random", "heuristic", "random", "heuristic")]
    return golden_playthrough(play_state(game, bots, seed=21), 21, SEATS)


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(build_golden(), indent=1) + "\n")
