"""Federations: clubs opt in per game, staff accept them, people link their player rows.

Every front door (organiser pages, staff page, the claim page, the admin) calls these
functions, which check who may act. What moves a federation's pools (a club joining or
leaving, a person linking or unlinking rows) owes the federation a recompute, written
to the outbox in the same transaction (`followups_request`); the rankings app does it.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import rules
from league import permissions
from league.game_titles import game_title
from league.models import Club, Federation, FederationClub, FederationState, Player, PlayerLink
from league.page_cache import bump_club_versions
from league.services.audit import audit_record
from league.services.claims import player_from_claim_token
from league.services.clubs import club_setting_store
from league.services.followups import followups_request

MAX_CORRECTION_DAYS = 90


def is_federation_staff(user, federation: Federation) -> bool:
    if not getattr(user, "is_authenticated", False) or not getattr(user, "is_active", False):
        return False
    return user.is_superuser or federation.staff.filter(pk=user.pk).exists()


def _require_manage(user, club: Club) -> None:
    if not permissions.can(user, permissions.MANAGE, club):
        raise PermissionDenied(_("Only the club's organisers can do this."))


def _check_game(game: str) -> None:
    if game not in rules.GAMES:
        raise ValidationError({"game": _("%(game)s is not a game this site knows.")
                               % {"game": game[:40]}})


def _owe(federation_ids) -> None:
    followups_request(federation_ids=federation_ids)


@transaction.atomic
def federation_join(*, user, federation: Federation, club: Club, game: str) -> FederationClub:
    """The club asks to count its ``game`` nights in the federation (a site-wide one says yes).

    Asking again while asked or a member changes nothing.
    """
    _require_manage(user, club)
    _check_game(game)
    now = timezone.now()
    row, _created = FederationClub.objects.select_for_update().get_or_create(
        federation=federation, club=club, game=game,
        defaults={"state": FederationState.LEFT, "requested_at": now})
    if row.state in (FederationState.MEMBER, FederationState.REQUESTED):
        return row
    before = row.state
    row.state = FederationState.MEMBER if federation.site_wide else FederationState.REQUESTED
    row.requested_at, row.left_at = now, None
    row.joined_at = now if row.state == FederationState.MEMBER else None
    row.save()
    audit_record(club=club, action="federation.join", target=row, subject=user,
                 before={"state": before}, after={"state": row.state, "game": game,
                                                  "federation": federation.slug})
    if row.state == FederationState.MEMBER:
        _owe([federation.pk])
        bump_club_versions([club.pk])  # the club's ratings page names its federations
    return row


@transaction.atomic
def federation_leave(*, user, federation: Federation, club: Club, game: str) -> FederationClub:
    """The club takes its ``game`` nights out (or withdraws its request); the pools are
    recomputed without them."""
    _require_manage(user, club)
    row = FederationClub.objects.select_for_update().filter(
        federation=federation, club=club, game=game).first()
    if row is None or row.state not in (FederationState.MEMBER, FederationState.REQUESTED):
        raise ValidationError({"game": _("%(club)s is not in %(federation)s for %(game)s.") % {
            "club": club, "federation": federation, "game": game_title(game)}})
    before = row.state
    row.state, row.left_at = FederationState.LEFT, timezone.now()
    row.save(update_fields=["state", "left_at"])
    audit_record(club=club, action="federation.leave", target=row, subject=user,
                 before={"state": before}, after={"state": row.state, "game": game,
                                                  "federation": federation.slug})
    if before == FederationState.MEMBER:
        _owe([federation.pk])
        bump_club_versions([club.pk])
    return row


@transaction.atomic
def federation_decide(*, user, row: FederationClub, accept: bool) -> FederationClub:
    """The federation's staff accept or refuse a club's request."""
    if not is_federation_staff(user, row.federation):
        raise PermissionDenied(_("Only the federation's staff can accept or refuse clubs."))
    state = FederationState.MEMBER if accept else FederationState.REFUSED
    now = timezone.now()
    # Conditional update: two staff deciding at once decide once.
    if not FederationClub.objects.filter(pk=row.pk, state=FederationState.REQUESTED).update(
            state=state, joined_at=now if accept else None):
        raise ValidationError({"state": _("This request has already been decided or withdrawn.")})
    row.refresh_from_db()
    audit_record(club=row.club, action="federation.accept" if accept else "federation.refuse",
                 target=row, subject=user, before={"state": FederationState.REQUESTED},
                 after={"state": state, "game": row.game, "federation": row.federation.slug})
    if accept:
        _owe([row.federation_id])
        bump_club_versions([row.club_id])
    return row


@transaction.atomic
def club_set_correction_days(*, user, club: Club, days) -> Club:
    _require_manage(user, club)
    try:
        value = int(days)
    except (TypeError, ValueError):
        value = -1
    if not 0 <= value <= MAX_CORRECTION_DAYS:
        raise ValidationError({"correction_days": _(
            "The correction window is a whole number of days from 0 to %(max)s.")
            % {"max": MAX_CORRECTION_DAYS}})
    return club_setting_store(club=club, field="correction_days", value=value, user=user)


# --- one person, several clubs ----------------------------------------------------------------


def _federations_of(*players: Player) -> list[int]:
    return list(Federation.objects.filter(
        clubs__club__memberships__player__in=players).values_list("pk", flat=True).distinct())


@transaction.atomic
def player_link(*, token: str, user) -> PlayerLink:
    """"This is also me": the logged-in person links another club's player to their own.

    Only the person can: the link joins the player of a claim link (which that player's
    club handed out) to the player the logged-in user has claimed, never to anyone else's.
    """
    player = player_from_claim_token(token)  # unclaimed, not a bot, the link still valid
    person = Player.objects.filter(user=user).first() if getattr(
        user, "is_authenticated", False) else None
    if person is None:
        raise ValidationError({"user": _("Log in with the login that holds your player "
                                         "profile to link another club's player to it.")})
    if Club.objects.filter(memberships__player=person).filter(
            memberships__player=player).exists():
        raise ValidationError({"player": _(
            "%(player)s plays in a club where you already play as %(person)s: one person "
            "has one player per club.") % {"player": player, "person": person}})
    try:
        with transaction.atomic():
            link = PlayerLink.objects.create(player=player, person=person)
    except IntegrityError:
        raise ValidationError({"player": _("%(player)s is already linked to a person.")
                               % {"player": player}}) from None
    for club in Club.objects.filter(memberships__player=player).distinct():
        audit_record(club=club, action="player.link", target=player, subject=user,
                     after={"person": person.pk})
    _owe(_federations_of(player, person))
    return link


@transaction.atomic
def player_unlink(*, user, player_id: int) -> None:
    """The person undoes one of their links; their federation ratings are recomputed."""
    link = PlayerLink.objects.select_related("player", "person").filter(
        player_id=player_id, person__user=user).first() if getattr(
        user, "is_authenticated", False) else None
    if link is None:
        raise ValidationError({"player": _("No such link to your profile.")})
    for club in Club.objects.filter(memberships__player=link.player).distinct():
        audit_record(club=club, action="player.unlink", target=link.player, subject=user,
                     before={"person": link.person_id})
    link.delete()
    _owe(_federations_of(link.player, link.person))


def federation_opt_in_set(*, user, on: bool) -> Player:
    """The person agrees (or no longer) to appear on federation leaderboards."""
    person = Player.objects.filter(user=user).first() if getattr(
        user, "is_authenticated", False) else None
    if person is None:
        raise ValidationError({"user": _("Only a person with a player profile can choose this.")})
    Player.objects.filter(pk=person.pk).update(federation_opt_in=bool(on))
    person.federation_opt_in = bool(on)
    return person


def federation_recompute_request(*, user, federation: Federation) -> None:
    """The staff ask for the federation's pools to be recomputed from scratch."""
    if not is_federation_staff(user, federation):
        raise PermissionDenied(_("Only the federation's staff can do this."))
    with transaction.atomic():
        _owe([federation.pk])
