"""Back Alley (partnership): deals, bidding, Board, leads, trump leading, Bloopers, scoring."""

import pytest

from games import rules
from games.bluke.back_alley import side_score
from tests.games.rules_helpers import bid_all, deal, play, random_playout


def game(**options):
    return rules.load("back-alley", players=4, **options)


def codes(state):
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_26_deals_with_two_one_card_deals_and_partners_opposite():
    g = game()
    assert len(g.schedule) == 26
    assert g.schedule[12] == g.schedule[13] == 1
    assert g.schedule[0] == g.schedule[-1] == 13
    assert g.teams == [[0, 2], [1, 3]]


def test_only_four_players():
    with pytest.raises(rules.RulesError):
        rules.load("back-alley", players=3)


def test_turned_blooper_means_no_trump_and_other_blooper_is_exchanged():
    state = game().new_match(seed=1)
    deal(state, [["AS", "LO"], ["KS", "2H"], ["QS", "3H"], ["JS", "4H"]], "HI", "9C")
    assert state.trump_letter is None
    assert state.observation(0)["hand"] == ["AS", "9C"]


def test_seeded_deals_exchange_the_other_blooper():
    g = game()
    for seed in range(300):
        state = g.new_match(seed=seed)
        if state.turned is not None and state.turned >= 52:
            other = 105 - state.turned
            assert not any(hand >> other & 1 for hand in state.hands)
            return
    pytest.skip("no joker turned in the seeds tried")


def test_bids_are_pass_numbers_and_board():
    state = game().new_match(seed=1)
    acts = codes(state)
    assert acts[0] == "pass" and "bid:13" in acts and acts[-1] == "board"


def test_max_bid_twelve_option():
    state = game(max_bid="twelve").new_match(seed=1)
    assert state.check(rules.bid_action(13)).code == "bid-range"
    assert state.check(rules.bid_action(12)) is None


def test_all_pass_redeals_same_dealer_same_size_and_is_not_recorded():
    state = game().new_match(seed=1)
    before = list(state.hands)
    bid_all(state, ["pass"] * 4)
    assert state.phase == "bid" and state.hand_index == 0 and state.dealer == 0
    assert state.hands != before and state.attempt == 1
    assert state.current_player() == 1


def test_highest_bidder_leads_first_bidder_wins_ties():
    state = game().new_match(seed=1)
    bid_all(state, [2, 4, 4, 1])  # seats 1, 2, 3, 0
    assert state.current_player() == 2


def test_last_board_bidder_leads():
    state = game().new_match(seed=1)
    bid_all(state, ["board", 3, "board", "pass"])  # seat 1 board, seat 3 double board
    assert state.current_player() == 3


def test_dealer_left_lead_option():
    state = game(first_lead="dealer-left").new_match(seed=1)
    bid_all(state, [2, 5, 4, 1])
    assert state.current_player() == 1


def test_board_both_sides_option():
    state = game(board_both_sides=False).new_match(seed=1)
    bid_all(state, ["board"])  # seat 1
    assert state.check("board").code == "board-not-allowed"  # seat 2 is an opponent
    bid_all(state, [3])
    assert state.check("board") is None  # seat 3 is seat 1's partner


def two_card_hand(hands, turned="2S", bids=(1, 1, 1, 1), **options):
    state = game(**options).new_match(seed=1)
    deal(state, hands, turned)
    bid_all(state, list(bids))
    return state


def test_trump_cannot_be_led_before_broken():
    state = two_card_hand([["AS", "2H"], ["KS", "3H"], ["QS", "4H"], ["JS", "5H"]],
                          bids=(2, 1, 1, 1))  # seat 1 leads
    assert state.check("KS").code == "trump-lead"
    assert codes(state) == ["3H"]


def test_trump_may_be_led_holding_only_trumps():
    state = two_card_hand([["AS", "2H"], ["KS", "3S"], ["QS", "4H"], ["JS", "5H"]],
                          bids=(2, 1, 1, 1))
    assert state.check("KS") is None


def test_board_side_may_lead_trump():
    state = two_card_hand([["AS", "2H"], ["KS", "3H"], ["QS", "4H"], ["JS", "5H"]],
                          bids=("board", 1, 1, 1))
    assert state.check("KS") is None


