"""Online tables through the API: the permissions matrix of marking a table online, seeing
a seat and playing it, and running the table; then hostile input (another table's seat
token, a spectator posting, a seat posting for another seat, malformed bodies).

Personas as in test_api_permissions.py: club A is private (alice organises and sits at
seat 1 of its free table, sam and pat sit there too), club B is public (bob organises and
sits at its free table, token_b is its API token); seat_a is the seat token of club A's
free table, seat 1.
"""

import pytest
from rest_framework.test import APIClient

from league.permissions import SYSTEM
from tests.factories import row_counts
from tournaments.models import OnlineMatch, OnlineMove
from tournaments.services import online_state
from tournaments.services.online_tables import online_play, online_start, tables_set_online
from tournaments.services.seat_links import seat_links_for_event, seat_token

PERSONAS = ["alice", "sam", "pat", "bob", "token_b", "seat_a", "anonymous"]


@pytest.fixture
def online(world, alice, bob, eager_commit):
    """Both free tables online; club A's started by its organiser, club B's waiting."""
    for table in (world["free_a"], world["free_b"]):
        tables_set_online(table=table, user=SYSTEM, online=True)
    eager_commit(lambda: online_start(table=world["free_a"], user=SYSTEM))
    return world


@pytest.fixture
def eager_commit(django_capture_on_commit_callbacks, eager_celery):
    def run(action):
        with django_capture_on_commit_callbacks(execute=True):
            return action()

    return run


PATCH = {
    # table: expected status per persona (the permissions matrix of PATCH /tables/{id}/)
    "free_a": {"alice": 200, "sam": 403, "pat": 403, "bob": 404, "token_b": 404,
               "seat_a": 403, "anonymous": 401},
    "free_b": {"alice": 403, "sam": 403, "pat": 403, "bob": 200, "token_b": 200,
               "seat_a": 403, "anonymous": 401},
}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("table", sorted(PATCH))
def test_permissions_matrix_marking_a_table_online(world, client_as, persona, table):
    before = row_counts()
    response = client_as(persona).patch(f"/api/v1/tables/{world[table].pk}/",
                                        {"online": True}, format="json")
    assert response.status_code == PATCH[table][persona], response.content
    world[table].refresh_from_db()
    assert world[table].online is (response.status_code == 200)
    if response.status_code == 200:
        assert response.json()["online"] is True
    else:
        assert row_counts() == before


# GET /play/: the seat's own view (its number), the spectators' (None), or a refusal.
VIEW = {
    "free_a": {"alice": 0, "sam": 1, "pat": 2, "bob": 404, "token_b": 404, "seat_a": 0,
               "anonymous": 404},
    "free_b": {"alice": None, "sam": None, "pat": None, "bob": 0, "token_b": None,
               "seat_a": 403, "anonymous": None},
}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("table", sorted(VIEW))
def test_permissions_matrix_seeing_an_online_table(online, client_as, persona, table):
    response = client_as(persona).get(f"/api/v1/tables/{online[table].pk}/play/")
    expected = VIEW[table][persona]
    if expected in (403, 404):
        assert response.status_code == expected, response.content
        return
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["seat"] == expected
    if expected is None or body["status"] == "waiting":
        assert "hand" not in body["observation"]
    else:
        assert len(body["observation"]["hand"]) == body["observation"]["cards"]


def _to_act(table):
    state = online_state.replay(OnlineMatch.objects.get(table=table)).state
    return state.current_player(), state.action_to_string(state.legal_actions()[0])


# POST /play/ with the move of the seat to act: who may play it.
PLAY = {"alice": 200, "sam": 400, "pat": 400, "bob": 404, "token_b": 404, "seat_a": 200,
        "anonymous": 401}


@pytest.mark.parametrize("persona", PERSONAS)
def test_permissions_matrix_playing_a_seat(online, client_as, persona, eager_commit):
    table = online["free_a"]
    match = OnlineMatch.objects.get(table=table)
    # Seat 1 (alice's, seat_a's) is to act: the bots and the others moved up to it.
    while _to_act(table)[0] != 0:
        seat = table.seats.get(position=_to_act(table)[0])
        eager_commit(lambda s=seat: online_play(table=table, seat=s, action=_to_act(table)[1],
                                                version=OnlineMatch.objects.get(
                                                    table=table).version))
    match.refresh_from_db()
    moves = OnlineMove.objects.filter(match=match).count()
    response = client_as(persona).post(f"/api/v1/tables/{table.pk}/play/",
                                       {"action": _to_act(table)[1], "version": match.version},
                                       format="json")
    expected = PLAY[persona]
    assert response.status_code == expected, response.content
    played = OnlineMove.objects.filter(match=match).count() - moves
    assert played == (1 if expected == 200 else 0)
    if persona in ("sam", "pat"):  # seated, but not at their turn
        assert response.json()["code"] == "not-your-turn"


COMMAND = {
    "free_a": {"alice": 200, "sam": 403, "pat": 403, "bob": 404, "token_b": 404,
               "seat_a": 403, "anonymous": 401},
    "free_b": {"alice": 403, "sam": 403, "pat": 403, "bob": 200, "token_b": 200,
               "seat_a": 403, "anonymous": 401},
}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("table", sorted(COMMAND))
def test_permissions_matrix_running_a_table(online, client_as, persona, table, eager_commit):
    url = f"/api/v1/tables/{online[table].pk}/play/"
    name = "pause" if table == "free_a" else "start"
    response = eager_commit(lambda: client_as(persona).post(f"{url}{name}/", format="json"))
    assert response.status_code == COMMAND[table][persona], response.content
    status = OnlineMatch.objects.get(table=online[table]).status
    if response.status_code == 200:
        assert status == ("paused" if name == "pause" else "playing")
    else:
        assert status == ("playing" if name == "pause" else "waiting")


