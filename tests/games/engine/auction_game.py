"""A second small engine game for the tests: "Widow Whist", using the auction, a
choice, an exchange, a hidden widow, secret discards and a target score.

Rules: 3 players, 32 cards (7 to ace). 10 cards each and a widow of 2. Auction from
the dealer's left: bid 6 to 10 tricks or pass (final); the last bidder left
declares; all pass: the deal is thrown in. The declarer names trump (``trump:S``
...), takes the widow, and discards two cards face down (others see ``?``). The
declarer leads; follow suit. Declarer making the contract scores it, else each
other player scores it. First to 10 points wins (totals only rise, so even random
players get there).
"""

from __future__ import annotations

from games.engine import (
    DISCARDS,
    HAND,
    NOBODY,
    STOCK,
    TRICK,
    WON,
    Area,
    Auction,
    Choice,
    EngineGame,
    Exchange,
    Pack,
    TargetScore,
    TrickPlay,
    Vocabulary,
)

WIDOW = Area("widow", NOBODY)


def name_trump(state, action):
    declarer = state.vars["declarer"]
    state.trump = action - state.game.vocab.families["trump"].start
    widow = list(state.table.of("widow"))
    for card in widow:
        state.table.take("widow", card)
    state.table.put("hand", widow, declarer)


class WidowWhist(EngineGame):
    name = "widow-whist"
    title = "Widow Whist"
    min_players = max_players = 3
    pack = Pack(ranks="789TJQKA")
    areas = (HAND, WON, TRICK, STOCK, WIDOW, DISCARDS)
    turns_trump = False
    secret_families = ("discard",)
    # the paper scoresheet's columns (the league reads them); no scoresheet-only scoring
    SUMMARY_SCHEMA = {
        "declarer": {"title": "Declarer", "x-per": "hand", "type": "integer",
                     "minimum": 0, "maximum": 2, "description": "seat that won the auction"},
        "contract": {"title": "Contract", "x-per": "hand", "type": "integer",
                     "minimum": 6, "maximum": 10},
        "tricks": {"title": "Tricks", "x-per": "seat", "type": "array",
                   "items": {"type": "integer", "minimum": 0, "maximum": 10}},
    }

    def build_vocabulary(self):
        vocab = Vocabulary()
        vocab.word("pass")
        vocab.numbers("bid", 6, 10)
        vocab.family("trump", self.pack.suits)
        vocab.family("discard", self.pack.faces)
        vocab.cards(self.pack)
        return vocab

    def build_phases(self):
        declarer = lambda state: state.vars["declarer"]  # noqa: E731
        trumps = lambda state: self.vocab.families["trump"]  # noqa: E731
        return [Auction(), Choice("trump", declarer, trumps, name_trump),
                Exchange(declarer, lambda state: 2), TrickPlay()]

    def build_ending(self):
        return TargetScore(10, cards=10)

    def bid_range(self, state):
        return 6, 10

    def deal(self, state, rng):
        super().deal(state, rng)
        widow = list(state.table.of("stock"))
        for card in widow:
            state.table.take("stock", card)
        state.table.put("widow", widow)

    def deal_needs(self, state):
        return ("widow",)

    def first_leader(self, state):
        return state.vars["declarer"]

    def score_hand(self, state):
        declarer, contract = state.vars["declarer"], state.vars["contract"]
        made = state.tricks_won[declarer] >= contract
        return [contract if (seat == declarer) == made else 0 for seat in range(state.n)]

    def summary(self, state):
        return {"declarer": state.vars["declarer"], "contract": state.vars["contract"],
                "tricks": list(state.tricks_won)}
