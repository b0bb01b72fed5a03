"""A knockout as the bracket page, the big screen and the API show it: rounds of play, each
match with its seeds, players, scores and winner, byes marked, void matches left out."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.brackets.groups import group_survivors
from tournaments.brackets.play import BYE, VOID, WAITING, kinds
from tournaments.brackets.shapes import GRAND_FINAL, LOSERS, RESET, THIRD_PLACE
from tournaments.models import Bracket, BracketFormat, ResultStatus, TableResult
from tournaments.services.brackets import bracket_resolved, group_replay, shape_of


@dataclass(frozen=True)
class Side:
    seed: int
    player_id: int
    name: str
    total: float | int | None  # the side's total in the match's result, once entered
    won: bool


@dataclass(frozen=True)
class MatchView:
    key: str
    stage: str
    label: str
    round: int
    state: str
    top: Side | None
    bottom: Side | None
    table_id: int | None
    table_number: int | None
    result_status: str | None  # "in-progress" or "complete" once a result is stored
    top_from: tuple[str, str] | None = None  # a side still to be decided: ("winner", "W2-1")
    bottom_from: tuple[str, str] | None = None


@dataclass(frozen=True)
class GroupSeat:
    seed: int
    player_id: int
    name: str
    place: int | None
    total: float | int | None
    through: bool | None  # None until the table's result is complete (or at the final)


@dataclass(frozen=True)
class GroupTableView:
    key: str
    table_id: int | None
    table_number: int | None
    result_status: str | None
    seats: list[GroupSeat]


@dataclass(frozen=True)
class GroupRoundView:
    number: int
    final: bool
    byes: list[tuple[int, str]]  # seed and name of those through without playing
    tables: list[GroupTableView]


@dataclass(frozen=True)
class BracketView:
    bracket: Bracket
    rounds: list[tuple[int, list[MatchView]]]
    entrants: list[tuple[int, int, str, int | None]]  # seed, player id, name, standing rank
    champion: tuple[int, str] | None  # seed and name
    groups: list[GroupRoundView] | None = None  # a group knockout's rounds

    @property
    def matches(self) -> list[MatchView]:
        return [match for _number, matches in self.rounds for match in matches]


def bracket_view(bracket: Bracket) -> BracketView:
    if bracket.format == BracketFormat.GROUPS:
        return _group_view(bracket)
    resolved = bracket_resolved(bracket)
    shape = shape_of(bracket)
    people = {e.seed: e for e in bracket.entrants.select_related("player")}
    tables = {m.key: m.table for m in bracket.matches.select_related("table")}
    results = {r.table_id: r for r in TableResult.objects.filter(
        table_id__in=[t.pk for t in tables.values() if t]).only("table_id", "totals", "status")}
    last_round = {stage: max(m.stage_round for m in shape.matches if m.stage == stage)
                  for stage in {m.stage for m in shape.matches}}
    kind = kinds(shape)
    rounds: dict[int, list[MatchView]] = {}
    for key, state in resolved.states.items():
        if state.state == VOID:
            continue
        table = tables.get(key)
        result = results.get(table.pk) if table else None
        totals = list(result.totals or []) if result else []
        sides = [_side(people, seed, totals[i] if i < len(totals) and state.state != BYE
                       else None, state.winner) for i, seed in enumerate((state.top,
                                                                          state.bottom))]
        rounds.setdefault(state.match.round, []).append(MatchView(
            key=key, stage=state.match.stage, label=match_label(state.match, last_round,
                                                                bracket.format),
            round=state.match.round, state=state.state, top=sides[0], bottom=sides[1],
            table_id=table.pk if table else None, table_number=table.number if table else None,
            result_status=result.status if result else None,
            top_from=_still_to_come(state, state.match.top, kind),
            bottom_from=_still_to_come(state, state.match.bottom, kind)))
    champion = resolved.champion
    return BracketView(
        bracket=bracket, rounds=sorted(rounds.items()),
        entrants=[(seed, e.player_id, e.player.display_name, e.standing_rank)
                  for seed, e in sorted(people.items())],
        champion=(champion, people[champion].player.display_name) if champion else None)


def _still_to_come(state, source, kind: dict[str, str]) -> tuple[str, str] | None:
    """Where an unknown side will come from; None when it is known, or nobody (a bye)."""
    if state.state != WAITING or source.kind == "seed":
        return None
    if kind[source.key] == VOID or (source.kind == "loser" and kind[source.key] == BYE):
        return None
    return source.kind, source.key


def _side(people, seed: int | None, total, winner: int | None) -> Side | None:
    if seed is None:
        return None
    entrant = people[seed]
    return Side(seed=seed, player_id=entrant.player_id, name=entrant.player.display_name,
                total=total, won=winner == seed)


def match_label(match, last_round: dict[str, int], format: str) -> str:
    """What a reader calls the match: final, semi-final, losers' round 2, third place."""
    if match.stage == THIRD_PLACE:
        return _("Third place")
    if match.stage == GRAND_FINAL:
        return _("Grand final")
    if match.stage == RESET:
        return _("Grand final, deciding match")
    if match.stage == LOSERS:
        if match.stage_round == last_round[LOSERS]:
            return _("Losers' final")
        return _("Losers' round %(number)d") % {"number": match.stage_round}
    to_go = last_round[match.stage] - match.stage_round
    if format == "double":
        return (_("Winners' final") if to_go == 0 else
                _("Winners' round %(number)d") % {"number": match.stage_round})
    if to_go == 0:
        return _("Final")
    if to_go == 1:
        return _("Semi-final")
    if to_go == 2:
        return _("Quarter-final")
    return _("Round %(number)d") % {"number": match.stage_round}



