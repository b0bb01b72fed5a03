"""The language switcher's target: Django's set_language, which keeps the choice in a
cookie, and for a logged-in person also in their profile (league.services.languages)."""

from __future__ import annotations

from django.conf import settings
from django.middleware.csrf import CsrfViewMiddleware
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from league.services.languages import player_set_language


@csrf_exempt  # cached public pages carry no per-visitor token; a cookie alone is harmless
@require_POST
def set_language(request):
    user = request.user
    if user.is_authenticated:
        # A logged-in person's profile changes: that write needs the form's token.
        refused = CsrfViewMiddleware(lambda r: None).process_view(request, None, (), {})
        if refused is not None:
            return refused
    response = django_set_language(request)
    language = request.POST.get("language", "")
    offered = {code for code, _name in settings.LANGUAGES}
    if user.is_authenticated and language in offered:
        player_set_language(user=user, language=language)
    return response
