"""A hybrid night: a paper table and an online table in one round, one standings. The
online table's seats are empty (bots) or its players never come: the bots play it to the
end without a browser, and its result counts like the paper one's."""

from datetime import timedelta

import pytest
from django.utils import timezone

from league.models import Membership, Player, Season
from rankings.demo_games import short_options
from rankings.models import StandingRow
from rankings.services.standings import standings_recompute
from tests.factories import EventFactory, RoundFactory, played_record, seated_table
from tournaments.models import OnlineMatch, OnlineStatus, Seat, TableResult
from tournaments.services.online_bots import online_sweep_timeouts
from tournaments.services.online_tables import (
    online_start,
    tables_set_online,
)
from tournaments.services.results import result_submit

OPTIONS = {**short_options("bluke"), "max_cards": 2}


@pytest.mark.django_db
def test_a_paper_and_an_online_table_count_in_one_standings(club_a, alice, eager_commit):
    season = Season.objects.create(club=club_a, name="Hybrid", game="bluke",
                                   starts_on=timezone.localdate())
    event = EventFactory(club=club_a, season=season, game="bluke", options=OPTIONS)
    rnd = RoundFactory(event=event, published=True)
    people = [Player.objects.create(display_name=name) for name in
              ("Ann", "Bea", "Cyd", "Dot", "Eli", "Fen")]
    for person in people:
        Membership.objects.create(club=club_a, player=person)
    paper = seated_table(club_a, people[:4], round=rnd, options=OPTIONS)
    online = seated_table(club_a, people[4:], round=rnd, options=OPTIONS)
    for position in (2, 3):
        Seat.objects.create(table=online, position=position)

    result_submit(table=paper, record=played_record(seed=3, max_cards=2,
                                                    seats=[p.display_name for p in people[:4]]),
                  source="form", user=alice)
    eager_commit(lambda: tables_set_online(round=rnd, user=alice, online=True))
    paper.refresh_from_db()
    online.refresh_from_db()
    assert (paper.online, online.online) == (False, True)  # a table with a result stays paper

    eager_commit(lambda: online_start(table=online, user=alice))
    for _ in range(500):  # Eli and Fen never come: past each timeout a bot plays for them
        match = OnlineMatch.objects.get(table=online)
        if match.status == OnlineStatus.FINISHED:
            break
        OnlineMatch.objects.filter(pk=match.pk).update(
            deadline=timezone.now() - timedelta(seconds=1))
        eager_commit(online_sweep_timeouts)
    stored = TableResult.objects.get(table=online)
    assert stored.status == "complete" and stored.source == "online"
    assert stored.record["seats"][:2] == ["Eli", "Fen"]

    standings_recompute(season_id=season.pk)
    ranked = set(StandingRow.objects.filter(season=season).values_list("player__display_name",
                                                                       flat=True))
    assert {"Ann", "Bea", "Cyd", "Dot", "Eli", "Fen"} <= ranked
