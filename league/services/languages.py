"""The language a person reads the site in, kept with their player profile.

The switcher (league.views_language), the admin and any later settings page change it
through `player_set_language`, so a login brings the same language to every device.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from league.models import Player


def check_language(language: str, *, field: str = "language") -> str:
    """`language` if the site offers it ("" for none), else a ValidationError naming `field`."""
    codes = [code for code, _name in settings.LANGUAGES]
    if language and language not in codes:
        raise ValidationError({field: _("Unknown language %(code)r: one of %(codes)s.")
                               % {"code": language, "codes": ", ".join(codes)}})
    return language


def player_set_language(*, user, language: str) -> bool:
    """Keep `language` as the language of `user`'s player; False when the login has no
    player yet (the browser's cookie then carries the choice alone)."""
    check_language(language)
    if not getattr(user, "is_authenticated", False):
        return False
    return Player.objects.filter(user=user).update(language=language) > 0


def language_of(user) -> str:
    """The language to write to `user` in, away from any request (mail composed by a worker):
    their own, else the site's default."""
    own = Player.objects.filter(user=user).values_list("language", flat=True).first()
    return own or settings.LANGUAGE_CODE
