"""Seating every table shape through the seating service: two-player round robins, tables of
exactly five, a range of sizes near the organiser's choice, and partnerships at fours.

The shapes are test engine games registered here (the real games declare the same
min/max players), so these tests do not wait for any game module.
"""

import datetime
from collections import Counter
from itertools import combinations

import pytest
from django.core.exceptions import ValidationError

from games import rules
from league.models import Player, Role, Season
from league.permissions import SYSTEM
from league.services.clubs import membership_add
from league.table_sizes import table_sizes_for
from tests.factories import ClubFactory
from tournaments.models import Seat
from tournaments.services.events import event_create
from tournaments.services.seating import event_plan_seating

pytestmark = pytest.mark.django_db


def _shape(name, low, high, partnership=False):
    from games.engine import EngineGame

    def teams(self):
        if partnership:
            return [[0, 2], [1, 3]]
        return [[seat] for seat in range(self.num_players)]

    # only the class attributes the league reads for seating; never played here
    return type(f"Shape{name}", (EngineGame,), {
        "name": name, "title": name.title(), "min_players": low, "max_players": high,
        "partnership": partnership, "build_teams": teams,
        "build_vocabulary": lambda self: None, "build_phases": lambda self: [],
        "build_ending": lambda self: None})


SHAPES = [_shape("duel", 2, 2), _shape("five", 5, 5), _shape("crowd", 4, 10),
          _shape("pairs", 4, 4, partnership=True)]


@pytest.fixture(autouse=True)
def _shape_games():
    for cls in SHAPES:
        rules.register(cls)
    yield
    for cls in SHAPES:
        rules.GAMES.pop(cls.name, None)


def _season(game, players, table_size=None):
    club = ClubFactory(name=f"{game} club", slug=f"{game}-club")
    season = Season.objects.create(club=club, name="S", game=game, table_size=table_size,
                                   starts_on=datetime.date(2026, 1, 5))
    people = []
    for index in range(players):
        player = Player.objects.create(display_name=f"P{index}")
        membership_add(club=club, player=player, role=Role.PLAYER, user=SYSTEM)
        people.append(player)
    return club, season, people


def _nights(club, season, people, nights, rounds, **kwargs):
    tables = []
    for week in range(nights):
        event = event_create(club=club, season=season, name=f"N{week}", user=SYSTEM,
                             date=datetime.date(2026, 1, 5) + datetime.timedelta(weeks=week))
        event = event_plan_seating(event=event, players=people, rounds=rounds, seed=week,
                                   user=SYSTEM, time_budget=0.1, **kwargs)
        for rnd in event.rounds.order_by("number"):
            tables.append([[s.player_id for s in t.seats.order_by("position")]
                           for t in rnd.tables.order_by("number")])
    return tables


def _meetings(rounds):
    return Counter(frozenset(pair) for rnd in rounds for table in rnd
                   for pair in combinations(table, 2))


def test_table_sizes_follow_what_each_game_declares():
    assert table_sizes_for("duel").allowed == (2,)
    assert table_sizes_for("five").allowed == (5,)
    assert table_sizes_for("crowd").allowed == tuple(range(4, 11))
    assert table_sizes_for("crowd", 7).preferred == 7
    assert table_sizes_for("bluke").allowed == (3, 4, 5)  # the Bluke family as before


@pytest.mark.parametrize("players", [6, 7])
def test_two_player_games_are_a_round_robin_over_the_season(players):
    club, season, people = _season("duel", players)
    # three nights of two rounds: everyone meets everyone once before anyone meets twice
    rounds = _nights(club, season, people, nights=3, rounds=2)
    assert all(len(t) == 2 for rnd in rounds for t in rnd)
    cycle = players - 1 if players % 2 == 0 else players  # rounds for everyone to meet once
    first = _meetings(rounds[:cycle])
    assert max(first.values()) == 1
    if len(rounds) >= cycle:
        assert len(first) == players * (players - 1) // 2
    sit_outs = Counter(p for rnd in rounds for p in {x.pk for x in people}
                       - {q for t in rnd for q in t})
    if players % 2:
        assert sum(sit_outs.values()) == len(rounds)
        assert max(sit_outs.values()) - min(sit_outs[p.pk] for p in people) <= 1
    first_seat = Counter(t[0] for rnd in rounds for t in rnd)
    assert max(first_seat[p.pk] for p in people) - min(first_seat[p.pk] for p in people) <= 2


