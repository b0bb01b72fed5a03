"""English pages keep the British formats the site always had (28 Nov 2026)."""

from django.conf.locale.en_GB.formats import *  # noqa: F403
