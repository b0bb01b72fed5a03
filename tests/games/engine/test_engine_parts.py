"""The engine's building blocks: packs, vocabularies, areas, trick rules, endings."""

import pytest

from games.engine import (
    HIGHER_WINS,
    LOWER_WINS,
    MUST_OVERTRUMP,
    MUST_TRUMP,
    Pack,
    TargetScore,
    Vocabulary,
)
from games.engine.areas import DEFAULT_AREAS, Table


def test_a_pack_with_alike_jokers_and_left_out_cards_has_36_cards():
    pack = Pack(ranks="6789TJQKA", jokers=("JK", "JK"), leave_out=("6S", "6C"))
    assert pack.size == 36
    assert pack.ids_of[pack.parse("JK")] == (34, 35)
    assert pack.parse("6S") is None
    assert pack.code(35) == "JK"
    assert pack.parse("10h") == pack.parse("TH")


def test_four_copies_of_the_pack_repeat_every_code():
    pack = Pack(copies=4)
    assert pack.size == 208
    ace = pack.parse("AS")
    assert [pack.code(card) for card in pack.ids_of[ace]] == ["AS"] * 4


def test_rank_order_is_the_games_own():
    pack = Pack(ranks="78QKTA9J")  # Twenty-Nine
    assert pack.power[pack.parse("JS")] > pack.power[pack.parse("9S")] \
        > pack.power[pack.parse("AS")] > pack.power[pack.parse("KS")]


def test_vocabulary_round_trips_every_text_and_reads_bare_bids():
    vocab = Vocabulary()
    vocab.word("pass")
    bids = vocab.numbers("bid", 0, 5)
    vocab.cards(Pack())
    vocab.family("call", ["AS", "AD"])
    for action in range(len(vocab)):
        assert vocab.parse(vocab.text(action)) == action
    assert vocab.parse(3) == vocab.parse("BID:3") == bids.start + 3
    assert vocab.parse("call:ad") == vocab.parse("call:AD")
    assert vocab.parse("bid:9") is None
    with pytest.raises(ValueError, match="twice"):
        vocab.word("pass")


def test_a_seat_sees_its_own_hand_and_only_counts_elsewhere():
    pack = Pack()
    table = Table(DEFAULT_AREAS, 2)
    table.put("hand", [0, 1], 0)
    table.put("hand", [2, 3, 4], 1)
    table.put("turned", [5])
    table.show(3)
    seen = table.observe(pack, 0)
    assert seen["hand"][0] == ["2S", "3S"]
    assert seen["hand"][1] == {"count": 3, "shown": ["5S"]}
    assert seen["turned"] == ["7S"]
    assert seen["stock"] == {"count": 0}


class _Trick:
    """Just what the follow rules read from a state."""

    def __init__(self, pack, trick, hand, trump):
        from games.engine.game import EngineGame

        class Game(EngineGame):
            pass

        Game.pack = pack
        self.game = Game.__new__(Game)
        self.trick = [(seat, pack.ids_of[pack.parse(code)][0]) for seat, code in trick]
        self.led = pack.suit_of[pack.parse(trick[0][1])]
        self.trump = trump
        self.hand = [pack.ids_of[pack.parse(code)][0] for code in hand]

        class _Table:
            def of(_, name, seat):
                return self.hand

        self.table = _Table()


def _codes(pack, cards):
    return sorted(pack.code(c) for c in cards)


def test_must_trump_and_must_overtrump():
    pack = Pack()
    hearts = 1
    state = _Trick(pack, [(0, "KS"), (1, "5H")], ["3H", "9H", "4D"], hearts)
    assert _codes(pack, MUST_TRUMP.allowed(state, 2, state.hand)) == ["3H", "9H"]
    assert _codes(pack, MUST_OVERTRUMP.allowed(state, 2, state.hand)) == ["9H"]
    violation = MUST_OVERTRUMP.violation(state, 2, state.hand[0])
    assert violation.code == "must-overtrump"
    assert MUST_TRUMP.violation(state, 2, state.hand[2]).code == "must-trump"


def test_ranking_shares_places_and_knows_which_way_is_up():
    assert HIGHER_WINS.places([10, 30, 30, 5]) == [3, 1, 1, 4]
    assert LOWER_WINS.places([10, 30, 30, 5]) == [2, 3, 3, 1]
    assert LOWER_WINS.winners([3, 3, 9]) == [0, 1]


def test_a_count_down_target_is_reached_at_or_below_it():
    ending = TargetScore(0, direction="down")
    assert ending.reached(0) and ending.reached(-3) and not ending.reached(1)
