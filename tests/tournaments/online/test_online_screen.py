"""The night's big screen embeds each online table of the round now as spectators see it:
whose turn, the trick, bids, tricks and scores, refreshed on its own; never a card that is
in someone's hand at that moment."""

import re

import pytest
from django.urls import reverse

from tournaments.card_words import card_label
from tournaments.models import OnlineMatch, Seat
from tournaments.online_picture import picture
from tournaments.services import online_state
from tournaments.services.online_tables import (
    online_play,
    online_seat_view,
    online_spectator_view,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]
CARD_TEXT = re.compile(r'class="card[^"]*"[^>]*>([^<]+)<')


def _state(table):
    return online_state.replay(OnlineMatch.objects.get(table=table)).state


@pytest.fixture
def in_play(online_table, eager_commit):
    """Every seat opened (the match starts), then moves until cards lie in the trick."""
    for seat in Seat.objects.filter(table=online_table).select_related("player"):
        eager_commit(lambda s=seat: online_seat_view(table=online_table, seat=s))
    for _ in range(60):
        if _public(online_table).trick:
            return online_table
        state = _state(online_table)
        seat = Seat.objects.get(table=online_table, position=state.current_player())
        eager_commit(lambda s=seat, st=state: online_play(
            table=online_table, seat=s, action=st.action_to_string(st.legal_actions()[0]),
            version=OnlineMatch.objects.get(table=online_table).version))
    raise AssertionError("no card was played to a trick")


def _public(table):
    return picture(online_spectator_view(table=table))


def _hidden_labels(table) -> set[str]:
    state = _state(table)
    return {card_label(code) for seat in range(4) for code in state.observation(seat)["hand"]}


def _pages(client, table):
    event = table.round.event_id
    return {
        "screen": client.get(reverse("tournaments:event-screen", args=[event])),
        "live": client.get(reverse("tournaments:event-screen-live", args=[event])),
        "box": client.get(reverse("tournaments:online-watch", args=[table.pk]) + "?part=screen"),
    }


def test_the_big_screen_draws_the_online_table_in_its_box_without_any_hand(
        client, in_play, olga):
    client.force_login(olga)
    state = _state(in_play)
    trick = {play["label"] for play in _public(in_play).trick}
    assert trick
    hidden = _hidden_labels(in_play)
    names = [seat.player.display_name for seat in
             Seat.objects.filter(table=in_play).select_related("player").order_by("position")]
    to_act = names[state.current_player()]
    for name, response in _pages(client, in_play).items():
        html = response.content.decode()
        assert response.status_code == 200, name
        box = html[html.index(f'id="screen-online-{in_play.pk}"'):]
        box = box[:box.index("</table>")]
        drawn = {text.strip() for text in CARD_TEXT.findall(box)}
        assert trick <= drawn, name  # the public trick is shown...
        assert not hidden & {text.strip() for text in CARD_TEXT.findall(html)}, name
        assert not any(label in html for label in hidden), name  # ...no hand, anywhere
        assert f"{to_act} to play." in box and "?part=screen" in box
        assert "<button" not in box and "<form" not in box


def test_the_online_box_follows_the_moves_and_stops_refreshing_when_the_match_is_over(
        client, in_play, olga, alice, eager_commit):
    from tournaments.services.online_tables import online_end

    client.force_login(olga)
    url = reverse("tournaments:online-watch", args=[in_play.pk]) + "?part=screen"
    before = client.get(url).content.decode()
    version = OnlineMatch.objects.get(table=in_play).version
    assert f'data-version="{version}"' in before and "hx-trigger" in before
    assert f"part=screen&amp;v={version}" in before
    unchanged = client.get(f"{url}&v={version}")  # the box asks again: nothing moved
    assert unchanged.status_code == 204 and not unchanged.content
    assert client.get(f"{url}&v={version - 1}").status_code == 200
    eager_commit(lambda: online_end(table=in_play, user=alice))
    after = client.get(url).content.decode()
    assert "The match is over." in after and "hx-trigger" not in after


def test_a_stranger_gets_neither_the_screen_nor_the_box(client, in_play, bob):
    client.force_login(bob)
    for name, response in _pages(client, in_play).items():
        assert response.status_code == 404, name


def test_a_paper_table_keeps_its_seat_list_on_the_screen(client, table_a, olga):
    client.force_login(olga)
    html = client.get(reverse("tournaments:event-screen-live",
                              args=[table_a.round.event_id])).content.decode()
    assert f'id="screen-table-{table_a.pk}"' in html and "screen-online" not in html

