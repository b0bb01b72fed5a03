"""Bluke rules: deal schedules, Blukes, bidding, scoring and the New Jersey variant."""

import pytest

from games import rules
from games.bluke.bluke import bluke_score
from tests.games.rules_helpers import bid_all, deal, play


def four(**options):
    return rules.load("bluke", players=4, **options)


# --- schedules ------------------------------------------------------------------------
def test_standard_schedule_is_13_down_to_1_and_back_25_hands():
    game = four()
    assert game.schedule[:3] == [13, 12, 11]
    assert game.schedule[12] == 1
    assert game.schedule[-1] == 13
    assert len(game.schedule) == 25
    assert game.schedule.count(1) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_play_25_hands(players):
    assert len(rules.load("bluke", players=players).schedule) == 25


@pytest.mark.parametrize("players,top,hands", [
    (5, 10, 19), (6, 8, 15), (7, 7, 13), (8, 6, 11), (9, 5, 9), (10, 5, 9),
    (11, 4, 7), (12, 4, 7), (13, 4, 7), (14, 3, 5), (15, 3, 5),
])
def test_large_table_schedule(players, top, hands):
    game = rules.load("bluke", players=players)
    assert game.schedule[0] == game.schedule[-1] == top
    assert len(game.schedule) == hands


def test_five_players_play_19_hands_not_21():
    """Decision: the source table's 21 hands is wrong; 10..1..10 is 19 hands."""
    game = rules.load("bluke", players=5)
    assert game.schedule == list(range(10, 0, -1)) + list(range(2, 11))


@pytest.mark.parametrize("players", range(2, 16))
def test_every_hand_leaves_a_card_to_turn(players):
    game = rules.load("bluke", players=players)
    assert all(players * cards + 1 <= 54 for cards in game.schedule)


def test_eleven_cards_for_five_players_is_refused():
    with pytest.raises(rules.RulesError, match="55 cards plus a card turned up"):
        rules.load("bluke", players=5, max_cards=11)


def test_three_players_may_go_up_to_17():
    game = rules.load("bluke", players=3, max_cards=17)
    assert game.schedule[0] == 17 and len(game.schedule) == 33
    with pytest.raises(rules.RulesError):
        rules.load("bluke", players=3, max_cards=18)


def test_deal_out_finale_adds_a_no_trump_hand():
    game = rules.load("bluke", players=6, deal_out_finale=True)
    assert game.schedule[-1] == 9 and len(game.schedule) == 16
    state = game.new_match(seed=1)
    state.hand_index = len(game.schedule) - 1
    state._deal_from_seed()
    assert state.turned is None and state.trump_letter is None
    assert sum(bin(h).count("1") for h in state.hands) == 54


def test_deal_out_finale_needs_an_even_split():
    with pytest.raises(rules.RulesError, match="cannot be dealt out evenly"):
        rules.load("bluke", players=4, deal_out_finale=True)


def test_new_jersey_schedule_goes_up_then_down():
    game = four(variant="new-jersey")
    assert game.schedule[:2] == [1, 2] and game.schedule[12] == 13 and game.schedule[-1] == 1
    assert len(game.schedule) == 25


@pytest.mark.parametrize("bad", [{"variant": "jersey"}, {"max_cards": "13"},
                                 {"zero_bids": 1}, {"colour": "red"}])
def test_bad_options_are_refused_at_load(bad):
    with pytest.raises(rules.RulesError):
        four(**bad)


def test_player_count_limits():
    with pytest.raises(rules.RulesError):
        rules.load("bluke", players=1)
    with pytest.raises(rules.RulesError):
        rules.load("bluke", players=16)
    assert issubclass(rules.RulesError, ValueError)


def test_options_are_normalized():
    assert four().options == {"players": 4, "variant": "standard", "max_cards": 13,
                              "deal_out_finale": False, "zero_bids": False}
    assert four().teams == [[0], [1], [2], [3]]


# --- trump and bidding ----------------------------------------------------------------
def test_turned_card_sets_trump_and_a_turned_bluke_means_no_trump():
    state = four().new_match(seed=1)
    deal(state, [["AS"], ["KS"], ["QS"], ["JS"]], "5H")
    assert state.trump_letter == "H"
    deal(state, [["AS"], ["KS"], ["QS"], ["JS"]], "HI")
    assert state.trump_letter is None


def test_bids_run_from_one_to_the_cards_dealt():
    state = four().new_match(seed=1)
    assert state.current_player() == 1  # dealer is seat 0, bidding starts at the left
    assert state.legal_actions() == [rules.bid_action(n) for n in range(1, 14)]
    assert state.check(rules.bid_action(0)).code == "bid-range"
    assert state.check(rules.bid_action(14)).code == "bid-range"
    assert state.check("board").code == "bid-invalid"


def test_zero_bids_option():
    state = four(zero_bids=True).new_match(seed=1)
    assert state.check(rules.bid_action(0)) is None


def test_dealer_left_leads_first_trick():
    state = four().new_match(seed=1)
    bid_all(state, [1, 1, 1, 1])
    assert state.current_player() == 1


# --- Blukes ---------------------------------------------------------------------------
def one_trick_state(hands, turned="2C", **options):
    game = four(**options)
    state = game.new_match(seed=1)
    deal(state, hands, turned)
    bid_all(state, [1, 1, 1, 1])
    return state


