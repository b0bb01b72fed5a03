"""Page-side permission checks, answered by `league.permissions` (the one policy).

This module only adapts the policy's answers to what a page needs: 404 for a club
the user may not see (private clubs stay invisible), 403 for an action they may not take.
"""

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _

from league import permissions
from league.permissions import CORRECT, MANAGE, SCORE, VIEW


def visible_clubs(user):
    return permissions.visible_clubs(user)


def can_view(user, obj) -> bool:
    return permissions.can(user, VIEW, obj)


def can_manage(user, obj) -> bool:
    return permissions.can(user, MANAGE, obj)


def can_score(user, obj) -> bool:
    return permissions.can(user, SCORE, obj)


def can_correct(user, obj) -> bool:
    return permissions.can(user, CORRECT, obj)


def require_view(user, obj) -> None:
    if not can_view(user, obj):
        raise Http404("Not found")


def require_manage(user, obj) -> None:
    require_view(user, obj)
    if not can_manage(user, obj):
        raise PermissionDenied(_("Only the club's organisers may do this."))


def require_score(user, obj) -> None:
    require_view(user, obj)
    if not can_score(user, obj):
        raise PermissionDenied(_("Only the club's organisers and scorekeepers may enter "
                                 "results."))
