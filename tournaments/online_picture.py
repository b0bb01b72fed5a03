"""An online seat's view (the JSON of `GET /api/v1/tables/{id}/play/`) as a page draws it.

Every game's observation has its own keys (the Bluke family's flat ones, the engine's
`table` of areas), so the page reads them here, once: my hand, what lies face up, the
trick, bids and tricks, scores, whose turn and the legal actions as buttons. Only what the
view holds is drawn: the view is already that seat's (or the public) observation, so
nothing here can show a card the seat may not see.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.card_words import SIGNS, WORDS, card_label, suit_label

# The first word of an action text, as a button says it.
VERBS = {
    "bid": pgettext_lazy("online table: an action", "Bid"),
    "pass": pgettext_lazy("online table: an action", "Pass"),
    "board": pgettext_lazy("online table: Back Alley's bid of every trick", "Board"),
    "draw": pgettext_lazy("online table: an action", "Draw"),
    "discard": pgettext_lazy("online table: an action", "Discard"),
    "name": pgettext_lazy("online table: Buck Euchre, name trump", "Name trump"),
    "order-up": pgettext_lazy("online table: Buck Euchre", "Order up"),
    "stay": pgettext_lazy("online table: Buck Euchre", "Stay in"),
    "drop": pgettext_lazy("online table: Buck Euchre", "Drop out"),
    "accept": pgettext_lazy("online table: Couillon", "Accept"),
    "decline": pgettext_lazy("online table: Couillon", "Decline"),
    "call": pgettext_lazy("online table: Mighty, call a partner card", "Call"),
    "trump": pgettext_lazy("online table: choose trump", "Trump"),
    "fold": pgettext_lazy("online table: Ribs", "Fold"),
    "lay": pgettext_lazy("online table: Ribs", "Lay"),
    "ribs": pgettext_lazy("online table: Ribs", "Ribs"),
    "cut": pgettext_lazy("online table: Bezique, cut the pack", "Cut"),
    "guess": pgettext_lazy("online table: Bezique, guess the cut", "Guess"),
    "done": pgettext_lazy("online table: Bezique, end melding", "Done"),
    "meld": pgettext_lazy("online table: Bezique", "Meld"),
    "score": pgettext_lazy("online table: Bezique, score a meld", "Score"),
    "table": pgettext_lazy("online table: Bezique, a card from the table", "from the table"),
    "reveal": pgettext_lazy("online table: Twenty-Nine, ask for trump", "Reveal trump"),
    "royals": pgettext_lazy("online table: Twenty-Nine", "Royals"),
    "no-royals": pgettext_lazy("online table: Twenty-Nine", "No royals"),
    "steal": pgettext_lazy("online table: Pitch", "Steal"),
}
AREAS = {
    "turned": _("turned up"), "stock": _("stock"), "widow": _("widow"),
    "discards": _("discards"), "bottom": _("bottom card"), "won": _("won"),
    "melds": _("melds"), "calypso": _("calypsos"), "done": _("done"), "ribs": _("ribs"),
    "folded": _("folded"), "later": _("set aside"),
}
PHASES = {
    "bid": _("bidding"), "bidding": _("bidding"), "play": _("playing"),
    "trump": _("choosing trump"), "discard": _("discarding"), "deal": _("dealing"),
    "over": _("over"),
}


def _is_card(text: str) -> bool:
    rank, suit = text[:-1], text[-1:]
    return text in ("JK", "HI", "LO") or (
        suit in SIGNS and rank in {"A", "K", "Q", "J", "T", "10", "9", "8", "7", "6", "5",
                                   "4", "3", "2"})


def _word(part: str) -> str:
    if part in VERBS:
        return str(VERBS[part])
    if _is_card(part):
        return card_label(part)
    if part in SIGNS or part in WORDS:
        return suit_label(part)
    if "+" in part:
        return " + ".join(_word(piece) for piece in part.split("+"))
    if part[:-1].isdigit() and part[-1] in SIGNS:  # Mighty's "13S"
        return f"{part[:-1]} {suit_label(part[-1])}"
    if part[:-2].isdigit() and part.endswith("NT"):
        return f"{part[:-2]} {suit_label('NT')}"
    return part


def action_label(text: str) -> str:
    """"Bid 3" for "bid:3", "Q♠" for "QS", "Joker high ♣ clubs" for "JK:high:C"."""
    return " ".join(_word(part) for part in str(text).split(":") if part)


@dataclass
class SeatLine:
    seat: int
    name: str
    bot: bool = False
    away: bool = False
    you: bool = False
    to_act: bool = False
    bid: str = ""
    tricks: int | None = None
    score: object = None
    held: int | None = None
    face_up: list[str] = field(default_factory=list)


@dataclass
class Picture:
    seat: int | None
    status: str
    version: int
    to_act: int | None
    your_turn: bool
    hand: list[dict]
    actions: list[dict]
    trick: list[dict]
    last_trick: list[dict]
    face_up: list[dict]
    seats: list[SeatLine]
    trump: str
    phase: str
    hand_number: object
    hands_total: object
    log: list[str]
    deadline: str | None


def _red(code) -> bool:
    """Hearts and diamonds are drawn red, as on the cards."""
    return isinstance(code, str) and _is_card(code) and code[-1] in "HD"


def _codes(value) -> list[str]:
    """Visible card codes of an area's view: a list, or the shown cards of a count."""
    if isinstance(value, list):
        return [c for c in value if isinstance(c, str)]
    if isinstance(value, dict):
        return [c for c in value.get("shown", []) if isinstance(c, str)]
    return []


