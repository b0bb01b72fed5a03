"""The Django admin is one more front door: what it saves goes through the services, and
what they own is read-only there. Each test is one hole from issue 16, closed.

alice organises private club A and is staff but not a superuser (what a real club has).
"""

import json

import pytest
from django.urls import reverse

from league.models import AuditEntry, Season
from tests.factories import (
    EventFactory,
    MembershipFactory,
    PlayerFactory,
    SeasonFactory,
    row_counts,
    seated_table,
)
from tournaments.models import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


@pytest.fixture
def staff(client, alice):
    alice.is_staff = True
    alice.save()
    client.force_login(alice)
    return client


def _url(model, view, *args):
    app = "league" if model == "season" else "tournaments"
    return reverse(f"admin:{app}_{model}_{view}", args=args)


def _value(bound):
    value = bound.value()
    if isinstance(value, (dict, list)) or value is None and "JSON" in type(
            bound.field).__name__:
        return json.dumps(value)
    return "" if value is None else value


def form_data(page) -> dict:
    """What the browser would post back unchanged: the main form and every inline."""
    data = {}
    form = page.context["adminform"].form
    for name in form.fields:
        data[name] = _value(form[name])
    for inline in page.context["inline_admin_formsets"]:
        formset = inline.formset
        data.update({f"{formset.prefix}-{k}": v for k, v in
                     formset.management_form.initial.items()})
        for sub in formset.forms:
            for name in sub.fields:
                value = _value(sub[name])
                data[sub.add_prefix(name)] = getattr(value, "pk", value)
    return {k: v for k, v in data.items() if v is not False}


def _season_add(club, **values):
    return {"club": club.pk, "name": "Summer", "game": "bluke", "options": "{}",
            "starts_on": "2026-06-01", "ends_on": "", "standings_config": "{}", **values}


class TestSeasons:
    def test_a_season_is_created_by_the_service(self, staff, club_a):
        response = staff.post(_url("season", "add"), _season_add(club_a))
        assert response.status_code == 302
        season = Season.objects.get(name="Summer")
        assert AuditEntry.objects.filter(action="season.create", target_id=season.pk)

    @pytest.mark.parametrize(("values", "field"), [
        ({"game": "whist"}, "game"),
        ({"options": json.dumps({"variant": "nope"})}, "options"),
        ({"options": json.dumps({"max_cards": 20})}, "options"),  # fails only at 3+ players
        ({"ends_on": "2026-01-01"}, "ends_on"),
    ])
    def test_a_bad_season_is_refused_on_the_form(self, staff, club_a, values, field):
        before = Season.objects.count()
        response = staff.post(_url("season", "add"), _season_add(club_a, **values))
        assert response.status_code == 200
        assert field in response.context["adminform"].form.errors
        assert Season.objects.count() == before

    def test_a_season_with_nights_keeps_its_game(self, staff, club_a):
        season = SeasonFactory(club=club_a, game="bluke")
        EventFactory(club=club_a, season=season, game="bluke")
        page = staff.get(_url("season", "change", season.pk))
        data = form_data(page) | {"game": "back-alley", "name": "Renamed"}
        assert staff.post(_url("season", "change", season.pk), data).status_code == 302
        season.refresh_from_db()
        assert (season.game, season.name) == ("bluke", "Renamed")
        assert AuditEntry.objects.filter(action="season.update", target_id=season.pk)


def _event_add(club, season=None, **values):
    return {"club": club.pk, "season": season.pk if season else "", "name": "Admin night",
            "kind": "league-night", "date": "2026-06-04", "game": "", "options": "",
            "rounds-TOTAL_FORMS": 0, "rounds-INITIAL_FORMS": 0, **values}


class TestEvents:
    def test_a_back_alley_night_cannot_join_a_bluke_season(self, staff, club_a):
        season = SeasonFactory(club=club_a, game="bluke")
        before = row_counts()
        response = staff.post(_url("event", "add"),
                              _event_add(club_a, season, game="back-alley"))
        assert "game" in response.context["adminform"].form.errors
        assert row_counts() == before

    def test_a_night_of_a_season_plays_its_game_through_event_create(self, staff, club_a):
        season = SeasonFactory(club=club_a, game="back-alley", options={"max_bid": "twelve"})
        assert staff.post(_url("event", "add"), _event_add(club_a, season)).status_code == 302
        event = Event.objects.get(name="Admin night")
        assert (event.game, event.options) == ("back-alley", {"max_bid": "twelve"})
        assert AuditEntry.objects.filter(action="event.create", target_id=event.pk)

    @pytest.mark.parametrize(("values", "field"), [
        ({"game": "whist"}, "game"),
        ({"game": "bluke", "options": json.dumps({"max_cards": 20})}, "options"),
    ])
    def test_an_unknown_game_or_options_that_fail_later_are_refused_at_save(
            self, staff, club_a, values, field):
        response = staff.post(_url("event", "add"), _event_add(club_a, **values))
        assert field in response.context["adminform"].form.errors
        assert not Event.objects.exists()

    def test_a_nights_game_cannot_be_changed_to_a_name_that_does_not_exist(self, staff,
                                                                          club_a):
        event = EventFactory(club=club_a, game="bluke")
        page = staff.get(_url("event", "change", event.pk))
        assert "game" not in page.context["adminform"].form.fields
        data = form_data(page) | {"game": "nope", "name": "Week 2"}
        assert staff.post(_url("event", "change", event.pk), data).status_code == 302
        event.refresh_from_db()
        assert (event.game, event.name) == ("bluke", "Week 2")
        assert AuditEntry.objects.filter(action="event.update", target_id=event.pk)


