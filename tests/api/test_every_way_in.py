"""Every way in joins the permissions matrix: each URL the site serves, opened by every persona.

The route list is read from the URL resolver, so a new page or endpoint fails
`test_every_route_has_a_place_in_the_matrix` until it is given one here. Each route is opened
(GET) with the ids of private club A's objects (see tests/api/conftest.py for the world and
tests/api/test_api_permissions.py for the personas):

- PRIVATE: a thing of club A. Its members and its token get no server error; bob
  (organiser of club B), club B's token, a seat token of another table and anonymous
  visitors are refused (401, 403, 404, 405, or sent to log in).
- PUBLIC: the same page for everyone (lists, schema, public federations); nobody gets a
  server error and outsiders' copies never name club A.
- BEARER: the path carries a secret (seat links, claim and unsubscribe links, calendar
  feeds); a forged secret opens nothing of club A's (a refusal, or a page saying the link is
  not valid), never a server error.
- PERSONAL: the visitor's own page (/me/…): anonymous visitors are sent to log in, others
  see only their own things, so outsiders' copies never name club A.

Who of the members may do what is each area's own matrix (test_api_permissions,
test_organiser_permissions, test_entry_permissions, the online, federation, review and
duplicate matrices); this one makes sure no way in is left out of all of them.
"""

import uuid

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from league.models import Division, Membership, Webhook
from rankings.models import ClubImport, RatingPool
from tests.factories import api_token
from tests.tournaments.brackets.helpers import entrants, final_night
from tournaments.services.brackets import bracket_create

pytestmark = pytest.mark.usefixtures("plain_http")

# Club A's organiser, scorekeeper and player, and its own API token; bob organises club B,
# token_b is club B's token, seat_a the seat token of a table of club A's other than the one
# named (it enters that table's result and reads nothing).
INSIDERS = ["alice", "sam", "pat", "token_a"]
OUTSIDERS = ["bob", "token_b", "seat_a", "anonymous"]
REFUSED = {401, 403, 404, 405}
FORGED = "forged-0000000000000000000000"


