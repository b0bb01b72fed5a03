"""Each player's place, points and rating change in a closed night, for the night-closed
mail (`tournaments.hooks.provide_closing_facts`)."""

from __future__ import annotations

import datetime

from django.db.models import Max

from league.models import AuditEntry
from rankings.models import RatingHistory
from rankings.selectors_divisions import night_standings_by_division
from rankings.selectors_ratings import Z
from tournaments.hooks import ClosingFacts
from tournaments.models import Event


def _conservative(mu: float, sigma: float) -> float:
    return mu - Z * sigma


def night_rating_changes(event: Event) -> dict[int, tuple[float, float]]:
    """{player id: (rating after, change)} over the night's games rated so far.

    A player's first rated game of the night gives the rating before, the last the rating
    after; games still waiting for their recompute are not counted yet."""
    rows = (RatingHistory.objects.filter(game__table__round__event=event)
            .order_by("pool_id", "played_at", "game_order")
            .values_list("player_id", "mu_before", "sigma_before", "mu_after", "sigma_after"))
    first, last = {}, {}
    for player_id, mu_b, sigma_b, mu_a, sigma_a in rows:
        first.setdefault(player_id, _conservative(mu_b, sigma_b))
        last[player_id] = _conservative(mu_a, sigma_a)
    return {pid: (last[pid], last[pid] - first[pid]) for pid in last}


def night_closing_facts(event: Event) -> dict[int, ClosingFacts]:
    ratings = night_rating_changes(event)
    facts = {}
    for _division, items in night_standings_by_division(event):
        for item in items:
            rating, change = ratings.get(item.player.pk, (None, None))
            facts[item.player.pk] = ClosingFacts(
                place=item.rank, of=len(items), points=item.line.points,
                rating=rating, rating_change=change)
    return facts


def closed_at(events: list[Event]) -> dict[int, datetime.datetime]:
    """When each night closed: its audit entry (a night closed outside the services, by an
    import, counts from the end of its day)."""
    stamps = dict(AuditEntry.objects.filter(
        action="event.close", target_type="event", target_id__in=[e.pk for e in events],
    ).values("target_id").annotate(at=Max("created_at")).values_list("target_id", "at"))
    return {event.pk: stamps.get(event.pk) or datetime.datetime.combine(
        event.date + datetime.timedelta(days=1), datetime.time(), tzinfo=datetime.UTC)
        for event in events}
