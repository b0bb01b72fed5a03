"""The organiser's own pages: a season, its nights, walk-ins, substitutes, re-planning and
members, run by an organiser who is not a superuser (alice organises private club A)."""

import datetime

import pytest
from django.urls import reverse

from league.models import AuditEntry, Membership, Player, Role, Season
from tests.factories import (
    EventFactory,
    MembershipFactory,
    PlayerFactory,
    SeasonFactory,
    UserFactory,
    played_record,
    seated_table,
)
from tournaments.models import Event
from tournaments.services.results import result_submit
from tournaments.services.seating import event_plan_seating, event_set_attendance

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


@pytest.fixture
def organiser(client, alice):
    client.force_login(alice)
    return client


def season_post(**values):
    data = {"name": "Spring", "game": "bluke", "starts_on": "2026-03-02", "ends_on": "",
            "opt-variant": "standard", "opt-max_cards": "",
            "st-points": "placement", "st-first": "7", "st-last": "1", "st-aggregate": "sum",
            "st-best_nights": "", "st-min_games": "0", "st-min_nights": "0",
            "st-tiebreak_1": "firsts", "st-tiebreak_2": "seconds",
            "st-tiebreak_3": "head_to_head", "st-tiebreak_4": "average_score"}
    data.update(values)
    return {k: v for k, v in data.items() if v is not None}


class TestSeasonPages:
    def test_the_form_offers_the_games_declared_options(self, organiser, club_a):
        page = organiser.get(reverse("organiser:season-new", args=[club_a.slug]))
        options = page.context["forms"]["options"]
        assert set(options.fields) == {"variant", "max_cards", "deal_out_finale", "zero_bids"}
        switched = organiser.post(reverse("organiser:season-new", args=[club_a.slug]),
                                  {"game": "back-alley", "name": "Kept", "switch": "1"})
        assert "first_lead" in switched.context["forms"]["options"].fields
        assert switched.context["forms"]["season"]["name"].value() == "Kept"
        assert not Season.objects.exists()

    def test_it_creates_a_season_storing_only_what_differs_from_the_defaults(
            self, organiser, club_a):
        response = organiser.post(
            reverse("organiser:season-new", args=[club_a.slug]),
            season_post(**{"opt-variant": "new-jersey", "opt-zero_bids": "on",
                           "st-best_nights": "6", "st-tiebreak_4": ""}))
        season = Season.objects.get(club=club_a)
        assert response.url == reverse("league:season-detail", args=[season.pk])
        assert season.options == {"variant": "new-jersey", "zero_bids": True}
        assert season.standings_config == {
            "best_nights": 6, "tiebreaks": ["firsts", "seconds", "head_to_head"]}
        assert AuditEntry.objects.filter(action="season.create", actor__username="alice")

    def test_options_that_fail_at_a_seated_table_size_are_refused_at_save(
            self, organiser, club_a):
        response = organiser.post(reverse("organiser:season-new", args=[club_a.slug]),
                                  season_post(**{"opt-max_cards": "20"}))
        assert response.status_code == 200 and not Season.objects.exists()
        errors = response.context["forms"]["options"].non_field_errors()
        assert "At a table of 3" in errors[0] and "20 cards" in errors[0]
        assert "Not saved" in response.content.decode()

    def test_it_edits_the_standings_scheme_and_locks_the_game_once_a_night_exists(
            self, organiser, club_a):
        season = SeasonFactory(club=club_a, standings_config={"points": "beaten"})
        EventFactory(club=club_a, season=season)
        url = reverse("organiser:season-edit", args=[season.pk])
        page = organiser.get(url)
        assert page.context["forms"]["season"].fields["game"].disabled
        assert page.context["forms"]["standings"]["points"].value() == "beaten"
        organiser.post(url, season_post(name=season.name, game="back-alley",
                                        **{"st-points": "score", "opt-variant": "new-jersey"}))
        season.refresh_from_db()
        assert (season.game, season.options) == ("bluke", {})
        assert season.standings_config == {"points": "score"}


