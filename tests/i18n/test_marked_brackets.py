"""The translation guard over the knockout and division pages: the bracket page, the final
night's big screen, the organiser's page that draws a season's final, the standings by
division, their set-up and the roll-over show no unmarked English."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from league.services.divisions import divisions_set
from tests.factories import EventFactory, MembershipFactory, PlayerFactory
from tests.i18n import pseudo_locale
from tests.i18n.test_marked_strings import english_words
from tests.tournaments.brackets.helpers import final_night, win
from tournaments.models import BracketMatch
from tournaments.services.brackets import bracket_create


def _final(night):
    players = [PlayerFactory(display_name=name) for name in
               ("ანა", "ბექა", "გელა", "დათო", "ეკა")]
    for player in players:
        MembershipFactory(club=night["club"], player=player)
    bracket = bracket_create(event=final_night(night["club"], name="ფინალი"),
                             user=night["user"], players=players, format="single",
                             consolation=True)
    win(BracketMatch.objects.get(bracket=bracket, key="W1-2").table, players[4],
        user=night["user"])
    double = bracket_create(event=final_night(night["club"], name="ორმაგი"),
                            user=night["user"], players=players[:4], format="double")
    groups = bracket_create(
        event=EventFactory(club=night["club"], name="ჯგუფები", game="bluke",
                           options={"variant": "new-jersey"}, kind="tournament"),
        user=night["user"], players=players, format="groups", table_size=4, drop=1)
    return bracket, double, groups


def players_of(night):
    return [m.player for m in night["club"].memberships.select_related("player")
            .order_by("player_id")][:4]


def _unmarked(client, urls):
    found = {}
    for url in urls:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=pseudo_locale.CODE)
        assert response.status_code == 200, url
        if words := english_words(response.content.decode()):
            found[url] = words
    return found


def test_the_knockout_pages_show_no_unmarked_english(in_pseudo_locale, night):
    single, double, groups = _final(night)
    client = Client()
    client.force_login(night["user"])
    urls = [reverse(name, args=[bracket.event_id]) for bracket in (single, double, groups)
            for name in ("tournaments:event-bracket", "tournaments:event-screen")]
    urls.append(reverse("league:season-final-new", args=[night["season"].pk]))
    divisions_set(season=night["season"], user=night["user"],
                  divisions=[("ა", players_of(night)[:2]), ("ბ", players_of(night)[2:])])
    urls += [reverse(name, args=[night["season"].pk]) for name in (
        "league:season-divisions", "league:season-divisions-edit", "league:season-roll-over")]
    found = _unmarked(client, urls)
    assert not found, f"unmarked English, by page: {found}"
