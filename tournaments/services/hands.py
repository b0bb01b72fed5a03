"""What a Hand row holds, read from a record the rules core has accepted.

Records may spell the same fact several ways (docs/records.md): trump as "S", "s" or
"spades", no trump as null, "none" or "NT"; tricks per seat or, in Back Alley, per team;
a card-by-card hand may leave tricks and cards out because the plays and the schedule
give them. The pages and the statistics read Hand rows, not records, so every row is
written in one form here:

- `trump`: "S", "H", "D", "C", "NT" (no trump) or "" (not recorded);
- `tricks`: per seat; per team only when a Back Alley scoresheet wrote team tricks
  (then nothing tells the partners apart); derived from the plays when not written;
- `cards`: the schedule's number when the record leaves it out.

Engine games (Georgian Joker and the games after it) keep their scoresheet line in
`summary`, as the game's SUMMARY_SCHEMA describes it; `bids` and `tricks` are filled
only where that game has them per seat, so nothing Bluke-specific is asked of a game.
"""

from __future__ import annotations

from tournaments.models.results import Trump

NO_TRUMP = Trump.NO_TRUMP.value
SUIT_WORDS = {"s": "S", "spades": "S", "h": "H", "hearts": "H", "d": "D", "diamonds": "D",
              "c": "C", "clubs": "C"}
NO_TRUMP_WORDS = {"none", "nt", "no trump", "no-trump", "notrump", ""}


def canonical_trump(hand: dict) -> str:
    """The hand's trump in stored form; "" when the record does not say."""
    if "trump" in hand:
        value = hand["trump"]
        if value is None:
            return NO_TRUMP
        word = str(value).strip().lower()
        if word in NO_TRUMP_WORDS:
            return NO_TRUMP
        return SUIT_WORDS.get(word, "")
    turned = hand.get("turned", "")
    if turned is None and hand.get("plays"):
        return NO_TRUMP  # the whole pack was dealt: nothing turned, no trump
    if isinstance(turned, str) and turned[-1:].lower() in SUIT_WORDS:
        return SUIT_WORDS[turned[-1].lower()]
    return ""  # a turned joker: its trump depends on the game, and the record did not say


def stored_tricks(hand: dict, derived: list | None) -> list:
    """Tricks as written when they are, else as the rules core derived them from plays."""
    written = hand.get("tricks")
    if isinstance(written, list) and written:
        return list(written)
    return list(derived or [])


def hand_row_fields(*, hand: dict, index: int, schedule: list[int], players: int,
                    first_dealer: int, scores: list, derived_tricks: list | None) -> dict:
    """The Hand fields (other than game and number) for hand `index` (0-based)."""
    dealer = hand.get("dealer")
    cards = hand.get("cards")
    if not isinstance(cards, int) or isinstance(cards, bool):
        cards = schedule[index] if index < len(schedule) else 0
    return {
        "dealer": dealer if isinstance(dealer, int) else (first_dealer + index) % players,
        "cards": cards,
        "trump": canonical_trump(hand),
        "bids": hand.get("bids") or [],
        "tricks": stored_tricks(hand, derived_tricks),
        "scores": scores,
        "has_plays": bool(hand.get("plays")),
    }


def _per_seat(schema: dict, summary: dict, field: str, players: int) -> list:
    """A summary field the schema declares per seat, as written; else nothing."""
    value = summary.get(field)
    declared = (schema.get(field) or {}).get("x-per", "seat")
    if field in schema and declared == "seat" and isinstance(value, list) \
            and len(value) == players:
        return list(value)
    return []


def engine_hand_row_fields(*, game, played: dict, scores: list) -> dict:
    """The Hand fields of an engine game's hand, from the replay's facts (`played`:
    dealer, cards, summary, tricks per seat when played card by card)."""
    schema = getattr(game, "SUMMARY_SCHEMA", {}) or {}
    summary = dict(played.get("summary") or {})
    players = game.num_players
    tricks = played.get("tricks")
    if not (isinstance(tricks, list) and len(tricks) == players):
        tricks = _per_seat(schema, summary, "tricks", players)
    trump = canonical_trump({"trump": summary["trump"]}) if "trump" in summary else ""
    return {
        "dealer": played.get("dealer") or 0,
        "cards": played.get("cards") or 0,
        "trump": trump,
        "bids": _per_seat(schema, summary, "bids", players),
        "tricks": list(tricks),
        "scores": scores,
        "summary": summary,
    }
