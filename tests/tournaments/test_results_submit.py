"""result_submit: the single way a result enters (service level)."""

import copy

import pytest
from django.core.exceptions import PermissionDenied

from league.models import AuditEntry
from league.permissions import SYSTEM
from tests.factories import played_record, seated_table
from tournaments.models import EventStatus, Hand, ResultStatus, TableResult
from tournaments.services import results
from tournaments.services.results import (
    ResultConflict,
    ResultRejected,
    result_correct,
    result_submit,
)


@pytest.fixture
def record():
    return played_record(seed=3, seats=["Alice", "Sam", "Pat", "Dee"])


@pytest.fixture
def followups(monkeypatch):
    calls = []
    monkeypatch.setattr(results.followups, "after_result_saved", calls.append)
    return calls


def counts():
    return TableResult.objects.count(), Hand.objects.count(), AuditEntry.objects.count()


def test_it_stores_a_valid_record_with_hands_totals_and_ranks(table_a, sam, record,
                                                               django_capture_on_commit_callbacks,
                                                               followups):
    with django_capture_on_commit_callbacks(execute=True):
        outcome = result_submit(table=table_a, record=record, source="form", user=sam)
    game = outcome.game
    assert outcome.created
    assert game.status == ResultStatus.COMPLETE
    assert game.totals == record["totals"]
    assert game.hands.count() == 25 and game.entered_by == sam
    best = max(record["totals"])
    assert [r == 1 for r in game.ranks] == [t == best for t in record["totals"]]
    assert followups == [game.id]
    assert AuditEntry.objects.filter(action="result.submit", target_id=game.id).exists()


def test_it_moves_the_event_to_playing_on_the_first_result(table_a, sam, record):
    result_submit(table=table_a, record=record, source="form", user=sam)
    table_a.round.event.refresh_from_db()
    assert table_a.round.event.status == EventStatus.PLAYING


def test_it_gives_both_partners_the_team_total_and_rank(club_a, players_a, sam):
    table = seated_table(club_a, players_a, game="back-alley")
    record = played_record("back-alley", seed=5)
    game = result_submit(table=table, record=record, source="form", user=sam).game
    team0, team1 = record["totals"]
    assert game.totals == [team0, team1, team0, team1]
    assert game.ranks[0] == game.ranks[2] and game.ranks[1] == game.ranks[3]
    assert sorted(set(game.ranks)) == ([1] if team0 == team1 else [1, 2])


def test_it_ranks_ties_on_a_shared_place():
    from tournaments.services.records import ranks_of

    assert ranks_of([10, 30, 30, 5]) == [3, 1, 1, 4]


def test_it_returns_the_stored_game_for_an_identical_resubmission(table_a, sam, record):
    first = result_submit(table=table_a, record=record, source="form", user=sam)
    before = counts()
    again = result_submit(table=table_a, record=copy.deepcopy(record), source="api", user=sam)
    assert (again.game.pk, again.created) == (first.game.pk, False)
    assert counts() == before


def test_it_refuses_a_different_record_for_a_table_with_a_result(table_a, sam, record):
    result_submit(table=table_a, record=record, source="form", user=sam)
    before = counts()
    other = played_record(seed=4, seats=record["seats"])
    with pytest.raises(ResultConflict):
        result_submit(table=table_a, record=other, source="form", user=sam)
    assert counts() == before


def test_it_extends_an_in_progress_game_with_a_longer_record(table_a, sam):
    partial = played_record(seed=3, hands=5)
    game = result_submit(table=table_a, record=partial, source="api", user=sam).game
    assert game.status == ResultStatus.IN_PROGRESS and game.hands.count() == 5
    full = played_record(seed=3)
    outcome = result_submit(table=table_a, record=full, source="api", user=sam)
    assert (outcome.game.pk, outcome.created) == (game.pk, False)
    assert outcome.game.status == ResultStatus.COMPLETE and outcome.game.hands.count() == 25
    assert AuditEntry.objects.filter(action="result.extend").count() == 1


def test_it_refuses_an_in_progress_record_that_is_not_a_prefix(table_a, sam):
    result_submit(table=table_a, record=played_record(seed=3, hands=5), source="api", user=sam)
    with pytest.raises(ResultConflict):
        result_submit(table=table_a, record=played_record(seed=9, hands=6), source="api",
                      user=sam)


def test_it_lets_an_organiser_correct_with_a_reason_and_keeps_an_audit(table_a, alice, sam,
                                                                       record):
    original = result_submit(table=table_a, record=record, source="form", user=sam).game
    other = played_record(seed=4)
    outcome = result_correct(game=original, record=other, reason="Wrong sheet", user=alice)
    assert outcome.game.pk == original.pk and outcome.game.record == other
    assert outcome.game.hands.count() == 25
    entry = AuditEntry.objects.get(action="result.correct")
    assert entry.reason == "Wrong sheet" and entry.actor == alice
    assert entry.before["record"] == record and entry.after["record"] == other


def test_it_refuses_a_correction_by_a_scorekeeper(table_a, sam, record):
    game = result_submit(table=table_a, record=record, source="form", user=sam).game
    with pytest.raises(PermissionDenied):
        result_correct(game=game, record=played_record(seed=4), reason="oops", user=sam)
    with pytest.raises(PermissionDenied):
        result_submit(table=table_a, record=played_record(seed=4), source="form", user=sam,
                      correction_reason="oops")


