"""A tiny game written on the engine, used by the engine's tests and by
docs/adding-a-game.md: "Nomination", a plain Oh Hell.

Rules: 3 to 5 players, 52 cards (ace high). Hands of 1, 2, 3, 2, 1 cards (option
``top``: the largest hand). The card after the deal is turned for trump. One bid
each from the dealer's left, 0 to the cards dealt; the dealer may not bid so that
the bids add up to the cards dealt. The dealer's left leads; follow suit if able.
An exact bid scores 10 plus the tricks; anything else scores nothing.
"""

from __future__ import annotations

from games.engine import (
    BidRound,
    EngineGame,
    FixedSchedule,
    Option,
    Pack,
    RuleViolation,
    TrickPlay,
    Vocabulary,
)


class Nomination(EngineGame):
    name = "nomination"
    title = "Nomination"
    min_players, max_players = 3, 5
    pack = Pack()
    OPTIONS = (Option("top", "int", 3, "cards on the largest hand", minimum=1, maximum=10),)
    SUMMARY_SCHEMA = {
        "bids": {"type": "array", "items": {"type": "integer", "minimum": 0},
                 "title": "Bid", "x-per": "seat"},
        "tricks": {"type": "array", "items": {"type": "integer", "minimum": 0},
                   "title": "Tricks", "x-per": "seat"},
    }

    def build_vocabulary(self):
        vocab = Vocabulary()
        vocab.numbers("bid", 0, self.options["top"])
        vocab.cards(self.pack)
        return vocab

    def build_phases(self):
        return [BidRound(), TrickPlay()]

    def build_ending(self):
        top = self.options["top"]
        return FixedSchedule(tuple(range(1, top + 1)) + tuple(range(top - 1, 0, -1)))

    def bid_forbidden(self, state, seat, bid):
        if seat == state.dealer and sum(state.bids[s] for s in state.bid_order) + bid \
                == state.cards:
            return RuleViolation("dealer-hook", "the dealer's bid may not make the bids "
                                 f"add up to {state.cards}")
        return None

    def score_hand(self, state):
        return [10 + won if won == bid else 0
                for bid, won in zip(state.bids, state.tricks_won, strict=True)]

    def score_summary(self, state, summary):
        problems = []
        bids, tricks = summary.get("bids"), summary.get("tricks")
        for field, values in (("bids", bids), ("tricks", tricks)):
            if not isinstance(values, list) or len(values) != state.n:
                problems.append({"seat": None, "field": f"summary.{field}",
                                 "code": "bad-shape",
                                 "message": f"{field} must list one number per seat"})
        if problems:
            return None, problems
        if sum(tricks) != state.cards:
            problems.append({"seat": None, "field": "summary.tricks", "code": "tricks-sum",
                             "message": f"tricks add up to {sum(tricks)}, not {state.cards}"})
        return [10 + won if won == bid else 0
                for bid, won in zip(bids, tricks, strict=True)], problems
