"""{{ event.game|game_title }} and {{ season.game|game_label:season.options }} in templates."""

from django import template

from league import game_titles

register = template.Library()


@register.filter
def game_title(name: str) -> str:
    return game_titles.game_title(name)


@register.filter
def game_label(name: str, options: dict | None = None) -> str:
    return game_titles.game_label(name, options)
