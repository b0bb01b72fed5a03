"""The pseudo-locale (tests/i18n/pseudo_locale.py), built once per test session."""

from pathlib import Path

import pytest

from tests.i18n import pseudo_locale

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def pseudo_catalogue(tmp_path_factory):
    locale_dir = tmp_path_factory.mktemp("locale")
    pseudo_locale.build(ROOT, locale_dir)
    return locale_dir


@pytest.fixture
def in_pseudo_locale(settings, pseudo_catalogue):
    """Requests with `Accept-Language: qps-ploc` get the pseudo-locale."""
    settings.LOCALE_PATHS = [pseudo_catalogue, *settings.LOCALE_PATHS]
    settings.LANGUAGES = [*settings.LANGUAGES, (pseudo_locale.CODE, "ṗšéúđó")]
    settings.SECURE_SSL_REDIRECT = False
