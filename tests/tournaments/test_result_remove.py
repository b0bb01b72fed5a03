"""result_remove: the one way a result leaves, and what it leaves behind (service level).

Club A (private): alice organises, sam keeps score, pat plays; bob organises club B.
"""

import datetime

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied

from league.models import AuditEntry
from league.permissions import SYSTEM
from league.services.followups import followups_batched
from rankings.models import PlayerRating, RatingHistory, StandingRow
from rankings.services.ratings import ratings_recompute
from rankings.services.standings import standings_recompute
from tests.factories import (
    EventFactory,
    MembershipFactory,
    PlayerFactory,
    SeasonFactory,
    api_token,
    played_record,
    seated_table,
)
from tournaments.models import EventStatus, Hand, ResultSource, TableResult
from tournaments.services import results
from tournaments.services.results import (
    ResultMissing,
    ResultRejected,
    result_remove,
    result_submit,
)

T0 = datetime.datetime(2026, 3, 2, 19, 0, tzinfo=datetime.UTC)


@pytest.fixture
def season_a(club_a):
    return SeasonFactory(club=club_a, starts_on=T0.date())


@pytest.fixture
def six_players(club_a, players_a):
    extra = [PlayerFactory(display_name=name) for name in ("Eve", "Fay")]
    for player in extra:
        MembershipFactory(club=club_a, player=player)
    return [*players_a, *extra]


def submit(table, seed, hour):
    names = [s.player.display_name for s in table.seats.order_by("position")]
    return result_submit(table=table, record=played_record(seed=seed, seats=names),
                         source=ResultSource.IMPORT, user=SYSTEM,
                         played_at=T0 + datetime.timedelta(hours=hour)).game


@pytest.fixture
def night_a(club_a, season_a, six_players, eager_celery, django_capture_on_commit_callbacks):
    """One league night of club A in season_a: four tables over rotating line-ups, rated."""
    event = EventFactory(club=club_a, season=season_a, date=T0.date())
    lineups = [six_players[:4], six_players[2:], six_players[1:5],
               [six_players[0], six_players[5], six_players[3], six_players[1]]]
    games = []
    for number, players in enumerate(lineups, start=1):
        round_, _ = event.rounds.get_or_create(number=number)
        table = seated_table(club_a, players, round=round_)
        with django_capture_on_commit_callbacks(execute=True):
            games.append(submit(table, seed=number, hour=number))
    return games


def snapshot(club, season):
    standings = sorted(StandingRow.objects.filter(season=season).values_list(
        "player_id", "rank", "points", "games", "nights", "total_score", "firsts", "seconds"))
    ratings = sorted(PlayerRating.objects.filter(pool__club=club).values_list(
        "pool_id", "player_id", "mu", "sigma", "games", "last_played_at"))
    history = sorted(RatingHistory.objects.filter(pool__club=club).values_list(
        "pool_id", "game_id", "player_id", "mu_before", "sigma_before", "mu_after",
        "sigma_after", "games_after"))
    return standings, ratings, history


def from_scratch(club, season):
    """What the stored tables would be if nothing had ever been computed incrementally."""
    StandingRow.objects.filter(season=season).delete()
    RatingHistory.objects.filter(pool__club=club).delete()
    PlayerRating.objects.filter(pool__club=club).delete()
    standings_recompute(season_id=season.pk)
    ratings_recompute(club_id=club.pk)
    return snapshot(club, season)


def counts():
    return (TableResult.objects.count(), Hand.objects.count(), AuditEntry.objects.count(),
            StandingRow.objects.count(), RatingHistory.objects.count())


def remove(game, user, reason="sheet belonged to another night", capture=None):
    if capture is None:
        return result_remove(actor=user, table=game.table, reason=reason)
    with capture(execute=True):
        return result_remove(actor=user, table=game.table, reason=reason)


# --- consistency -----------------------------------------------------------------------------


