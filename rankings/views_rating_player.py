"""One player's page in one rating pool (rankings.selectors_rating_page does the reading)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from league.page_cache import DAY, cached_page, club_version
from rankings.charts_ratings import rating_histogram
from rankings.selectors_leaderboard import pool_label, visible_pool
from rankings.selectors_rating_page import nights, peak, pool_standing, win_chance
from rankings.selectors_stats import visible_player


def _pool_and_player(request, pk: int, player: int):
    pool = visible_pool(subject=request.user, pk=pk)
    person = visible_player(subject=request.user, pk=player) if pool else None
    if pool is None or person is None:
        raise Http404("No such rating.")
    return pool, person


def _versions(request, pk: int, player: int) -> dict[int, str]:
    pool, _person = _pool_and_player(request, pk, player)
    return {pool.club_id: club_version(pool.club_id)}


def _opponent(standing, wanted: str | None):
    """The leaderboard row chosen in the form, and a message when the choice is not one."""
    if not wanted:
        return None, ""
    row = next((r for r in standing.rows if str(r.player.pk) == wanted
                and r.player.pk != standing.row.player.pk), None)
    return row, "" if row else _("Choose another player rated in this pool.")


def _percent(chance: float) -> str:
    """A chance as people read it; never a flat 0% or 100%, which the ratings cannot know."""
    if chance < 0.005:
        return _("less than 1%")
    if chance > 0.995:
        return _("more than 99%")
    return f"{chance * 100:.0f}%"


def standing_context(request, *, pool, person, standing, label: str, peak, nights,
                     histogram_title: str) -> dict:
    """What a person's page in a pool shows, a club's pool or a federation's: their row and
    peak, the others to compare with, the chance against the one picked (`?against=`),
    and the spread of the ratings with theirs marked."""
    rows = standing.rows
    opponent, problem = _opponent(standing, request.GET.get("against"))
    return {
        "pool": pool, "label": label, "player": person, "standing": standing,
        "view": standing.row.view, "is_elo": pool.kind == "elo", "peak": peak,
        "nights": nights, "opponents": [row for row in rows if row.player.pk != person.pk],
        "opponent": opponent, "problem": problem,
        "chance": _percent(win_chance(pool, standing.row, opponent)) if opponent else None,
        "histogram": rating_histogram(
            [r.rating for r in rows if not r.provisional],
            [r.rating for r in rows if r.provisional],
            title=histogram_title, marker=standing.row.rating,
            marker_label=person.display_name),
    }


# Daily as well: uncertainty grows while players are away, and with it the chances.
@cached_page("player-rating", _versions, every=DAY)
def player_rating(request, pk: int, player: int):
    pool, person = _pool_and_player(request, pk, player)
    standing = pool_standing(pool, person)
    if standing is None:
        raise Http404("Not rated in this pool.")
    label = pool_label(pool)
    context = standing_context(
        request, pool=pool, person=person, standing=standing, label=label,
        peak=peak(pool, person), nights=nights(pool, person),
        histogram_title=_("How the %(pool)s ratings at %(club)s are spread, with %(player)s "
                          "marked") % {"pool": label, "club": pool.club, "player": person})
    return render(request, "rankings/rating_player.html", context | {"club": pool.club})
