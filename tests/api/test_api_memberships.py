"""Adding members and changing roles through the API and the service (issue 10, point 5).

Club A is private (olga owns it, alice organises it); club B is public (bob organises it).
"""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from league.models import AuditEntry, Membership, Player, Role
from league.services.clubs import (
    NO_SUCH_PLAYER,
    membership_add,
    membership_remove,
    membership_set_role,
)
from tests.factories import PlayerFactory, row_counts


def _members_url(club):
    return f"/api/v1/clubs/{club.pk}/members/"


def _membership(user, club):
    return Membership.objects.get(player__user=user, club=club)


def test_it_answers_a_private_clubs_player_as_it_answers_a_missing_one(world, client_as, pat):
    client = client_as("bob")
    before = row_counts()
    hidden = client.post(_members_url(world["club_b"]), {"player": pat.player.pk},
                         format="json")
    missing = client.post(_members_url(world["club_b"]), {"player": 987654}, format="json")
    assert hidden.status_code == missing.status_code == 400
    assert hidden.json() == missing.json() == {"player": [NO_SUCH_PLAYER]}
    assert row_counts() == before
    assert "Pat" not in {m["player_name"] for m in
                         client_as("anonymous").get(_members_url(world["club_b"])).json()}


def test_it_refuses_a_hidden_player_in_the_service_too(club_a, club_b, bob, pat):
    with pytest.raises(ValidationError) as refused:
        membership_add(club=club_b, player=pat.player, user=bob)
    assert refused.value.message_dict == {"player": [NO_SUCH_PLAYER]}
    assert not club_b.memberships.filter(player=pat.player).exists()


def test_it_adds_a_public_clubs_player_and_a_newcomer(club_a, club_b, alice, bob, players_b):
    joined = membership_add(club=club_a, player=players_b[1], user=alice)
    newcomer = membership_add(club=club_b, player=Player(display_name="Nia"), user=bob)
    assert (joined.club, joined.role) == (club_a, Role.PLAYER)
    assert newcomer.player.pk and newcomer.club == club_b


def test_an_organiser_cannot_make_themselves_owner(world, client_as, alice, olga):
    response = client_as("alice").post(_members_url(world["club_a"]),
                                       {"player": alice.player.pk, "role": "owner"},
                                       format="json")
    assert response.status_code == 403
    assert _membership(alice, world["club_a"]).role == Role.ORGANISER


def test_an_organiser_cannot_demote_the_owner(world, client_as, olga):
    response = client_as("alice").post(_members_url(world["club_a"]),
                                       {"player": olga.player.pk, "role": "player"},
                                       format="json")
    assert response.status_code == 403
    assert _membership(olga, world["club_a"]).role == Role.OWNER


def test_an_owner_changes_a_role_and_the_audit_has_old_and_new(club_a, alice, olga, pat):
    membership_set_role(membership=_membership(pat, club_a), role=Role.ORGANISER, user=olga)
    entry = AuditEntry.objects.get(action="membership.role")
    assert (entry.before["role"], entry.after["role"]) == (Role.PLAYER, Role.ORGANISER)
    assert entry.actor == olga and entry.target_id == _membership(pat, club_a).pk


def test_the_last_owner_cannot_step_down_or_leave(club_a, olga, pat):
    own = _membership(olga, club_a)
    with pytest.raises(ValidationError, match="last owner"):
        membership_set_role(membership=own, role=Role.ORGANISER, user=olga)
    with pytest.raises(ValidationError, match="last owner"):
        membership_remove(membership=own, user=olga)
    membership_set_role(membership=_membership(pat, club_a), role=Role.OWNER, user=olga)
    membership_set_role(membership=own, role=Role.ORGANISER, user=olga)
    assert list(club_a.memberships.filter(role=Role.OWNER)) == [_membership(pat, club_a)]


def test_an_organiser_removes_players_but_not_organisers(club_a, alice, sam, pat, olga):
    membership_remove(membership=_membership(pat, club_a), user=alice)
    with pytest.raises(PermissionDenied):
        membership_remove(membership=_membership(olga, club_a), user=alice)
    assert not club_a.memberships.filter(player=pat.player).exists()
    removed = AuditEntry.objects.get(action="membership.remove")
    assert removed.before == {"role": Role.PLAYER, "player": pat.player.pk}


def test_a_scorekeeper_changes_no_roles(club_a, sam, pat):
    with pytest.raises(PermissionDenied):
        membership_set_role(membership=_membership(pat, club_a), role=Role.SCOREKEEPER,
                            user=sam)
    assert _membership(pat, club_a).role == Role.PLAYER


@pytest.mark.parametrize("player", [2**70, -1, 0, "x"])
def test_an_impossible_player_id_is_a_400(world, client_as, player):
    response = client_as("bob").post(_members_url(world["club_b"]), {"player": player},
                                     format="json")
    assert response.status_code == 400 and "player" in response.json()


def test_someone_who_may_not_manage_learns_nothing_about_the_player(club_a, sam):
    hidden = PlayerFactory(display_name="Hidden")  # in no club sam can see
    for player in (hidden, Player(display_name="Nia")):
        with pytest.raises(PermissionDenied):
            membership_add(club=club_a, player=player, user=sam)
    assert not club_a.memberships.filter(player=hidden).exists()
