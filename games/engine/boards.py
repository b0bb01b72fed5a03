"""Boards: deals written in advance, so that every table of a night plays the same cards.

A board is one hand's deal as a record writes it, with the facts of the hand that the
deal fixes::

    {"board": 3,              # its number in the set (1-based: board i is hand i)
     "dealer": 2,             # the seat that deals it
     "cards": 11,             # cards per player (None for a game with no set number)
     "deal": {"hands": [[codes] per seat], "turned": code, "stock": [codes], ...},
     "chance": {"cut": 23}}   # only for a game whose deal decides more than the cards

`deal_board(game, seed, index)` deals board `index` of a set from a seed, exactly as a
match with that seed deals its hand `index` (the same generator), and takes the dealer
of hand `index` when the deal passes to the left from seat 1. A game says what its deal
is through the engine's contract (`deal`, `written_deal`, `place_written_deal`, and for
chance beyond the cards `board_chance` / `place_board_chance`); nothing here names a game.

A state made with boards deals hand i from board i (dealer included) and stops after
the last board; a deal thrown in (everyone passed) is dealt again from a generator keyed
by the board's own cards (`redeal_key`), so every table that throws a board in gets the
same second deal, and a checker can tell it from the board.

`compare_deal(parse, written, board_deal, parts)` names what a written deal says that
its board contradicts: per seat for the hands, per part for the rest; the record checkers
turn each into a `board-mismatch` error naming hand and seat.
"""

from __future__ import annotations

import json
from collections import Counter
from hashlib import sha256

from games.engine.errors import RulesError
from games.engine.text import N_, Card, Text, joined

BOARD_MISMATCH = "board-mismatch"
# a thrown-in board is dealt again at most this many times before a checker gives up
# looking for the re-deal a record holds (everyone passing twice running is rare)
MAX_REDEALS = 40
ORDERED_PARTS = ("stock",)  # parts whose order is drawn in play: the board fixes it


