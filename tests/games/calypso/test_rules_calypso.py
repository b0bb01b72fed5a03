"""Calypso: each rule and each decision of docs/rules/calypso.md on fixed deals, and
both record forms through `rules.check_record`.

Regenerate the golden playthrough (only after a deliberate rules change):
`.venv/bin/python tests/games/calypso/test_rules_calypso.py`."""

import copy
import json
import pathlib
import random
import sys
from collections import Counter

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3]))

from games import rules  # noqa: E402
from games.calypso.rules import calypso_points, side_score  # noqa: E402
from tests.games.helpers import golden_playthrough, play, random_match  # noqa: E402

GAME = rules.load("calypso")
SEATS = ["Ann", "Bob", "Cy", "Di"]
GOLDEN = pathlib.Path(__file__).parent / "golden" / "calypso.json"
GOLDEN_SEED = 41
RANKS = "23456789TJQKA"


def filled(cards, suit):
    """`cards` and then 13 - len(cards) cards of `suit` (twos upward)."""
    return list(cards) + [r + suit for r in RANKS][:13 - len(cards)]


def dealt(first, fill="CCSS", game=GAME):
    """Seat 3 deals (seat 0 leads); seat k holds `first[k]` and fillers of `fill[k]`."""
    hands = [filled(cards, suit) for cards, suit in zip(first, fill, strict=True)]
    state = game.new_match(seed=0, first_dealer=3, auto_deal=False)
    assert state.deal({"hands": hands}) == []
    return state


def winner(state, *trick):
    play(state, *trick)
    return state.tricks[-1][1]


def codes(cards):
    return sorted(GAME.pack.codes(cards))


# --- pack, deals, trumps --------------------------------------------------------------
def test_it_uses_four_52_card_packs():
    faces = Counter(GAME.pack.code(c) for c in GAME.pack.ids())
    assert len(GAME.pack.ids()) == 208 and set(faces.values()) == {4} and len(faces) == 52


def test_four_deals_of_13_come_from_one_shuffle():
    state = GAME.new_match(seed=5)
    first = state.dealt
    assert len(first["stock"]) == 156
    while state.hand_index == 0:
        state.apply(state.legal_actions()[0])
    second = state.dealt
    assert Counter(sum(second["hands"], [])) == Counter(first["stock"][:52])
    assert second["stock"] == first["stock"][52:]
    assert state.dealer == 1 and state.current_player() == 2  # the deal passed left


def test_each_seat_has_its_own_trump_suit():
    assert [GAME.seat_notes(s) for s in range(4)] == [
        "Trumps: spades", "Trumps: diamonds", "Trumps: hearts", "Trumps: clubs"]
    other = rules.load("calypso", trumps="HCSD")
    assert other.seat_notes(0) == "Trumps: hearts" and other.seat_notes(3) == "Trumps: diamonds"
    with pytest.raises(rules.RulesError):
        rules.load("calypso", trumps="SSHD")


def test_hands_are_private_calypsos_and_won_piles_public_the_stock_hidden():
    view = GAME.new_match(seed=5).observation(1)
    assert view["table"]["hand"][0] == {"count": 13}
    assert view["table"]["stock"] == {"count": 156}
    assert view["table"]["calypso"] == [[], [], [], []] and view["table"]["won"] == [[]] * 4


# --- following and winning --------------------------------------------------------------
def test_own_suit_led_and_followed_by_everyone_wins_whatever_the_ranks():
    assert winner(dealt([["2S"], ["AS"], ["KS"], ["QS"]], fill="HDHC"),
                  "2S", "AS", "KS", "QS") == 0


def test_own_suit_led_loses_to_a_higher_own_trump_from_a_void_player():
    assert winner(dealt([["JS"], ["QD"], ["2S"], ["3S"]], fill="HDHC"),
                  "JS", "QD", "2S", "3S") == 1
    assert winner(dealt([["JS"], ["9D"], ["2S"], ["3S"]], fill="HDHC"),
                  "JS", "9D", "2S", "3S") == 0


def test_another_suit_led_the_highest_card_of_it_wins_even_over_its_owner():
    assert winner(dealt([["9H"], ["KH"], ["5H"], ["2H"]], fill="SDSC"),
                  "9H", "KH", "5H", "2H") == 1


