"""A duplicate night's standings: every stored hand is a board's result, scored by
matchpoints in its comparison group (`rankings.standings.duplicate`)."""

from __future__ import annotations

from collections import defaultdict

from games import rules
from league.models import Player
from rankings.selectors_divisions import NightItem
from rankings.standings.duplicate import (
    BoardResult,
    DuplicateLine,
    duplicate_standings,
    night_game,
    score_boards,
)
from rankings.standings.results import GameResult
from tournaments.models import Event, Hand


def lower_wins(game: str, players: int, options: dict) -> bool:
    """Whether the game's lowest score is best (Buck Euchre counts down)."""
    try:
        ranking = getattr(rules.load(game, players=players, **options), "ranking", None)
    except rules.RulesError:
        return False
    return ranking is not None and not getattr(ranking, "higher_wins", True)


def board_results(event: Event) -> tuple[list[BoardResult], bool]:
    """Every stored hand of the night as results per seat (or per team), and whether a
    lower score is better."""
    hands = (Hand.objects.filter(game__table__round__event=event)
             .select_related("game__table__round")
             .prefetch_related("game__table__seats").order_by("game_id", "number"))
    results, teams_of, low = [], {}, False
    for hand in hands:
        table = hand.game.table
        seats = [s.player_id for s in sorted(table.seats.all(), key=lambda s: s.position)]
        key = (table.game, len(seats))
        if key not in teams_of:
            game = rules.load(table.game, players=len(seats), **(table.options or {}))
            teams_of[key] = game.teams
            low = lower_wins(table.game, len(seats), table.options or {})
        teams = teams_of[key]
        results += _hand_results(hand, table.round.number, seats, teams)
    return results, low


def _hand_results(hand: Hand, rnd: int, seats: list, teams: list) -> list[BoardResult]:
    scores = list(hand.scores or [])
    per_team = len(scores) == len(teams) and len(teams) != len(seats)
    out = []
    for index, team in enumerate(teams):
        side = tuple(seats[s] for s in team if s < len(seats) and seats[s] is not None)
        if not side:
            continue
        if per_team:
            score = scores[index]
        elif all(s < len(scores) for s in team):
            score = scores[team[0]]
        else:
            continue
        if isinstance(score, int | float) and not isinstance(score, bool):
            out.append(BoardResult(round=rnd, board=hand.number, group=index, side=side,
                                   score=score))
    return out


def duplicate_lines(event: Event) -> list[DuplicateLine]:
    results, low = board_results(event)
    return duplicate_standings(results, lower_wins=low)


def night_result(event: Event, tables: list[GameResult]) -> GameResult | None:
    """The night as one result for its season's standings (`night_game`), from its
    complete `tables` as results: who played how many tables, and their scores there."""
    if not tables:
        return None
    results, low = board_results(event)
    scores: dict[int, list[float]] = defaultdict(list)
    for table in tables:
        for side in table.sides:
            for player in side.players:
                scores[player].append(side.score)
    dates = [t.played_at for t in tables if t.played_at is not None]
    return night_game(results, duplicate_standings(results, lower_wins=low), dict(scores),
                      game_id=min(t.game_id for t in tables), night=event.pk,
                      played_at=max(dates, default=None))


def night_standings(event: Event) -> list[tuple[str, list[NightItem]]]:
    """A duplicate night's standings for its page (through `night_standings_by_division`):
    one group, by matchpoint percentage."""
    lines = duplicate_lines(event)
    if not lines:
        return []
    players = Player.objects.in_bulk([line.player_id for line in lines])
    return [("", [NightItem(rank=line.rank, line=line, player=players[line.player_id])
                  for line in lines if line.player_id in players])]


# --- the hand records ---------------------------------------------------------------------


def board_records(user, event: Event, round_number: int | None = None):
    """Per board: its slip and every result on it with names, score and matchpoints
    ({"slip", "rows": [(direction, names, score, MP, top)]}); None: not for this user."""
    from tournaments.selectors_boards import event_slips

    slips = event_slips(user, event, round_number)
    if slips is None:
        return None
    results, low = board_results(event)
    by_board: dict = {}
    for item in score_boards(results, lower_wins=low):
        by_board.setdefault((item.result.round, item.result.board), []).append(item)
    names = dict(Player.objects.filter(
        pk__in={p for r in results for p in r.side}).values_list("pk", "display_name"))
    records = []
    for slip in slips:
        items = sorted(by_board.get((slip.round, slip.number), []),
                       key=lambda i: (i.result.group, -i.matchpoints))
        records.append({"slip": slip, "rows": [
            (i.result.group + 1, [names.get(p, "?") for p in i.result.side], i.result.score,
             i.matchpoints, i.top) for i in items]})
    return records
