"""Six-Pack Bezique's meld turn: after a trick won while the stock lasts, the winner
lays melds (``meld:…``), scores one of them or a meld waiting from an earlier turn
(``score:…``), and ends the turn with ``done``.

The player chooses the meld scored: a lay that names its cards only lays, and
``score:<meld>`` scores the first meld of that kind laid in this turn, or else the
first one waiting. A short-form lay (``meld:four-J``, records written before lays
named their cards) scores at once when it is the turn's first lay and nothing was
scored before it; it is stored as the lay naming the cards the rules picked, followed
by ``score:<meld>`` when it scored, so a record read back says what happened.
"""

from __future__ import annotations

from games.engine import RuleViolation
from games.engine.text import N_, Text
from games.six_pack_bezique.lays import resolve, token_key, tokens_of, variants
from games.six_pack_bezique.melds import KIND_CODES, KINDS, MARRIAGE, SEQUENCE, SUITS, Book
from games.six_pack_bezique.melds import points as meld_points


def start_turn(state) -> None:
    state.vars["scored_now"] = False
    state.vars["laid_now"] = []


def meld_actions(state, seat: int, first: bool = False) -> list[int]:
    """The meld turn's actions: melds that may be laid (short and named forms), melds
    that may be scored, and done. With `first`, only whether there is anything to do
    (empty: nothing)."""
    game, book = state.game, Book(state)
    held = set(game.pack.codes(state.table.of("hand", seat)))
    melds = game.vocab.families["meld"].start
    out = []
    for index, code in enumerate(KIND_CODES):
        kind = KINDS[code]
        if _may_hold(kind, held) and book.find(seat, kind) is not None:
            if first:
                return [melds + index]
            out.append(melds + index)
            out += [game.lay_actions[(code, lay)] for lay in variants(book, seat, kind)]
    if not state.vars.get("scored_now"):
        scores = game.vocab.families["score"].start
        waiting = {g.kind for g in book.groups if g.seat == seat and not g.scored
                   and not g.broken and not book.in_scored_sequence(g)}
        out += [scores + index for index, code in enumerate(KIND_CODES) if code in waiting]
    if first:
        return out
    return out + [game.DONE]


def _may_hold(kind, held: set) -> bool:
    """A quick look before the full search: every rank (and fixed suit) is held."""
    if kind.suit in ("*", "T"):
        return any(code[0] == kind.ranks[0] for code in held)
    if kind.suit is None:
        return "QS" in held and "JD" in held
    return all(rank + kind.suit in held for rank in kind.ranks)


def check_meld_turn(state, seat, action, family):
    game, book = state.game, Book(state)
    if family == "meld":
        code, lay = game.meld_of(action)
        kind = KINDS[code]
        if lay is None:
            return None if book.find(seat, kind) is not None \
                else RuleViolation(*book.why_not(seat, kind))
        found = resolve(book, seat, kind, list(lay))
        return found if isinstance(found, RuleViolation) else None
    if family == "score":
        code = KIND_CODES[action - game.vocab.families["score"].start]
        if state.vars.get("scored_now"):
            return RuleViolation("one-score-per-trick", Text(N_("one meld is scored per trick won")))
        if scorable(state, book, seat, code) is None:
            if book.waiting(seat, code, scorable=False) is not None:
                return RuleViolation("meld-reuse", Text(N_("%(code)s: its king and queen lie in a sequence already scored"), code=code))
            return RuleViolation("no-waiting-meld", Text(N_("no unscored, unbroken %(code)s of this player is on the table"), code=code))
        return None
    if family == "done":
        return None
    return RuleViolation("meld-turn-open", Text(N_("the winner of the trick may meld: write the "
                         "melds laid and then done before the next lead")))


def lay_meld(state, seat: int, action: int) -> None:
    game, book = state.game, Book(state)
    code, lay = game.meld_of(action)
    kind = KINDS[code]
    if lay is None:
        found = book.find(seat, kind)
    else:
        found = resolve(book, seat, kind, list(lay))
        found = None if isinstance(found, RuleViolation) else found
    if state.trump is None and kind.cls in (SEQUENCE, MARRIAGE):
        state.trump = SUITS.index(kind.suit)  # the first marriage or sequence laid
    if found is None:  # only in an unchecked replay
        return
    cards, base = found
    first = not state.vars.get("scored_now") and not state.vars.get("laid_now")
    if lay is None:  # stored as the lay that names its cards
        named = tuple(sorted(tokens_of(book, cards), key=token_key))
        state.history[-1] = state.events[-1] = game.lay_actions[(code, named)]
    gid = book.lay(seat, kind, cards, base, scored=False)
    state.vars.setdefault("laid_now", []).append(gid)
    if lay is None and first:  # the short form's first lay scores (as it always read)
        score = game.vocab.families["score"].start + KIND_CODES.index(code)
        state.history.append(score)
        state.events.append(score)
        state.event_seats.append(seat)
        score_meld(state, seat, code)


def scorable(state, book, seat: int, code: str):
    """The meld `score:<code>` scores: the first of that kind laid in this turn, else the
    first one waiting (None: none may score)."""
    laid_now = state.vars.get("laid_now", ())
    groups = [g for g in book.groups if g.seat == seat and g.kind == code and not g.scored
              and not g.broken and not book.in_scored_sequence(g)]
    now = [g for g in groups if g.gid in laid_now]
    return (now or groups or [None])[0]


def score_meld(state, seat: int, code: str) -> None:
    book = Book(state)
    group = scorable(state, book, seat, code)
    if group is None or state.vars.get("scored_now"):
        return
    book.mark_scored(group)
    trump = None if state.trump is None else SUITS[state.trump]
    value = meld_points(KINDS[code], trump)
    state.vars["points"][seat] += value
    state.vars["scored"].append((seat, code, value))
    state.vars["scored_now"] = True