def _group_view(bracket: Bracket) -> BracketView:
    people = {e.seed: e for e in bracket.entrants.select_related("player")}
    rounds, results = group_replay(bracket)
    views, champion = [], None
    for number, shape, byes, listed in rounds:
        through = _through(shape, byes, listed, results, bracket.drop)
        tables = []
        for key, seeds, match in listed:
            result = results.get(match.table_id) if match and match.table_id else None
            complete = result is not None and result.status == ResultStatus.COMPLETE
            ranks, totals = (list(result.ranks), list(result.totals)) if result else ([], [])
            seats = [GroupSeat(
                seed=seed, player_id=people[seed].player_id,
                name=people[seed].player.display_name,
                place=ranks[i] if i < len(ranks) else None,
                total=totals[i] if i < len(totals) else None,
                through=(seed in through) if complete and through is not None else None)
                for i, seed in enumerate(seeds)]
            if shape.final and complete and ranks.count(1) == 1:
                winner = seeds[ranks.index(1)]
                champion = (winner, people[winner].player.display_name)
            tables.append(GroupTableView(
                key=key, table_id=match.table_id if match else None,
                table_number=match.table.number if match and match.table else None,
                result_status=result.status if result else None, seats=seats))
        views.append(GroupRoundView(
            number=number, final=shape.final, tables=tables,
            byes=[(seed, people[seed].player.display_name) for seed in byes]))
    return BracketView(
        bracket=bracket, rounds=[], groups=views, champion=champion,
        entrants=[(seed, e.player_id, e.player.display_name, e.standing_rank)
                  for seed, e in sorted(people.items())])


def _through(shape, byes, listed, results, drop) -> set[int] | None:
    """Who goes through from a round whose tables are all complete (None otherwise)."""
    if shape.final:
        return None
    places = []
    for _key, _seeds, match in listed:
        result = results.get(match.table_id) if match and match.table_id else None
        if result is None or result.status != ResultStatus.COMPLETE:
            return None
        places.append(list(result.ranks))
    return set(group_survivors(byes, [seeds for _k, seeds, _m in listed], places, shape,
                               drop))