def test_tables_of_exactly_five_sit_the_rest_out_fairly():
    club, season, people = _season("five", 12)
    rounds = _nights(club, season, people, nights=2, rounds=3)
    assert all(len(t) == 5 for rnd in rounds for t in rnd)
    assert all(len(rnd) == 2 for rnd in rounds)
    out = Counter(p.pk for rnd in rounds for p in people
                  if p.pk not in {q for t in rnd for q in t})
    assert sum(out.values()) == 2 * len(rounds)
    assert max(out[p.pk] for p in people) - min(out[p.pk] for p in people) <= 1
    first = Counter(t[1] for rnd in rounds for t in rnd)  # the dealer's left bids first
    assert max(first.values()) <= 2
    assert max(_meetings(rounds).values()) <= 4


def test_a_range_of_sizes_keeps_near_the_organisers_choice():
    club, season, people = _season("crowd", 13, table_size=6)
    rounds = _nights(club, season, people, nights=2, rounds=2)
    assert all(sorted(len(t) for t in rnd) == [6, 7] for rnd in rounds)
    # the plan request may choose another size for one night
    event = event_create(club=club, season=season, name="N9", user=SYSTEM,
                         date=datetime.date(2026, 3, 1))
    event = event_plan_seating(event=event, players=people, rounds=1, seed=1, user=SYSTEM,
                               time_budget=0.1, table_size=4)
    assert sorted(len(t.seats.all()) for t in event.rounds.get().tables.all()) == [4, 4, 5]
    with pytest.raises(ValidationError):
        event_plan_seating(event=event, players=people, rounds=1, user=SYSTEM, table_size=11)


def test_partnership_games_rotate_partners():
    club, season, people = _season("pairs", 8)
    rounds = _nights(club, season, people, nights=1, rounds=3)
    partners = Counter(frozenset((t[i], t[i + 2])) for rnd in rounds for t in rnd
                       for i in (0, 1))
    assert all(len(t) == 4 for rnd in rounds for t in rnd)
    assert max(partners.values()) == 1


def test_the_plan_request_stores_the_preferred_size(eager_celery,
                                                    django_capture_on_commit_callbacks):
    from tournaments.services.seating import event_request_seating

    club, season, people = _season("crowd", 10)
    event = event_create(club=club, season=season, name="N", user=SYSTEM,
                         date=datetime.date(2026, 1, 5))
    with django_capture_on_commit_callbacks(execute=True):
        event_request_seating(event=event, players=people, rounds=1, seed=2, user=SYSTEM,
                              table_size=5)
    event.refresh_from_db()
    assert event.seating["request"]["table_size"] == 5
    assert sorted(Counter(Seat.objects.filter(table__round__event=event)
                          .values_list("table_id", flat=True)).values()) == [5, 5]


def test_the_seating_form_asks_for_the_table_size_only_where_the_game_has_a_range(
        client, plain_http, eager_celery, django_capture_on_commit_callbacks):
    from django.urls import reverse

    from tests.factories import MembershipFactory, UserFactory
    from tournaments.services.seating import event_set_attendance

    pages = {}
    for game in ("crowd", "duel"):
        club, season, people = _season(game, 10)
        user = UserFactory(username=f"org-{game}")
        MembershipFactory(club=club, player=Player.objects.create(user=user,
                                                                  display_name="Org"),
                          role=Role.ORGANISER)
        event = event_create(club=club, season=season, name="N", user=SYSTEM,
                             date=datetime.date(2026, 1, 5))
        event_set_attendance(event=event, players=people, user=SYSTEM)
        client.force_login(user)
        pages[game] = client.get(reverse("tournaments:event-detail", args=[event.pk]))
        if game == "crowd":
            with django_capture_on_commit_callbacks(execute=True):
                client.post(reverse("tournaments:event-plan-seating", args=[event.pk]),
                            {"rounds": 1, "seed": 4, "table_size": 5})
            event.refresh_from_db()
            assert event.seating["request"]["table_size"] == 5
            assert sorted(len(t.seats.all()) for t in event.rounds.get().tables.all()) == [5, 5]
    assert 'name="table_size"' in pages["crowd"].content.decode()
    assert 'name="table_size"' not in pages["duel"].content.decode()