@pytest.mark.parametrize("which", [0, 2, 3])  # first, middle, last game of the night
def test_standings_and_ratings_after_a_removal_equal_a_recompute_without_it(
        club_a, season_a, night_a, alice, which, django_capture_on_commit_callbacks):
    gone = night_a[which]
    remove(gone, alice, capture=django_capture_on_commit_callbacks)
    after = snapshot(club_a, season_a)
    assert not TableResult.objects.filter(pk=gone.pk).exists()
    assert not RatingHistory.objects.filter(game__isnull=True).exists()
    assert {row[1] for row in after[2]} == {g.pk for g in night_a} - {gone.pk}
    assert sum(row[3] for row in after[0]) == 4 * 3  # three games of four players left
    assert after == from_scratch(club_a, season_a)


def test_a_removal_changes_the_later_ratings(club_a, night_a, alice,
                                             django_capture_on_commit_callbacks):
    last = night_a[-1]
    before = dict(RatingHistory.objects.filter(game=last).values_list("player_id", "mu_after"))
    remove(night_a[0], alice, capture=django_capture_on_commit_callbacks)
    after = dict(RatingHistory.objects.filter(game=last).values_list("player_id", "mu_after"))
    assert after.keys() == before.keys() and after != before


def test_the_standings_drop_a_player_whose_only_game_is_removed(
        club_a, season_a, night_a, alice, six_players, django_capture_on_commit_callbacks):
    eve_games = [g for g in night_a if g.table.seats.filter(player=six_players[4]).exists()]
    for game in eve_games:
        remove(game, alice, capture=django_capture_on_commit_callbacks)
    assert not StandingRow.objects.filter(season=season_a, player=six_players[4]).exists()
    assert not PlayerRating.objects.filter(player=six_players[4]).exists()
    assert snapshot(club_a, season_a) == from_scratch(club_a, season_a)


def test_it_recomputes_the_season_captured_before_the_delete(night_a, alice, season_a,
                                                            monkeypatch,
                                                            django_capture_on_commit_callbacks):
    calls = []
    monkeypatch.setattr(results.followups, "after_result_removed",
                        lambda **kwargs: calls.append(kwargs))
    gone = night_a[1]
    outcome = remove(gone, alice, capture=django_capture_on_commit_callbacks)
    assert calls == [{"game_id": gone.pk, "season_id": season_a.pk}]
    assert (outcome.game_id, outcome.season_id, outcome.table) == (
        gone.pk, season_a.pk, gone.table)


def test_a_batch_of_removals_lands_on_the_same_tables(club_a, season_a, night_a, alice,
                                                      django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True), followups_batched():
        for game in night_a[:2]:
            remove(game, alice, capture=django_capture_on_commit_callbacks)
        assert RatingHistory.objects.filter(game__isnull=True).count() == 8  # not yet
    assert sum(r.games for r in StandingRow.objects.filter(season=season_a)) == 8
    assert not RatingHistory.objects.filter(game__isnull=True).exists()
    assert snapshot(club_a, season_a) == from_scratch(club_a, season_a)


def test_it_removes_an_unfinished_result_and_its_hands(table_a, sam, alice):
    record = played_record(seed=4, seats=["Alice", "Sam", "Pat", "Dee"], hands=5)
    game = result_submit(table=table_a, record=record, source="form", user=sam).game
    assert game.hands.count() == 5
    result_remove(actor=alice, game=game, reason="entered at the wrong table")
    assert not TableResult.objects.exists() and not Hand.objects.exists()


# --- refusals: nothing changes -----------------------------------------------------------------


@pytest.fixture
def stored(table_a):
    return result_submit(table=table_a, record=played_record(seed=3, seats=[
        "Alice", "Sam", "Pat", "Dee"]), source="bot", user=SYSTEM).game


