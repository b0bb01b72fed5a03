from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Django face of the rules core: management commands only, no models."""

    name = "games"
    verbose_name = "Games and rules"
