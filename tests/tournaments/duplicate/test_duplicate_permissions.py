"""The permissions matrix of a duplicate night's boards (deal slips, hand records and
`GET /api/v1/events/{id}/boards/`), and hostile input on them.

Club A is private (alice organises, sam keeps score, pat plays), club B public (bob
organises, token_b is its API token). Until a night closes only its organisers see its
boards: everyone else gets the 404 of a night they may not see. Once it is closed,
whoever may see the night sees them.
"""

import pytest
from django.urls import reverse

from tests.tournaments.duplicate.helpers import duplicate_night
from tournaments.services.events import event_close

pytestmark = pytest.mark.django_db

PERSONAS = ["alice", "sam", "pat", "bob", "token_b", "anonymous"]
# tokens speak to the API only
CASES = [(page, persona) for page in ("slips", "records", "api") for persona in PERSONAS
         if page == "api" or persona != "token_b"]


def urls(event) -> dict:
    return {"slips": reverse("tournaments:board-slips", args=[event.pk]),
            "records": reverse("league:hand-records", args=[event.pk]),
            "api": f"/api/v1/events/{event.pk}/boards/"}


@pytest.fixture
def night_a(club_a, alice):
    return duplicate_night(club_a, alice, "bluke", tables=1, rounds=1, boards=2)


@pytest.fixture
def night_b(club_b, bob):
    return duplicate_night(club_b, bob, "bluke", tables=1, rounds=1, boards=2)


def close(event, user):
    return event_close(event=event, user=user, force=True, reason="test: boards shown")


OPEN_A = {"alice": 200, "sam": 404, "pat": 404, "bob": 404, "token_b": 404, "anonymous": 404}
CLOSED_A = {"alice": 200, "sam": 200, "pat": 200, "bob": 404, "token_b": 404,
            "anonymous": 404}
OPEN_B = {"alice": 404, "sam": 404, "pat": 404, "bob": 200, "token_b": 404, "anonymous": 404}
CLOSED_B = dict.fromkeys(PERSONAS, 200)


@pytest.mark.parametrize(("page", "persona"), CASES)
def test_a_private_clubs_boards(night_a, alice, client_as, persona, page):
    client = client_as(persona)
    assert client.get(urls(night_a)[page]).status_code == OPEN_A[persona]
    close(night_a, alice)
    assert client.get(urls(night_a)[page]).status_code == CLOSED_A[persona]


@pytest.mark.parametrize(("page", "persona"), CASES)
def test_a_public_clubs_boards(night_b, bob, client_as, persona, page):
    client = client_as(persona)
    assert client.get(urls(night_b)[page]).status_code == OPEN_B[persona]
    close(night_b, bob)
    assert client.get(urls(night_b)[page]).status_code == CLOSED_B[persona]


def test_the_api_gives_each_board_with_its_deal_and_checksum(night_b, client_as):
    body = client_as("bob").get(urls(night_b)["api"]).json()
    assert [(b["round"], b["number"]) for b in body] == [(1, 1), (1, 2)]
    board = night_b.rounds.get().boards.get(number=1)
    assert body[0]["deal"] == board.deal["deal"] and body[0]["board"] == board.deal
    assert body[0]["checksum"] == board.checksum and body[0]["dealer"] == board.deal["dealer"]


def test_a_night_in_another_format_has_no_boards(table_b, client_as):
    event = table_b.round.event
    for page, url in urls(event).items():
        assert client_as("bob").get(url).status_code == 404, page


@pytest.mark.parametrize("query", ["?round=abc", "?round=-1", "?round=99999999999",
                                   "?round=%00", "?round=1%27%20OR%201=1", "?round=" + "9" * 500])
def test_hostile_round_filters_are_ignored_or_empty(night_b, client_as, query):
    client = client_as("bob")
    for page in ("slips", "records"):
        response = client.get(urls(night_b)[page] + query)
        assert response.status_code == 200


@pytest.mark.parametrize("pk", [0, 999999, 2**31])
def test_an_unknown_night_is_a_404(client_as, pk, db):
    client = client_as("bob")
    assert client.get(f"/api/v1/events/{pk}/boards/").status_code == 404
    assert client.get(f"/events/{pk}/boards/slips/").status_code == 404
    assert client.get(f"/events/{pk}/boards/records/").status_code == 404


def test_writing_to_the_boards_is_not_allowed(night_b, client_as):
    client = client_as("bob")
    for method in ("post", "put", "patch", "delete"):
        assert getattr(client, method)(urls(night_b)["api"], {}, format="json"
                                       ).status_code == 405
    assert night_b.rounds.get().boards.count() == 2


def test_the_admin_lists_a_clubs_boards_read_only_to_its_organisers(night_a, night_b, client,
                                                                    bob):
    bob.is_staff = True  # an organiser with the admin, who sees only their own club
    bob.save()
    client.force_login(bob)
    client.defaults["HTTP_X_FORWARDED_PROTO"] = "https"
    page = client.get("/admin/tournaments/board/")
    assert page.status_code == 200
    text = page.content.decode()
    for board in night_b.rounds.get().boards.all():
        assert f"/admin/tournaments/board/{board.pk}/change/" in text
    for board in night_a.rounds.get().boards.all():  # club A's: not bob's to see
        assert f"/admin/tournaments/board/{board.pk}/change/" not in text
    board = night_b.rounds.get().boards.first()
    assert client.post(f"/admin/tournaments/board/{board.pk}/change/",
                       {"checksum": "000000"}).status_code == 403
    board.refresh_from_db()
    assert board.checksum != "000000"
