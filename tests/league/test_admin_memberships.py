"""The admin's membership pages, inlines, list filters and autocompletes (issue 10, point 5).

Club A is private: olga owns it, alice organises it (staff), sam and pat play in it. Club B
is public: bob organises it (staff). Holes found by the authorization run each have a test.
"""

import re

import pytest
from django.urls import reverse

from league.models import AuditEntry, Club, Membership, Role
from tests.factories import MembershipFactory

pytestmark = pytest.mark.usefixtures("plain_http")


def _staff(user):
    user.is_staff = True
    user.save()
    return user


@pytest.fixture
def olga(olga):  # the owner of club A (tests/conftest.py), here also staff
    return _staff(olga)


@pytest.fixture
def staff_alice(alice, olga):
    return _staff(alice)


@pytest.fixture
def staff_bob(bob):
    return _staff(bob)


def _membership(user, club):
    return Membership.objects.get(player__user=user, club=club)


def _change_role(client, membership, role):
    url = reverse("admin:league_membership_change", args=[membership.pk])
    return client.post(url, {"role": role, "_save": "Save"})


def test_an_organiser_cannot_make_themselves_owner_in_the_admin(client, club_a, staff_alice):
    client.force_login(staff_alice)
    response = _change_role(client, _membership(staff_alice, club_a), Role.OWNER)
    assert response.status_code == 200  # the form again, with the refusal
    assert "owners give or take" in response.content.decode()
    assert _membership(staff_alice, club_a).role == Role.ORGANISER


def test_an_organiser_cannot_demote_the_owner_in_the_admin(client, club_a, staff_alice, olga):
    client.force_login(staff_alice)
    _change_role(client, _membership(olga, club_a), Role.PLAYER)
    assert _membership(olga, club_a).role == Role.OWNER
    assert not AuditEntry.objects.filter(action="membership.role").exists()


def test_an_owners_change_in_the_admin_is_audited_with_old_and_new(client, club_a, olga,
                                                                    staff_alice):
    client.force_login(olga)
    response = _change_role(client, _membership(staff_alice, club_a), Role.SCOREKEEPER)
    assert response.status_code == 302
    entry = AuditEntry.objects.get(action="membership.role")
    assert (entry.before["role"], entry.after["role"], entry.actor) == (
        Role.ORGANISER, Role.SCOREKEEPER, olga)


def test_the_owner_cannot_demote_themselves_while_the_last_owner(client, club_a, olga):
    client.force_login(olga)
    response = _change_role(client, _membership(olga, club_a), Role.ORGANISER)
    assert "last owner" in response.content.decode()
    assert _membership(olga, club_a).role == Role.OWNER


def test_an_organiser_adds_a_member_by_the_admins_add_form(client, club_a, staff_alice,
                                                            players_b):
    client.force_login(staff_alice)
    response = client.post(reverse("admin:league_membership_add"), {
        "club": club_a.pk, "player": players_b[1].pk, "role": Role.PLAYER})
    assert response.status_code == 302
    assert AuditEntry.objects.filter(action="membership.add", club=club_a).exists()


def test_the_admin_refuses_a_private_clubs_player_like_a_missing_one(client, club_b, staff_bob,
                                                                     pat):
    client.force_login(staff_bob)
    url = reverse("admin:league_membership_add")
    hidden = client.post(url, {"club": club_b.pk, "player": pat.player.pk, "role": "player"})
    missing = client.post(url, {"club": club_b.pk, "player": 987654, "role": "player"})
    assert hidden.context["adminform"].form.errors == missing.context["adminform"].form.errors
    assert "player" in hidden.context["adminform"].form.errors
    assert not club_b.memberships.filter(player=pat.player).exists()


# --- The club page's members inline ---------------------------------------------------------


def _inline_post(client, club, change):
    """The club's change form as the page shows it, with `change(rows)` applied to its
    member rows (dicts of the inline's fields)."""
    url = reverse("admin:league_club_change", args=[club.pk])
    formset = client.get(url).context["inline_admin_formsets"][0].formset
    rows = [{"id": f.instance.pk, "role": f.instance.role} for f in formset.initial_forms]
    change(rows)
    data = {"name": club.name, "slug": club.slug, "is_public": "on" if club.is_public else "",
            "language": club.language, "time_zone": club.time_zone,
            "memberships-TOTAL_FORMS": len(rows), "memberships-INITIAL_FORMS":
            len(formset.initial_forms), "memberships-MIN_NUM_FORMS": 0,
            "memberships-MAX_NUM_FORMS": 1000, "_save": "Save"}
    for i, row in enumerate(rows):
        data |= {f"memberships-{i}-{k}": v for k, v in row.items() if v is not None}
        data[f"memberships-{i}-club"] = club.pk
    return client.post(url, data)