class TestNightPages:
    def test_a_new_night_plays_the_seasons_game_and_leads_to_its_page(self, organiser,
                                                                      club_a):
        season = SeasonFactory(club=club_a, game="back-alley")
        url = reverse("organiser:night-new", args=[season.pk])
        page = organiser.get(url).content.decode()
        assert reverse("league:season-detail", args=[season.pk]) in page
        response = organiser.post(url, {"name": "Week 1", "date": "2026-04-02",
                                        "kind": "league-night"})
        event = Event.objects.get(season=season)
        assert response.url == reverse("tournaments:event-detail", args=[event.pk])
        assert (event.game, event.date) == ("back-alley", datetime.date(2026, 4, 2))
        night = organiser.get(response.url).content.decode()
        assert reverse("organiser:night-edit", args=[event.pk]) in night
        assert reverse("league:season-detail", args=[season.pk]) in night

    def test_it_renames_a_night(self, organiser, club_a):
        event = EventFactory(club=club_a, name="Week 1")
        organiser.post(reverse("organiser:night-edit", args=[event.pk]),
                       {"name": "Cup night", "date": "2026-04-09"})
        event.refresh_from_db()
        assert (event.name, event.date) == ("Cup night", datetime.date(2026, 4, 9))

    def test_a_walk_in_joins_the_club_and_is_marked_present(self, organiser, club_a,
                                                            players_a):
        event = EventFactory(club=club_a)
        url = reverse("organiser:night-walk-in", args=[event.pk])
        organiser.post(url, {"name": "  Wes   Walker "})
        organiser.post(url, {"name": "dee"})  # an existing member, any case
        wes = Membership.objects.get(club=club_a, player__display_name="Wes Walker").player
        event.refresh_from_db()
        assert set(event.seating["attendance"]) == {wes.pk, players_a[3].pk}
        assert Membership.objects.filter(player__display_name__iexact="dee").count() == 1

    def test_a_substitute_takes_a_seat_of_an_unplayed_table(self, organiser, club_a,
                                                            players_a):
        table = seated_table(club_a, players_a)
        sub = PlayerFactory(display_name="Sub")
        MembershipFactory(club=club_a, player=sub)
        seat = table.seats.get(position=2)
        url = reverse("organiser:table-substitute", args=[table.pk])
        assert reverse("tournaments:event-detail", args=[table.round.event_id]) in \
            organiser.get(url).content.decode()
        organiser.post(url, {"seat": seat.pk, "player": sub.pk})
        seat.refresh_from_db()
        assert seat.player == sub

    def test_a_seat_of_another_table_or_a_stranger_is_refused_by_name(self, organiser,
                                                                      club_a, players_a,
                                                                      club_b, players_b):
        table = seated_table(club_a, players_a[:3] + [None])
        other = seated_table(club_a, [players_a[3]])
        url = reverse("organiser:table-substitute", args=[table.pk])
        for data in ({"seat": other.seats.get().pk, "player": ""}, {"seat": "x"},
                     {"seat": table.seats.get(position=3).pk, "player": players_b[1].pk}):
            response = organiser.post(url, data, follow=True)
            assert "Choose a seat of this table and a member" in response.content.decode()
        assert other.seats.get().player == players_a[3]
        assert table.seats.get(position=3).player is None

    def test_a_played_table_keeps_its_seats(self, organiser, club_a, players_a, alice):
        table = seated_table(club_a, players_a)
        result_submit(table=table, record=played_record(seed=1), source="form", user=alice)
        seat = table.seats.get(position=0)
        response = organiser.post(reverse("organiser:table-substitute", args=[table.pk]),
                                  {"seat": seat.pk, "player": ""}, follow=True)
        seat.refresh_from_db()
        assert seat.player == players_a[0]
        assert "already has a result" in response.content.decode()

    def test_the_night_says_when_the_plan_is_out_of_date_and_re_plans_in_one_click(
            self, organiser, club_a, alice, players_a, eager_celery,
            django_capture_on_commit_callbacks):
        extra = [PlayerFactory(display_name=f"X{i}") for i in range(4)]
        for player in extra:
            MembershipFactory(club=club_a, player=player)
        everyone = players_a + extra
        event = EventFactory(club=club_a)
        event_set_attendance(event=event, players=everyone, user=alice)
        event_plan_seating(event=event, players=everyone, rounds=2, seed=3, user=alice,
                           time_budget=0.1)
        url = reverse("tournaments:event-detail", args=[event.pk])
        assert "out of date" not in organiser.get(url).content.decode()

        event_set_attendance(event=event, players=everyone[:-1], user=alice)
        page = organiser.get(url).content.decode()
        assert "The seating plan is out of date" in page and "X3" in page
        with django_capture_on_commit_callbacks(execute=True):
            organiser.post(reverse("organiser:night-replan", args=[event.pk]))
        assert "out of date" not in organiser.get(url).content.decode()
        seated = set(Event.objects.get(pk=event.pk).rounds.values_list(
            "tables__seats__player", flat=True))
        assert extra[-1].pk not in seated


