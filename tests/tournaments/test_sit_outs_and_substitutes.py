"""Sit-outs and substitutes on a league night: the "sitting out" line keeps the kept rounds
after a re-plan, a substitute is offered from the sit-outs first, and whoever takes a seat
is marked present."""

import re

import pytest
from django.urls import reverse

from tests.factories import EventFactory, MembershipFactory, PlayerFactory, seated_table
from tournaments.services.events import seat_assign
from tournaments.services.seating import (
    event_attendance,
    event_plan_seating,
    event_set_attendance,
    round_set_published,
)
from tournaments.sit_outs import round_sit_outs

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


@pytest.fixture
def night(club_a, alice):
    """Ten players at Back Alley (tables of exactly four): two sit out each of 3 rounds."""
    players = [PlayerFactory(display_name=f"Player {i:02d}") for i in range(10)]
    for player in players:
        MembershipFactory(club=club_a, player=player)
    event = EventFactory(club=club_a, game="back-alley")
    event_set_attendance(event=event, players=players, user=alice)
    event = event_plan_seating(event=event, players=players, rounds=3, seed=5, user=alice,
                               time_budget=0.1)
    return event, players


def _sitting_out_line(client, alice, event) -> str:
    client.force_login(alice)
    html = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
    match = re.search(r'<p class="sit-outs">(.*?)</p>', html, re.S)
    return match.group(1) if match else ""


def test_the_sitting_out_line_keeps_the_kept_rounds_after_a_re_plan(client, night, alice):
    event, players = night
    first = dict(round_sit_outs(event.seating))[1]
    round_set_published(rnd=event.rounds.get(number=1), user=alice)
    event = event_plan_seating(event=event, players=players[:-1], rounds=3, seed=6,
                               user=alice, time_budget=0.1)
    rows = dict(round_sit_outs(event.seating))
    assert sorted(rows) == [1, 2, 3] and rows[1] == first
    line = _sitting_out_line(client, alice, event)
    names = {p.pk: p.display_name for p in players}
    assert "round 1:" in line and all(names[pid] in line.split("round 2")[0] for pid in first)
    assert "round 2:" in line and "round 3:" in line


def test_a_second_re_plan_still_keeps_them(night, alice):
    event, players = night
    first = dict(round_sit_outs(event.seating))[1]
    round_set_published(rnd=event.rounds.get(number=1), user=alice)
    event = event_plan_seating(event=event, players=players, rounds=3, seed=6, user=alice,
                               time_budget=0.1)
    round_set_published(rnd=event.rounds.get(number=2), user=alice)
    second = dict(round_sit_outs(event.seating))[2]
    event = event_plan_seating(event=event, players=players, rounds=3, seed=7, user=alice,
                               time_budget=0.1)
    rows = dict(round_sit_outs(event.seating))
    assert rows[1] == first and rows[2] == second and 3 in rows


def test_a_substitute_is_offered_from_the_sit_outs_first(client, night, alice):
    event, players = night
    waiting = dict(round_sit_outs(event.seating))[1]
    table = event.rounds.get(number=1).tables.get(number=1)
    client.force_login(alice)
    html = client.get(reverse("organiser:table-substitute", args=[table.pk])).content.decode()
    main = html[html.index("<main>"):]  # the header's language switcher is a select too
    select = re.search(r"<select.*?</select>", main, re.S).group(0)
    groups = re.findall(r'<optgroup label="([^"]+)">(.*?)</optgroup>', select, re.S)
    assert groups[0][0] == "Sitting out this round"
    offered_first = {int(v) for v in re.findall(r'value="(\d+)"', groups[0][1])}
    assert offered_first == set(waiting)


def test_a_seated_substitute_leaves_the_sitting_out_line_and_is_marked_present(
        client, night, alice):
    event, players = night
    waiting = dict(round_sit_outs(event.seating))[1]
    seat = event.rounds.get(number=1).tables.get(number=1).seats.get(position=0)
    seat_assign(seat=seat, player=players[[p.pk for p in players].index(waiting[0])],
                user=alice)
    line = _sitting_out_line(client, alice, event).split("round 2")[0]
    sub = next(p for p in players if p.pk == waiting[0])
    assert sub.display_name not in line


def test_a_substitute_who_was_not_marked_present_is_marked_present(client_as, club_a, alice,
                                                                   players_a):
    table = seated_table(club_a, players_a)
    event = table.round.event
    late = PlayerFactory(display_name="Late Comer")
    MembershipFactory(club=club_a, player=late)
    client = client_as("alice")
    client.post(reverse("organiser:table-substitute", args=[table.pk]),
                {"seat": table.seats.get(position=1).pk, "player": late.pk})
    event.refresh_from_db()
    assert late.pk in event_attendance(event)


def test_a_bot_in_a_seat_is_not_marked_present(club_a, alice, players_a):
    from league.models import Player
    from league.models.clubs import BotStrength

    table = seated_table(club_a, players_a[:3] + [None])
    bot = Player.objects.create(display_name="Bot", bot_strength=BotStrength.RANDOM)
    MembershipFactory(club=club_a, player=bot)
    seat_assign(seat=table.seats.get(position=3), player=bot, user=alice)
    table.round.event.refresh_from_db()
    assert bot.pk not in event_attendance(table.round.event)
