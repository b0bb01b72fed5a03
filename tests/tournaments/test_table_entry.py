"""Table entry (service level): a seat submits, a player of another side confirms."""

import pytest
from django.core.exceptions import PermissionDenied

from league.models import AuditEntry
from tests.factories import played_record, seated_table
from tests.league.played_games import night, table_at
from tournaments.models import (
    ClubEntrySetting,
    EntryMode,
    EventStatus,
    Hand,
    PendingResult,
    PendingState,
    TableResult,
    WayIn,
)
from tournaments.services.results import ResultRejected, result_submit
from tournaments.services.table_entry import (
    EntryConflict,
    SeatActor,
    pending_confirm,
    pending_decide,
    pending_dispute,
    pending_submit,
)


def names(table):
    return [s.player.display_name for s in table.seats.order_by("position")]


def at(table, position, via=WayIn.SEAT_LINK, user=None):
    return SeatActor(seat=table.seats.get(position=position), via=via, user=user)


@pytest.fixture
def record(table_a):
    return played_record(seed=3, seats=names(table_a))


def test_a_submission_waits_and_stores_nothing(table_a, record):
    outcome = pending_submit(table=table_a, record=record, actor=at(table_a, 0))
    assert outcome.pending.state == PendingState.PENDING and outcome.game is None
    assert (outcome.pending.submitted_seat, outcome.pending.submitted_via) == (0, "seat-link")
    assert TableResult.objects.count() == 0 and Hand.objects.count() == 0
    entry = AuditEntry.objects.get(action="result.table-submit")
    assert "seat 1, Alice (Seat link)" == entry.actor_name


def test_an_opponent_confirms_and_the_result_is_stored(table_a, record):
    pending_submit(table=table_a, record=record, actor=at(table_a, 0))
    outcome = pending_confirm(table=table_a, actor=at(table_a, 1))
    assert outcome.pending.state == PendingState.CONFIRMED
    assert outcome.pending.decided_seat == 1
    assert TableResult.objects.get(table=table_a).record == record
    assert AuditEntry.objects.filter(action="result.confirm", target_id=outcome.pending.pk,
                                     target_type="pendingresult").exists()
    # a retry of the confirmation changes nothing
    again = pending_confirm(table=table_a, actor=at(table_a, 1))
    assert not again.changed and again.game == outcome.game
    assert TableResult.objects.count() == 1


def test_the_submitter_cannot_confirm(table_a, record):
    pending_submit(table=table_a, record=record, actor=at(table_a, 2))
    with pytest.raises(PermissionDenied, match="You submitted"):
        pending_confirm(table=table_a, actor=at(table_a, 2))
    assert TableResult.objects.count() == 0


def test_in_a_partnership_game_the_partner_cannot_confirm_but_an_opponent_can(club_a, players_a):
    table = seated_table(club_a, players_a, game="back-alley")
    record = played_record("back-alley", seed=5)
    pending_submit(table=table, record=record, actor=at(table, 0))
    with pytest.raises(PermissionDenied, match="partner"):
        pending_confirm(table=table, actor=at(table, 2))
    with pytest.raises(PermissionDenied, match="partner"):
        pending_dispute(table=table, actor=at(table, 2))
    assert pending_confirm(table=table, actor=at(table, 3)).game is not None


def test_in_an_individual_game_any_other_seat_confirms(table_a, record):
    pending_submit(table=table_a, record=record, actor=at(table_a, 0))
    assert pending_confirm(table=table_a, actor=at(table_a, 2)).game is not None


def test_a_seat_of_another_table_cannot_submit_or_confirm(club_a, players_a, table_a, record):
    other = seated_table(club_a, players_a, round=table_a.round)
    with pytest.raises(PermissionDenied, match="another table"):
        pending_submit(table=table_a, record=record, actor=at(other, 0))
    pending_submit(table=table_a, record=record, actor=at(table_a, 0))
    with pytest.raises(PermissionDenied, match="another table"):
        pending_confirm(table=table_a, actor=at(other, 1))


def test_a_logged_in_player_acts_only_for_their_own_seat(table_a, record, pat, sam):
    with pytest.raises(PermissionDenied, match="do not sit"):
        pending_submit(table=table_a, record=record, actor=at(table_a, 2, WayIn.LOGIN, sam))
    outcome = pending_submit(table=table_a, record=record,
                             actor=at(table_a, 2, WayIn.LOGIN, pat))
    assert AuditEntry.objects.get(action="result.table-submit").actor == pat
    assert outcome.pending.submitted_via == "login"


def test_a_record_that_fails_the_rules_is_refused_with_named_errors(table_a, record):
    record["hands"][2]["tricks"] = [13, 0, 0, 0]
    with pytest.raises(ResultRejected) as refused:
        pending_submit(table=table_a, record=record, actor=at(table_a, 0))
    assert {"hand": 3, "seat": 0, "field": "tricks"}.items() <= refused.value.errors[0].items()
    assert PendingResult.objects.count() == 0


