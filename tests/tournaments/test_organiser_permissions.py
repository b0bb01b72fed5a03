"""The permission matrix of the organiser's pages: every page and action, every persona.

Club A is private: olga owns it, alice organises, sam keeps score, pat plays; bob organises
club B and is an outsider here. Anonymous visitors are sent to log in; outsiders get a 404
(a private club stays invisible); members without the role get a 403. A refusal changes
nothing, and only an owner hands out the organiser role. The night page's own organiser
actions (attendance, seating, publishing, closing) are in the matrix too.
"""

import pytest
from django.urls import reverse

from league.models import AuditEntry, Membership, Role
from tests.factories import (
    EventFactory,
    SeasonFactory,
    row_counts,
    seated_table,
)
from tournaments.services.seating import event_plan_seating, event_set_attendance

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]
PERSONAS = ["olga", "alice", "sam", "pat", "bob", "anonymous"]
MANAGERS = {"olga", "alice"}


@pytest.fixture
def world(club_a, olga, alice, sam, pat, bob, players_a):
    season = SeasonFactory(club=club_a)
    event = EventFactory(club=club_a, season=season)
    everyone = [*players_a, olga.player]
    event_set_attendance(event=event, players=everyone, user=alice)
    event_plan_seating(event=event, players=everyone, rounds=2, seed=1, user=alice,
                       time_budget=0.1)
    event_set_attendance(event=event, players=players_a, user=alice)  # olga went home
    table = seated_table(club_a, players_a[:3] + [None])
    return {"club": club_a, "season": season, "event": event, "table": table,
            "pat": Membership.objects.get(player=pat.player),
            "dee": Membership.objects.get(player=players_a[3])}


def _client(client, request, persona):
    if persona != "anonymous":
        client.force_login(request.getfixturevalue(persona))
    return client


PAGES = {
    "new season": lambda w: reverse("organiser:season-new", args=[w["club"].slug]),
    "edit season": lambda w: reverse("organiser:season-edit", args=[w["season"].pk]),
    "members": lambda w: reverse("organiser:club-members", args=[w["club"].slug]),
    "mail log": lambda w: reverse("organiser:club-mail-log", args=[w["club"].slug]),
    "new night": lambda w: reverse("organiser:night-new", args=[w["season"].pk]),
    "new tournament": lambda w: reverse("organiser:tournament-new", args=[w["club"].slug]),
    "edit night": lambda w: reverse("organiser:night-edit", args=[w["event"].pk]),
    "substitute": lambda w: reverse("organiser:table-substitute", args=[w["table"].pk]),
    "draw a season's final": lambda w: reverse("league:season-final-new",
                                               args=[w["season"].pk]),
    "set up divisions": lambda w: reverse("league:season-divisions-edit",
                                          args=[w["season"].pk]),
    "roll over with promotion": lambda w: reverse("league:season-roll-over",
                                                  args=[w["season"].pk]),
}
EXPECTED = {"olga": 200, "alice": 200, "sam": 403, "pat": 403, "bob": 404, "anonymous": 302}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("page", sorted(PAGES))
def test_each_organiser_page_opens_only_for_the_clubs_organisers(world, client, request,
                                                                  persona, page):
    response = _client(client, request, persona).get(PAGES[page](world))
    assert response.status_code == EXPECTED[persona]
    if persona == "anonymous":
        assert response.url.startswith(reverse("login"))


def _season_post():
    return {"name": "Autumn", "game": "bluke", "starts_on": "2026-09-01",
            "opt-variant": "standard", "st-points": "placement", "st-first": "7",
            "st-last": "1", "st-aggregate": "sum", "st-min_games": "0", "st-min_nights": "0"}


