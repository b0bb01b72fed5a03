"""Six-Pack Bezique melds (games/rules/bezique_melds.py): each class, its points, and
when a card already melded may join another meld, on fixed deals."""

import pytest

from games import rules
from games.six_pack_bezique.melds import KINDS, Book, points

GAME = rules.load("six-pack-bezique")
FILLER = ["JC", "8C", "9C", "7H", "8H", "9H", "7D", "8D", "9D", "7S", "8S", "9S"]


def full_stock(hands, head=()):
    """The stock: `head` first, then every other card in a fixed order."""
    left = {code: 6 for code in GAME.pack.faces}
    for code in [*hands[0], *hands[1], *head]:
        left[code] -= 1
    rest = [code for code in GAME.pack.faces for _ in range(left[code])]
    return list(head) + rest


PAD = ["JH", "7C", "8C", "9C", "7D", "8D", "9D", "7H", "8H", "9H", "7S", "8S"]
# seat 0 draws the tens first; seat 1, which loses every trick here, draws sevens
HEAD = ["TD", "7S", "TC", "7S", "TD", "8S", "TC", "8S", "TD", "9S", "TC", "9S"]


def dealt(mine, theirs=FILLER, head=HEAD):
    """Seat 1 deals; seat 0 (the non-dealer, who leads) holds `mine`, padded with low
    cards to twelve."""
    hands = [list(mine) + PAD[:12 - len(mine)], list(theirs)]
    state = GAME.new_match(seed=0, first_dealer=1, auto_deal=False)
    assert state.deal({"hands": hands, "stock": full_stock(hands, head)}) == []
    play(state, "guess:20", "cut:21")
    return state


def play(state, *texts):
    for text in texts:
        violation = state.check(text)
        assert violation is None, (text, violation)
        state.apply(text)
    return state


def legal(state):
    return {state.action_to_string(a) for a in state.legal_actions()}


def win_trick(state, lead):
    """Seat 0 leads `lead`; seat 1 throws a card that cannot beat it."""
    play(state, lead)
    led = GAME.pack.code(state.trick[0][1])
    trump = None if state.trump is None else GAME.pack.suits[state.trump]
    hand = GAME.pack.codes(state.table.of("hand", 1))
    power = GAME.pack.power
    losing = [c for c in hand if c[1] not in (led[1], trump)] or \
        [c for c in hand if c[1] == led[1]
         and power[GAME.pack.parse(c)] < power[GAME.pack.parse(led)]]
    play(state, losing[0])
    assert state.tricks[-1][1] == 0
    return state


def code(state, text):
    return state.check(text).code


# --- the kinds and their points ----------------------------------------------------
@pytest.mark.parametrize("kind, trump, value", [
    ("sequence-H", "H", 250), ("sequence-S", "H", 150), ("marriage-C", "C", 40),
    ("marriage-D", "C", 20), ("four-A", "S", 100), ("four-K", None, 80), ("four-Q", "S", 60),
    ("four-J", "S", 40), ("trump-four-A", "S", 1000), ("trump-four-T", "S", 900),
    ("trump-four-K", "S", 800), ("trump-four-Q", "S", 600), ("trump-four-J", "S", 400),
    ("bezique", "H", 40), ("double-bezique", "H", 500), ("triple-bezique", None, 1500),
    ("quadruple-bezique", "C", 4500),
])
def test_each_meld_scores_as_the_text_says(kind, trump, value):
    assert points(KINDS[kind], trump) == value


def test_the_first_marriage_laid_sets_trump_and_scores_as_trumps():
    state = dealt(["KH", "QH", "AC"])
    win_trick(state, "AC")
    assert legal(state) == {"meld:marriage-H", "meld:marriage-H:KH+QH", "done"}
    play(state, "meld:marriage-H")
    assert state.trump == GAME.pack.suits.index("H")
    assert state.vars["scored"] == [(0, "marriage-H", 40)]


def test_the_first_sequence_laid_sets_trump():
    state = dealt(["AS", "TS", "KS", "QS", "JS", "AC"])
    win_trick(state, "AC")
    play(state, "meld:sequence-S")
    assert state.trump == 0 and state.vars["scored"] == [(0, "sequence-S", 250)]


def test_a_marriage_of_another_suit_after_trump_is_set_scores_20():
    state = dealt(["KH", "QH", "KC", "QC", "AC", "AD"])
    win_trick(state, "AC")
    play(state, "meld:marriage-H", "done")
    win_trick(state, "AD")
    play(state, "meld:marriage-C")
    assert state.vars["scored"] == [(0, "marriage-H", 40), (0, "marriage-C", 20)]