def test_a_second_different_submission_opens_a_dispute_and_keeps_both(table_a, record):
    other = played_record(seed=4, seats=names(table_a))
    pending_submit(table=table_a, record=record, actor=at(table_a, 0))
    with pytest.raises(EntryConflict, match="both are kept"):
        pending_submit(table=table_a, record=other, actor=at(table_a, 1))
    pending = PendingResult.objects.get(table=table_a)
    assert pending.state == PendingState.DISPUTED
    assert (pending.record, pending.disputed_record, pending.disputed_seat) == (record, other, 1)
    assert TableResult.objects.count() == 0
    # neither side can confirm now: the organiser decides
    with pytest.raises(EntryConflict):
        pending_confirm(table=table_a, actor=at(table_a, 1))
    assert AuditEntry.objects.filter(action="result.dispute").count() == 1


def test_the_same_submission_again_changes_nothing(table_a, record):
    first = pending_submit(table=table_a, record=record, actor=at(table_a, 0))
    again = pending_submit(table=table_a, record=record, actor=at(table_a, 0))
    assert not again.changed and again.pending.pk == first.pending.pk
    assert AuditEntry.objects.filter(action="result.table-submit").count() == 1


def test_the_organiser_resolves_a_dispute_with_the_disputed_version(table_a, record, alice):
    other = played_record(seed=4, seats=names(table_a))
    pending_submit(table=table_a, record=record, actor=at(table_a, 0))
    pending_dispute(table=table_a, actor=at(table_a, 1), record=other, reason="hand 3")
    with pytest.raises(PermissionDenied):
        pending_decide(table=table_a, user=table_a.seats.get(position=2).player.user,
                       version="disputed")
    outcome = pending_decide(table=table_a, user=alice, version="disputed")
    assert outcome.pending.state == PendingState.APPROVED
    game = TableResult.objects.get(table=table_a)
    assert game.record == other and game.entered_by == alice
    assert AuditEntry.objects.get(action="result.resolve").actor == alice


def test_the_organiser_approves_in_a_club_that_asks_for_approval(table_a, record, alice):
    ClubEntrySetting.objects.create(club=table_a.round.event.club, mode=EntryMode.APPROVE)
    pending_submit(table=table_a, record=record, actor=at(table_a, 0))
    with pytest.raises(PermissionDenied, match="organiser approves"):
        pending_confirm(table=table_a, actor=at(table_a, 1))
    pending_decide(table=table_a, user=alice)
    assert TableResult.objects.get(table=table_a).record == record
    assert AuditEntry.objects.filter(action="result.approve").count() == 1


def test_a_club_can_count_a_seats_submission_at_once(table_a, record):
    ClubEntrySetting.objects.create(club=table_a.round.event.club, mode=EntryMode.AT_ONCE)
    outcome = pending_submit(table=table_a, record=record, actor=at(table_a, 0))
    assert outcome.pending.state == PendingState.CONFIRMED
    assert TableResult.objects.get(table=table_a).record == record


def test_a_closed_night_takes_no_table_entry(table_a, record):
    table_a.round.event.status = EventStatus.CLOSED
    table_a.round.event.save()
    with pytest.raises(PermissionDenied, match="closed"):
        pending_submit(table=table_a, record=record, actor=at(table_a, 0))


FIELDS_THAT_NAME_THE_ENTRY = {"id", "table", "source", "entered_by", "entered_with_token",
                              "created_at", "updated_at"}


def _values(obj, leave_out):
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields
            if f.name not in leave_out}


@pytest.mark.parametrize("game", ["bluke", "mighty"])
def test_confirming_stores_the_same_rows_as_a_scorekeepers_submission(club_a, sam, game):
    from tests.factories import MembershipFactory, PlayerFactory

    size = 5 if game == "mighty" else 4
    players = [PlayerFactory(display_name=f"P{i}") for i in range(size)]
    for player in players:
        MembershipFactory(club=club_a, player=player)
    direct, entered = (seated_table(club_a, players, game=game) for _ in range(2))
    record = played_record(game, players=size, seed=9, seats=names(direct))
    scorekeepers = result_submit(table=direct, record=record, source="form", user=sam).game
    pending_submit(table=entered, record=record, actor=at(entered, 0))
    confirmed = pending_confirm(table=entered, actor=at(entered, 1)).game
    assert _values(confirmed, FIELDS_THAT_NAME_THE_ENTRY) == \
        _values(scorekeepers, FIELDS_THAT_NAME_THE_ENTRY)
    rows = [[_values(h, {"id", "game"}) for h in g.hands.order_by("number")]
            for g in (scorekeepers, confirmed)]
    assert rows[0] == rows[1] and len(rows[0]) == len(record["hands"])


def test_pending_results_change_no_standings_row(club, season, people, eager_celery,
                                                 django_capture_on_commit_callbacks):
    from rankings.models import StandingRow

    event = night(club, season)
    first, second = table_at(event, people[:4]), table_at(event, people[2:], round_number=2)
    with django_capture_on_commit_callbacks(execute=True):
        result_submit(table=first, record=played_record(seed=1, seats=names(first)),
                      source="import")
    rows = lambda: sorted(StandingRow.objects.filter(season=season).values_list())  # noqa: E731
    before = rows()
    assert before
    with django_capture_on_commit_callbacks(execute=True):
        pending_submit(table=second, record=played_record(seed=2, seats=names(second)),
                       actor=at(second, 0))
    assert rows() == before
    with django_capture_on_commit_callbacks(execute=True):
        pending_confirm(table=second, actor=at(second, 1))
    assert rows() != before