def _count(value) -> int | None:
    if isinstance(value, list):
        return len(value)
    if isinstance(value, dict) and isinstance(value.get("count"), int):
        return value["count"]
    return None


def _my_hand(obs: dict, seat: int | None) -> list[str]:
    if seat is None:
        return []
    if isinstance(obs.get("hand"), list):
        return [c for c in obs["hand"] if isinstance(c, str)]
    hands = (obs.get("table") or {}).get("hand")
    if isinstance(hands, list) and 0 <= seat < len(hands):
        return _codes(hands[seat]) if isinstance(hands[seat], list) else []
    return []


def _held(obs: dict, players: int) -> list[int | None]:
    hands = (obs.get("table") or {}).get("hand")
    if isinstance(hands, list):
        return [_count(h) for h in hands] + [None] * (players - len(hands))
    cards, played = obs.get("cards"), obs.get("played")
    if isinstance(cards, int) and isinstance(played, list):
        return [cards - len(p) for p in played]
    return [None] * players


def _trick(obs: dict, names: list[str]) -> list[dict]:
    plays = obs.get("trick", obs.get("current_trick")) or []
    out = []
    for entry in plays:
        if isinstance(entry, (list, tuple)) and len(entry) == 2:
            who, code = entry
            name = names[who] if isinstance(who, int) and 0 <= who < len(names) else ""
            out.append({"seat": who, "name": name, "code": code, "label": card_label(code),
                        "red": _red(code)})
    return out


def _face_up(obs: dict, seat: int | None, players: int) -> tuple[list[dict], list[list[str]]]:
    """Face-up cards on the table by area, and each seat's own face-up cards."""
    table_up, by_seat = [], [[] for _ in range(players)]
    turned = obs.get("turned")
    if isinstance(turned, str) and turned:
        table_up.append({"area": str(AREAS["turned"]), "cards": [card_label(turned)]})
    for name, value in (obs.get("table") or {}).items():
        if name in ("trick",):
            continue
        if isinstance(value, list) and value and all(isinstance(v, (list, dict)) for v in value):
            for owner, part in enumerate(value[:players]):
                if name == "hand" and owner == seat:
                    continue  # my hand is drawn as cards to tap
                by_seat[owner] += [card_label(c) for c in _codes(part)]
            continue
        codes = _codes(value)
        if codes:
            table_up.append({"area": str(AREAS.get(name, name)),
                             "cards": [card_label(c) for c in codes]})
    return table_up, by_seat


def _bid_text(bid) -> str:
    if bid is None:
        return ""
    return action_label(str(bid))


def _log_line(entry: str) -> str:
    """"Ann: Bid 3" for the log's "Ann: bid:3" (a name, then the action's text)."""
    name, sep, text = entry.rpartition(": ")
    return f"{name}: {action_label(text)}" if sep else action_label(entry)


def picture(view: dict) -> Picture:
    """What the page draws from a seat's view (or the spectators' view, seat None)."""
    obs = view.get("observation") or {}
    seat = view.get("seat")
    seats_in = view.get("seats") or []
    players = len(seats_in) or int(obs.get("players") or 0)
    names = [s.get("name", "") for s in seats_in] or [""] * players
    to_act = view.get("to_act")
    legal = [str(a) for a in view.get("legal") or []]
    mine = _my_hand(obs, seat)
    card_actions = {a for a in legal if a in mine}
    hand = [{"code": c, "label": card_label(c), "action": c if c in card_actions else None,
             "red": _red(c)} for c in mine]
    actions = [{"action": a, "label": action_label(a)} for a in legal if a not in card_actions]
    table_up, seat_up = _face_up(obs, seat, players)
    held = _held(obs, players)
    bids = obs.get("bids") or []
    tricks = obs.get("tricks_won") or []
    scores = view.get("scores") or obs.get("scores") or []
    lines = []
    for i, info in enumerate(seats_in):
        lines.append(SeatLine(
            seat=i, name=info.get("name", ""), bot=bool(info.get("bot")),
            away=bool(info.get("away")), you=(i == seat), to_act=(i == to_act),
            bid=_bid_text(bids[i]) if i < len(bids) else "",
            tricks=tricks[i] if i < len(tricks) else None,
            score=scores[i] if i < len(scores) else None,
            held=held[i] if i < len(held) else None, face_up=seat_up[i] if i < players else []))
    last = obs.get("last_trick")
    last_cards = last.get("cards") if isinstance(last, dict) else None
    trump = obs.get("trump")
    return Picture(
        seat=seat, status=view.get("status", ""), version=int(view.get("version") or 0),
        to_act=to_act, your_turn=seat is not None and to_act == seat and bool(legal),
        hand=hand, actions=actions, trick=_trick(obs, names),
        last_trick=_trick({"trick": last_cards or []}, names), face_up=table_up, seats=lines,
        trump=suit_label(trump) if trump else "", phase=str(PHASES.get(obs.get("phase"),
                                                                      obs.get("phase") or "")),
        hand_number=view.get("hand_number", obs.get("hand_number")),
        hands_total=view.get("hands_total", obs.get("hands_total")),
        log=[_log_line(str(entry)) for entry in (view.get("log") or [])[-12:]],
        deadline=view.get("deadline"))
