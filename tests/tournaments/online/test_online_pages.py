"""An online table's pages: a seat's page (logged in, or by the seat's link), its moves and
refusals, its news (server-sent events and the long poll), the spectators' page; who may
open each (the permissions matrix), hostile input, and no card of another seat in any page.

Club A is private: alice (organiser), sam and pat sit at the table with Dee (no login, her
seat link); olga owns the club without a seat; bob organises club B.
"""

import re

import pytest
from django.urls import reverse

from league.permissions import SYSTEM
from tournaments.card_words import card_label
from tournaments.models import OnlineMatch, OnlineMove
from tournaments.services import online_state
from tournaments.services.seat_links import seat_links_for_event, seat_token

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]
CARD_TEXT = re.compile(r'class="card[^"]*"[^>]*>([^<]+)<')
SEATED = {"alice": 0, "sam": 1, "pat": 2}


@pytest.fixture
def tokens(online_table):
    links = seat_links_for_event(event=online_table.round.event, user=SYSTEM)
    return {link.seat.position: seat_token(link) for link in links}


def _page(token):
    return reverse("tournaments:online-seat-link", args=[token])


def _open_all(client, tokens, eager_commit):
    for position in range(4):
        response = eager_commit(lambda p=position: client.get(_page(tokens[p])))
        assert response.status_code == 200


def _state(table):
    return online_state.replay(OnlineMatch.objects.get(table=table)).state


def _version(table):
    return OnlineMatch.objects.get(table=table).version


def test_a_seat_sees_its_own_hand_as_cards_and_the_match_starts_once_all_are_here(
        client, online_table, tokens, eager_commit):
    first = client.get(_page(tokens[0]))
    assert first.status_code == 200
    assert "Waiting for the match to start." in first.content.decode()
    _open_all(client, tokens, eager_commit)
    state = _state(online_table)
    for position in range(4):
        html = client.get(_page(tokens[position])).content.decode()
        mine = {card_label(c) for c in state.observation(position)["hand"]}
        drawn = {text.strip() for text in CARD_TEXT.findall(html)}
        assert mine <= drawn
        for other in range(4):
            if other == position:
                continue
            hidden = {card_label(c) for c in state.observation(other)["hand"]} - mine
            assert not hidden & drawn, f"seat {position + 1} sees seat {other + 1}'s cards"


def test_a_move_posted_from_the_page_is_applied_and_the_page_drawn_again(
        client, online_table, tokens, eager_commit):
    _open_all(client, tokens, eager_commit)
    state = _state(online_table)
    to_act = state.current_player()
    action = state.action_to_string(state.legal_actions()[0])
    version = _version(online_table)
    response = eager_commit(lambda: client.post(
        _page(tokens[to_act]), {"action": action, "version": version},
        HTTP_X_REQUESTED_WITH="fetch"))
    assert response.status_code == 200
    assert OnlineMove.objects.filter(match__table=online_table, seat=to_act,
                                     action=action, by_bot=False).exists()
    assert _version(online_table) > version
    assert f'data-version="{_version(online_table)}"' in response.content.decode()


def test_without_javascript_a_move_redirects_back_to_the_seat(client, online_table, tokens,
                                                              eager_commit):
    _open_all(client, tokens, eager_commit)
    state = _state(online_table)
    to_act = state.current_player()
    response = eager_commit(lambda: client.post(
        _page(tokens[to_act]), {"action": state.action_to_string(state.legal_actions()[0]),
                                "version": _version(online_table)}))
    assert response.status_code == 302 and response["Location"] == _page(tokens[to_act])


def test_stale_illegal_and_out_of_turn_moves_are_refused_by_name(client, online_table, tokens,
                                                                eager_commit):
    _open_all(client, tokens, eager_commit)
    state = _state(online_table)
    to_act = state.current_player()
    version = _version(online_table)
    legal = state.action_to_string(state.legal_actions()[0])
    stale = client.post(_page(tokens[to_act]), {"action": legal, "version": version - 1})
    assert stale.status_code == 409 and 'data-code="stale-version"' in stale.content.decode()
    other = (to_act + 1) % 4
    wrong_turn = client.post(_page(tokens[other]), {"action": legal, "version": version})
    assert wrong_turn.status_code == 400
    assert "Seat" in wrong_turn.content.decode()
    illegal = client.post(_page(tokens[to_act]), {"action": "bid:99", "version": version})
    assert illegal.status_code == 400 and 'role="alert"' in illegal.content.decode()
    assert _version(online_table) == version


@pytest.mark.parametrize("body, code", [
    ({"version": "1"}, "no-action"),
    ({"action": "bid:1", "version": "one"}, "bad-version"),
    ({"action": "bid:1", "version": ""}, "bad-version"),
    ({"action": "x" * 500, "version": "1"}, "bad-action"),
    ({"action": "<script>alert(1)</script>", "version": "1"}, None),
])
def test_hostile_form_input_is_refused_and_changes_nothing(client, online_table, tokens,
                                                          eager_commit, body, code):
    _open_all(client, tokens, eager_commit)
    version = _version(online_table)
    body = {k: (str(version) if v == "1" else v) for k, v in body.items()}
    response = client.post(_page(tokens[0]), body)
    assert response.status_code in (400, 409)
    html = response.content.decode()
    assert "<script>alert" not in html
    if code:
        assert f'data-code="{code}"' in html
    assert _version(online_table) == version