class TestOneOffTournament:
    def test_an_organiser_creates_a_one_off_tournament_of_any_game_with_its_options(
            self, organiser, club_a):
        url = reverse("organiser:tournament-new", args=[club_a.slug])
        switched = organiser.post(url, {"game": "pitch", "name": "Spring cup", "switch": "1"})
        assert set(switched.context["options"].fields) == {"target", "smudge"}
        assert switched.context["form"]["name"].value() == "Spring cup"
        assert not Event.objects.exists()
        response = organiser.post(url, {"game": "pitch", "name": "Spring cup",
                                        "date": "2026-05-01", "opt-target": "11",
                                        "opt-smudge": "on"})
        event = Event.objects.get(club=club_a)
        assert response.url == reverse("tournaments:event-detail", args=[event.pk])
        assert (event.season, event.kind, event.game, event.options) == (
            None, "tournament", "pitch", {"target": 11})
        page = organiser.get(response.url)
        assert page.status_code == 200 and "Spring cup" in page.content.decode()
        club_page = organiser.get(reverse("league:club-detail", args=[club_a.slug]))
        assert url in club_page.content.decode()

    def test_options_the_rules_refuse_are_named_and_nothing_is_saved(self, organiser, club_a):
        response = organiser.post(reverse("organiser:tournament-new", args=[club_a.slug]),
                                  {"game": "pitch", "name": "Cup", "date": "2026-05-01",
                                   "opt-target": "-3"})
        assert response.status_code == 200
        assert "Not saved" in response.content.decode()
        assert response.context["options"].errors["target"]
        assert not Event.objects.exists()


class TestMembersPage:
    def test_an_organiser_adds_a_member_by_name(self, organiser, club_a):
        organiser.post(reverse("organiser:club-members", args=[club_a.slug]),
                       {"name": "Nia", "role": "scorekeeper"})
        membership = Membership.objects.get(club=club_a, player__display_name="Nia")
        assert membership.role == Role.SCOREKEEPER
        again = organiser.post(reverse("organiser:club-members", args=[club_a.slug]),
                               {"name": "nia", "role": "player"})
        assert "already a member" in again.context["form"].errors["name"][0]

    def test_only_an_owner_makes_an_organiser(self, client, organiser, club_a, pat):
        member = Membership.objects.get(player=pat.player)
        url = reverse("organiser:member-role", args=[club_a.slug, member.pk])
        organiser.post(url, {f"m{member.pk}-role": "organiser"})
        member.refresh_from_db()
        assert member.role == Role.PLAYER
        owner = UserFactory(username="olga")
        MembershipFactory(club=club_a, player=PlayerFactory(user=owner), role=Role.OWNER)
        client.force_login(owner)
        client.post(url, {f"m{member.pk}-role": "organiser"})
        member.refresh_from_db()
        assert member.role == Role.ORGANISER

    def test_an_organiser_removes_a_player_but_their_games_stay(self, organiser, club_a, pat):
        member = Membership.objects.get(player=pat.player)
        url = reverse("organiser:member-remove", args=[club_a.slug, member.pk])
        unticked = organiser.post(url, {}, follow=True)
        assert "tick the box" in unticked.content.decode()
        assert Membership.objects.filter(pk=member.pk).exists()
        page = organiser.post(url, {"confirm_removal": "yes"}, follow=True).content.decode()
        assert not Membership.objects.filter(pk=member.pk).exists()
        assert "no longer a member" in page
        assert Player.objects.filter(pk=pat.player.pk).exists()
        assert AuditEntry.objects.filter(action="membership.remove").count() == 1

    def test_an_organiser_cannot_remove_an_owner(self, client, organiser, club_a):
        owner = MembershipFactory(club=club_a, role=Role.OWNER,
                                  player=PlayerFactory(display_name="Olga"))
        page = organiser.post(reverse("organiser:member-remove", args=[club_a.slug, owner.pk]),
                              {"confirm_removal": "yes"}, follow=True).content.decode()
        assert Membership.objects.filter(pk=owner.pk).exists()
        assert "Olga was not removed" in page

    def test_the_last_owner_is_told_why_they_cannot_step_down(self, client, club_a):
        owner = UserFactory(username="olga")
        MembershipFactory(club=club_a, player=PlayerFactory(user=owner, display_name="Olga"),
                          role=Role.OWNER)
        member = Membership.objects.get(player__user=owner)
        client.force_login(owner)
        response = client.post(reverse("organiser:member-role", args=[club_a.slug, member.pk]),
                               {f"m{member.pk}-role": "player"}, follow=True)
        member.refresh_from_db()
        assert member.role == Role.OWNER
        assert "last owner" in response.content.decode()
