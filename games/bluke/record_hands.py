"""Checks of one hand of a record: schedule, bids, tricks, trump and scores.

Card-by-card hands (with "plays") are replayed by `replay.replay_hand`; plain
scoresheet hands are checked from their bids and tricks alone.
"""

from __future__ import annotations

from games.bluke import actions as A
from games.bluke.cards import NO_TRUMP, SUITS, parse_card, parse_suit
from games.bluke.replay import replay_hand
from games.bluke.state import State
from games.engine.errors import RecordError


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
        self.unit_word = "team" if game.partnership else "player"
        self.state = State(game, seed=0, first_dealer=first_dealer, auto_deal=False)
        self.bid_orders = [game.bid_order(dealer) for dealer in range(self.n)]
        self.number = 0

    # --- naming -----------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return self.seats[seat] if seat < len(self.seats) else f"seat {seat + 1}"

    def unit_name(self, unit: int) -> str:
        if not self.game.partnership:
            return self.seat_name(unit)
        return " & ".join(self.seat_name(s) for s in self.game.teams[unit])

    def error(self, code: str, message: str, seat=None, fld=None) -> None:
        where = f"hand {self.number}: " if self.number else ""
        self.errors.append(RecordError(self.number or None, seat, fld, code, where + message))

    # --- one hand ---------------------------------------------------------
    def check(self, index: int, hand) -> list[int] | None:
        """Check hand `index` (0-based); return its computed scores, or None."""
        self.number = index + 1
        self.tricks = None  # tricks per seat of this hand, once it is scored
        if not isinstance(hand, dict):
            self.error("bad-shape", "each hand must be an object")
            return None
        cards = self.game.schedule[index]
        written = hand.get("cards", cards)
        if written != cards:
            self.error("cards-schedule",
                       f"{written} cards were dealt but hand {self.number} of this game "
                       f"has {cards} cards per player", fld="cards")
        state = self.state
        state.start_at(index)
        dealer = (state.first_dealer + index) % self.n
        if "dealer" in hand and hand["dealer"] != dealer:
            self.error("dealer-mismatch",
                       f"the dealer should be {self.seat_name(dealer)} (the deal passes left)",
                       fld="dealer")
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
                self.error("card-unknown", f"the turned card {hand['turned']!r} is not a card "
                           "of this game's deck", fld="turned")
            else:
                turned_trump = self.game.trump_for(turned)
        if "trump" not in hand:
            return turned_trump
        trump = parse_suit(hand["trump"])
        if trump == -1 or (trump == NO_TRUMP and self.game.always_trump):
            allowed = "S, H, D or C" if self.game.always_trump else "S, H, D, C or none"
            self.error("trump-invalid", f"trump {hand['trump']!r} is not {allowed}",
                       fld="trump")
            return turned_trump
        if turned_trump is not None and trump != turned_trump:
            self.error("trump-mismatch",
                       f"trump is written as {hand['trump']!r} but the turned card "
                       f"{hand['turned']} makes it {suit_word(turned_trump)}", fld="trump")
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
            self.error("bid-count", f"bids must list one bid for each of the {self.n} seats",
                       fld="bids")
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
            self.error(code, f"{self.seat_name(seat)} bid {bids[seat]!r}: "
                       f"{violation.message}", seat, "bids")
            state.apply(actions[position], check=False)  # reported; go on as written
            position += 1
        self.check_board_levels(order, parsed, bids)
        self.check_all_pass()
        return True

    def report_unreadable_bid(self, bids, parsed) -> None:
        """Name the first bid that is not a bid, or not one of this game's Board words."""
        for seat, (value, bid) in enumerate(zip(bids, parsed, strict=True)):
            if bid is None:
                self.error("bid-invalid", f"{self.seat_name(seat)}'s bid {value!r} is not a bid",
                           seat, "bids")
                return
            if bid[1] > len(self.game.board_words):
                self.error("bid-invalid", f"{self.seat_name(seat)}'s bid {value!r}: "
                           f"{self.game.title} has no {value.strip().lower()!r} bid",
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
                           f"{self.seat_name(seat)}'s bid is written as {bids[seat]!r} but "
                           f"it was Board number {boards} of the hand, so it is "
                           f"{A.BOARD_WORDS[boards - 1]!r}", seat, "bids")

    def check_all_pass(self) -> None:
        bids = self.state.bids
        if self.game.zero_word == "pass" and all(bid == A.PASS for bid in bids):
            self.error("all-pass", "everyone passed: that deal is thrown in and dealt again, "
                       "and should not be recorded as a hand", fld="bids")

    def read_tricks(self, hand: dict, cards: int) -> list[int] | None:
        tricks = hand.get("tricks")
        teams = self.game.teams
        sizes = {self.n} | ({len(teams)} if self.game.partnership else set())
        if not isinstance(tricks, list) or len(tricks) not in sizes:
            self.error("tricks-count", f"tricks must list the tricks won by each of the "
                       f"{self.n} seats", fld="tricks")
            return None
        for unit, won in enumerate(tricks):
            if isinstance(won, bool) or not isinstance(won, int) or not 0 <= won <= cards:
                self.error("tricks-range", f"tricks won by {self.trick_owner(unit, len(tricks))}"
                           f" are written as {won!r}; they must be 0 to {cards}",
                           unit, "tricks")
                return None
        total = sum(tricks)
        if total != cards:
            self.error("tricks-sum", f"tricks add up to {total} but {cards} cards were dealt "
                       "to each player", fld="tricks")
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
            self.error("score-count", f"scores must list {units} numbers, one per "
                       f"{self.unit_word}", fld="scores")
            return
        for index, have in enumerate(written):
            unit = self.game.team_of[index] if per_seat else index
            if have != scores[unit]:
                who = self.seat_name(index) if per_seat else self.unit_name(unit)
                self.error("score-mismatch", f"{who}'s score is written as "
                           f"{have!r} but should be {scores[unit]}",
                           index if per_seat else unit, "scores")

    def check_running(self, index: int, hand, totals: list[int]) -> None:
        if not isinstance(hand, dict) or hand.get("running") is None:
            return
        self.number = index + 1
        written = hand["running"]
        if not isinstance(written, list) or len(written) != len(totals):
            self.error("running-count", f"running totals must list {len(totals)} numbers",
                       fld="running")
            return
        for unit, (have, want) in enumerate(zip(written, totals, strict=True)):
            if have != want:
                self.error("running-mismatch", f"{self.unit_name(unit)}'s running total is "
                           f"written as {have!r} but should be {want}", unit, "running")


def suit_word(trump: int) -> str:
    return "no trump" if trump == NO_TRUMP else SUITS[trump]
