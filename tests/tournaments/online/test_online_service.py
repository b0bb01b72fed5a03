"""Online tables through the service: starting, every move checked, refusals named,
exactly once, pause/resume/end, bots in empty seats and for players away."""

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from tournaments.models import OnlineMatch, OnlineMove, OnlineSeat, OnlineStatus, TableResult
from tournaments.services import online_state
from tournaments.services.online_bots import online_sweep_timeouts
from tournaments.services.online_tables import (
    OnlineRefused,
    online_end,
    online_pause,
    online_play,
    online_resume,
    online_seat_view,
    online_start,
)


def _seat(table, position):
    return table.seats.select_related("player").get(position=position)


def _view(table, position):
    return online_seat_view(table=table, seat=_seat(table, position))


def _state(table):
    return online_state.replay(OnlineMatch.objects.get(table=table)).state


def _play_first_legal(table):
    state = _state(table)
    to_act = state.current_player()
    return online_play(table=table, seat=_seat(table, to_act),
                       action=state.action_to_string(state.legal_actions()[0]),
                       version=OnlineMatch.objects.get(table=table).version)


@pytest.mark.django_db
def test_it_starts_once_every_player_has_opened_their_seat(online_table, eager_commit):
    for position in range(3):
        assert eager_commit(lambda p=position: _view(online_table, p))["status"] == "waiting"
    view = eager_commit(lambda: _view(online_table, 3))
    assert view["status"] == "playing" and view["version"] == 1
    assert view["to_act"] is not None
    assert len(view["observation"]["hand"]) == view["observation"]["cards"]


@pytest.mark.django_db
def test_the_seat_to_act_sees_its_legal_actions_as_texts_the_others_none(
        online_table, alice, eager_commit):
    for position in range(4):
        eager_commit(lambda p=position: _view(online_table, p))
    to_act = _state(online_table).current_player()
    state = _state(online_table)
    expected = [state.action_to_string(a) for a in state.legal_actions()]
    assert _view(online_table, to_act)["legal"] == expected
    assert _view(online_table, (to_act + 1) % 4)["legal"] == []
    assert _view(online_table, to_act)["deadline"] is not None


@pytest.fixture
def started(online_table, alice, eager_commit):
    for position in range(4):
        eager_commit(lambda p=position: _view(online_table, p))
    return online_table


@pytest.mark.django_db
def test_out_of_turn_is_refused_naming_the_seat(started):
    to_act = _state(started).current_player()
    other = (to_act + 1) % 4
    with pytest.raises(OnlineRefused) as refused:
        online_play(table=started, seat=_seat(started, other), action="PASS", version=1)
    assert refused.value.code == "not-your-turn"
    assert f"Seat {other + 1}" in str(refused.value)
    assert OnlineMatch.objects.get(table=started).version == 1


@pytest.mark.django_db
def test_an_illegal_action_gets_the_checkers_code(started):
    state = _state(started)
    to_act = state.current_player()
    legal = {state.action_to_string(a) for a in state.legal_actions()}
    wrong = next(str(n) for n in range(30) if str(n) not in legal)
    with pytest.raises(OnlineRefused) as refused:
        online_play(table=started, seat=_seat(started, to_act), action=wrong, version=1)
    assert refused.value.code == state.check(wrong).code
    assert refused.value.status == 400
    assert f"Seat {to_act + 1}" in str(refused.value)


@pytest.mark.django_db
def test_a_stale_version_is_a_conflict_and_a_retry_applies_once(started, eager_commit):
    state = _state(started)
    to_act = state.current_player()
    action = state.action_to_string(state.legal_actions()[0])
    first = eager_commit(lambda: online_play(table=started, seat=_seat(started, to_act),
                                             action=action, version=1))
    again = eager_commit(lambda: online_play(table=started, seat=_seat(started, to_act),
                                             action=action, version=1))
    assert OnlineMove.objects.filter(match__table=started, by_bot=False).count() == 1
    assert again["version"] == first["version"] == 2
    nxt = _state(started)
    with pytest.raises(OnlineRefused) as refused:
        online_play(table=started, seat=_seat(started, nxt.current_player()),
                    action=nxt.action_to_string(nxt.legal_actions()[0]), version=1)
    assert refused.value.code == "stale-version" and refused.value.status == 409
    assert refused.value.version == 2


@pytest.mark.django_db
def test_pause_resume_and_end_are_the_organisers_and_end_keeps_the_hands(
        started, alice, pat, eager_commit):
    with pytest.raises(PermissionDenied):
        online_pause(table=started, user=pat)
    eager_commit(lambda: online_pause(table=started, user=alice))
    with pytest.raises(OnlineRefused) as refused:
        _play_first_legal(started)
    assert refused.value.code == "match-paused"
    eager_commit(lambda: online_resume(table=started, user=alice))
    while len(_state(started).hand_log) < 1:
        eager_commit(lambda: _play_first_legal(started))
    eager_commit(lambda: online_end(table=started, user=alice))
    match = OnlineMatch.objects.get(table=started)
    assert match.status == OnlineStatus.FINISHED
    result = TableResult.objects.get(table=started)
    assert result.source == "online" and len(result.record["hands"]) == 1


