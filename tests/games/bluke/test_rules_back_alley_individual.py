"""Back Alley individual play: 2D top trump, bidding order, must trump/overtrump, scoring."""

import pytest

from games import rules
from games.bluke.back_alley_individual import individual_score
from tests.games.rules_helpers import bid_all, deal, play, random_playout


def game(players=4, **options):
    return rules.load("back-alley-individual", players=players, **options)


def codes(state):
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_fourteen_deals_ending_with_two_one_card_deals():
    g = game()
    assert g.schedule == list(range(13, 0, -1)) + [1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_player_counts(players):
    assert game(players).num_players == players


def test_no_jokers_in_the_deck():
    state = game().new_match(seed=2)
    assert all(hand >> 52 == 0 for hand in state.hands)


def test_four_player_first_deal_cuts_trump_from_the_full_deck():
    state = game().new_match(seed=2)
    assert sum(bin(h).count("1") for h in state.hands) == 52
    assert state.turned is not None and any(h >> state.turned & 1 for h in state.hands)


def test_bidding_starts_at_the_dealers_right():
    state = game().new_match(seed=2)  # dealer is seat 0
    assert state.current_player() == 3
    bid_all(state, [1])
    assert state.current_player() == 0  # clockwise from the dealer's right: the dealer next


def test_bid_start_option():
    assert game(bid_start="dealer-left").new_match(seed=2).current_player() == 1


def test_bids_are_pass_numbers_below_the_cards_and_board():
    state = game().new_match(seed=2)
    acts = codes(state)
    assert acts[0] == "pass" and acts[-2] == "bid:12" and acts[-1] == "board"
    assert state.check(rules.bid_action(13)).code == "bid-range"


def test_one_card_deal_bids_are_pass_or_board():
    g = game()
    state = g.new_match(seed=2)
    deal(state, [["AS"], ["KS"], ["QS"], ["JS"]], "2C")
    assert codes(state) == ["pass", "board"]


def test_two_of_diamonds_is_the_top_trump():
    state = game().new_match(seed=2)
    deal(state, [["AS", "3C"], ["2D", "4C"], ["KS", "5C"], ["QS", "6C"]], "9S")
    bid_all(state, [1, "pass", "pass", "pass"])  # seat 3 bids 1 and leads
    play(state, "QS")
    assert codes(state) == ["AS"]
    play(state, "AS")
    assert codes(state) == ["2D"]  # the two of diamonds is a spade (trump) here
    play(state, "2D", "KS")
    assert state.tricks_won == [0, 1, 0, 0]


def test_must_trump_when_void_and_overtrump_when_possible():
    state = game().new_match(seed=2)
    deal(state, [["5S", "AH"], ["3S", "9S"], ["KH", "2C"], ["QH", "4C"]], "7S")
    bid_all(state, [1, "pass", "pass", "pass"])  # seat 3 leads
    play(state, "QH")
    assert codes(state) == ["AH"]  # seat 0 holds a heart: follow suit
    state = game().new_match(seed=2)
    deal(state, [["5S", "2H"], ["3S", "9S"], ["KH", "2C"], ["QH", "4C"]], "7S")
    bid_all(state, [1, "pass", "pass", "pass"])
    play(state, "QH", "2H")
    assert codes(state) == ["3S", "9S"]  # void in hearts: must trump
    play(state, "3S")
    assert codes(state) == ["KH"]


def test_overtrump_required_when_able():
    state = game().new_match(seed=2)
    deal(state, [["5S", "2C"], ["3S", "9S"], ["KH", "AH"], ["QH", "4C"]], "7S")
    bid_all(state, [1, "pass", "pass", "pass"])
    play(state, "QH", "5S")
    assert codes(state) == ["9S"]
    assert state.check("3S").code == "must-overtrump"


def test_must_trump_violation_code():
    state = game().new_match(seed=2)
    deal(state, [["5S", "2C"], ["3S", "9C"], ["KH", "AH"], ["QH", "4C"]], "7S")
    bid_all(state, [1, "pass", "pass", "pass"])
    play(state, "QH")
    assert state.check("2C").code == "must-trump"


def test_undertrump_allowed_when_unable_to_overtrump():
    state = game().new_match(seed=2)
    deal(state, [["AS", "2C"], ["3S", "9C"], ["KH", "AH"], ["QH", "4C"]], "7S")
    bid_all(state, [1, "pass", "pass", "pass"])
    play(state, "QH", "AS")
    assert codes(state) == ["3S"]  # must still trump, even though it cannot beat the ace


def test_highest_bid_leads_board_highest():
    state = game().new_match(seed=2)
    bid_all(state, [3, "board", 5, "board"])  # seats 3, 0, 1, 2
    assert state.current_player() == 0


def test_all_pass_redeals():
    state = game().new_match(seed=2)
    bid_all(state, ["pass"] * 4)
    assert state.phase == "bid" and state.attempt == 1 and state.hand_index == 0


@pytest.mark.parametrize("cards,bid,won,points", [
    (13, "board", 13, 78), (13, "board", 12, -78), (8, 3, 3, 9), (8, 3, 5, 11),
    (8, 3, 2, -9), (8, 0, 2, 2), (8, 0, 0, 0),
    (1, "board", 1, 13), (1, "board", 0, -13), (1, 0, 1, 0), (1, 0, 0, 0),
])
def test_scoring(cards, bid, won, points):
    action = rules.BOARD if bid == "board" else rules.bid_action(bid)
    assert individual_score(cards, action, won) == points


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_matches_finish(players):
    state = random_playout(game(players), seed=players)
    assert state.is_terminal() and len(state.hand_log) == 14


def test_trump_lead_only_requires_following_suit():
    state = game().new_match(seed=2)
    deal(state, [["5S", "2C"], ["3S", "9S"], ["KH", "AH"], ["QS", "4C"]], "7S")
    bid_all(state, [1, "pass", "pass", "pass"])  # seat 3 leads
    play(state, "QS")
    assert codes(state) == ["5S"]
    play(state, "5S")
    assert codes(state) == ["3S", "9S"]  # no duty to beat the queen when trump was led


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_first_four_player_deal_checks_without_its_deal_written(seed):
    """All 52 cards are dealt, so the cut trump card is in a hand and is played: a
    record giving only the turned card must still check (the hands are learnt)."""
    from games.bots import play_match

    record = play_match(rules.load("back-alley-individual", players=4), ["random"] * 4,
                        seed=seed)
    first = record["hands"][0]
    assert first["cards"] * 4 == 52 and first["turned"]
    del first["deal"]
    report = rules.check_record(record)
    assert report.valid, report.errors


def test_a_joker_in_the_plays_is_card_unknown_and_trump_none_is_not_offered():
    from games.bots import play_match

    record = play_match(rules.load("back-alley-individual", players=4), ["random"] * 4,
                        seed=5)
    hand = record["hands"][1]
    del hand["deal"]
    hand["plays"][0] = "HI"  # 52 cards: no Bloopers in this game
    error = rules.check_record(record).errors[0]
    assert (error.hand, error.field, error.code) == (2, "plays", "card-unknown")
    record = play_match(rules.load("back-alley-individual", players=4), ["random"] * 4,
                        seed=5)
    record["hands"][1]["trump"] = "none"
    error = rules.check_record(record).errors[0]
    assert error.code == "trump-invalid" and error.message.endswith("is not S, H, D or C")
