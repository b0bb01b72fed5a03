"""The permissions matrix of the federation pages, and hostile input to them.

Personas: Ann plays in Xanadu (public); Xavier organises Xanadu, Yvonne organises Yew
(private); fedstaff is the Card Federation's staff; boss a superuser; and anonymous.
Organisers manage only their own club's memberships (an outsider of a private club gets
a 404, a member without the role a 403); only the federation's staff decide requests.
A refusal changes nothing.
"""

import pytest
from django.urls import reverse

from league.models import AuditEntry, Club, FederationClub, FederationState
from tests.factories import UserFactory
from tests.rankings.federation_world import build_synced_world

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]
PERSONAS = ["anonymous", "ann", "xorg", "yorg", "staff", "boss"]


@pytest.fixture
def world():
    world = build_synced_world()
    world["boss"] = UserFactory(username="boss", is_staff=True, is_superuser=True)
    return world


def login(client, world, persona):
    users = {"ann": world["ann"].user, "xorg": world["xorg"].user, "yorg": world["yorg"].user,
             "staff": world["staff"], "boss": world["boss"]}
    if persona != "anonymous":
        client.force_login(users[persona])
    return client


def state(world) -> list:
    return sorted(FederationClub.objects.values_list("club_id", "game", "state")) + [
        AuditEntry.objects.count(), Club.objects.get(slug="xanadu").correction_days]


# page -> the expected status per persona (302: sent to log in)
MATRIX = {
    "xanadu's federations": (lambda w: reverse("club-federations", args=["xanadu"]),
                             dict(anonymous=302, ann=403, xorg=200, yorg=403, staff=403,
                                  boss=200)),
    "yew's federations": (lambda w: reverse("club-federations", args=["yew"]),
                          dict(anonymous=302, ann=404, xorg=404, yorg=200, staff=404,
                               boss=200)),
    "staff page": (lambda w: reverse("federation-staff", args=["cards"]),
                   dict(anonymous=302, ann=403, xorg=403, yorg=403, staff=200, boss=200)),
    "my federation": (lambda w: reverse("my-federation"),
                      dict(anonymous=302, ann=200, xorg=200, yorg=200, staff=404, boss=404)),
    "federation": (lambda w: reverse("federation-detail", args=["cards"]),
                   dict(anonymous=200, ann=200, xorg=200, yorg=200, staff=200, boss=200)),
    "leaderboard": (lambda w: reverse("federation-pool", args=["cards", w["pool"].pk]),
                    dict(anonymous=200, ann=200, xorg=200, yorg=200, staff=200, boss=200)),
}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("page", list(MATRIX))
def test_the_permissions_matrix_of_the_pages(client, world, page, persona):
    url, expected = MATRIX[page]
    response = login(client, world, persona).get(url(world))
    assert response.status_code == expected[persona]


JOIN_ALLOWED = {"xorg", "boss"}


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_clubs_organisers_take_it_out_of_a_federation(client, world, persona):
    before = state(world)
    login(client, world, persona).post(
        reverse("club-federations", args=["xanadu"]),
        {"action": "leave", "federation": world["federation"].pk, "game": "bluke"})
    row = FederationClub.objects.get(club=world["x"], game="bluke")
    if persona in JOIN_ALLOWED:
        assert row.state == FederationState.LEFT
    else:
        assert row.state == FederationState.MEMBER
        assert state(world) == before


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_federations_staff_decide_a_request(client, world, persona):
    login(client, world, "xorg").post(
        reverse("club-federations", args=["xanadu"]),
        {"action": "join", "federation": world["federation"].pk, "game": "ribs"})
    row = FederationClub.objects.get(club=world["x"], game="ribs")
    assert row.state == FederationState.REQUESTED
    client.logout()
    login(client, world, persona).post(reverse("federation-staff", args=["cards"]),
                                       {"action": "accept", "request": row.pk})
    row.refresh_from_db()
    expected = FederationState.MEMBER if persona in {"staff", "boss"} else \
        FederationState.REQUESTED
    assert row.state == expected


def test_a_site_wide_federation_takes_a_club_at_once(client, world):
    world["federation"].site_wide = True
    world["federation"].save()
    login(client, world, "xorg").post(
        reverse("club-federations", args=["xanadu"]),
        {"action": "join", "federation": world["federation"].pk, "game": "pitch"})
    assert FederationClub.objects.get(club=world["x"], game="pitch").state == \
        FederationState.MEMBER


HOSTILE_POSTS = [
    {"action": "join", "federation": "1 OR 1=1", "game": "bluke"},
    {"action": "join", "federation": "", "game": "bluke"},
    {"action": "join", "game": "<script>alert(1)</script>"},
    {"action": "join", "federation": "FED", "game": "x" * 10_000},
    {"action": "join", "federation": "FED", "game": "<script>alert(1)</script>"},
    {"action": "explode", "federation": "FED", "game": "bluke"},
    {"action": "leave", "federation": "FED", "game": "ribs"},
    {"action": "window", "correction_days": "-1"},
    {"action": "window", "correction_days": "91"},
    {"action": "window", "correction_days": "1e9"},
    {"action": "window", "correction_days": "seven"},
    {"action": "window"},
]


