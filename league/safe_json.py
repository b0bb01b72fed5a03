"""What any JSON a client sends must satisfy before it reaches a service or the database.

PostgreSQL cannot store a NUL character in text or JSON, and a lone surrogate (a "\\ud800"
escape without its pair) cannot even be encoded as UTF-8, so either one anywhere in a
request ended in a server error; deeply nested JSON exhausts Python's recursion. These
checks name the place of the first problem (`hands[3].plays[7]`), so the API answers 400.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

MAX_DEPTH = 32  # a record nests 4 levels deep (record > hands > hand > deal > cards)


class UnsafeJSON(ValueError):
    """The value holds something no service accepts; the message names where."""


def _bad_char(text: str) -> str | None:
    if "\x00" in text:
        return _("a NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _("a lone surrogate (an unpaired \\ud800-\\udfff escape)")
    return None


def _place(path: str) -> str:
    return path or _("the top level")


def check_json(value, *, max_depth: int = MAX_DEPTH) -> None:
    """Raise UnsafeJSON for a NUL or lone surrogate anywhere, or nesting past `max_depth`.

    Walks without recursion, so a value nested past Python's own limit is refused too.
    """
    stack = [(value, "", 0)]
    while stack:
        item, path, depth = stack.pop()
        if isinstance(item, str):
            problem = _bad_char(item)
            if problem:
                raise UnsafeJSON(_("%(place)s: the text holds %(problem)s")
                                 % {"place": _place(path), "problem": problem})
            continue
        if not isinstance(item, (dict, list)):
            continue
        if depth >= max_depth:
            raise UnsafeJSON(_("%(place)s: JSON nested deeper than %(depth)s levels")
                             % {"place": _place(path), "depth": max_depth})
        if isinstance(item, dict):
            for key, child in item.items():
                problem = _bad_char(key) if isinstance(key, str) else None
                if problem:
                    raise UnsafeJSON(_("%(place)s: a key holds %(problem)s")
                                     % {"place": _place(path), "problem": problem})
                stack.append((child, f"{path}.{key}" if path else str(key), depth + 1))
        else:
            stack.extend((child, f"{path}[{index}]", depth + 1)
                         for index, child in enumerate(item))
