"""Declared game options and their validation."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engine.errors import RulesError
from games.engine.text import N_, Text


@dataclass(frozen=True)
class Option:
    """One setting a club may change. `type` is "int", "bool" or "choice"."""

    name: str
    type: str
    default: object
    description: str
    choices: tuple = field(default=())
    minimum: int | None = None
    maximum: int | None = None

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "type": self.type,
            "choices": list(self.choices),
            "default": self.default,
            "description": self.description,
        }

    def clean(self, value):
        """Return the normalized value or raise RulesError naming the option."""
        if value is None and self.type == "int" and self.default is None:
            return None
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            raise RulesError(Text(N_("option %(option)s must be true or false, not %(value)s"),
                                  option=repr(self.name), value=repr(value)))
        if self.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesError(Text(N_("option %(option)s must be a whole number, not %(value)s"),
                                      option=repr(self.name), value=repr(value)))
            if self.minimum is not None and value < self.minimum:
                raise RulesError(Text(N_("option %(option)s must be at least %(minimum)s"),
                                      option=repr(self.name), minimum=self.minimum))
            if self.maximum is not None and value > self.maximum:
                raise RulesError(Text(N_("option %(option)s must be at most %(maximum)s"),
                                      option=repr(self.name), maximum=self.maximum))
            return value
        if value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise RulesError(Text(N_("option %(option)s must be one of %(allowed)s, not %(value)s"),
                                  option=repr(self.name), allowed=allowed, value=repr(value)))
        return value


def clean_options(declared: tuple[Option, ...], given: dict, game_name: str) -> dict:
    """Fill defaults, reject unknown names, validate each value."""
    known = {option.name: option for option in declared}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(sorted(known))
        raise RulesError(Text(N_("%(name)s: unknown option %(option)s (options are: %(names)s)"),
                              name=game_name, option=repr(unknown[0]), names=names))
    cleaned = {}
    for option in declared:
        value = given.get(option.name, option.default)
        cleaned[option.name] = option.clean(value)
    return cleaned
