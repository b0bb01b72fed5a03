"""Exceptions and the small value objects that describe a broken rule."""

from __future__ import annotations

from dataclasses import dataclass


class RulesError(ValueError):
    """A game cannot be set up as asked (unknown game, bad option, undealable schedule)."""

    @property
    def message(self) -> str:
        """The message for people as it was raised: a `Text` when the rules core wrote one,
        so a page can translate it (`str(error)` is its English only)."""
        first = self.args[0] if len(self.args) == 1 else None
        return first if isinstance(first, str) else str(self)


@dataclass(frozen=True)
class RuleViolation:
    """Why an action is not allowed now. `code` is stable; `message` is for people."""

    code: str
    message: str

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message}


class IllegalAction(RulesError):
    """Raised by `State.apply` for an action that breaks the rules."""

    def __init__(self, violation: RuleViolation):
        super().__init__(f"{violation.code}: {violation.message}")
        self.violation = violation


@dataclass(frozen=True)
class RecordError:
    """One mistake in a record. `hand` is 1-based; `seat` is a seat (or team) index."""

    hand: int | None
    seat: int | None
    field: str | None
    code: str
    message: str

    def to_dict(self) -> dict:
        return {"hand": self.hand, "seat": self.seat, "field": self.field,
                "code": self.code, "message": self.message}