def test_it_refuses_a_correction_without_a_reason(table_a, alice, record):
    game = result_submit(table=table_a, record=record, source="form", user=alice).game
    with pytest.raises(ResultRejected) as refused:
        result_correct(game=game, record=played_record(seed=4), reason="  ", user=alice)
    assert refused.value.errors[0]["code"] == "reason-required"


@pytest.mark.parametrize("persona", ["pat", "bob"])
def test_it_refuses_people_who_do_not_score_for_the_club(table_a, record, persona, request):
    with pytest.raises(PermissionDenied):
        result_submit(table=table_a, record=record, source="form",
                      user=request.getfixturevalue(persona))
    assert counts()[:2] == (0, 0)


def test_it_refuses_a_token_of_another_club(table_a, token_b, record):
    with pytest.raises(PermissionDenied):
        result_submit(table=table_a, record=record, source="api", token=token_b[0])


def test_it_refuses_anonymous_callers_from_people_facing_sources(table_a, record):
    with pytest.raises(PermissionDenied):
        result_submit(table=table_a, record=record, source="api")


def test_it_trusts_server_code_for_bots_and_imports(table_a, players_a, record):
    assert result_submit(table=table_a, record=record, source="bot").created
    other = seated_table(table_a.round.event.club, players_a)  # another night, same four
    assert result_submit(table=other, record=record, source="admin", user=SYSTEM).created


def test_it_records_the_token_that_entered_a_result(table_b, token_b):
    game = result_submit(table=table_b, record=played_record(seed=2), source="api",
                         token=token_b[0]).game
    assert game.entered_with_token == token_b[0] and game.entered_by is None


def _broken(record, path, value):
    broken = copy.deepcopy(record)
    target = broken
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return broken


@pytest.mark.parametrize(("path", "value", "code"), [
    (("game",), "back-alley", "game-mismatch"),
    (("seats",), ["A", "B", "C"], "seat-count"),
    (("options",), {"players": 4, "variant": "nonsense"}, "bad-options"),
    (("options",), {"players": 4, "zero_bids": True}, "options-mismatch"),
    (("seats",), ["Sam", "Alice", "Pat", "Dee"], "seat-mismatch"),
    (("hands", 0, "tricks"), [13, 0, 0, 1], None),
])
def test_it_refuses_a_record_that_does_not_fit_and_writes_nothing(table_a, sam, record, path,
                                                                  value, code):
    with pytest.raises(ResultRejected) as refused:
        result_submit(table=table_a, record=_broken(record, path, value), source="form",
                      user=sam)
    errors = refused.value.errors
    assert errors and all({"hand", "seat", "field", "code", "message"} <= set(e) for e in errors)
    if code:
        assert errors[0]["code"] == code
    assert counts() == (0, 0, 0)
    table_a.round.event.refresh_from_db()
    assert table_a.round.event.status == EventStatus.DRAFT


def test_it_refuses_something_that_is_not_a_record(table_a, sam):
    with pytest.raises(ResultRejected) as refused:
        result_submit(table=table_a, record=["not", "a", "record"], source="form", user=sam)
    assert refused.value.errors[0]["code"] == "not-a-record"


def _first_lookup_misses(monkeypatch):
    """Make the first 'is there a result?' lookup miss, as if another request stored its
    result between our read and our insert."""
    real_filter, calls = TableResult.objects.filter, []

    def filter_(*args, **kwargs):
        queryset = real_filter(*args, **kwargs)
        if not calls:
            calls.append(1)
            return queryset.none()
        return queryset

    monkeypatch.setattr(TableResult.objects, "filter", filter_)


def test_it_treats_a_lost_insert_race_with_the_same_record_as_a_resubmission(
        table_a, sam, record, monkeypatch):
    stored = result_submit(table=table_a, record=record, source="form", user=sam).game
    before = counts()
    _first_lookup_misses(monkeypatch)
    outcome = result_submit(table=table_a, record=record, source="api", user=sam)
    assert (outcome.game.pk, outcome.created) == (stored.pk, False)
    assert counts() == before


def test_it_treats_a_lost_insert_race_with_another_record_as_a_conflict(
        table_a, sam, record, monkeypatch):
    result_submit(table=table_a, record=record, source="form", user=sam)
    before = counts()
    _first_lookup_misses(monkeypatch)
    with pytest.raises(ResultConflict):
        result_submit(table=table_a, record=played_record(seed=4), source="api", user=sam)
    assert counts() == before


@pytest.mark.parametrize(("before", "after"), [
    (EventStatus.SEATED, EventStatus.PLAYING),
    (EventStatus.PLAYING, EventStatus.PLAYING),
    (EventStatus.CLOSED, EventStatus.CLOSED),
])
def test_it_moves_only_draft_or_seated_events_to_playing(table_a, sam, alice, record, before,
                                                         after):
    event = table_a.round.event
    event.status = before
    event.save()
    # A closed event takes only an organiser's correction with a reason.
    who = ({"user": alice, "correction_reason": "late sheet"} if before == EventStatus.CLOSED
           else {"user": sam})
    result_submit(table=table_a, record=record, source="form", **who)
    event.refresh_from_db()
    assert event.status == after