def test_trump_broken_by_a_ruff():
    state = two_card_hand([["AS", "2D"], ["KS", "3H"], ["QS", "4H"], ["JS", "5H"]],
                          bids=(2, 1, 1, 1))
    play(state, "3H", "4H", "5H", "AS")  # seat 0 ruffs and wins
    assert state.broken and state.current_player() == 0
    assert state.check("2D") is None


def test_broken_by_any_trump_versus_ruff_only():
    hands = [["AS", "2D"], ["KS", "3S"], ["QS", "4H"], ["JS", "5H"]]
    strict = two_card_hand(hands, bids=(2, 1, 1, 1), trump_broken_by="ruff")
    play(strict, "KS", "QS", "JS", "AS")  # led trump (seat 1 held only trumps)
    assert not strict.broken
    loose = two_card_hand(hands, bids=(2, 1, 1, 1))
    play(loose, "KS", "QS", "JS", "AS")
    assert loose.broken


def test_big_blooper_led_forces_highest_trump():
    state = two_card_hand([["AS", "2S"], ["HI", "3S"], ["QS", "4S"], ["JH", "5H"]],
                          bids=("board", 1, 1, 1))
    play(state, "HI")
    assert codes(state) == ["QS"]
    play(state, "QS")
    assert state.check("5H") is None and state.check("JH") is None  # no trump: any card
    play(state, "5H")
    assert codes(state) == ["AS"]
    assert state.check("2S").code == "blooper-obligation"


def test_little_blooper_led_forces_lowest_trump():
    state = two_card_hand([["AS", "2S"], ["LO", "3S"], ["QS", "4S"], ["HI", "5S"]],
                          bids=("board", 1, 1, 1))
    play(state, "LO")
    assert codes(state) == ["4S"]
    play(state, "4S", "5S")
    assert codes(state) == ["2S"]


def test_big_blooper_as_only_trump_beats_a_led_little_blooper():
    state = two_card_hand([["2S", "AH"], ["LO", "3S"], ["KH", "4S"], ["HI", "5H"]],
                          bids=("board", 1, 1, 1))
    play(state, "LO", "4S", "HI", "2S")
    assert state.tricks_won == [0, 0, 0, 1]


@pytest.mark.parametrize("cards,level,contract,won,points", [
    (13, 0, 7, 8, 36), (13, 0, 7, 6, -35), (13, 0, 0, 3, 3), (13, 0, 0, 0, 0),
    (13, 1, 0, 13, 130), (13, 1, 0, 12, -130), (5, 2, 0, 5, 100), (5, 3, 0, 4, -150),
    (1, 4, 0, 1, 40),
])
def test_side_scores(cards, level, contract, won, points):
    assert side_score(cards, level, contract, won) == points


def test_team_scoring_in_play():
    state = two_card_hand([["AS", "2S"], ["KH", "3H"], ["QH", "4D"], ["JH", "5H"]],
                          turned="2C", bids=(1, 1, "pass", "pass"))
    # seats 1..3, then 0: team 0 (seats 0, 2) contract 0, team 1 contract 2
    while not state.hand_log:
        state.apply(state.legal_actions()[0])
    entry = state.hand_log[-1]
    assert len(entry["scores"]) == 2
    assert state.returns()[0] == state.returns()[2]


def test_random_match_returns_team_totals():
    state = random_playout(game(), seed=3)
    assert state.is_terminal() and len(state.hand_log) == 26
    assert state.returns()[0] == state.returns()[2] and state.returns()[1] == state.returns()[3]


def test_thrown_in_deal_leaves_no_trace_in_the_record_and_replays():
    import random

    g = game()
    state = g.new_match(seed=8, first_dealer=2)
    bid_all(state, ["pass"] * 4)
    rng = random.Random(8)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    record = state.to_record()
    assert len(record["hands"]) == 26 and record["first_dealer"] == 2
    assert record["hands"][0]["dealer"] == 2
    assert rules.check_record(record).valid
    replay = g.new_match(seed=8, first_dealer=2)
    for action in state.history:
        replay.apply(action)
    assert replay.to_record() == record
