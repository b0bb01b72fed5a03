"""Divisions and standings: each division's standings, and the roll-over to a new season
that promotes and relegates `move` players across every boundary.

A division's standings are the season's standings of its players, in the same order (the
season's points and tie-break chain), ranked again within the division. Players without a
game yet come last in their division, by name. The roll-over makes a new season (same
game, options and standings rules) with the same divisions: the top `move` of each
division below a boundary go up, the bottom `move` above it go down. The old season and its
divisions are kept as they were.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import Division, Player, Season
from league.permissions import MANAGE, can
from league.services.audit import audit_record
from league.services.divisions import divisions_set
from league.services.seasons import season_create
from rankings.models import StandingRow
from rankings.services.standings import standings_recompute


@dataclass(frozen=True)
class DivisionLine:
    rank: int  # within the division; tied players share it
    player: Player
    row: StandingRow | None  # the season's line (None: no game yet)


@dataclass(frozen=True)
class Move:
    player: Player
    source: str  # division names
    target: str
    up: bool


def division_standings(season: Season) -> list[tuple[Division, list[DivisionLine]]]:
    """Each division, top first, with its players in standings order."""
    rows = {r.player_id: r for r in StandingRow.objects.filter(season=season)}
    found = []
    for division in season.divisions.prefetch_related("places__player"):
        players = sorted((place.player for place in division.places.all()),
                         key=lambda p: _order(rows.get(p.pk), p))
        found.append((division, _ranked(players, rows)))
    return found


def _order(row: StandingRow | None, player: Player):
    if row is None:
        return (1, 0, 0, player.display_name, player.pk)
    return (0, not row.qualified, row.rank, player.display_name, player.pk)


def _ranked(players: list[Player], rows: dict) -> list[DivisionLine]:
    lines, rank, last = [], 0, object()
    for position, player in enumerate(players, start=1):
        row = rows.get(player.pk)
        key = (row.qualified, row.rank) if row else None
        rank = rank if key == last and key is not None else position
        last = key
        lines.append(DivisionLine(rank=rank, player=player, row=row))
    return lines


def rollover_plan(season: Season, move: int) -> tuple[list[tuple[str, list[Player]]],
                                                        list[Move]]:
    """The next season's divisions (name, players) and the moves, or a ValidationError."""
    standings = division_standings(season)
    if len(standings) < 2:
        raise ValidationError({"move": _("Promotion and relegation need two divisions or "
                                         "more.")})
    if move < 1:
        raise ValidationError({"move": _("Move at least one player across each boundary.")})
    for level, (division, lines) in enumerate(standings):
        needed = move * ((level > 0) + (level < len(standings) - 1))
        if len(lines) < needed:
            raise ValidationError({"move": _(
                "%(division)s has %(count)d players; moving %(move)d up and down needs "
                "%(needed)d.") % {"division": division.name, "count": len(lines),
                                  "move": move, "needed": needed}})
    players = [[line.player for line in lines] for _division, lines in standings]
    names = [division.name for division, _lines in standings]
    nxt = [list(group) for group in players]
    moves = []
    for upper in range(len(players) - 1):
        down, up = players[upper][-move:], players[upper + 1][:move]
        nxt[upper] = [p for p in nxt[upper] if p not in down] + up
        nxt[upper + 1] = down + [p for p in nxt[upper + 1] if p not in up]
        moves += [Move(p, names[upper + 1], names[upper], True) for p in up]
        moves += [Move(p, names[upper], names[upper + 1], False) for p in down]
    return list(zip(names, nxt, strict=True)), moves


@transaction.atomic
def season_roll_over(*, season: Season, user, name: str, starts_on: date, move: int,
                     confirmed: bool) -> Season:
    """A new season with the divisions after promotion and relegation (organisers, after
    confirming the moves they were shown)."""
    if not can(user, MANAGE, season):
        raise PermissionDenied(_("Only the club's organisers may do this."))
    if not confirmed:
        raise ValidationError({"confirmed": _("Confirm the moves to start the new season.")})
    standings_recompute(season_id=season.pk)
    divisions, moves = rollover_plan(season, move)
    new = season_create(club=season.club, name=name, game=season.game, starts_on=starts_on,
                        user=user, options=season.options, table_size=season.table_size,
                        standings_config=season.standings_config)
    divisions_set(season=new, user=user, divisions=divisions)
    audit_record(club=season.club, action="season.roll_over", target=new, subject=user,
                 after={"from": season.pk, "move": move,
                        "moves": [[m.player.pk, m.source, m.target] for m in moves]})
    return new