def check_count(game, count) -> int:
    """`count` boards for one match of `game`: a whole number from 1 to the hands of the
    match when it has a set number (Bluke's 25, Mighty's option), else to its limit."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise RulesError(f"count must be a whole number of boards, at least 1 (not {count!r})")
    most = game.ending.hands() or getattr(game.ending, "limit", None)
    if most is not None and count > most:
        hands = f"{most} hand" + ("s" if most != 1 else "")
        raise RulesError(f"a match of {game.title} has {hands}: at most {most} boards, "
                         f"not {count}")
    return count


def deal_board(game, seed, index: int) -> dict:
    """Board `index` (0-based) of the set dealt from `seed`, for an engine game."""
    state = game.new_match(seed=seed, auto_deal=False)
    state.start_at(index)
    game.deal(state, game.rng_for(seed, index, 0))
    board = {"board": index + 1, "dealer": state.dealer, "cards": state.cards,
             "deal": game.written_deal(state)}
    chance = game.board_chance(state)
    if chance:
        board["chance"] = chance
    return board


def redeal_key(board: dict) -> str:
    """What a thrown-in board's next deals are drawn from: its own cards, so the same
    board gives the same re-deals at every table, and a hand-made board has them too."""
    text = json.dumps(board.get("deal"), sort_keys=True, separators=(",", ":"))
    return "redeal/" + sha256(text.encode()).hexdigest()[:32]


def engine_redeal(game, board: dict, index: int, attempt: int) -> dict:
    """The written deal of re-deal `attempt` (1, 2, ...) of a thrown-in board."""
    key = redeal_key(board)  # (the state's seed too: Calypso deals from it)
    state = game.new_match(seed=key, auto_deal=False)
    state.start_at(index)
    state.dealer = board["dealer"]
    game.deal(state, game.rng_for(key, index, attempt))
    return game.written_deal(state)


def deal_from_board(state, board: dict):
    """Deal the state's hand from `board`: its first deal is the board's cards (placed
    here; returns None), a re-deal after a throw-in comes from the generator returned."""
    game = state.game
    if state.attempt:
        return game.rng_for(redeal_key(board), state.hand_index, state.attempt)
    problems = game.place_written_deal(state, board["deal"])
    if problems:
        first = problems[0]
        raise RulesError(f"board {state.hand_index + 1}: {first['message']} "
                         f"({first['field']})")
    game.place_board_chance(state, board.get("chance") or {})
    state._after_deal()
    return None


class Boards(list):
    """Boards already checked for one configured game (checked once, not at each use)."""

    checked_for: tuple = ()


def _key(game) -> tuple:
    return game.name, tuple(sorted(game.options.items()))


def prepared(game, boards) -> bool:
    return isinstance(boards, Boards) and boards.checked_for == _key(game)


def checked(game, boards) -> Boards:
    out = Boards(boards)
    out.checked_for = _key(game)
    return out


def prepare(game, boards, cards_of) -> list[dict]:
    """The boards checked for shape (a list of boards, each with a seat as dealer, the
    hand's size as the match deals it, a deal object) and placed on a table one by one
    (the game's own `place_written_deal`); raises RulesError naming the board and field.
    `cards_of(index)`: the cards per player of hand `index`."""
    if prepared(game, boards):
        return boards
    shape(game, boards, cards_of)
    table = game.new_match(seed=0, auto_deal=False)
    for index, board in enumerate(boards):
        table.start_at(index)
        table.dealer = board["dealer"]
        problems = game.place_written_deal(table, board["deal"])
        if problems:
            first = problems[0]
            raise RulesError(f"board {index + 1}: {first['message']} ({first['field']})")
    return checked(game, boards)


def shape(game, boards, cards_of) -> None:
    """Raise RulesError naming the board and field unless `boards` have a board's shape."""
    if not isinstance(boards, (list, tuple)) or not boards:
        raise RulesError("boards must be a non-empty list of boards")
    check_count(game, len(boards))
    n = game.num_players
    for index, board in enumerate(boards):
        where = f"board {index + 1}"
        if not isinstance(board, dict):
            raise RulesError(f"{where} must be an object (dealer, cards, deal)")
        dealer = board.get("dealer")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise RulesError(f"{where}: dealer must be a seat, 0 to {n - 1} (not {dealer!r})")
        cards = cards_of(index)
        if board.get("cards", cards) != cards:
            raise RulesError(f"{where}: hand {index + 1} of {game.title} deals {cards} "
                             f"cards per player, not {board.get('cards')!r}")
        if not isinstance(board.get("deal"), dict) or "hands" not in board["deal"]:
            raise RulesError(f"{where}: deal must be an object with the hands per seat")
        chance = board.get("chance", {})
        if not isinstance(chance, dict):
            raise RulesError(f"{where}: chance must be an object")


def mismatch(field: str, message: str, seat=None) -> dict:
    """A `board-mismatch` problem (seat, field, code, message) for a game's hook."""
    return {"seat": seat, "field": field, "code": BOARD_MISMATCH, "message": message}


# the cards that set a trump, as `trump_against_card` names them
CARD_WORDS = {"upcard": N_("upcard"), "bottom card": N_("bottom card"),
              "stock's top card": N_("stock's top card")}


def trump_against_card(pack, summary: dict, code, what: str) -> list[dict]:
    """A summary's trump that is not the suit of the board's card `code` that sets it
    (`what`: "upcard", "bottom card", "stock's top card"); none when either is not
    stated."""
    if not isinstance(summary, dict) or "trump" not in summary or not isinstance(code, str):
        return []
    face = pack.parse(code)
    if face is None or str(summary["trump"]).upper() == pack.suits[pack.suit_of[face]]:
        return []
    return [mismatch("summary.trump", Text(
        N_("trump is written as %(have)s but the board's %(what)s is %(card)s"),
        have=repr(summary["trump"]), what=Text(CARD_WORDS[what]), card=Card(code)))]


def cards_text(codes) -> Text:
    """Card codes for a message, each shown as its rank and suit sign."""
    return joined((Card(code) for code in codes), ", ") if codes else Text(N_("nothing"))


def _faces(parse, codes) -> Counter | None:
    if isinstance(codes, str):
        codes = [codes]
    if not isinstance(codes, list):
        return None
    return Counter(parse(code) if isinstance(code, str) else None for code in codes)


def _listed(codes) -> list:
    return [codes] if isinstance(codes, str) else list(codes or [])


def _difference(pack_code, have: Counter, want: Counter) -> Text:
    extra = cards_text(sorted(pack_code(f) for f in (have - want).elements() if f is not None))
    missing = cards_text(sorted(pack_code(f) for f in (want - have).elements()
                                if f is not None))
    if (have - want) and (want - have):
        return Text(N_("%(extra)s not in the board's; %(missing)s missing"),
                    extra=extra, missing=missing)
    if have - want:
        return Text(N_("%(extra)s not in the board's"), extra=extra)
    return Text(N_("%(missing)s missing"), missing=missing)


def compare_deal(parse, code, written: dict, board_deal: dict, parts, seat_name) -> list[dict]:
    """Problems (seat, field, code, message) where `written` contradicts `board_deal`,
    for the deal `parts` it states ("hands", "turned", "stock", ...). `parse` reads a
    code to a face, `code` writes a face back, `seat_name` names a seat."""
    problems = []
    for part in parts:
        if part == "hands":
            problems += _compare_hands(parse, code, written.get("hands"),
                                       board_deal.get("hands"), seat_name)
            continue
        have, want = written.get(part), board_deal.get(part)
        if have == want:
            continue
        if part in ORDERED_PARTS and isinstance(have, list) and isinstance(want, list):
            same = [parse(c) for c in have] == [parse(c) for c in want]
        else:
            same = _faces(parse, have or []) == _faces(parse, want or [])
        if not same:
            problems.append(mismatch(f"deal.{part}", Text(
                N_("the %(part)s is not the board's (%(cards)s)"), part=part,
                cards=cards_text(_listed(want)))))
    return problems


def _compare_hands(parse, code, hands, board_hands, seat_name) -> list[dict]:
    if not isinstance(hands, list) or not isinstance(board_hands, list):
        return []
    problems = []
    for seat, (have, want) in enumerate(zip(hands, board_hands, strict=False)):
        if have == want:  # (written as the board writes it: the usual case)
            continue
        have_faces, want_faces = _faces(parse, have), _faces(parse, want)
        if have_faces is None or have_faces == want_faces:
            continue
        problems.append(mismatch("deal.hands", Text(
            N_("%(seat)s's cards are not the board's: %(difference)s"), seat=seat_name(seat),
            difference=_difference(code, have_faces, want_faces)), seat))
    return problems
