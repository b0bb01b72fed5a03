"""Boards for the Bluke family (games.engine.boards tells what a board is).

A board's deal is the record's: the hands per seat, the turned card (None when every
card is dealt and nothing is turned) and, in Back Alley, the ``replacement`` the holder
of the other Blooper takes when a Blooper is turned. The deal passes to the left hand
after hand, so a set's dealers follow on from its first board's; board i has the size
of hand i of the schedule (Bluke's 13 ... 1 ... 13).
"""

from __future__ import annotations

from games.bluke.cards import CODES, codes_of, parse_card, parse_suit
from games.engine.boards import (
    BOARD_MISMATCH,
    MAX_REDEALS,
    checked,
    compare_deal,
    prepared,
    redeal_key,
    shape,
)
from games.engine.errors import RulesError
from games.engine.text import N_, Card, Text


def written(hands, turned, replacement) -> dict:
    """A deal as masks (per seat), turned card and replacement, in the record's form."""
    deal = {"hands": [codes_of(mask) for mask in hands],
            "turned": None if turned is None else CODES[turned]}
    if replacement is not None:
        deal["replacement"] = CODES[replacement]
    return deal


def deal_board(game, seed, index: int) -> dict:
    """Board `index` (0-based) of the set from `seed`: what a match from that seed with
    seat 1 dealing first deals as its hand `index` (the same generator)."""
    dealer, cards = index % game.num_players, game.schedule[index]
    hands, turned, extras = game.deal_cards(game.rng_for(seed, index, 0), cards, dealer,
                                            index)
    return {"board": index + 1, "dealer": dealer, "cards": cards,
            "deal": written(hands, turned, extras.get("replacement"))}


def prepare(game, boards) -> list[dict]:
    """Boards checked for shape, cards and dealers: their deal passes to the left."""
    if prepared(game, boards):
        return boards
    shape(game, boards, game.schedule.__getitem__)
    first, n = boards[0]["dealer"], game.num_players
    for index, board in enumerate(boards):
        if board["dealer"] != (first + index) % n:
            raise RulesError(f"board {index + 1}: in {game.title} the deal passes to the "
                             f"left, so board {index + 1} is dealt by seat "
                             f"{(first + index) % n + 1}, not seat {board['dealer'] + 1}")
        read_board(game, board, index)  # raises on a card that is not the game's
    return checked(game, boards)


def _card(game, code, where: str) -> int:
    card = parse_card(code) if isinstance(code, str) else None
    if card is None or not game.deck_mask >> card & 1:
        raise RulesError(f"{where}: {code!r} is not a card of {game.title}'s pack")
    return card


def read_board(game, board: dict, index: int):
    """(hands as masks, turned card or None, replacement or None) of a board."""
    deal, cards = board["deal"], game.schedule[index]
    where = f"board {index + 1}"
    hands_written = deal["hands"]
    if not isinstance(hands_written, list) or len(hands_written) != game.num_players:
        raise RulesError(f"{where}: the deal must list the hands of the "
                         f"{game.num_players} seats")
    hands, seen = [], 0
    for seat, codes in enumerate(hands_written):
        if not isinstance(codes, list) or len(codes) != cards:
            raise RulesError(f"{where}: seat {seat + 1} must be dealt {cards} cards")
        mask = 0
        for code in codes:
            card = _card(game, code, f"{where}, seat {seat + 1}")
            if (mask | seen) >> card & 1:
                raise RulesError(f"{where}, seat {seat + 1}: {code} is dealt twice")
            mask |= 1 << card
        seen |= mask
        hands.append(mask)
    turned = deal.get("turned")
    turned = None if turned is None else _card(game, turned, f"{where}, turned")
    replacement = deal.get("replacement")
    replacement = None if replacement is None else \
        _card(game, replacement, f"{where}, replacement")
    return hands, turned, replacement


