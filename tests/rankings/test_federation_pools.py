"""Federation pools: only closed nights past their window count, and the pool always equals
a from-scratch recompute (after a correction, after a club leaves, after a person links)."""

import datetime

import pytest
from django.db import connection
from django.utils import timezone

from league.models import AuditEntry, Federation, FederationClub, FederationState, PlayerLink
from league.services.federations import federation_join, federation_leave
from rankings.models import FederationNight, PlayerRating, RatingHistory, RatingPool
from rankings.services.federations import federation_recompute, federation_sync
from rankings.services.followups_drain import followups_drain
from rankings.services.ratings import ratings_recompute, ratings_update_for_game
from tests.league.played_games import correct_game
from tests.rankings.federation_world import build_world, play_night

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    return build_world()


def pool_of(federation) -> RatingPool:
    return RatingPool.objects.get(federation=federation, game="bluke")


def states(pool):
    return sorted(PlayerRating.objects.filter(pool=pool).values_list(
        "player_id", "mu", "sigma", "games", "last_played_at"))


def history(pool):
    return list(RatingHistory.objects.filter(pool=pool).order_by("game_order", "player_id")
                .values_list("game_id", "player_id", "mu_before", "sigma_before", "mu_after",
                             "sigma_after", "games_after"))


def from_scratch(federation):
    """The pool's states and history as an incremental path left them, then rebuilt."""
    pool = pool_of(federation)
    kept = states(pool), history(pool)
    federation_recompute(federation_id=federation.pk)
    return kept, (states(pool), history(pool))


def test_it_rates_both_clubs_nights_in_one_pool(world):
    report = federation_sync(federation_id=world["federation"].pk)
    assert (report.added, report.removed, report.rated) == (6, 0, 24)
    pool = pool_of(world["federation"])
    assert pool.club_id is None
    rated = set(PlayerRating.objects.filter(pool=pool).values_list("player_id", flat=True))
    assert rated == {p.pk for p in world["xs"] + world["ys"]}


def test_a_night_counts_only_after_its_clubs_correction_window(world):
    federation_sync(federation_id=world["federation"].pk)
    event, games = play_night(world["x"], world["xs"], day=60, games=2, seed=99)
    closing = AuditEntry.objects.create(action="event.close", target_type="event",
                                        target_id=event.pk, club=world["x"])
    closed = closing.created_at
    report = federation_sync(federation_id=world["federation"].pk,
                             now=closed + datetime.timedelta(days=6, hours=23))
    assert (report.added, report.waiting) == (0, 1)
    assert not RatingHistory.objects.filter(game__in=games, pool__federation__isnull=False)
    open_event, _ = play_night(world["x"], world["xs"], day=61, games=1, seed=98, close=False)
    report = federation_sync(federation_id=world["federation"].pk,
                             now=closed + datetime.timedelta(days=7))
    assert report.added == 1  # the night still open never counts
    assert not FederationNight.objects.filter(event=open_event).exists()
    assert RatingHistory.objects.filter(game__in=games, pool=pool_of(world["federation"])).count() == 8
    kept, rebuilt = from_scratch(world["federation"])
    assert kept == rebuilt


def test_a_clubs_own_window_decides(world):
    world["y"].correction_days = 0
    world["y"].save()
    event, _ = play_night(world["y"], world["ys"], day=70, games=1, seed=5)
    AuditEntry.objects.create(action="event.close", target_type="event", target_id=event.pk)
    report = federation_sync(federation_id=world["federation"].pk)
    assert FederationNight.objects.filter(event=event).exists()
    assert report.waiting == 0


def test_a_correction_of_a_counted_night_equals_a_recompute(world):
    federation_sync(federation_id=world["federation"].pk)
    game = world["games"][5]
    correct_game(game, totals=[200, 10, 20, 30])
    ratings_update_for_game(game_id=game.pk)
    kept, rebuilt = from_scratch(world["federation"])
    assert kept == rebuilt
    after = {row[0]: row for row in history(pool_of(world["federation"])) if row[0] == game.pk}
    assert after  # the corrected game is still rated


def test_a_club_leaving_recomputes_the_pool_without_it(world):
    federation = world["federation"]
    federation_sync(federation_id=federation.pk)
    federation_leave(user=world["yorg"].user, federation=federation, club=world["y"],
                     game="bluke")
    followups_drain()  # the owed recompute (the outbox row the leave wrote)
    pool = pool_of(federation)
    rated = set(PlayerRating.objects.filter(pool=pool).values_list("player_id", flat=True))
    assert rated == {p.pk for p in world["xs"]}
    # The same ratings as a federation that only ever had Xanadu.
    alone = Federation.objects.create(name="Xanadu alone", slug="alone")
    FederationClub.objects.create(federation=alone, club=world["x"], game="bluke",
                                  state=FederationState.MEMBER, requested_at=timezone.now())
    federation_sync(federation_id=alone.pk)
    assert [row[1:4] for row in states(pool)] == [row[1:4] for row in states(pool_of(alone))]
    kept, rebuilt = from_scratch(federation)
    assert kept == rebuilt
    # Coming back brings its nights back.
    federation_join(user=world["yorg"].user, federation=federation, club=world["y"],
                    game="bluke")
    FederationClub.objects.filter(federation=federation, club=world["y"]).update(
        state=FederationState.MEMBER)
    federation_sync(federation_id=federation.pk)
    assert PlayerRating.objects.filter(pool=pool, player=world["hal"]).exists()


def test_a_correction_inside_the_window_waits_for_the_night(world):
    event, games = play_night(world["x"], world["xs"], day=80, games=2, seed=7)
    AuditEntry.objects.create(action="event.close", target_type="event", target_id=event.pk)
    federation_sync(federation_id=world["federation"].pk)
    correct_game(games[0], totals=[1, 2, 3, 400])
    ratings_update_for_game(game_id=games[0].pk)
    assert not RatingHistory.objects.filter(game=games[0], pool__federation__isnull=False)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the second reader is PostgreSQL's")
@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_a_federation_rebuild_reads_on_a_second_connection(monkeypatch):
    """A full recompute outside any transaction reads the games on another connection while
    the COPY holds this one: the people's identities are read before the COPY starts (a
    read on the busy connection would wait for ever)."""
    from rankings.services.ratings import rebuild as rebuild_module

    world = build_world()
    federation_sync(federation_id=world["federation"].pk)
    pool = pool_of(world["federation"])
    PlayerLink.objects.create(player=world["ann_y"], person=world["ann"])  # as she would
    before = states(pool)
    reads = []
    original = rebuild_module.snapshot_chunks
    monkeypatch.setattr(rebuild_module, "snapshot_chunks",
                        lambda pool: reads.append(pool.pk) or original(pool))
    ratings_recompute()  # every pool, the federation's included, each outermost
    assert pool.pk in reads
    after = states(pool)
    assert after != before  # Ann's two rows are one person now
    assert world["ann_y"].pk not in {row[0] for row in after}
