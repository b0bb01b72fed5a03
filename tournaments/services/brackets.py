"""Knockout finals: drawing a bracket for an event and moving winners on.

`bracket_create` is the one way a bracket is made (the organiser's page, the admin and the
rankings service that seeds a season's final all call it). Each playable match becomes a
two-seat table of the event, in the round of play the shape gives it, so results enter by
`result_submit` like any other table. When a result is stored, corrected or removed, the
result service calls `bracket_after_result` in the same transaction: the match's winner is
taken from the result's ranks and the bracket is brought in line (tables for the matches
that became playable; a table whose players changed is re-drawn, or, when it already has a
result, the change is refused).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from games import rules
from league.models import Club, Player, Season
from league.services.audit import audit_record
from league.table_sizes import TableSizes, table_sizes_for
from tournaments.brackets import Bracket as Shape
from tournaments.brackets import bracket_for, resolve
from tournaments.brackets.groups import (
    check_group_knockout,
    group_survivors,
    group_tables,
    round_shape,
)
from tournaments.brackets.play import PLAYED, READY, Resolved
from tournaments.models import (
    Bracket,
    BracketEntrant,
    BracketFormat,
    BracketMatch,
    Event,
    EventStatus,
    ResultStatus,
    Round,
    Seat,
    Table,
    TableResult,
)
from tournaments.services.events import _check_players, _require_manage
from tournaments.services.records import error

MAX_ENTRANTS = 128


@transaction.atomic
def bracket_create(*, event: Event, user, players: list[Player], format: str,
                   consolation: bool = False, season: Season | None = None,
                   standing_ranks: list[int | None] | None = None,
                   table_size: int | None = None, drop: int | None = None) -> Bracket:
    """Draw a knockout for `event` with `players` seeded in the order given (best first).

    The event must not have rounds yet. Single and double elimination need a game two can
    play; a group knockout (`format="groups"`) seats `table_size` a table (the game's own
    size by default) and sends the lowest `drop` of each table out each round. Organisers
    of the event's club only. `season` and `standing_ranks` record where the seeding came
    from.
    """
    _require_manage(user, event)
    event = Event.objects.select_for_update().get(pk=event.pk)
    if format == BracketFormat.GROUPS:
        table_size = group_sizes(event.game, table_size).preferred
        drop = 1 if drop is None else drop
    else:
        table_size = drop = None
    bracket_check(event=event, players=players, format=format, consolation=consolation,
                  table_size=table_size, drop=drop)
    bracket = Bracket.objects.create(event=event, season=season, format=format,
                                     consolation=consolation, table_size=table_size,
                                     drop=drop)
    ranks = standing_ranks or [None] * len(players)
    BracketEntrant.objects.bulk_create(
        BracketEntrant(bracket=bracket, seed=seed, player=player, standing_rank=rank)
        for seed, (player, rank) in enumerate(zip(players, ranks, strict=True), start=1))
    if format != BracketFormat.GROUPS:  # a group knockout's tables depend on the results
        BracketMatch.objects.bulk_create(BracketMatch(bracket=bracket, key=match.key)
                                         for match in shape_of(bracket).matches)
    audit_record(club=event.club, action="bracket.create", target=bracket, subject=user,
                 after={"format": format, "consolation": consolation,
                        "table_size": table_size, "drop": drop,
                        "seeds": [p.pk for p in players],
                        "season": season.pk if season else None})
    if format == BracketFormat.GROUPS:
        _sync_groups(bracket)
    else:
        _sync(bracket)
    Event.objects.filter(pk=event.pk, status=EventStatus.DRAFT).update(status=EventStatus.SEATED)
    return bracket


def bracket_check(*, event: Event, players: list[Player], format: str,
                  consolation: bool, table_size: int | None = None,
                  drop: int | None = None) -> None:
    """Why `bracket_create` would refuse, as a ValidationError naming the field."""
    if event.status == EventStatus.CLOSED:
        raise ValidationError({"event": _("The night is closed.")})
    if hasattr(event, "bracket"):
        raise ValidationError({"event": _("This night already has a bracket.")})
    if event.rounds.exists():
        raise ValidationError({"event": _("This night already has rounds; a knockout needs a "
                                          "night of its own.")})
    if format not in BracketFormat.values:
        raise ValidationError({"format": _("Choose single or double elimination, or a group "
                                           "knockout.")})
    if format == BracketFormat.GROUPS:
        _check_entrants(players, event.club)
        _check_groups(event, len(players), table_size, drop, consolation)
        return
    check_two_player_game(event.game, event.options)
    _check_entrants(players, event.club)
    try:
        bracket_for(format, len(players), consolation=consolation)
    except ValueError as problem:
        raise ValidationError({"consolation": _(
            "A match for third place needs single elimination and at least three "
            "entrants.")}) from problem


def group_sizes(game: str, table_size: int | None = None) -> TableSizes:
    """The table sizes a group knockout of `game` seats (preferred: `table_size`)."""
    sizes = table_sizes_for(game, table_size)
    return TableSizes(preferred=table_size or sizes.preferred, allowed=sizes.allowed)


def _check_groups(event: Event, entrants: int, table_size: int, drop: int,
                  consolation: bool) -> None:
    if consolation:
        raise ValidationError({"consolation": _(
            "A group knockout's final table decides every place; it has no match for third "
            "place.")})
    sizes = group_sizes(event.game, table_size)
    if max(sizes.allowed) < 3:
        raise ValidationError({"format": _(
            "A group knockout is for games of three or more at a table; use single or double "
            "elimination for %(game)s.") % {"game": event.game}})
    try:
        check_group_knockout(entrants, sizes.preferred, sizes.allowed, drop)
    except ValueError as problem:
        field, _sep, _rest = str(problem).partition(":")
        raise ValidationError({field: _(
            "%(game)s is played %(low)d to %(high)d at a table; a group knockout needs at "
            "least one table of them, and between 1 and %(most)d players out at each table "
            "each round.") % {"game": event.game, "low": min(sizes.allowed),
                             "high": max(sizes.allowed), "most": min(sizes.allowed) - 1}}) \
            from problem


def check_two_player_game(game: str, options: dict) -> None:
    try:
        rules.load(game, **{**(options or {}), "players": 2})
    except (rules.RulesError, TypeError, ValueError) as problem:
        raise ValidationError({"format": _(
            "Single and double elimination are for two-player matches, and %(game)s is not "
            "played by two.") % {"game": game}}) from problem


def _check_entrants(players: list[Player], club: Club) -> None:
    if not 2 <= len(players) <= MAX_ENTRANTS:
        raise ValidationError({"entrants": _(
            "A knockout needs between 2 and %(most)d entrants, not %(count)d.")
            % {"most": MAX_ENTRANTS, "count": len(players)}})
    seen: set[int] = set()
    for seed, player in enumerate(players, start=1):
        if player.pk in seen:
            raise ValidationError({"entrants": _("Seed %(seed)d: %(player)s is entered twice.")
                                   % {"seed": seed, "player": player}})
        seen.add(player.pk)
    _check_players(players, club)


def shape_of(bracket: Bracket) -> Shape:
    return bracket_for(bracket.format, bracket.entrants.count(),
                       consolation=bracket.consolation)


def bracket_resolved(bracket: Bracket, *, strict: bool = True) -> Resolved:
    """The bracket played through with the winners stored so far."""
    winners = dict(bracket.matches.exclude(winner_seed=None).values_list("key", "winner_seed"))
    return resolve(shape_of(bracket), winners, strict=strict)


# --- results move the bracket on --------------------------------------------------------------


def bracket_after_result(table: Table) -> None:
    """Call inside the transaction that stored, corrected or removed `table`'s result."""
    match = BracketMatch.objects.filter(table_id=table.pk).select_related("bracket").first()
    if match is None:
        return
    Bracket.objects.select_for_update().filter(pk=match.bracket_id).first()  # one at a time
    if match.bracket.format == BracketFormat.GROUPS:
        _sync_groups(match.bracket)
        return
    winner = _winner_seed(match)
    if winner != match.winner_seed:
        BracketMatch.objects.filter(pk=match.pk).update(winner_seed=winner)
    _sync(match.bracket)