def test_a_forged_or_revoked_seat_link_opens_nothing(client, online_table, tokens):
    forged = tokens[0][:-2] + ("AA" if not tokens[0].endswith("AA") else "BB")
    assert client.get(_page(forged)).status_code == 404
    events = reverse("tournaments:online-seat-link-events", args=[forged])
    assert client.get(events).status_code == 404


def test_a_table_played_on_paper_has_no_seat_page(client, club_a, players_a, alice):
    from tests.factories import seated_table

    table = seated_table(club_a, players_a)
    client.force_login(alice)
    assert client.get(reverse("tournaments:online-seat", args=[table.pk])).status_code == 404


# --- news ---------------------------------------------------------------------------------


def _first_event(response) -> str:
    chunks = []
    for chunk in response.streaming_content:
        chunks.append(chunk.decode() if isinstance(chunk, bytes) else chunk)
        if "event: version" in "".join(chunks):
            break
    # Not response.close(): its request_finished would close the test's database
    # connection (PostgreSQL) mid-test; the stream's generator is simply dropped.
    return "".join(chunks)


def test_the_event_stream_says_only_the_new_version(client, online_table, tokens,
                                                    eager_commit):
    _open_all(client, tokens, eager_commit)
    version = _version(online_table)
    url = reverse("tournaments:online-seat-link-events", args=[tokens[1]])
    response = client.get(url, {"after": version - 1})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/event-stream")
    text = _first_event(response)
    assert f"id: {version}\nevent: version\ndata: {version}\n\n" in text
    # a version number and nothing else: no card code, no name
    state = _state(online_table)
    for position in range(4):
        for code in state.observation(position)["hand"]:
            assert code not in text.replace(f"data: {version}", "")


def test_a_reconnecting_stream_starts_after_its_last_event_id(client, online_table, tokens,
                                                              eager_commit):
    _open_all(client, tokens, eager_commit)
    version = _version(online_table)
    url = reverse("tournaments:online-seat-link-events", args=[tokens[1]])
    response = client.get(url, {"after": 0}, HTTP_LAST_EVENT_ID=str(version - 1))
    assert f"id: {version}\n" in _first_event(response)


def test_the_long_poll_answers_at_once_when_the_table_moved(client, online_table, tokens,
                                                            eager_commit):
    _open_all(client, tokens, eager_commit)
    version = _version(online_table)
    url = reverse("tournaments:online-seat-link-wait", args=[tokens[2]])
    body = client.get(url, {"after": version - 1}).json()
    assert body == {"version": version, "status": None}


# --- spectators ---------------------------------------------------------------------------