@pytest.mark.django_db
def test_a_player_away_past_the_timeout_is_played_by_a_bot_and_takes_the_seat_back(
        started, eager_commit):
    match = OnlineMatch.objects.get(table=started)
    to_act = _state(started).current_player()
    version = match.version
    # The player to act left long ago; the sweep finds their deadline passed.
    past = timezone.now() - timedelta(seconds=match.timeout_seconds + 5)
    OnlineSeat.objects.filter(match=match, seat=to_act).update(last_seen=past)
    OnlineMatch.objects.filter(pk=match.pk).update(deadline=past)
    assert eager_commit(lambda: online_sweep_timeouts()) == 1
    moves = OnlineMove.objects.filter(match=match, version__gt=version).order_by("version")
    assert moves[0].seat == to_act and moves[0].by_bot
    # Everyone else is present, so the bots stopped at the next present player's turn,
    # or played on for the away seat whenever it was its turn again.
    assert all(m.by_bot == (m.seat == to_act) for m in moves)
    seen_away = _view(started, (to_act + 1) % 4)["seats"][to_act]
    assert seen_away["away"] is True
    # The player comes back: their next turn is theirs.
    eager_commit(lambda: _view(started, to_act))
    while _state(started).current_player() != to_act:
        eager_commit(lambda: _play_first_legal(started))
        for position in range(4):
            _view(started, position)  # everyone present
    before = OnlineMove.objects.filter(match=match).count()
    eager_commit(lambda: _play_first_legal(started))
    last = OnlineMove.objects.filter(match=match).order_by("-version").first()
    assert last.seat == to_act and not last.by_bot
    assert OnlineMove.objects.filter(match=match).count() == before + 1


@pytest.mark.django_db
def test_empty_seats_get_club_bots_that_play_without_a_browser(
        club_a, players_a, alice, eager_commit):
    from rankings.demo_games import short_options
    from tests.factories import seated_table
    from tournaments.services.online_tables import tables_set_online

    table = seated_table(club_a, players_a[:2], options=short_options("bluke"))
    from tournaments.models import Seat

    Seat.objects.create(table=table, position=2)
    Seat.objects.create(table=table, position=3)
    tables_set_online(table=table, user=alice, online=True, bot_strength="random")
    eager_commit(lambda: online_start(table=table, user=alice))
    seats = list(table.seats.select_related("player").order_by("position"))
    assert [s.player.is_bot for s in seats] == [False, False, True, True]
    # The humans never come: their timeouts pass and bots finish the match.
    for _ in range(2000):
        match = OnlineMatch.objects.get(table=table)
        if match.status == OnlineStatus.FINISHED:
            break
        OnlineMatch.objects.filter(pk=match.pk).update(
            deadline=timezone.now() - timedelta(seconds=1))
        eager_commit(lambda: online_sweep_timeouts())
    match = OnlineMatch.objects.get(table=table)
    assert match.status == OnlineStatus.FINISHED
    assert TableResult.objects.get(table=table).status == "complete"
    assert OnlineMove.objects.filter(match=match, by_bot=False).count() == 0


@pytest.mark.django_db
def test_a_closed_night_is_no_longer_played(started):
    from tournaments.models import EventStatus

    event = started.round.event
    event.status = EventStatus.CLOSED
    event.save(update_fields=["status"])
    with pytest.raises(OnlineRefused) as refused:
        _play_first_legal(started)
    assert refused.value.code == "night-closed" and refused.value.status == 409


@pytest.mark.django_db
def test_a_whole_night_is_marked_online_and_back_except_a_match_under_way(
        club_a, players_a, alice, pat, eager_commit):
    from django.core.exceptions import ValidationError

    from tests.factories import RoundFactory, seated_table
    from tournaments.services.online_tables import tables_set_online

    first = seated_table(club_a, players_a)
    second = seated_table(club_a, players_a, round=RoundFactory(event=first.round.event))
    event = first.round.event
    with pytest.raises(PermissionDenied):
        tables_set_online(event=event, user=pat, online=True)
    changed = tables_set_online(event=event, user=alice, online=True, timeout_seconds=30)
    assert {t.pk for t in changed} == {first.pk, second.pk}
    assert OnlineMatch.objects.get(table=second).timeout_seconds == 30
    eager_commit(lambda: online_start(table=first, user=alice))
    with pytest.raises(ValidationError):
        tables_set_online(table=first, user=alice, online=False)
    assert [t.pk for t in tables_set_online(event=event, user=alice, online=False)] == [
        second.pk]
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.online, second.online) == (True, False)
    assert not OnlineMatch.objects.filter(table=second).exists()
    with pytest.raises(ValidationError):
        tables_set_online(table=second, user=alice, online=True, timeout_seconds=5)


@pytest.mark.django_db
def test_the_organiser_changes_the_timeout_and_the_bots_of_a_match_under_way(
        started, alice):
    from tournaments.services.online_tables import tables_set_online

    assert tables_set_online(table=started, user=alice, online=True, timeout_seconds=20,
                             bot_strength="random") == [started]
    match = OnlineMatch.objects.get(table=started)
    assert (match.timeout_seconds, match.bot_strength, match.status) == (20, "random",
                                                                         "playing")