@pytest.mark.parametrize("who, message", [
    ("sam", "Only the club's organisers may remove a result."),
    ("pat", "Only the club's organisers may remove a result."),
    ("bob", "Only the club's organisers may remove a result."),
    ("anonymous", "Log in as an organiser of the club to remove a result."),
    ("token", "API tokens may not remove results"),
    ("nobody", "Log in as an organiser of the club to remove a result."),
])
def test_only_the_clubs_organisers_may_remove(request, stored, club_a, who, message):
    actor = {"anonymous": AnonymousUser(), "nobody": None,
             "token": None if who != "token" else api_token(club_a)[0]}.get(who)
    if actor is None and who not in ("anonymous", "nobody"):
        actor = request.getfixturevalue(who)
    before = counts()
    with pytest.raises(PermissionDenied, match=message):
        result_remove(actor=actor, table=stored.table, reason="mistake")
    assert counts() == before


@pytest.mark.parametrize("reason", ["", "   ", None])
def test_it_needs_a_reason(stored, alice, reason):
    before = counts()
    with pytest.raises(ResultRejected) as refused:
        result_remove(actor=alice, table=stored.table, reason=reason)
    assert [e["code"] for e in refused.value.errors] == ["reason-required"]
    assert counts() == before


def test_removing_twice_says_there_is_nothing_left_and_changes_nothing(stored, alice):
    result_remove(actor=alice, table=stored.table, reason="duplicate sheet")
    before = counts()
    with pytest.raises(ResultMissing, match=r"table 1 has no result to remove"):
        result_remove(actor=alice, table=stored.table, reason="duplicate sheet")
    assert counts() == before


def test_a_closed_nights_result_is_not_removed(stored, alice):
    event = stored.table.round.event
    event.status = EventStatus.CLOSED
    event.save()
    before = counts()
    with pytest.raises(ResultRejected) as refused:
        result_remove(actor=alice, table=stored.table, reason="mistake")
    assert [e["code"] for e in refused.value.errors] == ["event-closed"]
    assert "is closed" in str(refused.value)
    assert counts() == before


def test_it_wants_exactly_one_of_table_or_game(stored, alice):
    with pytest.raises(TypeError):
        result_remove(actor=alice, reason="mistake")
    with pytest.raises(TypeError):
        result_remove(actor=alice, reason="mistake", table=stored.table, game=stored)


# --- the audit trail ---------------------------------------------------------------------------


def test_it_audits_the_removal_with_the_reason_and_the_removed_record(stored, alice):
    record = stored.record
    result_remove(actor=alice, game=stored, reason="  sheet of another night  ")
    entry = AuditEntry.objects.get(action="result.remove")
    assert (entry.actor, entry.token, entry.club) == (alice, None, stored.table.round.event.club)
    assert (entry.target_type, entry.target_id) == ("tableresult", stored.pk)
    assert entry.reason == "sheet of another night"
    assert entry.before["record"] == record and entry.before["record_hash"] == stored.record_hash
    assert entry.after is None


def test_a_superuser_may_remove_any_clubs_result(stored, django_user_model):
    root = django_user_model.objects.create_superuser("root", "root@example.org", "pw")
    result_remove(actor=root, table=stored.table, reason="spam entry")
    assert not TableResult.objects.filter(pk=stored.pk).exists()


def test_a_one_off_tournaments_removal_repairs_the_ratings_only(
        club_a, players_a, alice, eager_celery, django_capture_on_commit_callbacks):
    tables = [seated_table(club_a, players_a) for _ in range(2)]  # events without a season
    games = []
    for hour, table in enumerate(tables, start=1):
        with django_capture_on_commit_callbacks(execute=True):
            games.append(submit(table, seed=hour, hour=hour))
    outcome = remove(games[0], alice, capture=django_capture_on_commit_callbacks)
    assert outcome.season_id is None
    assert not StandingRow.objects.exists()
    assert set(RatingHistory.objects.values_list("game_id", flat=True)) == {games[1].pk}
    assert PlayerRating.objects.filter(games=1).count() == 4