def test_spectators_see_the_table_without_any_hand(client, online_table, tokens, olga,
                                                   eager_commit):
    _open_all(client, tokens, eager_commit)
    client.force_login(olga)
    response = client.get(reverse("tournaments:online-watch", args=[online_table.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<button" not in html.split("<main>")[1]
    state = _state(online_table)
    drawn = {text.strip() for text in CARD_TEXT.findall(html)}
    for position in range(4):  # bidding: no card of any hand is face up yet
        assert not {card_label(c) for c in state.observation(position)["hand"]} & drawn


# --- the permissions matrix -----------------------------------------------------------------

PERSONAS = ["olga", "alice", "sam", "pat", "bob", "anonymous"]
SEAT_PAGE = {"olga": 403, "alice": 200, "sam": 200, "pat": 200, "bob": 404, "anonymous": 404}
WATCH_PAGE = {"olga": 200, "alice": 200, "sam": 200, "pat": 200, "bob": 404, "anonymous": 404}


def _as(client, request, persona):
    if persona != "anonymous":
        client.force_login(request.getfixturevalue(persona))
    return client


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("suffix", ["", "events/", "wait/"])
def test_permissions_matrix_of_the_seat_pages(client, request, online_table, persona, suffix):
    url = reverse("tournaments:online-seat", args=[online_table.pk]) + suffix
    response = _as(client, request, persona).get(url, {"after": 10**6})
    if suffix and SEAT_PAGE[persona] == 200:
        return  # a stream or poll that would wait: its refusals are what matter here
    assert response.status_code == SEAT_PAGE[persona]


@pytest.mark.parametrize("persona", PERSONAS)
def test_permissions_matrix_of_the_spectators_page(client, request, online_table, persona):
    response = _as(client, request, persona).get(
        reverse("tournaments:online-watch", args=[online_table.pk]))
    assert response.status_code == WATCH_PAGE[persona]


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_seat_to_act_moves_whoever_posts(client, request, online_table, tokens,
                                                  eager_commit, persona):
    _open_all(client, tokens, eager_commit)
    client.cookies.clear()
    state = _state(online_table)
    to_act = state.current_player()
    version = _version(online_table)
    body = {"action": state.action_to_string(state.legal_actions()[0]), "version": version}
    response = eager_commit(lambda: _as(client, request, persona).post(
        reverse("tournaments:online-seat", args=[online_table.pk]), body))
    moved = _version(online_table) != version
    assert moved == (SEATED.get(persona) == to_act)
    if SEATED.get(persona) is None:
        assert response.status_code == SEAT_PAGE[persona]


# --- the ways in ----------------------------------------------------------------------------


def test_the_seat_link_and_the_entry_page_of_an_online_table_open_its_seat(
        client, online_table, tokens, alice):
    entry = client.get(reverse("tournaments:seat-entry", args=[tokens[3]]))
    assert entry.status_code == 302 and entry["Location"] == _page(tokens[3])
    client.force_login(alice)
    entry = client.get(reverse("tournaments:table-entry", args=[online_table.pk]))
    assert entry["Location"] == reverse("tournaments:online-seat", args=[online_table.pk])


def test_the_nights_page_links_a_seated_player_to_play_and_everyone_to_watch(
        client, online_table, alice, olga):
    night = reverse("tournaments:event-detail", args=[online_table.round.event_id])
    client.force_login(alice)
    html = client.get(night).content.decode()
    assert reverse("tournaments:online-seat", args=[online_table.pk]) in html
    assert "Play round 1, table 1 online" in html
    client.force_login(olga)
    html = client.get(night).content.decode()
    assert reverse("tournaments:online-watch", args=[online_table.pk]) in html
    assert reverse("tournaments:online-seat", args=[online_table.pk]) not in html


# --- the organiser's controls ---------------------------------------------------------------

MANAGE_PAGE = {"olga": 200, "alice": 200, "sam": 403, "pat": 403, "bob": 404, "anonymous": 404}


@pytest.mark.parametrize("persona", PERSONAS)
def test_permissions_matrix_of_the_organisers_online_page(client, request, online_table,
                                                          persona):
    url = reverse("tournaments:online-manage", args=[online_table.pk])
    assert _as(client, request, persona).get(url).status_code == MANAGE_PAGE[persona]
    response = client.post(url, {"do": "start"})
    if MANAGE_PAGE[persona] == 200:
        assert response.status_code == 302
        assert OnlineMatch.objects.get(table=online_table).status == "playing"
    else:
        assert response.status_code == MANAGE_PAGE[persona]
        assert OnlineMatch.objects.get(table=online_table).status == "waiting"


def test_an_organiser_marks_a_table_online_then_starts_pauses_resumes_and_ends_it(
        client, club_a, players_a, alice, eager_commit):
    from tests.factories import seated_table
    from tournaments.models import TableResult

    table = seated_table(club_a, players_a, options={"max_cards": 2})
    url = reverse("tournaments:online-manage", args=[table.pk])
    client.force_login(alice)
    response = client.post(url, {"do": "mark", "online": "on", "bot_strength": "random",
                                 "timeout_seconds": "45"})
    assert response.status_code == 302
    table.refresh_from_db()
    match = OnlineMatch.objects.get(table=table)
    assert table.online and match.bot_strength == "random" and match.timeout_seconds == 45
    for what, status in (("start", "playing"), ("pause", "paused"), ("resume", "playing")):
        eager_commit(lambda w=what: client.post(url, {"do": w}))
        assert OnlineMatch.objects.get(table=table).status == status
    assert "End this match now?" in client.post(url, {"do": "end"}).content.decode()
    assert OnlineMatch.objects.get(table=table).status == "playing"  # asked first
    done = eager_commit(lambda: client.post(url, {"do": "end", "confirm": "yes"}, follow=True))
    assert OnlineMatch.objects.get(table=table).status == "finished"
    # ended before a hand was finished: nothing to count, and the organiser is told so
    assert "no result was stored" in done.content.decode()
    assert not TableResult.objects.filter(table=table).exists()
    assert "End now" not in client.get(url).content.decode()


@pytest.mark.parametrize("body, says", [
    ({"do": "mark", "online": "on", "timeout_seconds": "5"}, "The timeout is"),
    ({"do": "mark", "online": "on", "timeout_seconds": "ten"}, "A whole number"),
    ({"do": "mark", "online": "on", "bot_strength": "godlike"}, "Unknown bot strength"),
    ({"do": "explode"}, "Unknown action"),
    ({"do": "pause"}, "not"),
])
def test_the_organisers_page_refuses_bad_input_by_name(client, club_a, players_a, alice, body,
                                                        says):
    from tests.factories import seated_table

    table = seated_table(club_a, players_a)
    client.force_login(alice)
    response = client.post(reverse("tournaments:online-manage", args=[table.pk]), body)
    assert response.status_code in (400, 409)
    assert says in response.content.decode()
    table.refresh_from_db()
    assert not table.online