def test_only_one_meld_is_scored_per_trick_and_others_wait_on_the_table():
    state = dealt(["KH", "QH", "KC", "QC", "AC", "AD"])
    win_trick(state, "AC")
    play(state, "meld:marriage-H", "meld:marriage-C")
    assert state.vars["scored"] == [(0, "marriage-H", 40)]
    assert code(state, "score:marriage-C") == "one-score-per-trick"
    play(state, "done")
    win_trick(state, "AD")
    assert "score:marriage-C" in legal(state)
    play(state, "score:marriage-C")
    assert state.vars["scored"][-1] == (0, "marriage-C", 20)


def test_a_waiting_meld_broken_by_a_played_card_cannot_be_scored():
    state = dealt(["KH", "QH", "KC", "QC", "QS", "JD", "AC", "AD"])
    win_trick(state, "AC")
    play(state, "meld:marriage-H", "meld:marriage-C", "done")
    win_trick(state, "KC")  # the bezique keeps the meld turn open
    assert code(state, "score:marriage-C") == "no-waiting-meld"


def test_a_card_may_join_a_meld_of_another_class():
    state = dealt(["QS", "JD", "KS", "AC", "AD"])
    win_trick(state, "AC")
    play(state, "meld:bezique", "done")
    win_trick(state, "AD")
    assert "meld:marriage-S" in legal(state)  # the bezique's QS marries the KS
    play(state, "meld:marriage-S")
    book = Book(state)
    qs = next(c for c in state.table.of("hand", 0) if GAME.pack.code(c) == "QS")
    assert book.used[qs] == "BD"


def test_a_card_may_not_move_to_another_meld_of_its_class():
    state = dealt(["QS", "JD", "JD", "KC", "QC", "AC", "AD"])
    win_trick(state, "AC")
    play(state, "meld:bezique", "done")
    win_trick(state, "AD")
    # the second JD has no fresh QS to pair with: the tabled QS is spent on beziques
    assert "meld:bezique" not in legal(state)
    assert code(state, "meld:bezique") == "meld-reuse"


def test_a_bezique_may_grow_into_a_double_bezique():
    state = dealt(["QS", "JD", "QS", "JD", "AC", "AD"])
    win_trick(state, "AC")
    play(state, "meld:bezique", "done")
    win_trick(state, "AD")
    play(state, "meld:double-bezique")
    assert state.vars["scored"][-1] == (0, "double-bezique", 500)
    groups = state.vars["groups"]
    assert [g.kind for g in groups] == ["double-bezique"] and len(groups[0].cards) == 4


def test_a_double_bezique_may_not_be_split_into_a_single_one():
    state = dealt(["QS", "JD", "QS", "JD", "KC", "QC", "AC", "AD"])
    win_trick(state, "AC")
    play(state, "meld:double-bezique", "done")
    win_trick(state, "AD")
    assert code(state, "meld:bezique") == "meld-reuse"


def test_a_meld_broken_by_a_played_card_may_be_restored_and_scored_again():
    state = dealt(["KH", "QH", "KH", "AC", "AD", "AS"])
    win_trick(state, "AC")
    play(state, "meld:marriage-H", "done")
    win_trick(state, "table:KH")  # the tabled king is played: the marriage is broken
    assert "meld:marriage-H" in legal(state)  # the concealed KH restores it
    play(state, "meld:marriage-H")
    assert [s for s in state.vars["scored"]] == [(0, "marriage-H", 40)] * 2


def test_a_broken_meld_never_scored_may_not_be_restored():
    # a meld is restored "to score again"; an unscored one had to stay intact to score
    state = dealt(["KH", "QH", "KC", "QC", "KC", "QS", "JD", "AC", "AD"])
    win_trick(state, "AC")
    play(state, "meld:marriage-H", "meld:marriage-C", "done")  # the clubs marriage waits
    win_trick(state, "table:KC")  # broken before it scored; the bezique opens the turn
    assert state.vars["step"] == "meld" and "meld:marriage-C" not in legal(state)
    assert code(state, "meld:marriage-C") == "meld-reuse"


def test_an_intact_meld_may_not_be_scored_again_with_a_new_card():
    state = dealt(["KH", "QH", "KH", "KC", "QC", "AC", "AD"])
    win_trick(state, "AC")
    play(state, "meld:marriage-H", "done")
    win_trick(state, "AD")
    assert code(state, "meld:marriage-H") == "meld-reuse"


def test_a_marriage_may_not_be_scored_out_of_a_sequence():
    state = dealt(["AS", "TS", "KS", "QS", "JS", "KC", "QC", "AC", "AD"])
    win_trick(state, "AC")
    play(state, "meld:sequence-S", "done")
    win_trick(state, "AD")
    assert code(state, "meld:marriage-S") == "meld-reuse"