def deal_from_board(game, board: dict, index: int, attempt: int):
    """(hands, turned, replacement) to start hand `index` with: the board's cards, or
    after a throw-in its re-deal number `attempt` (the same at every table)."""
    if not attempt:
        return read_board(game, board, index)
    hands, turned, extras = game.deal_cards(game.rng_for(redeal_key(board), index, attempt),
                                            game.schedule[index], board["dealer"], index)
    return hands, turned, extras.get("replacement")


def redeal(game, board: dict, index: int, attempt: int) -> dict:
    return written(*deal_from_board(game, board, index, attempt))


def held_deal(game, board: dict, index: int) -> dict:
    """The board's hands as play begins (after Back Alley's Blooper exchange), which is
    what a record that writes only its plays shows."""
    hands, turned, replacement = read_board(game, board, index)
    return {**board["deal"], "hands": [codes_of(mask) for mask in
                                       game.fix_dealt_hands(hands, turned, replacement)]}


def hold_flat_hand(checker, board: dict, hand: dict, index: int, scored: bool) -> None:
    """Errors (`board-mismatch`) for what a flat hand says of its deal that its board
    does not: the dealer, the hands (written, or as its plays show them), the turned
    card, the replacement, and the trump the turned card sets."""
    game = checker.game
    dealer = (checker.state.first_dealer + index) % game.num_players
    if dealer != board["dealer"]:
        checker.error(BOARD_MISMATCH, Text(
            N_("the dealer is %(have)s but board %(board)s is dealt by %(seat)s"),
            have=checker.seat_name(dealer), board=board.get("board", index + 1),
            seat=checker.seat_name(board["dealer"])), board["dealer"], "dealer")
    stated, expected = _stated(checker, board, hand, index, scored)
    parts = list(stated)
    problems = _compare(checker, stated, expected, parts)
    redealt = problems and "hands" in parts and any(  # told by its hands, not one card
        not _compare(checker, stated, redeal(game, board, index, k), parts)
        for k in range(1, MAX_REDEALS + 1))
    if problems and not redealt:
        for p in problems:
            field = "deal" if p["field"] == "deal.hands" else p["field"][len("deal."):]
            checker.error(p["code"], p["message"], p["seat"], field)
    _hold_trump(checker, board, hand, stated)


def _stated(checker, board, hand, index, scored):
    """(the deal parts the hand states, the board's deal to hold them to)."""
    stated, expected = {}, board["deal"]
    if isinstance(hand.get("deal"), list):
        stated["hands"] = hand["deal"]
    elif "plays" in hand and scored:  # who held what, as the plays show it
        entry = checker.state.hand_log[-1]
        stated["hands"] = [codes_of(held) for held in _held_of(checker.game, entry)]
        expected = held_deal(checker.game, board, index)
    for key in ("turned", "replacement"):
        if key in hand:
            stated[key] = hand[key]
    return stated, expected


def _held_of(game, entry) -> list[int]:
    return game.fix_dealt_hands(list(entry["dealt"]), entry["turned"], entry["replacement"])


def _compare(checker, stated, expected, parts) -> list[dict]:
    return compare_deal(parse_card, CODES.__getitem__, stated, expected,
                        [p for p in parts if p in expected or stated.get(p) is not None],
                        checker.seat_name)


def _hold_trump(checker, board, hand, stated) -> None:
    """A trump written without the turned card is held to the one the board turns."""
    if "trump" not in hand or "turned" in stated or "turned" not in board["deal"]:
        return
    turned = board["deal"]["turned"]
    want = checker.game.trump_for(None if turned is None else parse_card(turned))
    have = parse_suit(hand["trump"])
    if have is not None and have != -1 and have != want:
        message = Text(N_("trump is written as %(have)s but the board turns %(card)s"),
                       have=repr(hand["trump"]), card=Card(turned)) if turned else \
            Text(N_("trump is written as %(have)s but the board turns no card"),
                 have=repr(hand["trump"]))
        checker.error(BOARD_MISMATCH, message, fld="trump")
