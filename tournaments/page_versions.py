"""What a league night's public page depends on, for `league.page_cache.cached_page`.

Only a closed night is served from the cache: an open one changes with every
seat, attendance mark and table started, none of which bump the club's result
version. A closed night changes only by result corrections (which bump it) or
by being reopened; the fingerprint of its tables, seats and latest result
catches anything else that reaches it.
"""

from django.db.models import Count, Max
from django.shortcuts import get_object_or_404

from league import access
from tournaments.models import Event, EventStatus, Table


def night_versions(request, pk: int) -> dict | None:
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    access.require_view(request.user, event.club)
    if event.status != EventStatus.CLOSED or access.can_manage(request.user, event.club):
        return None  # rendered every time
    from league.page_cache import club_version

    shape = Table.objects.filter(round__event=event).aggregate(
        tables=Count("id", distinct=True), seated=Count("seats__player"),
        latest=Max("result__updated_at"))
    fingerprint = f"{event.status}:{shape['tables']}:{shape['seated']}:{shape['latest']}"
    return {event.club_id: club_version(event.club_id), f"night {event.pk}": fingerprint}
