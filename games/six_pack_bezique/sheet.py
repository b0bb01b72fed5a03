"""Scoring a Six-Pack Bezique hand from its paper scoresheet alone.

The sheet's facts are the cut and the guess, the carte blanches shown, each meld
scored (seat, meld, points), the trump suit and who took the last trick; the totals
(points, game bonus, Rubicon bonus, final) follow from them and are checked when
written. Problems name the seat and the field.
"""

from __future__ import annotations

from games.engine.text import N_, Text
from games.six_pack_bezique.melds import KIND_CODES, KINDS, MARRIAGE, SEQUENCE, SUITS
from games.six_pack_bezique.melds import points as meld_points

DERIVED = ("cut_bonus", "points", "game_bonus", "rubicon_bonus", "final")
MAX_CUT, GAME_BONUS = 96, 1000
# 168 stock cards drawn two to a trick: 84 tricks won with a meld turn, 84 draws each
STOCK_TRICKS = 84
MAX_BLANCHES = 1 + STOCK_TRICKS  # the twelve dealt, then each card drawn

SUMMARY_SCHEMA = {
    "cut": {"type": "integer", "minimum": 1, "maximum": MAX_CUT, "title": "Cut",
            "x-per": "hand", "description": "cards the dealer cut"},
    "guess": {"type": "integer", "minimum": 1, "maximum": MAX_CUT, "title": "Guess",
              "x-per": "hand", "description": "the non-dealer's guess of the cut"},
    "cut_bonus": {"type": "array", "items": {"type": "integer", "enum": [0, 150, 250, 400]},
                  "minItems": 2, "maxItems": 2, "title": "Cut bonus", "x-per": "seat",
                  "description": "250 to the dealer for a cut of exactly 24, 150 to the "
                                 "non-dealer for an exact guess"},
    "carte_blanche": {"type": "array",
                      "items": {"type": "integer", "minimum": 0, "maximum": MAX_BLANCHES},
                      "minItems": 2, "maxItems": 2, "title": "Cartes blanches",
                      "x-per": "seat", "description": "cartes blanches shown, 250 each"},
    "trump": {"enum": ["S", "H", "D", "C", None], "title": "Trump", "x-per": "hand",
              "description": "the suit of the first marriage or sequence laid; none when "
                             "there was none"},
    "melds": {"type": "array", "title": "Melds scored", "x-per": "list",
              "description": "each meld scored, in order: {seat, meld, points}",
              "items": {"type": "object", "required": ["seat", "meld"],
                        "properties": {"seat": {"type": "integer", "minimum": 0, "maximum": 1,
                                                "x-names": "seat"},
                                       "meld": {"enum": list(KIND_CODES)},
                                       "points": {"type": "integer", "minimum": 0}},
                        "additionalProperties": False}},
    "last_trick": {"type": "integer", "minimum": 0, "maximum": 1, "title": "Last trick",
                   "x-per": "hand", "x-names": "seat",
                   "description": "the player who won the last trick (250)"},
    "points": {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 2,
               "maxItems": 2, "title": "Points", "x-per": "seat",
               "description": "points of the hand before the game bonuses"},
    "game_bonus": {"type": "array", "items": {"type": "integer", "enum": [0, GAME_BONUS]},
                   "minItems": 2, "maxItems": 2, "title": "Game bonus", "x-per": "seat",
                   "description": "1000 to the higher score; none on equal scores"},
    "rubicon_bonus": {"type": "array", "items": {"type": "integer", "minimum": 0},
                      "minItems": 2, "maxItems": 2, "title": "Rubicon bonus",
                      "x-per": "seat",
                      "description": "the loser's points, to the winner, when the loser "
                                     "has under 3000"},
    "final": {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 2,
              "maxItems": 2, "title": "Final score", "x-per": "seat",
              "description": "points plus game and Rubicon bonuses"},
}



def _problem(seat, field, code, message) -> dict:
    return {"seat": seat, "field": f"summary.{field}", "code": code, "message": message}


def _number(value, low, high) -> bool:
    return type(value) is int and low <= value <= high


def _read_facts(summary, problems):
    facts = {}
    for field in ("cut", "guess"):
        value = summary.get(field)
        if not _number(value, 1, MAX_CUT):
            problems.append(_problem(None, field, f"{field}-range", Text(N_("%(field)s must be a number of cards from 1 to %(most)s, not %(value)s"), field=field, most=MAX_CUT, value=repr(value))))
        facts[field] = value
    last = summary.get("last_trick")
    if not _number(last, 0, 1):
        problems.append(_problem(None, "last_trick", "last-trick",
                                 Text(N_("last_trick must be a seat, written 0 (seat 1) or 1 (seat 2); not %(last)s"), last=repr(last))))
    facts["last"] = last
    blanches = summary.get("carte_blanche", [0, 0])
    if not isinstance(blanches, list) or len(blanches) != 2:
        problems.append(_problem(None, "carte_blanche", "bad-shape",
                                 Text(N_("carte_blanche must list one count per seat"))))
        blanches = [0, 0]
    for seat, count in enumerate(blanches):
        if not _number(count, 0, MAX_BLANCHES):
            problems.append(_problem(seat, "carte_blanche", "blanche-range",
                                     Text(N_("seat %(seat)s's carte blanches %(count)s is not a count from 0 to %(most)s"), seat=seat + 1, count=repr(count), most=MAX_BLANCHES)))
    facts["blanches"] = blanches
    return facts