def test_a_void_player_trumping_with_their_own_suit_wins():
    assert winner(dealt([["9H"], ["TH"], ["2H"], ["4C"]], fill="SDSC"),
                  "9H", "TH", "2H", "4C") == 3


def test_of_several_trumps_the_highest_wins_and_of_equal_ones_the_first():
    assert winner(dealt([["9H"], ["6D"], ["3H"], ["4C"]], fill="SDSC"),
                  "9H", "6D", "3H", "4C") == 1
    assert winner(dealt([["9H"], ["6D"], ["3H"], ["6C"]], fill="SDSC"),
                  "9H", "6D", "3H", "6C") == 1


def test_a_void_player_discarding_another_suit_does_not_trump():
    assert winner(dealt([["9H"], ["AS"], ["3H"], ["AD"]], fill="SSSD"),
                  "9H", "AS", "3H", "AD") == 0


# --- building calypsos ---------------------------------------------------------------------
def test_the_winner_keeps_its_suit_passes_the_partners_and_piles_the_opponents():
    state = dealt([["AH"], ["2H"], ["9H"], ["9C"]], fill="SDSD")
    play(state, "AH", "2H", "9H", "9C")  # seat 3 is void in hearts but plays a club: trump
    cards = state.table.cards
    assert codes(cards["calypso"][3]) == ["9C"] and codes(cards["calypso"][1]) == []
    assert codes(cards["won"][3]) == ["2H", "9H", "AH"]
    state = dealt([["AH"], ["2C"], ["9H"], ["QD"]], fill="SDSD")
    play(state, "AH", "2C", "9H", "QD")  # nobody trumps: the ace of hearts wins
    assert codes(state.table.cards["calypso"][2]) == ["9H", "AH"]
    assert codes(state.table.cards["won"][0]) == ["2C", "QD"]


def test_a_rank_already_in_the_calypso_goes_to_the_won_pile():
    state = dealt([["2S"], ["2S"], ["KS"], ["QS"]], fill="HDHC")
    play(state, "2S", "2S", "KS", "QS")
    assert codes(state.table.cards["calypso"][0]) == ["2S", "KS", "QS"]
    assert codes(state.table.cards["won"][0]) == ["2S"]


def test_a_completed_calypso_is_set_aside_and_the_unused_cards_start_the_next():
    state = dealt([["AS"], ["AS"], ["3S"], ["QS"]], fill="HDHC")
    spades = [GAME.pack.ids_of[GAME.pack.parse(r + "S")][3] for r in RANKS[:-1]]
    state.table.cards["calypso"][0] = spades  # 2 to K of spades from earlier tricks
    play(state, "AS", "AS", "3S", "QS")
    cards = state.table.cards
    assert len(cards["done"][0]) == 13 and codes(cards["calypso"][0]) == ["3S", "AS", "QS"]
    assert cards["won"][0] == []
    assert state.observation(1)["table"]["done"][0][0] == "2S"