def _row(rows, membership):
    return next(row for row in rows if row["id"] == membership.pk)


def test_an_organiser_cannot_promote_or_remove_through_the_clubs_inline(client, club_a,
                                                                        staff_alice, olga):
    client.force_login(staff_alice)
    own, owner = _membership(staff_alice, club_a), _membership(olga, club_a)
    _inline_post(client, club_a, lambda rows: _row(rows, own).update(role=Role.OWNER))
    _inline_post(client, club_a, lambda rows: _row(rows, owner).update(DELETE="on"))
    _inline_post(client, club_a, lambda rows: _row(rows, owner).update(role=Role.PLAYER))
    assert (_membership(staff_alice, club_a).role, _membership(olga, club_a).role) == (
        Role.ORGANISER, Role.OWNER)


def test_an_owner_hands_over_ownership_in_one_save_of_the_inline(client, club_a,
                                                                  staff_alice, olga):
    client.force_login(olga)
    own, other = _membership(olga, club_a), _membership(staff_alice, club_a)

    def hand_over(rows):
        _row(rows, own).update(role=Role.ORGANISER)
        _row(rows, other).update(role=Role.OWNER)

    assert _inline_post(client, club_a, hand_over).status_code == 302
    assert (_membership(olga, club_a).role, _membership(staff_alice, club_a).role) == (
        Role.ORGANISER, Role.OWNER)
    changes = {(e.before["role"], e.after["role"])
               for e in AuditEntry.objects.filter(action="membership.role")}
    assert changes == {(Role.OWNER, Role.ORGANISER), (Role.ORGANISER, Role.OWNER)}


def test_the_inline_keeps_the_club_an_owner(client, club_a, olga, pat):
    client.force_login(olga)
    response = _inline_post(client, club_a,
                            lambda rows: _row(rows, _membership(olga, club_a)).update(
                                role=Role.PLAYER))
    assert response.status_code == 200 and "at least one owner" in response.content.decode()
    assert _membership(olga, club_a).role == Role.OWNER


# --- List filters and autocompletes ---------------------------------------------------------

FILTERED = [("league.membership", "club__id__exact"), ("league.season", "club__id__exact"),
            ("league.apitoken", "club__id__exact"), ("league.auditentry", "club__id__exact"),
            ("tournaments.event", "club__id__exact"),
            ("tournaments.round", "event__club__id__exact"),
            ("tournaments.table", "round__event__club__id__exact"),
            ("tournaments.tableresult", "table__round__event__club__id__exact")]


@pytest.mark.parametrize(("label", "lookup"), FILTERED)
def test_list_filters_answer_a_private_club_as_a_missing_one(client, table_a, club_b,
                                                             staff_bob, label, lookup):
    client.force_login(staff_bob)
    url = reverse(f"admin:{label.replace('.', '_')}_changelist")
    missing_id = Club.objects.order_by("-pk").first().pk + 1000
    private = client.get(url, {lookup: table_a.round.event.club_id})
    missing = client.get(url, {lookup: missing_id})
    plain = client.get(url).content.decode()
    assert private.status_code == missing.status_code == 200
    assert "Club A" not in plain and "Club A" not in private.content.decode()
    assert _page(private, table_a.round.event.club_id) == _page(missing, missing_id)


def _page(response, club_id) -> str:
    """The page's text with the asked-for id and the per-response tokens masked."""
    text = re.sub(r'name="csrfmiddlewaretoken" value="\w+"', "CSRF", response.content.decode())
    text = re.sub(r'nonce="[^"]*"', "NONCE", text)
    # the id as the filter's value only: "initial-scale=1.0" and "o=1" (the sort) stay put
    # when the club's id happens to be 1
    return re.sub(rf"(club__id(?:__exact)?(?:=|%3D)|value=\"){club_id}(?![\w.])", "=ID", text)


def test_the_club_filter_offers_only_the_organisers_clubs(client, club_a, club_b, staff_bob):
    club_c = Club.objects.create(name="Club C", slug="club-c")
    MembershipFactory(club=club_c, player=staff_bob.player, role=Role.ORGANISER)
    client.force_login(staff_bob)
    page = client.get(reverse("admin:league_membership_changelist"))
    club_filter = next(f for f in page.context["cl"].filter_specs if f.title == "club")
    assert [label for _, label in club_filter.lookup_choices] == ["Club B", "Club C"]


def test_the_player_autocomplete_hides_private_clubs_players(client, club_a, pat, staff_bob,
                                                             players_b):
    client.force_login(staff_bob)
    found = client.get(reverse("admin:autocomplete"), {
        "app_label": "league", "model_name": "membership", "field_name": "player",
        "term": ""}).json()["results"]
    names = {row["text"] for row in found}
    assert "Pat" not in names and "Cal" in names
