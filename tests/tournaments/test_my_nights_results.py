"""/me/ tonight: each of the player's seats names the opponents at the table and, once a
result is stored, the player's total and place (tonight's night stays there once closed)."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import played_record
from tournaments.models import TableResult
from tournaments.services.events import event_close
from tournaments.services.results import result_submit

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


@pytest.fixture
def tonight(table_a):
    event = table_a.round.event
    event.date = timezone.localdate()
    event.save()
    return table_a


def _my_page(client, user) -> str:
    client.force_login(user)
    return client.get(reverse("tournaments:my-nights")).content.decode()


def test_tonights_seat_names_the_opponents(client, tonight, pat):
    html = _my_page(client, pat)
    opponents = re.search(r'<span class="opponents">(.*?)</span>', html, re.S).group(1)
    for name in ("Alice", "Sam", "Dee"):
        assert f"<bdi>{name}</bdi>" in opponents
    assert "Pat" not in opponents


def test_tonights_result_shows_the_players_total_and_place(client, tonight, pat, alice):
    names = [s.player.display_name for s in tonight.seats.order_by("position")]
    result_submit(table=tonight, record=played_record(seed=3, seats=names), source="form",
                  user=alice)
    stored = TableResult.objects.get(table=tonight)
    html = _my_page(client, pat)
    total = stored.totals[2]
    result = re.search(r'<span class="my-result">(.*?)</span>', html, re.S).group(1)
    assert f"{total:g} points" in result
    assert f"place {stored.ranks[2]}" in result


def test_tonights_closed_night_still_shows_its_results(client, tonight, pat, alice):
    names = [s.player.display_name for s in tonight.seats.order_by("position")]
    result_submit(table=tonight, record=played_record(seed=3, seats=names), source="form",
                  user=alice)
    event_close(event=tonight.round.event, user=alice)
    html = _my_page(client, pat)
    assert "Tonight:" in html and 'class="my-result"' in html
