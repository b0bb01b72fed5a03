"""Checks of one hand of a record: schedule, bids, tricks, trump and scores.

Card-by-card hands (with "plays") are replayed by `replay.replay_hand`; plain
scoresheet hands are checked from their bids and tricks alone.
"""

from __future__ import annotations

from games.bluke import actions as A
from games.bluke.cards import NO_TRUMP, SUITS, parse_card, parse_suit
from games.bluke.replay import replay_hand, turned_unknown
from games.bluke.state import State
from games.engine.errors import RecordError
from games.engine.text import N_, Card, Text, joined, seat_word


def parse_bid(value):
    """(action, stated Board level or 0) for a written bid, or None if unreadable."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return (A.bid_action(value), 0) if 0 <= value <= A.MAX_BID else None
    if not isinstance(value, str):
        return None
    word = value.strip().lower()
    if word in A.BOARD_WORDS:
        return A.BOARD, A.BOARD_WORDS.index(word) + 1
    action = A.string_to_action(word)
    if action is None or not A.is_bid(action):
        return None
    return action, 0


class HandChecker:
    """Checks hands one after another, appending `RecordError`s to `errors`."""

    def __init__(self, game, seats, first_dealer: int, errors: list):
        self.game = game
        self.seats = seats
        self.n = game.num_players
        self.errors = errors
        self.unit_word = "team" if game.partnership else "player"  # (as in a message)
        self.state = State(game, seed=0, first_dealer=first_dealer, auto_deal=False)
        self.bid_orders = [game.bid_order(dealer) for dealer in range(self.n)]
        self.number = 0

    # --- naming -----------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return self.seats[seat] if seat < len(self.seats) else seat_word(seat)

    def unit_name(self, unit: int) -> str:
        if not self.game.partnership:
            return self.seat_name(unit)
        return joined(self.seat_name(s) for s in self.game.teams[unit])

    def error(self, code: str, message: str, seat=None, fld=None) -> None:
        if self.number:
            message = Text(N_("hand %(hand)s: %(message)s"), hand=self.number, message=message)
        self.errors.append(RecordError(self.number or None, seat, fld, code, message))

    # --- one hand ---------------------------------------------------------
    def check(self, index: int, hand) -> list[int] | None:
        """Check hand `index` (0-based); return its computed scores, or None."""
        self.number = index + 1
        self.tricks = None  # tricks per seat of this hand, once it is scored
        if not isinstance(hand, dict):
            self.error("bad-shape", Text(N_("each hand must be an object")))
            return None
        cards = self.game.schedule[index]
        written = hand.get("cards", cards)
        if written != cards:
            self.error("cards-schedule",
                       Text(N_("%(written)s cards were dealt but hand %(hand)s of this game "
                               "has %(cards)s cards per player"), written=written,
                            hand=self.number, cards=cards), fld="cards")
        state = self.state
        state.start_at(index)
        dealer = (state.first_dealer + index) % self.n
        if "dealer" in hand and hand["dealer"] != dealer:
            self.error("dealer-mismatch",
                       Text(N_("the dealer should be %(seat)s (the deal passes left)"),
                            seat=self.seat_name(dealer)), fld="dealer")
        if "plays" in hand:
            result = replay_hand(self, hand, cards)
        else:
            result = self.check_scoresheet(hand, cards)
        if result is None:
            return None
        tricks, scores = result
        self.tricks = list(tricks)
        self.compare_scores(hand, scores)
        return scores

    def check_scoresheet(self, hand: dict, cards: int):
        state = self.state
        if "deal" in hand and not self.check_written_deal(hand, cards):
            return None
        state.start_hand([0] * self.n, None)
        trump = self.read_trump(hand)
        if trump is not None:
            state.set_trump(trump)
        if not self.apply_bids(hand, cards):
            return None
        tricks = self.read_tricks(hand, cards)
        if tricks is None:
            return None
        scores = self.game.score_from_counts(cards, state.bids, tricks, state.bid_order)
        return tricks, scores

    def check_written_deal(self, hand: dict, cards: int) -> bool:
        """A deal written on a scoresheet hand: the right cards, none twice, and the
        turned card not in a hand (as for a card-by-card hand)."""
        from games.bluke.replay import read_deal, read_turned

        masks = read_deal(self, hand, cards)
        return masks is not None and read_turned(self, hand, masks)[0]

    # --- pieces -----------------------------------------------------------
    def read_trump(self, hand: dict) -> int | None:
        """Trump written (or implied by "turned"); None when neither is given."""
        turned_trump = None
        if hand.get("turned") is not None:
            turned = parse_card(hand["turned"])
            if turned is None or turned not in self.game.deck:
                self.error("card-unknown", turned_unknown(hand["turned"]), fld="turned")
            else:
                turned_trump = self.game.trump_for(turned)
        if "trump" not in hand:
            return turned_trump
        trump = parse_suit(hand["trump"])
        if trump == -1 or (trump == NO_TRUMP and self.game.always_trump):
            self.error("trump-invalid", Text(N_("trump %(trump)s is not S, H, D or C")
                                             if self.game.always_trump else
                                             N_("trump %(trump)s is not S, H, D, C or none"),
                                             trump=repr(hand["trump"])), fld="trump")
            return turned_trump
        if turned_trump is not None and trump != turned_trump:
            self.error("trump-mismatch",
                       Text(N_("trump is written as %(trump)s but the turned card %(turned)s "
                               "makes it %(suit)s"), trump=repr(hand["trump"]),
                            turned=Card(hand["turned"]), suit=suit_word(turned_trump)),
                       fld="trump")
            return turned_trump
        return trump

    def apply_bids(self, hand: dict, cards: int, quiet: bool = False) -> bool:
        """Put the written bids into the state in bidding order; False if unusable.
        `quiet`: the bids were already checked (a second pass over the same hand)."""
        if quiet:
            errors, self.errors = self.errors, []
            try:
                return self.apply_bids(hand, cards)
            finally:
                self.errors = errors
        bids = hand.get("bids")
        if not isinstance(bids, list) or len(bids) != self.n:
            self.error("bid-count", Text(N_("bids must list one bid for each of the %(seats)s "
                                            "seats"), seats=self.n), fld="bids")
            return False
        parsed = list(map(parse_bid, bids))
        if None in parsed or max(level for _, level in parsed) > len(self.game.board_words):
            self.report_unreadable_bid(bids, parsed)
            return False
        if self.game.normalizes_bids:
            parsed = [(self.game.normalize_bid(action, cards), level)
                      for action, level in parsed]
        state = self.state
        order = self.bid_orders[state.dealer]
        actions = [parsed[seat][0] for seat in order]
        position = 0
        while (stop := state.apply_many(actions, position)) is not None:  # the public API
            position, violation = stop
            seat = order[position]
            code = "bid-invalid" if violation.code == "bid-invalid" else violation.code
            self.error(code, Text(N_("%(seat)s bid %(bid)s: %(why)s"),
                                  seat=self.seat_name(seat), bid=repr(bids[seat]),
                                  why=violation.message), seat, "bids")
            state.apply(actions[position], check=False)  # reported; go on as written
            position += 1
        self.check_board_levels(order, parsed, bids)
        self.check_all_pass()
        return True

    def report_unreadable_bid(self, bids, parsed) -> None:
        """Name the first bid that is not a bid, or not one of this game's Board words."""
        for seat, (value, bid) in enumerate(zip(bids, parsed, strict=True)):
            if bid is None:
                self.error("bid-invalid", Text(N_("%(seat)s's bid %(bid)s is not a bid"),
                                               seat=self.seat_name(seat), bid=repr(value)),
                           seat, "bids")
                return
            if bid[1] > len(self.game.board_words):
                self.error("bid-invalid", Text(N_("%(seat)s's bid %(bid)s: %(game)s has no "
                                                  "%(word)s bid"), seat=self.seat_name(seat),
                                               bid=repr(value), game=self.game.title,
                                               word=repr(value.strip().lower())),
                           seat, "bids")
                return

    def check_board_levels(self, order, parsed, bids) -> None:
        """A written "double-board" (etc.) must be the Board of that rank in the hand."""
        if not self.game.partnership:
            return
        boards = 0
        for seat in order:
            action, stated = parsed[seat]
            if action != A.BOARD:
                continue
            boards += 1
            if stated and stated != boards:
                self.error("board-level",
                           Text(N_("%(seat)s's bid is written as %(bid)s but it was Board "
                                   "number %(number)s of the hand, so it is %(word)s"),
                                seat=self.seat_name(seat), bid=repr(bids[seat]),
                                number=boards, word=repr(A.BOARD_WORDS[boards - 1])),
                           seat, "bids")

    def check_all_pass(self) -> None:
        bids = self.state.bids
        if self.game.zero_word == "pass" and all(bid == A.PASS for bid in bids):
            self.error("all-pass", Text(N_("everyone passed: that deal is thrown in and dealt "
                                           "again, and should not be recorded as a hand")),
                       fld="bids")

    def read_tricks(self, hand: dict, cards: int) -> list[int] | None:
        tricks = hand.get("tricks")
        teams = self.game.teams
        sizes = {self.n} | ({len(teams)} if self.game.partnership else set())
        if not isinstance(tricks, list) or len(tricks) not in sizes:
            self.error("tricks-count", Text(N_("tricks must list the tricks won by each of "
                                               "the %(seats)s seats"), seats=self.n),
                       fld="tricks")
            return None
        for unit, won in enumerate(tricks):
            if isinstance(won, bool) or not isinstance(won, int) or not 0 <= won <= cards:
                self.error("tricks-range", Text(N_("tricks won by %(who)s are written as "
                                                   "%(won)s; they must be 0 to %(cards)s"),
                                                who=self.trick_owner(unit, len(tricks)),
                                                won=repr(won), cards=cards),
                           unit, "tricks")
                return None
        total = sum(tricks)
        if total != cards:
            self.error("tricks-sum", Text(N_("tricks add up to %(total)s but %(cards)s cards "
                                             "were dealt to each player"),
                                          total=total, cards=cards), fld="tricks")
        if len(tricks) == self.n:
            return list(tricks)
        per_seat = [0] * self.n
        for team, won in zip(teams, tricks, strict=True):
            per_seat[team[0]] = won
        return per_seat

    def trick_owner(self, unit: int, length: int) -> str:
        return self.seat_name(unit) if length == self.n else self.unit_name(unit)

    def compare_scores(self, hand: dict, scores: list[int]) -> None:
        written = hand.get("scores")
        if written is None:
            return
        units = len(scores)
        per_seat = self.game.partnership and isinstance(written, list) and len(written) == self.n
        if not isinstance(written, list) or (len(written) != units and not per_seat):
            self.error("score-count", Text(N_("scores must list %(count)s numbers, one per "
                                              "team") if self.game.partnership else
                                           N_("scores must list %(count)s numbers, one per "
                                              "player"), count=units), fld="scores")
            return
        for index, have in enumerate(written):
            unit = self.game.team_of[index] if per_seat else index
            if have != scores[unit]:
                who = self.seat_name(index) if per_seat else self.unit_name(unit)
                self.error("score-mismatch", Text(N_("%(who)s's score is written as %(have)s "
                                                     "but should be %(want)s"), who=who,
                                                  have=repr(have), want=scores[unit]),
                           index if per_seat else unit, "scores")

    def check_running(self, index: int, hand, totals: list[int]) -> None:
        if not isinstance(hand, dict) or hand.get("running") is None:
            return
        self.number = index + 1
        written = hand["running"]
        if not isinstance(written, list) or len(written) != len(totals):
            self.error("running-count", Text(N_("running totals must list %(count)s "
                                                "numbers"), count=len(totals)),
                       fld="running")
            return
        for unit, (have, want) in enumerate(zip(written, totals, strict=True)):
            if have != want:
                self.error("running-mismatch", Text(N_("%(who)s's running total is written "
                                                       "as %(have)s but should be %(want)s"),
                                                    who=self.unit_name(unit), have=repr(have),
                                                    want=want), unit, "running")


def suit_word(trump: int) -> Text | Card:
    return Text(N_("no trump")) if trump == NO_TRUMP else Card(SUITS[trump])