def _winner_seed(match: BracketMatch) -> int | None:
    """The seed in first place of a complete result; None when unfinished or tied."""
    result = TableResult.objects.filter(table_id=match.table_id).first()
    if result is None or result.status != ResultStatus.COMPLETE:
        return None
    ranks = list(result.ranks or [])
    if ranks.count(1) != 1:
        return None
    winner_seat = ranks.index(1)
    player_id = (Seat.objects.filter(table_id=match.table_id, position=winner_seat)
                 .values_list("player_id", flat=True).first())
    return (BracketEntrant.objects.filter(bracket_id=match.bracket_id, player_id=player_id)
            .values_list("seed", flat=True).first())


def _sync(bracket: Bracket) -> None:
    """Tables for the playable matches; tables whose players changed are re-drawn."""
    # Not strict: a winner whose match now has other players is caught below as a table
    # whose players changed after its result was stored.
    resolved = bracket_resolved(bracket, strict=False)
    players = dict(bracket.entrants.values_list("seed", "player_id"))
    matches = list(bracket.matches.select_related("table"))
    seated = _seated([m.table_id for m in matches if m.table_id])
    for match in matches:
        state = resolved.states[match.key]
        expected = ([players[state.top], players[state.bottom]]
                    if state.state in (READY, PLAYED) else None)
        if match.table is not None and seated.get(match.table_id) != expected:
            _withdraw_table(match)
        if expected is not None and match.table is None:
            _draw_table(bracket, match, state.match.round, expected)


