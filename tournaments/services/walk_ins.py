"""Walk-ins: someone turns up on the night. A member is found by name and marked present;
a new name joins the club first (`league.services.newcomers`)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import Player
from league.permissions import MANAGE, can
from league.services.newcomers import clean_name, member_named, newcomer_add
from tournaments.models import Event, EventStatus
from tournaments.services.seating import event_attendance, event_set_attendance


@transaction.atomic
def event_add_walk_in(*, event: Event, name: str, user) -> tuple[Player, bool]:
    """Mark `name` present tonight, adding a new player to the club when no member has
    that name. Returns the player and whether they are new."""
    if not can(user, MANAGE, event):
        raise PermissionDenied(_("Only the club's organisers may add walk-ins."))
    if event.status == EventStatus.CLOSED:
        raise ValidationError({"name": _("The night is closed: it takes no more players.")})
    name = clean_name(name)
    player = member_named(event.club, name)
    created = player is None
    if created:
        player = newcomer_add(club=event.club, name=name, user=user).player
    present = set(event_attendance(event)) | {player.pk}
    event_set_attendance(event=event, players=Player.objects.filter(pk__in=present), user=user)
    return player, created