def test_a_waiting_marriage_may_not_be_scored_once_its_sequence_is_scored():
    state = dealt(["AC", "AD", "AS", "AH", "TH", "KH", "QH", "JH", "QS", "JD"])
    win_trick(state, "7C")
    play(state, "meld:four-A", "meld:sequence-H", "meld:marriage-H", "done")  # both wait
    win_trick(state, "TD")
    play(state, "score:sequence-H", "done")
    win_trick(state, "TC")  # the bezique opens the turn
    assert state.vars["step"] == "meld" and "score:marriage-H" not in legal(state)
    assert code(state, "score:marriage-H") == "meld-reuse"


def test_the_king_and_queen_of_a_sequence_still_waiting_may_marry():
    # decisions.md forbids a marriage out of a sequence *already scored*; a waiting
    # sequence scored after its marriage is the marriage grown into a sequence
    state = dealt(["AC", "AD", "AS", "AH", "TH", "KH", "QH", "JH"])
    win_trick(state, "7C")
    play(state, "meld:four-A", "meld:sequence-H", "done")  # the sequence waits
    win_trick(state, "8C")
    play(state, "meld:marriage-H", "done")
    win_trick(state, "9C")
    play(state, "score:sequence-H")
    assert state.vars["scored"] == [(0, "four-A", 100), (0, "marriage-H", 40),
                                    (0, "sequence-H", 250)]


def test_a_sequence_scored_then_broken_and_restored_waiting_still_keeps_its_marriage():
    state = dealt(["AH", "TH", "KH", "QH", "JH", "AH", "AC", "AD", "AS"])
    win_trick(state, "7C")
    play(state, "meld:sequence-H", "done")  # scored: 250
    win_trick(state, "table:AH")  # the sequence is broken
    play(state, "meld:four-A", "meld:sequence-H", "done")  # restored, waiting
    win_trick(state, "8C")
    assert code(state, "meld:marriage-H") == "meld-reuse"


def test_a_king_of_a_sequence_may_marry_a_fresh_queen():
    state = dealt(["AS", "TS", "KS", "QS", "JS", "QS", "AC", "AD"])
    win_trick(state, "AC")
    play(state, "meld:sequence-S", "done")
    win_trick(state, "AD")
    play(state, "meld:marriage-S")
    assert state.vars["scored"][-1] == (0, "marriage-S", 40)


def test_a_marriage_may_grow_into_a_sequence():
    state = dealt(["KS", "QS", "AS", "TS", "JS", "AC", "AD"])
    win_trick(state, "AC")
    play(state, "meld:marriage-S", "done")
    win_trick(state, "AD")
    play(state, "meld:sequence-S")
    assert state.vars["scored"] == [(0, "marriage-S", 40), (0, "sequence-S", 250)]


def test_four_aces_and_four_trump_aces_are_one_class():
    state = dealt(["KH", "QH", "AH", "AH", "AH", "AH", "AC", "AD", "QS", "JD", "8D", "9D"])
    win_trick(state, "8D")
    play(state, "meld:marriage-H", "done")
    win_trick(state, "9D")
    play(state, "meld:trump-four-A")
    assert state.vars["scored"][-1] == (0, "trump-four-A", 1000)
    assert code(state, "meld:four-A") == "meld-reuse"  # the trump aces are spent on fours


def test_four_aces_keep_the_trump_aces_for_four_of_trumps():
    state = dealt(["KH", "QH", "AH", "AH", "AH", "AH", "AC", "AD", "AS", "AS", "8D", "9D"])
    win_trick(state, "8D")
    play(state, "meld:marriage-H", "done")
    win_trick(state, "9D")
    play(state, "meld:four-A", "done")
    used = state.vars["used"]
    assert sorted(GAME.pack.code(c) for c in used if "C" in used[c]) == ["AC", "AD", "AS", "AS"]
    win_trick(state, "TD")
    assert "meld:trump-four-A" in legal(state)


def test_four_of_trumps_needs_a_trump_suit():
    state = dealt(["AH", "AH", "AH", "AH", "QS", "JD", "AC"])
    win_trick(state, "AC")
    assert code(state, "meld:trump-four-A") == "trump-not-set"
    assert code(state, "meld:sequence-S") == "meld-cards-missing"


def test_the_opponent_sees_melded_cards_but_not_concealed_ones():
    state = dealt(["KH", "QH", "AC"])
    win_trick(state, "AC")
    play(state, "meld:marriage-H", "done")
    seen = state.observation(1)["table"]["hand"][0]
    assert sorted(seen["shown"]) == ["KH", "QH"] and seen["count"] == 12
    book = state.observation(1)["bezique"]["melds"][0]
    assert book["groups"][0]["kind"] == "marriage-H" and book["groups"][0]["scored"]