def test_calypsos_and_won_piles_carry_over_to_the_next_deal():
    state = GAME.new_match(seed=8)
    while state.hand_index == 0:
        state.apply(state.legal_actions()[-1])
    after_first = state.hand_log[0]["summary"]
    table = state.observation(0)["table"]
    assert [len(c) for c in table["calypso"]] == after_first["calypso_cards"]
    assert [len(c) // 13 for c in table["done"]] == after_first["calypsos"]
    assert [len(table["won"][0]) + len(table["won"][2]),
            len(table["won"][1]) + len(table["won"][3])] == after_first["won"]
    assert sum(after_first["calypso_cards"]) + sum(after_first["won"]) > 0


def test_the_dealers_left_leads_each_deal():
    state = GAME.new_match(seed=3, first_dealer=2)
    assert state.current_player() == 3
    while state.hand_index == 0:
        state.apply(state.legal_actions()[0])
    assert state.dealer == 3 and state.current_player() == 0


# --- scoring ---------------------------------------------------------------------------------
def test_calypsos_score_500_750_1000_1000_cards_20_in_calypso_10_in_the_won_pile():
    assert [calypso_points(n) for n in range(5)] == [0, 500, 1250, 2250, 3250]
    assert side_score([2, 1], [3, 12], 40) == 1250 + 500 + 20 * 15 + 400


def test_each_deal_scores_the_change_and_the_last_summary_is_the_final_score():
    state = GAME.new_match(seed=12)
    rng = random.Random(12)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    running = [h["running"] for h in state.hand_log]
    assert [h["summary"]["score"] for h in state.hand_log] == running
    assert state.totals == state.hand_log[-1]["summary"]["score"]


def test_equal_final_scores_share_the_place():
    assert GAME.ranking.places([1800, 1800]) == [1, 1]


# --- records ---------------------------------------------------------------------------------
def sheet(*lines, **options):
    return {"game": "calypso", "options": {"players": 4, **options}, "seats": SEATS,
            "hands": [{"summary": {"calypsos": list(c), "calypso_cards": list(k),
                                   "won": list(w)}} for c, k, w in lines]}


def test_a_scoresheet_is_scored_from_calypsos_cards_and_won_piles():
    report = rules.check_record(sheet(([0, 0, 0, 0], [5, 4, 6, 3], [20, 14]),
                                      ([1, 0, 0, 0], [2, 8, 9, 7], [38, 27]),
                                      ([1, 0, 1, 0], [8, 11, 1, 10], [55, 45]),
                                      ([2, 1, 1, 0], [0, 3, 6, 12], [75, 60])))
    assert report.valid and report.complete, report.errors
    assert report.totals == [500 + 750 + 500 + 120 + 750, 500 + 300 + 600]
    assert report.winner == [0]


def test_scoresheet_mistakes_name_seat_field_and_code():
    def found(*lines):
        return [(e.hand, e.seat, e.field, e.code) for e in rules.check_record(sheet(*lines)).errors]

    ok = ([0, 0, 0, 0], [5, 4, 6, 3], [20, 14])
    assert found(([0, 0, 0, 0], [5, 4, 6, 3], [20, 15])) == \
        [(1, None, "summary.won", "cards-sum")]
    assert found(([0, 0, 0, 0], [5, 13, 6, 3], [20, 14])) == \
        [(1, 1, "summary.calypso_cards", "calypso_card-range")]
    assert found(ok, ([1, 0, 0, 0], [2, 8, 9, 7], [38, 27]),
                 ([0, 0, 1, 0], [8, 11, 1, 10], [60, 53])) == \
        [(3, 0, "summary.calypsos", "calypsos-decrease")]
    record = sheet(ok)
    record["hands"][0]["summary"]["score"] = [420, 290]
    assert [(e.seat, e.field, e.code) for e in rules.check_record(record).errors] == \
        [(1, "summary.score", "score-mismatch")]


def test_a_calypso_in_progress_and_a_won_pile_only_grow_from_deal_to_deal():
    # cards never leave a calypso except to complete it, nor a won pile at all; a
    # seat's calypso cards, counted with its completed calypsos, fit in four packs
    def found(*lines):
        return [(e.hand, e.seat, e.field, e.code) for e in rules.check_record(sheet(*lines)).errors]

    ok = ([0, 0, 0, 0], [5, 4, 6, 3], [20, 14])
    assert found(ok, ([0, 0, 0, 0], [3, 9, 9, 8], [39, 36])) == \
        [(2, 0, "summary.calypso_cards", "calypso-shrinks")]
    assert found(ok, ([1, 0, 0, 0], [0, 9, 9, 8], [29, 36])) == []  # completed: 5 -> 13 + 0
    assert found(ok, ([0, 0, 0, 0], [10, 10, 10, 10], [10, 54])) == \
        [(2, 0, "summary.won", "won-shrinks")]
    fourth = ([1, 0, 0, 0], [0] * 4, [0, 39]), ([2, 0, 0, 0], [0] * 4, [0, 78]), \
        ([3, 0, 0, 0], [0] * 4, [0, 117]), ([4, 0, 0, 0], [5, 0, 0, 0], [0, 151])
    assert found(*fourth) == [(4, 0, "summary.calypso_cards", "calypso_card-range")]


# A deal made by hand: each seat holds one whole suit, its own. Ann leads her spades
# from the ace down and the others, void, trump with the same rank of their own suit:
# equal cards go to the first played, so Ann takes all 13 tricks.
SUITED = [[r + suit for r in RANKS] for suit in "SDHC"]
SUITED_EVENTS = [r + suit for r in reversed(RANKS) for suit in "SDHC"]


def suited_record(events=SUITED_EVENTS, summary=None, scores=None):
    hand = {"dealer": 3, "cards": 13, "deal": {"hands": copy.deepcopy(SUITED)},
            "events": list(events)}
    if summary is not None:
        hand["summary"] = summary
    if scores is not None:
        hand["scores"] = scores
    return {"game": "calypso", "options": {"players": 4}, "seats": SEATS, "first_dealer": 3,
            "hands": [hand]}


def test_a_hand_made_record_from_a_fixed_deal_is_judged_right():
    # Ann's spades and Cy's hearts make a calypso each; diamonds and clubs are won cards
    summary = {"calypsos": [1, 0, 1, 0], "calypso_cards": [0, 0, 0, 0], "won": [26, 0],
               "score": [500 + 500 + 260, 0]}
    report = rules.check_record(suited_record(summary=summary, scores=[1260, 0]))
    assert report.valid and report.scores == [[1260, 0]], report.errors
    wrong = suited_record(summary={**summary, "won": [25, 1]}, scores=[1250, 10])
    found = {(e.hand, e.field, e.code) for e in rules.check_record(wrong).errors}
    assert found == {(1, "summary.won", "summary-mismatch"), (1, "scores", "score-mismatch")}
    events = list(SUITED_EVENTS)
    events[0] = "AD"
    error = rules.check_record(suited_record(events)).errors[0]
    assert (error.hand, error.seat, error.field, error.code) == \
        (1, 0, "events", "card-not-in-hand")


def test_a_revoke_is_named():
    state = dealt([["9H"], ["KH", "2D"], [], []], fill="CSHS")
    play(state, "9H")
    assert state.check("2D").code == "revoke"


def test_a_deal_may_not_use_copies_already_dealt():
    record = json.loads(GOLDEN.read_text())["record"]
    deal = record["hands"][1]["deal"]
    deal["hands"][0][0] = next(f for f in GAME.pack.faces if f != deal["hands"][0][0])
    errors = rules.check_record(record).errors
    assert [(e.hand, e.seat, e.field, e.code) for e in errors] == \
        [(2, 0, "deal.hands", "duplicate-card"), (None, None, "hands", "hands-unchecked")]


def test_after_a_scoresheet_deal_the_next_must_be_a_scoresheet_deal_too():
    golden = json.loads(GOLDEN.read_text())["record"]
    record = copy.deepcopy(golden)
    del record["hands"][0]["events"], record["hands"][0]["deal"]
    error = rules.check_record(record).errors[0]
    assert (error.hand, error.field, error.code) == (2, "events", "calypsos-unknown")
    with_deals = copy.deepcopy(record)  # scoresheet lines may still write their deals
    for hand in with_deals["hands"][1:]:
        del hand["events"]
    report = rules.check_record(with_deals)
    assert report.valid and report.totals == golden["totals"], report.errors
    for hand in record["hands"][1:]:
        del hand["events"], hand["deal"]
    report = rules.check_record(record)
    assert report.valid and report.totals == golden["totals"]


def test_every_scoresheet_field_has_a_title_and_says_what_it_is_per():
    per = {name: schema["x-per"] for name, schema in GAME.SUMMARY_SCHEMA.items()}
    assert per == {"calypsos": "seat", "calypso_cards": "seat", "won": "side", "score": "side"}
    assert all(schema["title"] for schema in GAME.SUMMARY_SCHEMA.values())


def build_golden():
    return golden_playthrough(random_match(GAME, GOLDEN_SEED), GOLDEN_SEED, SEATS)


def test_the_golden_playthrough_is_unchanged_and_checks_clean():
    golden = json.loads(GOLDEN.read_text())
    assert build_golden() == golden
    record = golden["record"]
    report = rules.check_record(record)
    assert report.valid and report.complete and report.totals == record["totals"]
    for hand in record["hands"]:
        del hand["deal"]
    assert rules.check_record(record).totals == golden["record"]["totals"]


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(build_golden(), indent=1) + "\n")


def test_a_written_stock_must_be_the_whole_undealt_rest():
    record = json.loads(GOLDEN.read_text())["record"]
    stock = record["hands"][0]["deal"]["stock"]
    assert len(stock) == 156
    stock.pop()
    error = rules.check_record(record).errors[0]
    assert (error.hand, error.field, error.code) == (1, "deal.stock", "deal-size")