@pytest.mark.parametrize("data", HOSTILE_POSTS)
def test_hostile_organiser_input_is_refused_with_a_message_and_changes_nothing(
        client, world, data):
    before = state(world)
    data = {k: (str(world["federation"].pk) if v == "FED" else v) for k, v in data.items()}
    response = login(client, world, "xorg").post(
        reverse("club-federations", args=["xanadu"]), data, follow=True)
    assert response.status_code == 200
    assert b'class="error' in response.content or b"messages" in response.content
    assert state(world) == before
    assert b"<script>alert" not in response.content


def test_the_window_is_saved_and_audited(client, world):
    login(client, world, "xorg").post(reverse("club-federations", args=["xanadu"]),
                                      {"action": "window", "correction_days": "3"})
    assert Club.objects.get(slug="xanadu").correction_days == 3
    assert AuditEntry.objects.filter(action="club.correction_days").exists()


@pytest.mark.parametrize("data", [{"action": "accept", "request": "abc"},
                                  {"action": "accept"},
                                  {"action": "refuse", "request": "999999"}])
def test_hostile_staff_input_is_refused(client, world, data):
    before = state(world)
    response = login(client, world, "staff").post(
        reverse("federation-staff", args=["cards"]), data, follow=True)
    assert response.status_code == 200
    assert state(world) == before


def test_a_request_of_another_federation_is_not_decided_here(client, world):
    from league.models import Federation

    other = Federation.objects.create(name="Other", slug="other")
    row = FederationClub.objects.create(federation=other, club=world["x"], game="ribs",
                                        state=FederationState.REQUESTED,
                                        requested_at=world["pool"].updated_at)
    login(client, world, "staff").post(reverse("federation-staff", args=["cards"]),
                                       {"action": "accept", "request": row.pk})
    row.refresh_from_db()
    assert row.state == FederationState.REQUESTED


@pytest.mark.parametrize("url", [
    "/federations/no-such/", "/federations/cards/ratings/999999/",
    "/federations/cards/ratings/{pool}/players/999999/",
    "/api/v1/federations/no-such/", "/api/v1/federations/cards/pools/999999/",
])
def test_unknown_things_are_404(client, world, url):
    assert client.get(url.format(pool=world["pool"].pk)).status_code == 404


def test_a_pool_of_another_federation_is_404(client, world):
    from league.models import Federation

    Federation.objects.create(name="Other", slug="other")
    url = reverse("federation-pool", args=["other", world["pool"].pk])
    assert client.get(url).status_code == 404
    assert client.get(f"/api/v1/federations/other/pools/{world['pool'].pk}/").status_code == 404


@pytest.mark.parametrize("query", ["?against=abc", "?against=" + "9" * 50, "?sort=<x>",
                                   "?page=abc", "?page=99999"])
def test_hostile_queries_on_the_pages_do_not_fail(client, world, query):
    player = reverse("federation-player", args=["cards", world["pool"].pk, world["ann"].pk])
    assert client.get(player + query).status_code in (200, 404)
    pool = reverse("federation-pool", args=["cards", world["pool"].pk])
    assert client.get(pool + query).status_code in (200, 404)


def test_the_api_lists_what_anyone_may_see(client, world):
    body = client.get("/api/v1/federations/").json()
    assert [f["slug"] for f in body["results"]] == ["cards"]
    detail = client.get("/api/v1/federations/cards/").json()
    assert [c["club_slug"] for c in detail["clubs"]] == ["xanadu"]
    assert detail["private_clubs"] == 1
    rows = client.get(f"/api/v1/federations/cards/pools/{world['pool'].pk}/").json()["results"]
    names = {row["player_name"] for row in rows}
    assert "Olive" in names and "Hal" not in names
    assert client.post("/api/v1/federations/").status_code in (403, 405)


@pytest.mark.parametrize(("persona", "expected"), [("boss", 200), ("xorg", 403), ("staff", 403)])
def test_only_the_sites_administrators_create_federations_in_the_admin(
        client, world, persona, expected):
    from django.contrib.auth.models import User

    User.objects.filter(pk__in=[world["xorg"].user.pk, world["staff"].pk]).update(
        is_staff=True)  # organisers may use the admin for their own club
    response = login(client, world, persona).get(reverse("admin:league_federation_add"))
    assert response.status_code == expected


def test_a_club_token_sees_its_own_private_club_but_no_unlisted_player(client, world):
    from tests.factories import api_token

    _, key = api_token(world["y"])
    headers = {"HTTP_AUTHORIZATION": f"Token {key}"}
    detail = client.get("/api/v1/federations/cards/", **headers).json()
    assert {c["club_slug"] for c in detail["clubs"]} == {"xanadu", "yew"}
    rows = client.get(f"/api/v1/federations/cards/pools/{world['pool'].pk}/",
                      **headers).json()["results"]
    assert "Hal" not in {row["player_name"] for row in rows}
