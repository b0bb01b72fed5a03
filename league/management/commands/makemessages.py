"""Django's makemessages, also collecting the rules core's message templates.

The rules core (`games/`) has no Django: it marks the templates of the record checker's
messages with `games.engine.text.N_`, a no-op. Adding `--keyword=N_` here, rather than to
each translator's command line, keeps the agreed command (docs/i18n.md) the whole story:
nobody can refresh a catalogue and silently drop the checker's messages from it.
"""

from __future__ import annotations

from django.core.management.commands import makemessages

# the rules core's marker for a message template (games/engine/text.py)
KEYWORDS = ["--keyword=N_"]


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, *KEYWORDS]