ACTIONS = {
    # name: (url, body, what changes when it is allowed)
    "create a season": (
        PAGES["new season"], lambda w: _season_post(),
        lambda w: w["club"].seasons.count()),
    "edit a season": (
        PAGES["edit season"], lambda w: {**_season_post(), "name": "Renamed"},
        lambda w: type(w["season"]).objects.get(pk=w["season"].pk).name),
    "create a night": (
        PAGES["new night"], lambda w: {"name": "Week 9", "date": "2026-05-01",
                                       "kind": "league-night"},
        lambda w: w["season"].events.count()),
    "create a one-off tournament": (
        PAGES["new tournament"], lambda w: {"name": "Cup", "date": "2026-05-01",
                                            "game": "pitch", "opt-target": "21"},
        lambda w: w["club"].events.filter(season=None).count()),
    "edit a night": (
        PAGES["edit night"], lambda w: {"name": "Cup", "date": "2026-05-01"},
        lambda w: type(w["event"]).objects.get(pk=w["event"].pk).name),
    "add a walk-in": (
        lambda w: reverse("organiser:night-walk-in", args=[w["event"].pk]),
        lambda w: {"name": "Wes"},
        lambda w: Membership.objects.filter(player__display_name="Wes").count()),
    "re-plan after a drop-out": (
        lambda w: reverse("organiser:night-replan", args=[w["event"].pk]),
        lambda w: {},
        lambda w: bool(type(w["event"]).objects.get(pk=w["event"].pk).seating.get("request"))),
    "seat a substitute": (
        PAGES["substitute"],
        lambda w: {"seat": w["table"].seats.get(position=3).pk,
                   "player": w["dee"].player_id},
        lambda w: w["table"].seats.get(position=3).player_id),
    "add a member": (
        PAGES["members"], lambda w: {"name": "Nia", "role": "player"},
        lambda w: Membership.objects.filter(player__display_name="Nia").count()),
    "mark attendance": (
        lambda w: reverse("tournaments:event-attendance", args=[w["event"].pk]),
        lambda w: {"players": [w["dee"].player_id]},
        lambda w: _event(w).seating["attendance"]),
    "plan the seating": (
        lambda w: reverse("tournaments:event-plan-seating", args=[w["event"].pk]),
        lambda w: {"rounds": 2, "seed": 5},
        lambda w: bool(_event(w).seating.get("request"))),
    "publish a round": (
        lambda w: reverse("tournaments:round-publish", args=[w["event"].pk, 1]),
        lambda w: {"published": "1"},
        lambda w: _event(w).rounds.get(number=1).published),
    "close the night": (
        lambda w: reverse("tournaments:event-close", args=[w["event"].pk]),
        lambda w: {"force": "1", "reason": "the hall closed early"},
        lambda w: _event(w).status),
    "set up divisions": (
        PAGES["set up divisions"], lambda w: {"names": "A\nB"},
        lambda w: w["season"].divisions.count()),
    "make a player scorekeeper": (
        lambda w: reverse("organiser:member-role", args=[w["club"].slug, w["pat"].pk]),
        lambda w: {f"m{w['pat'].pk}-role": "scorekeeper"},
        lambda w: Membership.objects.get(pk=w["pat"].pk).role),
    "remove a member": (
        lambda w: reverse("organiser:member-remove", args=[w["club"].slug, w["pat"].pk]),
        lambda w: {"confirm_removal": "yes"},
        lambda w: Membership.objects.filter(pk=w["pat"].pk).exists()),
    "play the whole night online": (
        lambda w: reverse("tournaments:event-online", args=[w["event"].pk]),
        lambda w: {"online": "on"},
        lambda w: _event(w).online),
    "set the reminder hours": (
        PAGES["mail log"], lambda w: {"reminder_hours": "24"},
        lambda w: _club(w).reminder_hours),
    "set the correction window": (
        lambda w: reverse("club-federations", args=[w["club"].slug]),
        lambda w: {"action": "window", "correction_days": "3"},
        lambda w: _club(w).correction_days),
    "switch the hand reviews off": (
        lambda w: reverse("reviews:club", args=[w["club"].slug]),
        lambda w: {},
        lambda w: _club(w).reviews_on),
}


def _club(w):
    return type(w["club"]).objects.get(pk=w["club"].pk)


def _event(w):
    return type(w["event"]).objects.get(pk=w["event"].pk)


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_each_organiser_action_works_only_for_the_clubs_organisers(
        world, client, request, persona, action):
    url, body, effect = ACTIONS[action]
    before, counts = effect(world), row_counts()
    response = _client(client, request, persona).post(url(world), body(world))
    assert response.status_code == (302 if persona in MANAGERS or persona == "anonymous"
                                    else EXPECTED[persona]), response.content[:300]
    if persona in MANAGERS:
        assert effect(world) != before
    else:
        assert (effect(world), row_counts()) == (before, counts)


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_an_owner_hands_out_the_organiser_role(world, client, request, persona):
    url = reverse("organiser:member-role", args=[world["club"].slug, world["pat"].pk])
    audits = AuditEntry.objects.count()
    _client(client, request, persona).post(url, {f"m{world['pat'].pk}-role": "organiser"})
    role = Membership.objects.get(pk=world["pat"].pk).role
    assert (role == Role.ORGANISER) == (persona == "olga")
    if persona != "olga":
        assert AuditEntry.objects.count() == audits
