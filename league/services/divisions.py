"""A season's divisions: who plays in which (organisers only, audited)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import Division, DivisionPlace, Player, Season
from league.permissions import MANAGE, can
from league.services.audit import audit_record

MAX_DIVISIONS = 12


@transaction.atomic
def divisions_set(*, season: Season, user,
                  divisions: list[tuple[str, list[Player]]]) -> list[Division]:
    """Replace the season's divisions with `divisions` (name, players), the top one first.

    Every player is a member of the season's club and plays in one division only; an empty
    list removes the divisions. Earlier seasons keep theirs (the roll-over makes new ones).
    """
    if not can(user, MANAGE, season):
        raise PermissionDenied(_("Only the club's organisers may do this."))
    divisions_check(season=season, divisions=divisions)
    before = {d.name: sorted(d.places.values_list("player_id", flat=True))
              for d in season.divisions.all()}
    season.divisions.all().delete()
    made = []
    for level, (name, players) in enumerate(divisions, start=1):
        division = Division.objects.create(season=season, name=name.strip(), level=level)
        DivisionPlace.objects.bulk_create(DivisionPlace(division=division, season=season,
                                                        player=player) for player in players)
        made.append(division)
    audit_record(club=season.club, action="season.divisions", target=season, subject=user,
                 before=before, after={d.name: sorted(p.pk for p in players)
                                       for d, (_name, players) in zip(made, divisions,
                                                                      strict=True)})
    return made


def divisions_check(*, season: Season, divisions: list[tuple[str, list[Player]]]) -> None:
    """Why `divisions_set` would refuse, as a ValidationError naming the division."""
    if len(divisions) > MAX_DIVISIONS:
        raise ValidationError({"divisions": _("At most %(most)d divisions.")
                               % {"most": MAX_DIVISIONS}})
    names, seen = set(), {}
    members = set(season.club.memberships.values_list("player_id", flat=True))
    for level, (name, players) in enumerate(divisions, start=1):
        name = (name or "").strip()
        if not name or len(name) > 60:
            raise ValidationError({"divisions": _(
                "Division %(level)d needs a name of 1 to 60 characters.") % {"level": level}})
        if name in names:
            raise ValidationError({"divisions": _("Two divisions are called %(name)s.")
                                   % {"name": name}})
        names.add(name)
        for player in players:
            if player.pk not in members:
                raise ValidationError({"divisions": _(
                    "Division %(name)s: %(player)s is not a member of the club.")
                    % {"name": name, "player": player}})
            if player.pk in seen:
                raise ValidationError({"divisions": _(
                    "%(player)s is in both %(first)s and %(second)s: one division each.")
                    % {"player": player, "first": seen[player.pk], "second": name}})
            seen[player.pk] = name