def _trump(summary, melds, problems):
    if "trump" not in summary:  # the first marriage or sequence scored tells it
        first = next((KINDS[m["meld"]] for m in melds
                      if KINDS[m["meld"]].cls in (SEQUENCE, MARRIAGE)), None)
        return first.suit if first else None
    trump = summary["trump"]
    if trump is not None and trump not in tuple(SUITS):  # (not `in` the text: "" or 1)
        problems.append(_problem(None, "trump", "bad-trump",
                                 Text(N_("trump must be S, H, D, C or null, not %(trump)s"), trump=repr(trump))))
        return None
    return trump


def _read_melds(summary, problems):
    melds = summary.get("melds")
    if not isinstance(melds, list):
        problems.append(_problem(None, "melds", "bad-shape",
                                 Text(N_("melds must list each meld scored: {seat, meld, points}"))))
        return []
    good = []
    for index, meld in enumerate(melds):
        seat = meld.get("seat") if isinstance(meld, dict) else None
        if not isinstance(meld, dict) or not _number(seat, 0, 1) \
                or meld.get("meld") not in KINDS:
            problems.append(_problem(seat if _number(seat, 0, 1) else None, "melds",
                                     "bad-meld", Text(N_("meld %(index)s must name a seat (0 or 1) and a meld of this game, not %(meld)s"), index=index + 1, meld=repr(meld))))
            continue
        good.append(meld)
    if len(melds) > STOCK_TRICKS:
        problems.append(_problem(None, "melds", "too-many-melds", Text(N_("%(count)s melds scored: one is scored per trick won while the stock lasts, %(tricks)s tricks"), count=len(melds), tricks=STOCK_TRICKS)))
    return good


def _meld_points(melds, trump, problems):
    points = [0, 0]
    for index, meld in enumerate(melds):
        kind, seat = KINDS[meld["meld"]], meld["seat"]
        if kind.suit == "T" and trump is None:
            problems.append(_problem(seat, "melds", "trump-not-set", Text(N_("meld %(index)s: %(code)s needs a trump suit and none is set"), index=index + 1, code=kind.code)))
            continue
        if kind.cls in (SEQUENCE, MARRIAGE) and trump is None:
            problems.append(_problem(seat, "melds", "trump-not-set", Text(N_("meld %(index)s: a %(code)s laid sets trump, but trump is null"), index=index + 1, code=kind.code)))
            continue
        value = meld_points(kind, trump)
        if "points" in meld and meld["points"] != value:
            problems.append(_problem(seat, "melds", "meld-points", Text(N_("meld %(index)s: %(code)s scores %(value)s, not %(points)s"), index=index + 1, code=kind.code, value=value, points=repr(meld['points']))))
        points[seat] += value
    return points


def score_sheet(dealer: int, summary) -> tuple[list[int] | None, list[dict]]:
    from games.six_pack_bezique.play import BLANCHE_BONUS
    from games.six_pack_bezique.rules import LAST_TRICK, cut_bonuses, final_scores

    if not isinstance(summary, dict):
        return None, [_problem(None, "summary", "bad-shape", Text(N_("the summary must be an object")))]
    problems: list[dict] = []
    facts = _read_facts(summary, problems)
    melds = _read_melds(summary, problems)
    trump = _trump(summary, melds, problems)
    if problems:
        return None, problems
    points = _meld_points(melds, trump, problems)
    cut = cut_bonuses(dealer, facts["cut"], facts["guess"])
    for seat in range(2):
        points[seat] += cut[seat] + BLANCHE_BONUS * facts["blanches"][seat]
    points[facts["last"]] += LAST_TRICK
    final, game_bonus, rubicon = final_scores(points)
    derived = {"cut_bonus": cut, "points": points, "game_bonus": game_bonus,
               "rubicon_bonus": rubicon, "final": final}
    for field in DERIVED:
        if field in summary and summary[field] != derived[field]:
            written = summary[field]
            for seat in range(2):
                have = written[seat] if isinstance(written, list) and len(written) == 2 \
                    else written
                if have != derived[field][seat]:
                    problems.append(_problem(seat, field, "summary-mismatch",
                                             Text(N_("%(field)s of seat %(seat)s is written as %(have)s but the sheet gives %(derived)s"), field=field, seat=seat + 1, have=repr(have), derived=derived[field][seat])))
    return final, problems
