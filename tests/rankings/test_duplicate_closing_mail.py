"""A duplicate night's closing mail gives each player's place by matchpoint percentage."""

import pytest

from league.models import PlayerNotice, QueuedMail
from rankings.selectors_closing import night_closing_facts
from tests.factories import UserFactory
from tests.tournaments.duplicate.helpers import bots, duplicate_night
from tournaments.models import Table
from tournaments.services.bots import table_play_with_bots
from tournaments.services.events import event_close

pytestmark = pytest.mark.django_db


def test_the_mail_gives_the_place_and_the_matchpoint_percentage(club_b, bob):
    players = bots(club_b, 8)
    for number, player in enumerate(players):
        player.user = UserFactory(username=f"dup{number}", email=f"dup{number}@example.org")
        player.save()
    event = duplicate_night(club_b, bob, "bluke", players=players, rounds=1, boards=2)
    for table in Table.objects.filter(round__event=event):
        table_play_with_bots(table=table)
    facts = night_closing_facts(event)
    event_close(event=event, user=bob)
    first = min(facts.values(), key=lambda f: f.place)
    assert first.place == 1 and first.of == 8 and 50 <= first.points <= 100
    winner = next(p for p in players if facts[p.pk] is first)
    body = QueuedMail.objects.get(dedupe_key=f"{PlayerNotice.NIGHT_CLOSED}:night-{event.pk}:"
                                  f"player-{winner.pk}:email").body
    points = f"{first.points:g}"
    assert f"Your place: 1 of 8, with {points} % of the matchpoints." in body
