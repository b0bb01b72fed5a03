"""A bracket as plain data, by round of play (the `bracket` command prints it as JSON)."""

from __future__ import annotations

from tournaments.brackets.play import kinds
from tournaments.brackets.shapes import Bracket


def bracket_plan(bracket: Bracket) -> dict:
    """Matches by round with their seeds or where their players come from, byes marked.

    A bye names the seed that goes through; a void match (both sides absent) is left out.
    """
    kind = kinds(bracket)
    rounds: dict[int, list[dict]] = {}
    for match in bracket.matches:
        if kind[match.key] == "void":
            continue
        rounds.setdefault(match.round, []).append({
            "match": match.key, "stage": match.stage, "stage_round": match.stage_round,
            "top": _side(match.top, bracket), "bottom": _side(match.bottom, bracket),
            "bye": kind[match.key] == "bye",
        })
    return {
        "format": bracket.format, "entrants": bracket.entrants, "size": bracket.size,
        "consolation": bracket.consolation, "byes": bracket.byes(),
        "rounds": [{"round": number, "matches": matches}
                   for number, matches in sorted(rounds.items())],
    }


def _side(source, bracket: Bracket) -> dict | None:
    if source.kind == "seed" and source.seed > bracket.entrants:
        return None  # the empty line of a bye
    return source.as_dict()


def plan_text(plan: dict) -> str:
    """The plan for a terminal: one line per match."""
    lines = [f"{plan['format']} elimination, {plan['entrants']} entrants "
             f"(bracket of {plan['size']}); byes: "
             + (", ".join(f"seed {s}" for s in plan["byes"]) or "none")]
    for round_ in plan["rounds"]:
        lines.append(f"Round {round_['round']}")
        for match in round_["matches"]:
            sides = [_side_text(match[side]) for side in ("top", "bottom")]
            tail = " (bye)" if match["bye"] else ""
            lines.append(f"  {match['match']:>5}  {sides[0]} v {sides[1]}{tail}")
    return "\n".join(lines)


def _side_text(side: dict | None) -> str:
    if side is None:
        return "-"
    if "seed" in side:
        return f"seed {side['seed']}"
    kind, key = next(iter(side.items()))
    return f"{kind.removesuffix('_of')} of {key}"