# --- hostile input ---------------------------------------------------------------------


def test_a_seat_token_of_another_table_is_refused(online, client_as):
    response = client_as("seat_a").post(f"/api/v1/tables/{online['free_b'].pk}/play/",
                                        {"action": "PASS", "version": 0}, format="json")
    assert response.status_code == 403


def test_a_spectator_posting_is_refused_by_name(online, client_as):
    response = client_as("alice").post(f"/api/v1/tables/{online['free_b'].pk}/play/",
                                       {"action": "PASS", "version": 0}, format="json")
    assert response.status_code == 403 and response.json()["code"] == "not-seated"
    token = client_as("token_b").post(f"/api/v1/tables/{online['free_b'].pk}/play/",
                                      {"action": "PASS", "version": 0}, format="json")
    assert token.status_code == 403 and token.json()["code"] == "not-seated"


def test_a_seat_posting_for_another_seat_is_refused(online, client_as):
    match = OnlineMatch.objects.get(table=online["free_a"])
    before = OnlineMove.objects.filter(match=match).count()
    response = client_as("seat_a").post(f"/api/v1/tables/{online['free_a'].pk}/play/",
                                        {"action": "PASS", "version": match.version,
                                         "seat": 2}, format="json")
    assert response.status_code == 403 and response.json()["code"] == "not-your-seat"
    assert "Seat 1" in response.json()["detail"] and "seat 3" in response.json()["detail"]
    assert OnlineMove.objects.filter(match=match).count() == before


@pytest.mark.parametrize(("body", "field"), [
    ({"action": 7, "version": 1}, "action"),
    ({"action": ["7H"], "version": 1}, "action"),
    ({"action": "", "version": 1}, "action"),
    ({"action": "x" * 201, "version": 1}, "action"),
    ({"version": 1}, "action"),
    ({"action": "PASS"}, "version"),
    ({"action": "PASS", "version": "one"}, "version"),
    ({"action": "PASS", "version": -1}, "version"),
    ({"action": "PASS", "version": 10**30}, "version"),
    ({"action": "PASS", "version": 1, "seat": "me"}, "seat"),
])
def test_malformed_moves_are_refused_naming_the_field(online, client_as, body, field):
    match = OnlineMatch.objects.get(table=online["free_a"])
    before = OnlineMove.objects.filter(match=match).count()
    response = client_as("seat_a").post(f"/api/v1/tables/{online['free_a'].pk}/play/", body,
                                        format="json")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "bad-input"
    assert f"`{field}`" in response.json()["detail"]
    assert OnlineMove.objects.filter(match=match).count() == before


@pytest.mark.parametrize("body", [[1, 2], "PASS", None])
def test_a_body_that_is_not_an_object_is_refused(online, client_as, body):
    response = client_as("seat_a").post(f"/api/v1/tables/{online['free_a'].pk}/play/", body,
                                        format="json")
    assert response.status_code == 400 and response.json()["code"] == "bad-input"


def test_a_nul_in_the_action_is_refused_before_the_table(online, client_as):
    match = OnlineMatch.objects.get(table=online["free_a"])
    response = client_as("seat_a").post(f"/api/v1/tables/{online['free_a'].pk}/play/",
                                        {"action": "7H\x00", "version": match.version},
                                        format="json")
    assert response.status_code == 400 and "detail" in response.json()
    assert not OnlineMove.objects.filter(match=match, by_bot=False).exists()


@pytest.mark.parametrize("action", ["ZZ", "<script>", "🂡", "1e9", "7H 7H"])
def test_an_action_no_game_knows_gets_the_checkers_code(online, client_as, eager_commit,
                                                        action):
    table = online["free_a"]
    match = OnlineMatch.objects.get(table=table)
    seat, _ = _to_act(table)

    link = next(link for link in seat_links_for_event(event=table.round.event, user=SYSTEM)
                if link.seat.table_id == table.pk and link.seat.position == seat)
    client = APIClient(HTTP_X_FORWARDED_PROTO="https")
    client.credentials(HTTP_AUTHORIZATION=f"Seat {seat_token(link)}")
    response = client.post(f"/api/v1/tables/{table.pk}/play/",
                           {"action": action, "version": match.version}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "unknown-action"
    assert f"Seat {seat + 1}" in response.json()["detail"]


def test_a_stale_version_answers_409_with_the_version_now(online, client_as):
    match = OnlineMatch.objects.get(table=online["free_a"])
    response = client_as("seat_a").post(f"/api/v1/tables/{online['free_a'].pk}/play/",
                                        {"action": "PASS", "version": match.version + 5},
                                        format="json")
    assert response.status_code == 409
    assert response.json() == {"code": "stale-version", "detail": response.json()["detail"],
                               "version": match.version}


def test_the_table_json_shows_online(world, client_as):
    response = client_as("alice").get(f"/api/v1/tables/{world['free_a'].pk}/")
    assert response.json()["online"] is False


def test_an_unknown_patch_field_is_refused(world, client_as):
    response = client_as("alice").patch(f"/api/v1/tables/{world['free_a'].pk}/",
                                        {"online": True, "number": 9}, format="json")
    assert response.status_code == 400 and "number" in response.json()
    world["free_a"].refresh_from_db()
    assert world["free_a"].online is False and world["free_a"].number != 9
