"""The language and the time zone each page is shown in.

Language, the first that applies:
1. on a club's printed cards and sheets, the club's (they are read at its tables);
2. the person's own (Player.language, which the switcher saves);
3. the switcher's cookie (a visitor who chose);
4. on a page of one club, the club's;
5. the browser's Accept-Language (Django's LocaleMiddleware already chose it), else English.

Time zone: a page of one club shows times in the club's zone, whatever the server's.

Which club a page belongs to follows from the first part of its path (clubs/<slug>/...,
seasons/<pk>/..., events/<pk>/..., tables/<pk>/..., ratings/<pk>/): config wires the apps together, so it
may name the models of each layer.
"""

from __future__ import annotations

import zoneinfo

from django.apps import apps
from django.conf import settings
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers

from league.models import Player

# The path's first part -> (model, URL argument, lookup, the model's path to its club).
CLUB_OF_PAGE = {
    "clubs": ("league.club", "slug", "slug", ""),
    "seasons": ("league.season", "pk", "pk", "club__"),
    "events": ("tournaments.event", "pk", "pk", "club__"),
    "tables": ("tournaments.table", "pk", "pk", "round__event__club__"),
    "ratings": ("rankings.ratingpool", "pk", "pk", "club__"),
}
PRINTED_PAGES = {"tournaments:table-cards", "tournaments:player-cards",
                 "tournaments:blank-scoresheets"}


def club_locale(match) -> tuple[str, str] | None:
    """(language, time zone) of the club whose page `match` (a ResolverMatch) is, if any."""
    if match is None:
        return None
    first = str(match.route).split("/", 1)[0]
    if first not in CLUB_OF_PAGE:
        return None
    label, argument, lookup, to_club = CLUB_OF_PAGE[first]
    if argument not in match.kwargs:
        return None
    model = apps.get_model(label)
    return (model.objects.filter(**{lookup: match.kwargs[argument]})
            .values_list(f"{to_club}language", f"{to_club}time_zone").first())


def supported(code: str | None) -> str | None:
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def own_language(request) -> str | None:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    return Player.objects.filter(user=user).values_list("language", flat=True).first()


def page_language(request, club: tuple[str, str] | None, printed: bool) -> str:
    club_language = supported(club[0]) if club else None
    if printed and club_language:
        return club_language
    return (supported(own_language(request))
            or supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
            or club_language
            or translation.get_language_from_request(request))


class PageLocale:
    """Activates the page's language and time zone once the URL names the page."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            response = self.get_response(request)
        finally:
            timezone.deactivate()  # a thread's next request starts from the server's zone
        # The language may follow the person's login and the switcher's cookie.
        patch_vary_headers(response, ("Cookie",))
        return response

    def process_view(self, request, view, args, kwargs):
        match = request.resolver_match
        club = club_locale(match)
        language = page_language(request, club, match is not None
                                 and match.view_name in PRINTED_PAGES)
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
        if club and club[1]:
            timezone.activate(zoneinfo.ZoneInfo(club[1]))
        return None
