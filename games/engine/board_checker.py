"""Checking an engine game's record against the boards it was played on.

The referee's state is made on the boards, so each hand's dealer is its board's; each
hand is then checked as without boards, and what it states about its deal is held to
its board: the dealer, every part of a written deal (hands seat by seat, turned card,
widow, stock, ...), and what its summary says the deal decided (`board_problems`).
A hand that writes no hands is dealt its board's, so a card played that the board did
not give (or a draw out of the board's stock order) is the board's contradiction.
Each is a `board-mismatch` naming hand and seat (or the part).
"""

from __future__ import annotations

from collections import Counter

from games.engine.boards import (
    BOARD_MISMATCH,
    MAX_REDEALS,
    cards_text,
    compare_deal,
    engine_redeal,
    mismatch,
)
from games.engine.checker import EngineChecker
from games.engine.text import N_, Text

# what a replay on the board's cards finds when the record's cards are not the board's
NOT_THE_BOARDS = frozenset({"card-not-in-hand", "draw-order"})


class BoardChecker(EngineChecker):
    def __init__(self, game, seats, first_dealer: int, report, boards: list[dict]):
        super().__init__(game, seats, first_dealer, report)
        self.boards = game.prepare_boards(boards)
        self.state = game.new_match(seed=0, first_dealer=first_dealer, auto_deal=False,
                                    boards=self.boards)
        self.from_board = False  # this hand wrote no hands: it is dealt its board's
        self.seen: list | None = None  # per seat, the cards its events showed

    def error(self, code, message, seat=None, field=None) -> None:
        if self.from_board and code in NOT_THE_BOARDS:
            code = BOARD_MISMATCH
        super().error(code, message, seat, field)

    def beyond_the_end(self, count: int) -> str:
        if self.state.hand_index >= len(self.boards):
            if self.number == count:
                return Text(N_("hand %(first)s is beyond the %(boards)s boards the match "
                               "was played on"), first=self.number, boards=len(self.boards))
            return Text(N_("hands %(first)s-%(last)s are beyond the %(boards)s boards the "
                           "match was played on"), first=self.number, last=count,
                        boards=len(self.boards))
        return super().beyond_the_end(count)

    def check_hand(self, hand) -> list[int] | None:
        if not isinstance(hand, dict):
            return super().check_hand(hand)
        state, board = self.state, self.state.board()
        if "dealer" in hand and hand["dealer"] != board["dealer"]:
            self.error(BOARD_MISMATCH, Text(
                N_("the dealer is written as %(have)s but board %(board)s is dealt by "
                   "%(seat)s"), have=repr(hand["dealer"]),
                board=board.get("board", state.hand_index + 1),
                seat=self.seat_name(board["dealer"])), board["dealer"], "dealer")
            hand = {key: value for key, value in hand.items() if key != "dealer"}
        hand, written = self.deal_for(hand, board)
        if hand is None:
            return None
        number = state.hand_index
        self.from_board = written is None
        try:
            scores = super().check_hand(hand)
        finally:
            self.from_board = False
        closed = state.hand_index > number or state.is_terminal()
        if written:
            dealt = state.hand_log[-1]["deal"] if closed else state.dealt
            if dealt is not None:
                self.hold_to_board(dealt, board, written, number)
        if closed and isinstance(state.hand_log[-1]["summary"], dict):
            self.problems(self.game.board_problems(board, state.hand_log[-1]["summary"]))
        return scores

    def deal_for(self, hand: dict, board: dict):
        """(the hand to check, the deal parts it writes); a card-by-card hand that writes
        no hands is given its board's deal, once the parts it does write agree with it
        (then the parts are None). (None, None) after reporting a contradiction."""
        deal = hand.get("deal")
        if not isinstance(hand.get("events"), list) or (isinstance(deal, dict)
                                                        and "hands" in deal):
            return hand, list(deal) if isinstance(deal, dict) else None
        if deal is not None and not isinstance(deal, dict):
            return hand, None  # (the checker names its shape)
        written = deal or {}
        problems = self.against_board(written, board["deal"], list(written)) or \
            self.seen_against_board(hand["events"], board)
        if problems:
            self.problems(problems)
            return None, None
        return {**hand, "deal": board["deal"]}, None

    def seen_against_board(self, events: list, board: dict) -> list[dict]:
        """Each seat's cards as its events show them (an unchecked replay, as when no
        hands are written), held to the board's hand of that seat: a card a seat played
        that the board gave someone else is named at that seat, before the checked
        replay on the board's cards stops at whatever rule it then seems to break."""
        if any(self.state.string_to_action(text) is None for text in events):
            return []  # (the checked replay names the unknown action at its turn)
        rest = {part: cards for part, cards in board["deal"].items() if part != "hands"}
        errors, self.report.errors = self.report.errors, []
        self.seen = None
        try:  # a failed learning pass reports nothing: the checked replay will
            self.learn_hands(rest, events)
        finally:
            self.report.errors = errors
        if self.seen is None:
            return []
        pack = self.game.pack
        problems = []
        for seat, (seen, dealt) in enumerate(zip(self.seen, board["deal"]["hands"],
                                                 strict=False)):
            extra = Counter(map(pack.parse, seen)) - Counter(map(pack.parse, dealt))
            if extra:
                cards = cards_text(sorted(pack.faces[face] for face in extra.elements()
                                          if face is not None))
                problems.append(mismatch("events", Text(
                    N_("%(seat)s played %(cards)s, which the board does not deal them"),
                    seat=self.seat_name(seat), cards=cards), seat))
        return problems

    def fill_unseen(self, deal: dict, hands: list) -> list:
        self.seen = [list(held) for held in hands]  # what the events show, before filling
        return super().fill_unseen(deal, hands)

    def against_board(self, written: dict, board_deal: dict, parts) -> list[dict]:
        pack = self.game.pack
        return compare_deal(pack.parse, lambda face: pack.faces[face], written, board_deal,
                            [part for part in parts if part in board_deal or written.get(part)],
                            self.seat_name)

    def hold_to_board(self, dealt: dict, board: dict, parts, index: int) -> None:
        problems = self.against_board(dealt, board["deal"], parts)
        if not problems or "hands" not in parts:
            self.problems(problems)  # (a re-deal is told by its hands, not by one card)
            return
        for attempt in range(1, MAX_REDEALS + 1):  # a thrown-in board dealt again
            if not self.against_board(dealt, engine_redeal(self.game, board, index, attempt), parts):
                return
        self.problems(problems)