class TestTablesAndSeats:
    def test_a_tables_game_is_read_only_and_tables_are_not_added_here(self, staff, club_a,
                                                                       table_a):
        page = staff.get(_url("table", "change", table_a.pk))
        assert not {"game", "options"} & set(page.context["adminform"].form.fields)
        staff.post(_url("table", "change", table_a.pk), form_data(page) | {"game": "nope"})
        table_a.refresh_from_db()
        assert table_a.game == "bluke"
        assert staff.get(_url("table", "add")).status_code == 403

    def test_a_seat_changes_through_seat_assign_with_its_checks(self, staff, club_a,
                                                                players_a):
        first = seated_table(club_a, players_a[:3] + [None])
        seated_table(club_a, [PlayerFactory(display_name="Kit")], round=first.round)
        seat = first.seats.get(position=3)
        kit = first.round.tables.get(number=2).seats.get().player
        MembershipFactory(club=club_a, player=kit)
        url = _url("seat", "change", seat.pk)
        refused = staff.post(url, form_data(staff.get(url)) | {"player": kit.pk})
        assert "already sits at table 2" in str(refused.context["adminform"].form.errors)
        sub = PlayerFactory(display_name="Sub")
        MembershipFactory(club=club_a, player=sub)
        assert staff.post(url, form_data(staff.get(url)) | {"player": sub.pk}).status_code \
            == 302
        seat.refresh_from_db()
        assert seat.player == sub
        assert AuditEntry.objects.filter(action="seat.assign", target_id=seat.pk)
        assert staff.get(_url("seat", "add")).status_code == 403

    def test_the_seat_list_filters_by_night(self, staff, club_a, table_a):
        page = staff.get(_url("seat", "changelist"),
                         {"table__round__event__id__exact": table_a.round.event_id})
        assert page.status_code == 200 and page.context["cl"].result_count == 4

    def test_seats_are_numbered_from_one_as_people_count_them(self, staff, table_a):
        listed = staff.get(_url("seat", "changelist"),
                           {"table__round__event__id__exact": table_a.round.event_id})
        numbers = sorted(int(td.split(">")[1].split("<")[0]) for td in
                         listed.content.decode().split('<td class="field-seat_number')[1:])
        assert numbers == [1, 2, 3, 4]
        last = table_a.seats.get(position=3)
        page = staff.get(_url("seat", "change", last.pk)).content.decode()
        assert "seat 4" in page and "seat 0" not in page

    def test_a_closed_nights_rows_are_read_only(self, staff, club_a, table_a):
        event = table_a.round.event
        Event.objects.filter(pk=event.pk).update(status="closed")
        for model, pk in (("event", event.pk), ("table", table_a.pk),
                          ("seat", table_a.seats.first().pk)):
            page = staff.get(_url(model, "change", pk))
            assert page.context["has_change_permission"] is False, model


def test_the_admin_leads_back_to_the_night_and_the_season(staff, club_a):
    season = SeasonFactory(club=club_a)
    event = EventFactory(club=club_a, season=season)
    assert "View on site" in staff.get(_url("event", "change", event.pk)).content.decode()
    assert staff.get(reverse("admin:view_on_site", args=[
        _content_type(Event), event.pk])).url.endswith(f"/events/{event.pk}/")
    assert staff.get(reverse("admin:view_on_site", args=[
        _content_type(Season), season.pk])).url.endswith(f"/seasons/{season.pk}/")


def _content_type(model):
    from django.contrib.contenttypes.models import ContentType

    return ContentType.objects.get_for_model(model).pk


class TestPlayers:
    def test_an_organisers_new_player_joins_their_club_and_stays_visible(self, staff,
                                                                         club_a):
        form = staff.get(reverse("admin:league_player_add")).context["adminform"].form
        assert list(form.fields["club"].queryset) == [club_a]
        response = staff.post(reverse("admin:league_player_add"),
                              {"display_name": "Nia", "club": club_a.pk})
        assert response.status_code == 302
        membership = club_a.memberships.get(player__display_name="Nia")
        listed = staff.get(reverse("admin:league_player_changelist"), {"q": "Nia"})
        assert [p.pk for p in listed.context["cl"].result_list] == [membership.player_id]
        assert AuditEntry.objects.filter(action="membership.add", target_id=membership.pk)

    def test_a_members_name_is_not_added_twice(self, staff, club_a, pat):
        response = staff.post(reverse("admin:league_player_add"),
                              {"display_name": "pat", "club": club_a.pk})
        assert "already a member" in str(response.context["adminform"].form.errors)