def _route_names() -> set[str]:
    """Every named route but the admin's (its own tests: tests/league/test_permissions_admin.py,
    test_admin_privacy.py), and DRF's format-suffix twins (same view, same checks)."""

    def walk(patterns, namespace=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if pattern.app_name == "admin":
                    continue
                inner = ":".join(filter(None, [namespace, pattern.namespace]))
                yield from walk(pattern.url_patterns, inner)
            elif isinstance(pattern, URLPattern) and pattern.name:
                yield ":".join(filter(None, [namespace, pattern.name]))

    return set(walk(get_resolver().url_patterns))


@pytest.fixture
def things(world, alice, seat_a):
    """Club A's objects of every kind a route names, on top of the API world."""
    club, season = world["club_a"], world["season_a"]
    event = world["table_a"].round.event
    assert not club.is_public and world["club_b"].is_public  # the refusals mean something
    token, key = api_token(club, name="matrix")
    return {
        **world, "event": event, "token": token, "token_a_key": key,
        "membership": Membership.objects.get(club=club, player=world["players_a"][2]),
        "webhook": Webhook.objects.create(club=club, url="https://a.example/hook",
                                          secret="s" * 32, events=["*"]),
        "division": Division.objects.create(season=season, name="Top", level=1),
        "pool": RatingPool.objects.create(club=club, game="bluke"),
        "bracket": bracket_create(event=final_night(club), user=alice,
                                  players=entrants(club, 4), format="single"),
        "import": ClubImport.objects.create(id=uuid.uuid4(), user=alice, digest="0" * 64,
                                            slug="club-a-copy", total=0),
        "round": world["table_a"].round,
    }


def _event(t):
    return {"pk": t["event"].pk}


def _table(t):
    return {"pk": t["table_a"].pk}


def _club(t):
    return {"slug": t["club_a"].slug}


def _club_pk(t):
    return {"pk": t["club_a"].pk}


def _season(t):
    return {"pk": t["season_a"].pk}


def _player(t):
    return {"pk": t["players_a"][3].pk}


def _game(t):
    return {"pk": t["game_a"].pk}


def _pool_player(t):
    return {"pk": t["players_a"][3].pk, "pool": t["pool"].pk}


def _none(t):
    return {}


def _forged(t):
    return {"token": FORGED}


PRIVATE = {
    # route name: its arguments for a thing of club A
    "claim-link": _player,
    "api:task-status": lambda t: {"task_id": str(t["import"].pk)},
    "api:table-play": _table, "api:table-play-start": _table,
    "api:table-play-pause": _table, "api:table-play-resume": _table,
    "api:table-play-end": _table,
    "api:event-boards": _event, "api:event-review": _event,
    "api:game-review": _game, "api:player-review": _player,
    "api:season-standings": _season, "api:player-ratings": _player,
    "api:player-pool-rating": _pool_player, "api:player-rating-history": _pool_player,
    "api:club-archive": _club_pk,
    "api:club-import-status": lambda t: {"pk": t["import"].pk},
    "api:player-data": _player,
    "api:club-webhooks": _club_pk,
    "api:club-webhook": lambda t: {"pk": t["club_a"].pk, "hook": t["webhook"].pk},
    "api:club-detail": _club_pk, "api:club-members": _club_pk,
    "api:player-detail": _player, "api:season-detail": _season,
    "api:token-detail": lambda t: {"pk": t["token"].pk},
    "api:token-revoke": lambda t: {"pk": t["token"].pk},
    "api:division-detail": lambda t: {"pk": t["division"].pk},
    "api:event-detail": _event, "api:event-close": _event, "api:event-next-round": _event,
    "api:event-seat-links": _event, "api:event-seating": _event,
    "api:round-detail": lambda t: {"pk": t["round"].pk},
    "api:round-publish": lambda t: {"pk": t["round"].pk},
    "api:table-detail": _table, "api:table-approve-result": _table,
    "api:table-confirm-result": _table, "api:table-dispute-result": _table,
    "api:table-result": _table,
    "api:seat-detail": lambda t: {"pk": t["table_a"].seats.first().pk},
    "api:seat-assign": lambda t: {"pk": t["table_a"].seats.first().pk},
    "api:game-detail": _game, "api:game-correct": _game,
    "api:hand-detail": lambda t: {"pk": t["game_a"].hands.first().pk},
    "api:bracket-detail": lambda t: {"pk": t["bracket"].pk},
    "organiser:season-new": _club, "organiser:season-edit": _season,
    "organiser:club-members": _club,
    "organiser:member-role": lambda t: {"slug": t["club_a"].slug,
                                        "membership": t["membership"].pk},
    "organiser:member-remove": lambda t: {"slug": t["club_a"].slug,
                                          "membership": t["membership"].pk},
    "organiser:club-tokens": _club,
    "organiser:token-revoke": lambda t: {"slug": t["club_a"].slug, "pk": t["token"].pk},
    "organiser:club-webhooks": _club,
    "organiser:webhook-delete": lambda t: {"slug": t["club_a"].slug, "pk": t["webhook"].pk},
    "organiser:club-mail-log": _club,
    "organiser:night-new": _season, "organiser:tournament-new": _club,
    "organiser:night-edit": _event, "organiser:night-walk-in": _event,
    "organiser:night-replan": _event, "organiser:night-next-round": _event,
    "organiser:night-preview": _event, "organiser:table-substitute": _table,
    "calendars:club-feed": _club,
    "tournaments:event-detail": _event, "tournaments:event-attendance": _event,
    "tournaments:event-plan-seating": _event, "tournaments:event-close": _event,
    "tournaments:event-seating-status": _event,
    "tournaments:round-publish": lambda t: {"pk": t["event"].pk, "number": t["round"].number},
    "tournaments:table-cards": _event, "tournaments:player-cards": _event,
    "tournaments:blank-scoresheets": _event, "tournaments:board-slips": _event,
    "tournaments:event-answer": _event,
    "tournaments:event-bracket": lambda t: {"pk": t["bracket"].event_id},
    "tournaments:event-screen": _event, "tournaments:event-screen-live": _event,
    "tournaments:table-scoresheet": _table, "tournaments:table-scoresheet-check": _table,
    "tournaments:table-entry": _table, "tournaments:table-entry-check": _table,
    "tournaments:table-entry-decide": _table,
    "tournaments:event-seat-links": _event, "tournaments:club-entry-mode": _event,
    "tournaments:seat-link-revoke": lambda t: {"pk": t["event"].pk, "link_pk": 1},
    "tournaments:online-seat": _table, "tournaments:online-seat-events": _table,
    "tournaments:online-seat-wait": _table,
    "tournaments:online-watch": _table, "tournaments:online-watch-events": _table,
    "tournaments:online-watch-wait": _table,
    "tournaments:online-manage": _table, "tournaments:event-online": _event,
    "tournaments:table-fill-bots": _table, "tournaments:table-play-bots": _table,
    "archive:player-data": _player, "archive:player-erase": _player,
    "ratings:player": lambda t: {"pk": t["pool"].pk, "player": t["players_a"][3].pk},
    "club-federations": _club,
    "reviews:game": _game, "reviews:player": _player, "reviews:club": _club,
    "league:club-detail": _club, "league:season-detail": _season,
    "league:season-standings": _season, "league:season-divisions": _season,
    "league:season-division-export": lambda t: {"pk": t["season_a"].pk,
                                                "division": t["division"].pk,
                                                "export_format": "csv"},
    "league:season-divisions-edit": _season, "league:season-roll-over": _season,
    "league:season-final-new": _season, "league:hand-records": _event,
    "league:player-detail": _player, "league:club-ratings": _club,
    "league:rating-pool": lambda t: {"pk": t["pool"].pk},
}

PUBLIC = {
    "healthz": _none, "favicon": _none, "login": _none, "logout": _none,
    "set_language": _none, "password_reset": _none, "password_reset_done": _none,
    "password_reset_complete": _none,
    "api:rulesets": _none, "api:record-check": _none,
    "api:federations": _none, "api:club-list": _none, "api:player-list": _none,
    "api:season-list": _none, "api:token-list": _none, "api:division-list": _none,
    "api:event-list": _none, "api:round-list": _none, "api:table-list": _none,
    "api:seat-list": _none, "api:game-list": _none, "api:hand-list": _none,
    "api:bracket-list": _none, "api:api-root": _none, "api:club-import": _none,
    "api-schema": _none, "api-docs": _none,
    "federation-list": _none, "league:home": _none,
    "tournaments:seat-worker": _none, "tournaments:seat-code": _none,
}

BEARER = {
    "claim": _forged, "notices:unsubscribe": _forged,
    "password_reset_confirm": lambda t: {"uidb64": "MQ", "token": FORGED},
    "calendars:player-feed": lambda t: {"key": FORGED},
    "tournaments:seat-entry": _forged, "tournaments:seat-entry-check": _forged,
    "tournaments:online-seat-link": _forged, "tournaments:online-seat-link-events": _forged,
    "tournaments:online-seat-link-wait": _forged,
}

PERSONAL = {
    "calendars:my-calendar": _none, "notices:mine": _none, "notices:push-key": _none,
    "notices:push-subscribe": _none, "notices:push-unsubscribe": _none,
    "tournaments:my-nights": _none, "my-federation": _none,
}

# Federations have no club of their own: their matrix (public, private member clubs hidden,
# staff pages) is tests/rankings/test_federation_permissions.py and test_federation_rating_api.
ELSEWHERE = {
    "api:federation", "api:federation-leaderboard", "federation-detail", "federation-staff",
    "federation-pool", "federation-player",
}

MATRIX = {**PRIVATE, **PUBLIC, **BEARER, **PERSONAL}


def test_every_route_has_a_place_in_the_matrix():
    routes = _route_names()
    assert routes - set(MATRIX) - ELSEWHERE == set(), "routes missing from the matrix"
    assert set(MATRIX) | ELSEWHERE <= routes, "the matrix names routes that are gone"


def _get(client, name, things):
    url = reverse(name, kwargs=MATRIX[name](things))
    # A stream or long poll answers at once when asked for news after a far version.
    return client.get(url, {"after": 0} if name.endswith(("-events", "-wait")) else {})


def _refused(response) -> bool:
    if response.status_code in (301, 302):
        return response["Location"].startswith(reverse("login"))
    return response.status_code in REFUSED


def _names_club_a(response, things) -> bool:
    if getattr(response, "streaming", False):
        return False
    body = response.content
    return things["club_a"].name.encode() in body or b"/clubs/club-a/" in body


def _as(persona, client_as, things):
    """A client of the persona; `token_a` carries club A's own API token."""
    if persona != "token_a":
        return client_as(persona)
    client = client_as("anonymous")
    client.credentials(HTTP_AUTHORIZATION=f"Token {things['token_a_key']}")
    return client


def _answers(personas, name, client_as, things) -> dict:
    return {persona: _get(_as(persona, client_as, things), name, things)
            for persona in personas}


# Each test opens one route as every persona (one world per route, not per persona).


@pytest.fixture(autouse=True)
def _tasks_run_in_process(settings):
    # With a broker configured (as in CI) and no worker running, /healthz rightly answers 503;
    # this matrix is about who may see what, so it runs as the embedded mode does.
    settings.CELERY_TASK_ALWAYS_EAGER = True


@pytest.mark.parametrize("name", sorted(PRIVATE))
def test_outsiders_are_refused_every_private_way_in_and_members_meet_no_error(
        things, client_as, name):
    answers = _answers(OUTSIDERS + INSIDERS, name, client_as, things)
    let_in = {persona: (answer.status_code, answer.get("Location"))
              for persona, answer in answers.items()
              if persona in OUTSIDERS and not _refused(answer)}
    assert let_in == {}
    errors = {persona: answer.status_code for persona, answer in answers.items()
              if answer.status_code >= 500}
    assert errors == {}


@pytest.mark.parametrize("name", sorted(PUBLIC) + sorted(PERSONAL))
def test_public_and_personal_pages_never_name_a_private_club_to_outsiders(
        things, client_as, name):
    answers = _answers(OUTSIDERS + INSIDERS, name, client_as, things)
    assert {p: a.status_code for p, a in answers.items() if a.status_code >= 500} == {}
    assert [p for p in OUTSIDERS if _names_club_a(answers[p], things)] == []
    if name in PERSONAL:
        assert _refused(answers["anonymous"])


@pytest.mark.parametrize("name", sorted(BEARER))
def test_a_forged_secret_in_the_path_opens_nothing(things, client_as, name):
    answers = _answers(OUTSIDERS + INSIDERS, name, client_as, things)
    assert {p: a.status_code for p, a in answers.items()
            if a.status_code not in REFUSED | {200, 302, 400, 410}} == {}
    assert [p for p, a in answers.items() if _names_club_a(a, things)] == []