def test_bluke_may_be_played_instead_of_following_suit():
    state = one_trick_state([["2S", "3S"], ["JD", "4S"], ["KD", "5S"], ["6D", "LO"]])
    play(state, "JD", "KD")
    assert "LO" in [state.action_to_string(a) for a in state.legal_actions()]
    assert "6D" in [state.action_to_string(a) for a in state.legal_actions()]


def test_led_bluke_must_name_a_suit():
    state = one_trick_state([["2S", "3S"], ["HI", "4S"], ["KD", "5S"], ["6D", "7D"]])
    assert state.check("HI").code == "joker-suit-missing"
    assert {"HI:S", "HI:H", "HI:D", "HI:C"} <= {state.action_to_string(a)
                                                for a in state.legal_actions()}
    play(state, "HI:D")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["KD"]
    play(state, "KD")
    assert state.check("7D") is None and state.check("6D") is None


def test_hi_bluke_beats_lo_bluke_and_lo_beats_trump_ace():
    state = one_trick_state([["AC", "3S"], ["JD", "LO"], ["AD", "5S"], ["HI", "7S"]])
    play(state, "JD", "AD", "HI", "AC")  # AC is trump (turned 2C) but both Blukes beat it
    assert state.tricks_won == [0, 0, 0, 1]
    state = one_trick_state([["AC", "3S"], ["JD", "LO"], ["AD", "5S"], ["6D", "7S"]])
    play(state, "JD", "AD", "6D", "AC")
    assert state.tricks_won == [1, 0, 0, 0]  # trump ace wins without Blukes
    state = one_trick_state([["AC", "3S"], ["JD", "4S"], ["AD", "5S"], ["LO", "7S"]])
    play(state, "JD", "AD", "LO", "AC")
    assert state.tricks_won == [0, 0, 0, 1]


def test_led_bluke_wins_its_trick():
    state = one_trick_state([["AC", "3S"], ["LO", "4S"], ["AD", "5S"], ["6D", "7S"]])
    play(state, "LO:D", "AD", "6D", "AC")
    assert state.tricks_won == [0, 1, 0, 0]


def test_a_bluke_played_while_following_is_not_a_void():
    state = one_trick_state([["AC", "3S"], ["JD", "4S"], ["KD", "LO"], ["6D", "7S"]])
    play(state, "JD", "LO")
    assert state.observation(0)["voids"][2] == []


def test_revoke_is_refused():
    state = one_trick_state([["AC", "3S"], ["JD", "4S"], ["KD", "5S"], ["6D", "7S"]])
    play(state, "JD")
    violation = state.check("5S")
    assert violation.code == "revoke"
    with pytest.raises(rules.IllegalAction):
        state.apply("5S")


# --- New Jersey ------------------------------------------------------------------------
def test_new_jersey_bluke_must_follow_as_a_trump():
    state = one_trick_state([["2S", "3S"], ["JS", "4C"], ["KD", "LO"], ["6D", "7D"]],
                            turned="9S", variant="new-jersey")
    play(state, "JS")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["LO"]


def test_new_jersey_bluke_cannot_be_played_while_holding_the_led_suit():
    state = one_trick_state([["2S", "3S"], ["AH", "4C"], ["KH", "LO"], ["6D", "7D"]],
                            turned="9S", variant="new-jersey")
    play(state, "AH")
    assert state.check("LO").code == "revoke"


def test_new_jersey_lone_bluke_is_the_only_trump_when_a_bluke_turns():
    state = one_trick_state([["2S", "3S"], ["AH", "4C"], ["5C", "LO"], ["6D", "7D"]],
                            turned="HI", variant="new-jersey")
    play(state, "AH")
    assert state.check("LO") is None  # void in hearts
    play(state, "LO", "6D", "2S")
    assert state.tricks_won == [0, 0, 1, 0]


def test_new_jersey_led_bluke_needs_no_suit_name():
    state = one_trick_state([["2S", "3S"], ["HI", "4C"], ["5C", "QS"], ["6D", "7D"]],
                            turned="9S", variant="new-jersey")
    assert state.check("HI") is None
    play(state, "HI")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["QS"]


# --- scoring --------------------------------------------------------------------------
@pytest.mark.parametrize("bid,won,points", [
    (6, 8, 62), (5, 3, -50), (3, 5, 32), (4, 0, -40), (4, 3, -40), (5, 5, 50), (1, 13, 22),
])
def test_scoring_examples_from_the_texts(bid, won, points):
    assert bluke_score(bid, won) == points


def test_a_full_match_scores_every_hand():
    from tests.games.rules_helpers import random_playout

    state = random_playout(four(), seed=5)
    assert state.is_terminal() and len(state.hand_log) == 25
    assert state.returns() == [sum(h["scores"][s] for h in state.hand_log) for s in range(4)]


def test_eight_players_cannot_deal_out_the_pack():
    """Decision: the text's 8-player no-trump extra hand is impossible (54 / 8)."""
    with pytest.raises(rules.RulesError):
        rules.load("bluke", players=8, deal_out_finale=True)
    assert rules.load("bluke", players=9, deal_out_finale=True).schedule[-1] == 6