def test_a_card_named_by_its_code_is_played_from_the_concealed_copies():
    state = dealt(["KH", "QH", "KH", "AC", "AD", "AS"])
    win_trick(state, "AC")
    play(state, "meld:marriage-H", "done")
    win_trick(state, "KH")  # the concealed king: the marriage stays whole
    assert [g.broken for g in state.vars["groups"]] == [False]
    assert state.check("meld:marriage-H") is not None


# --- lays that name their cards, and the meld the player scores ------------------------------
def test_a_player_laying_several_melds_scores_the_one_chosen():
    # the marriage sets trump; the player scores the four trump jacks laid after it
    state = dealt(["KH", "QH", "JH", "JH", "JH", "JH", "AC", "AD"])
    win_trick(state, "AC")
    play(state, "meld:marriage-H:KH+QH", "meld:trump-four-J:JH+JH+JH+JH",
         "score:trump-four-J", "done")
    assert state.trump == GAME.pack.suits.index("H")
    assert state.vars["scored"] == [(0, "trump-four-J", 400)]
    win_trick(state, "AD")
    play(state, "score:marriage-H")  # the marriage waited
    assert state.vars["scored"][-1] == (0, "marriage-H", 40)


def test_a_score_names_the_meld_laid_in_the_turn_before_an_older_waiting_one():
    state = dealt(["KH", "QH", "KH", "QH", "AC", "AD", "QS", "JD"])
    win_trick(state, "AC")
    play(state, "meld:marriage-H:KH+QH", "meld:bezique:QS+JD", "score:bezique", "done")
    win_trick(state, "AD")
    play(state, "meld:marriage-H:KH+QH", "score:marriage-H", "done")
    marriages = [g for g in state.vars["groups"] if g.kind == "marriage-H"]
    assert [g.scored for g in marriages] == [False, True]


def test_a_lay_that_names_its_cards_is_restored_with_those_copies():
    state = dealt(["JD", "JD", "JD", "JD", "JS", "JS", "AC", "AD"])
    win_trick(state, "AC")
    play(state, "meld:four-J:JD+JS+JD+JD", "score:four-J", "done")
    tabled = sorted(GAME.pack.code(c) for c in state.vars["used"])
    assert tabled == ["JD", "JD", "JD", "JS"]
    win_trick(state, "table:JS")  # the four jacks are broken; a concealed JS is left
    play(state, "meld:four-J:table:JD+JS+table:JD+table:JD", "score:four-J")
    assert state.vars["scored"] == [(0, "four-J", 40)] * 2


def test_a_lay_may_name_its_cards_in_any_order_case_and_ten():
    parse = GAME.vocab.parse
    action = parse("meld:sequence-H:AH+TH+KH+QH+table:JH")
    assert action is not None
    assert parse("MELD:Sequence-h:table:jh+10H+qh+kh+ah") == action
    assert GAME.vocab.text(action) == "meld:sequence-H:AH+TH+KH+QH+table:JH"
    assert parse("meld:sequence-H:AH+TH+KH+QH") is None  # a card short
    assert parse("meld:sequence-H:AH+TH+KH+QH+JS") is None  # not the meld's card


def test_a_lay_naming_cards_the_player_has_not_so_is_refused():
    state = dealt(["KH", "QH", "KH", "AC", "AD", "QS", "JD"])
    win_trick(state, "AC")
    assert code(state, "meld:marriage-H:table:KH+QH") == "card-not-on-table"
    assert code(state, "meld:four-J:JD+JD+JD+JD") == "meld-cards-missing"
    play(state, "meld:marriage-H:KH+QH", "score:marriage-H", "done")
    win_trick(state, "AD")
    assert code(state, "meld:marriage-H:KH+table:QH") == "meld-reuse"  # intact: no restore
    assert code(state, "score:marriage-H") == "no-waiting-meld"  # it scored already


def test_a_short_form_lay_is_stored_naming_its_cards_and_its_score():
    # records written before lays named their cards keep their meaning: the first
    # short-form lay of a turn scores, and it is stored as what the rules read
    state = dealt(["KH", "QH", "KC", "QC", "AC"])
    win_trick(state, "AC")
    play(state, "meld:marriage-H", "meld:marriage-C", "done")
    texts = [GAME.vocab.text(a) for a in state.events[-4:]]
    assert texts == ["meld:marriage-H:KH+QH", "score:marriage-H", "meld:marriage-C:KC+QC",
                     "done"]
    assert state.vars["scored"] == [(0, "marriage-H", 40)]
