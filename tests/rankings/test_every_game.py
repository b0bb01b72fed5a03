"""Every registered game through the league: seat a night at the game's table shape, play it
with random bots through the service, store the results, compute the standings and open
the pages. The games come from `games.rules.GAMES`, so a game registered later is covered
without touching this file; two test engine games (one ranked LOWEST first) join them.
"""

import datetime
import sys
from html import escape as html_escape
from pathlib import Path

import pytest
from django.urls import reverse

from games import rules
from league.models import Player, Role, Season
from league.models.clubs import BotStrength
from league.permissions import SYSTEM
from league.services.clubs import membership_add
from league.table_sizes import table_sizes_for
from rankings.demo_games import short_options
from rankings.models import StandingRow
from rankings.services.standings import standings_recompute
from tests.factories import ClubFactory
from tournaments.models import Hand, Table, TableResult
from tournaments.services.bots import table_play_with_bots
from tournaments.services.events import event_create
from tournaments.services.seating import event_plan_seating, round_set_published

pytestmark = pytest.mark.django_db

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "engine"))
from auction_game import WidowWhist  # noqa: E402
from nomination import Nomination  # noqa: E402

from games.engine import LOWER_WINS  # noqa: E402


class LowNomination(Nomination):
    """Nomination where the lowest total wins: the test game for LOWER_WINS."""

    name = "nomination-low"
    title = "Nomination (lowest wins)"
    ranking = LOWER_WINS


TEST_GAMES = (Nomination, LowNomination, WidowWhist)


@pytest.fixture
def test_games():
    for cls in TEST_GAMES:
        rules.register(cls)
    yield
    for cls in TEST_GAMES:
        rules.GAMES.pop(cls.name, None)


def every_game() -> list[str]:
    return sorted(rules.GAMES) + [cls.name for cls in TEST_GAMES]


def _night(game: str, players: int, table_size=None):
    club = ClubFactory(name=f"{game} club", slug=f"{game}-club", is_public=True)
    season = Season.objects.create(club=club, name=f"{game} season", game=game,
                                   options=short_options(game),
                                   starts_on=datetime.date(2026, 1, 5), table_size=table_size)
    bots = []
    for index in range(players):
        bot = Player.objects.create(display_name=f"{game} bot {index + 1}",
                                    bot_strength=BotStrength.RANDOM)
        membership_add(club=club, player=bot, role=Role.PLAYER, user=SYSTEM)
        bots.append(bot)
    event = event_create(club=club, season=season, name="Night 1",
                         date=datetime.date(2026, 1, 5), user=SYSTEM)
    event = event_plan_seating(event=event, players=bots, rounds=1, seed=3, user=SYSTEM,
                               time_budget=0.05)
    for rnd in event.rounds.all():  # shown to everyone, as the pages below are read
        round_set_published(rnd=rnd, user=SYSTEM)
    return season, event, bots


@pytest.mark.parametrize("game", every_game())
def test_a_night_of_every_game_is_seated_played_stored_ranked_and_shown(
        game, test_games, client, plain_http, eager_celery):
    cls = rules.GAMES[game]
    size = table_sizes_for(game).preferred
    season, event, bots = _night(game, size)
    tables = list(Table.objects.filter(round__event=event))
    assert len(tables) == 1 and tables[0].seats.count() == size
    stored = table_play_with_bots(table=tables[0])
    assert stored.status == "complete"
    assert rules.check_record(stored.record).valid
    hands = list(Hand.objects.filter(game=stored))
    assert len(hands) == len(stored.record["hands"]) >= 1
    if hasattr(cls, "build_phases"):  # engine games keep the game's own scoresheet line
        assert all(isinstance(h.summary, dict) and h.summary for h in hands)
        assert set(hands[0].summary) <= set(cls.SUMMARY_SCHEMA)
    game_rules = rules.load(game, players=size, **short_options(game))
    units = [stored.totals[team[0]] for team in game_rules.teams]
    assert [stored.ranks[team[0]] for team in game_rules.teams] \
        == list(game_rules.ranking.places(units)) or "places" in stored.record
    standings_recompute(season_id=season.pk)
    rows = {r.player_id: r for r in StandingRow.objects.filter(season=season)}
    assert set(rows) == {b.pk for b in bots}
    winners = [p for p, r in zip(stored.table.seats.order_by("position"), stored.ranks,
                                 strict=True) if r == 1]
    assert {rows[s.player_id].rank for s in winners} == {1}
    notes = [game_rules.seat_notes(seat) for seat in range(size)] \
        if hasattr(game_rules, "seat_notes") else []
    for url in (reverse("league:season-standings", args=[season.pk]),
                reverse("tournaments:event-detail", args=[event.pk]),
                reverse("tournaments:table-scoresheet", args=[tables[0].pk]),
                reverse("tournaments:table-cards", args=[event.pk]),
                reverse("tournaments:blank-scoresheets", args=[event.pk]),
                reverse("league:player-detail", args=[bots[0].pk]),
                f"/api/v1/games/{stored.pk}/", f"/api/v1/seasons/{season.pk}/standings/",
                "/api/v1/rulesets/"):
        response = client.get(url, HTTP_X_FORWARDED_PROTO="https")
        assert response.status_code == 200, (url, response.status_code)
        if "/api/" not in url and "standings" not in url and "players" not in url:
            page = response.content.decode()
            assert all(html_escape(note) in page for note in notes if note), url
    assert TableResult.objects.filter(table__round__event=event).count() == 1


def test_lowest_total_wins_in_a_lower_wins_game(test_games, eager_celery):
    season, event, bots = _night("nomination-low", 4)
    stored = table_play_with_bots(table=Table.objects.get(round__event=event))
    best = min(stored.totals)
    assert [r == 1 for r in stored.ranks] == [t == best for t in stored.totals]
    standings_recompute(season_id=season.pk)
    # players tied on the lowest total share first place
    firsts = StandingRow.objects.filter(season=season, rank=1).values_list("player_id",
                                                                           flat=True)
    lowest = {s.player_id for s in stored.table.seats.all() if stored.totals[s.position] == best}
    assert set(firsts) == lowest
    # the ratings read the same places: the lowest total gains the most
    from rankings.ratings.registry import make_rater
    from rankings.services.ratings.games import rateable

    rated = rateable(stored)
    changes = {c.player_id: c.delta for c in make_rater("elo").rate_game(rated.teams,
                                                                         rated.ranks)}
    assert max(changes, key=changes.get) in {
        s.player_id for s in stored.table.seats.all() if stored.totals[s.position] == best}


def test_only_the_bots_that_play_a_game_are_offered(test_games, club_b, bob):
    from django.core.exceptions import ValidationError

    from tests.factories import EventFactory, RoundFactory, TableFactory
    from tournaments.forms import BotFillForm
    from tournaments.models import Seat
    from tournaments.services.bots import playing_strength, strengths_for, table_fill_with_bots

    assert strengths_for("nomination") == ["random", "search"]  # no heuristic of its own
    assert set(strengths_for("joker")) == {"random", "heuristic", "search"}
    assert [c[0] for c in BotFillForm(strengths=strengths_for("nomination"))
            .fields["strength"].choices] == ["random", "search"]
    assert playing_strength("heuristic", "nomination") == "random"
    table = TableFactory(round=RoundFactory(event=EventFactory(club=club_b, game="nomination")),
                         game="nomination")
    Seat.objects.bulk_create(Seat(table=table, position=i) for i in range(4))
    with pytest.raises(ValidationError):
        table_fill_with_bots(table=table, user=bob, strength="heuristic")
    assert len(table_fill_with_bots(table=table, user=bob, strength="random")) == 4