def _seated(table_ids: list[int]) -> dict[int, list[int | None]]:
    """Each table's players in seat order, in one query (a result re-checks every table)."""
    seated: dict[int, list[int | None]] = {}
    for table_id, player_id in (Seat.objects.filter(table_id__in=table_ids)
                                .order_by("table_id", "position")
                                .values_list("table_id", "player_id")):
        seated.setdefault(table_id, []).append(player_id)
    return seated


def _withdraw_table(match: BracketMatch) -> None:
    """The match's players changed (a result before it was corrected or removed)."""
    table = match.table
    if TableResult.objects.filter(table=table).exists():
        raise _played_on(match)
    BracketMatch.objects.filter(pk=match.pk).update(table=None, winner_seed=None)
    match.table, match.winner_seed = None, None
    table.delete()


def _played_on(match: BracketMatch):
    from tournaments.services.results import ResultRejected

    return ResultRejected([error("bracket-played-on", _(
        "Match %(match)s (round %(round)d, table %(table)d) already has a result with the "
        "players this change would replace: remove that result first.")
        % {"match": match.key, "round": match.table.round.number,
           "table": match.table.number}, field="table")])


def _draw_table(bracket: Bracket, match: BracketMatch, round_number: int,
                players: list[int]) -> None:
    event = bracket.event
    round_, _created = Round.objects.get_or_create(event=event, number=round_number,
                                                   defaults={"published": True})
    number = (round_.tables.order_by("-number").values_list("number", flat=True).first()
              or 0) + 1
    table = Table.objects.create(round=round_, number=number, game=event.game,
                                 options=event.options, first_dealer=0)
    Seat.objects.bulk_create(Seat(table=table, position=i, player_id=p)
                             for i, p in enumerate(players))
    BracketMatch.objects.filter(pk=match.pk).update(table=table)
    match.table = table
    audit_record(club=event.club, action="bracket.table", target=table, subject=None,
                 after={"match": match.key, "round": round_number, "seats": players})


# --- group knockout -----------------------------------------------------------------------


def group_replay(bracket: Bracket):
    """Each round so far: (number, shape, byes, [(key, seeds, match or None)]), played
    through from the stored results (a round is followed only once every table of it has a
    complete result)."""
    sizes = group_sizes(bracket.event.game, bracket.table_size)
    matches = {m.key: m for m in bracket.matches.select_related("table")}
    results = {r.table_id: r for r in TableResult.objects.filter(
        table_id__in=[m.table_id for m in matches.values() if m.table_id])
        .only("table_id", "status", "ranks", "totals")}
    seeds = list(range(1, bracket.entrants.count() + 1))
    number, rounds = 1, []
    while True:
        shape = round_shape(len(seeds), sizes.preferred, sizes.allowed, bracket.drop)
        byes, tables = group_tables(seeds, shape)
        listed = [(f"G{number}-{i}", table, matches.get(f"G{number}-{i}"))
                  for i, table in enumerate(tables, start=1)]
        rounds.append((number, shape, byes, listed))
        places = [_complete_ranks(match, results) for _key, _seeds, match in listed]
        if shape.final or None in places:
            return rounds, results
        seeds = group_survivors(byes, tables, places, shape, bracket.drop)
        number += 1


def _complete_ranks(match, results) -> list[int] | None:
    result = results.get(match.table_id) if match is not None and match.table_id else None
    if result is None or result.status != ResultStatus.COMPLETE:
        return None
    return list(result.ranks)


def _sync_groups(bracket: Bracket) -> None:
    """Tables for the round now due; tables of rounds no longer due (or whose players a
    corrected result changed) are taken back, or the change is refused once played."""
    players = dict(bracket.entrants.values_list("seed", "player_id"))
    rounds, _results = group_replay(bracket)
    stored = {m.key: m for m in bracket.matches.select_related("table__round")}
    seated = _seated([m.table_id for m in stored.values() if m.table_id])
    for number, _shape, _byes, listed in rounds:
        for key, seeds, _match in listed:
            expected = [players[seed] for seed in seeds]
            match = stored.pop(key, None) or BracketMatch.objects.create(bracket=bracket,
                                                                        key=key)
            if match.table is not None and seated.get(match.table_id) != expected:
                _withdraw_table(match)
            if match.table is None:
                _draw_table(bracket, match, number, expected)
    for match in stored.values():  # a later round that is no longer due
        if match.table is not None:
            _withdraw_table(match)
        match.delete()
    Round.objects.filter(event=bracket.event, tables__isnull=True).delete()
