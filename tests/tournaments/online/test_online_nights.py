"""A night marked online stays online as it grows: a Swiss night's round 2, formed from the
round-1 results (here online matches the organiser ended), is played online too, with the
night's bots and timeout; a night not marked online forms paper rounds."""

import pytest
from django.urls import reverse

from league.models import AuditEntry
from league.permissions import SYSTEM
from rankings.demo_games import short_options
from tests.factories import EventFactory, MembershipFactory, PlayerFactory
from tests.tournaments.test_next_round import finish_round
from tournaments.models import EventFormat, OnlineMatch, Seat
from tournaments.services import online_state
from tournaments.services.online_tables import (
    online_end,
    online_play,
    online_start,
    tables_set_online,
)
from tournaments.services.seating import event_plan_seating, event_set_attendance

pytestmark = pytest.mark.django_db
OPTIONS = short_options("bluke")


def _swiss_night(club, rounds=2):
    players = [PlayerFactory(display_name=f"P{i:02d}") for i in range(8)]
    for player in players:
        MembershipFactory(club=club, player=player)
    event = EventFactory(club=club, game="bluke", options=OPTIONS, format=EventFormat.SWISS)
    event_set_attendance(event=event, players=players, user=SYSTEM)
    return event_plan_seating(event=event, players=players, rounds=rounds, seed=5, user=SYSTEM)


def _play_one_hand_and_end(table, organiser, eager_commit):
    eager_commit(lambda: online_start(table=table, user=organiser, seed=table.number))
    match = OnlineMatch.objects.get(table=table)
    while not online_state.replay(match).state.hand_log:
        state = online_state.replay(match).state
        seat = Seat.objects.get(table=table, position=state.current_player())
        eager_commit(lambda s=seat, st=state, m=match: online_play(
            table=table, seat=s, action=st.action_to_string(st.legal_actions()[0]),
            version=m.version))
        match.refresh_from_db()
    eager_commit(lambda: online_end(table=table, user=organiser))


def test_a_swiss_night_marked_online_plays_its_second_round_online(club_a, alice,
                                                                    eager_commit):
    event = _swiss_night(club_a)
    tables_set_online(event=event, user=alice, online=True, bot_strength="random",
                      timeout_seconds=45)
    event.refresh_from_db()
    assert event.online
    first = list(event.rounds.get(number=1).tables.order_by("number"))
    assert all(table.online for table in first)

    for table in first:  # each match ended after its first hand: complete, round 2 forms
        _play_one_hand_and_end(table, alice, eager_commit)

    second = list(event.rounds.get(number=2).tables.order_by("number"))
    assert len(second) == 2 and all(table.online for table in second)
    matches = OnlineMatch.objects.filter(table__in=second)
    assert {(m.status, m.bot_strength, m.timeout_seconds) for m in matches} == {
        ("waiting", "random", 45)}
    assert AuditEntry.objects.filter(action="tables.online", target_id=second[0].round_id,
                                     after__tables=[t.pk for t in second]).exists()


def test_a_night_not_marked_online_forms_its_rounds_on_paper(club_a, alice, eager_commit):
    event = _swiss_night(club_a)
    first = list(event.rounds.get(number=1).tables.order_by("number"))
    tables_set_online(table=first[0], user=alice, online=True)  # one table, not the night
    event.refresh_from_db()
    assert not event.online
    eager_commit(lambda: finish_round(event, 1))
    second = event.rounds.get(number=2).tables.all()
    assert second and not any(table.online for table in second)


def test_a_night_marked_back_to_paper_forms_paper_rounds(club_a, alice, eager_commit):
    event = _swiss_night(club_a)
    tables_set_online(event=event, user=alice, online=True)
    tables_set_online(event=event, user=alice, online=False)
    event.refresh_from_db()
    assert not event.online
    eager_commit(lambda: finish_round(event, 1))
    assert not any(table.online for table in event.rounds.get(number=2).tables.all())


@pytest.mark.usefixtures("plain_http")
def test_the_organiser_marks_the_whole_night_online_from_the_nights_page(client, club_a, alice,
                                                                         sam):
    event = _swiss_night(club_a)
    url = reverse("tournaments:event-online", args=[event.pk])
    night = reverse("tournaments:event-detail", args=[event.pk])
    client.force_login(sam)
    assert client.post(url, {"online": "on"}).status_code == 403
    client.force_login(alice)
    assert 'id="night-online"' in client.get(night).content.decode()
    page = client.post(url, {"online": "on"}, follow=True).content.decode()
    assert "The night is played online, the rounds formed later too." in page
    event.refresh_from_db()
    assert event.online and all(t.online for t in event.rounds.get(number=1).tables.all())
    client.post(url, {})
    event.refresh_from_db()
    assert not event.online
    assert not any(t.online for t in event.rounds.get(number=1).tables.all())
