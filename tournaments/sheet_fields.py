"""An engine game's paper scoresheet, read from its SUMMARY_SCHEMA (no Django here).

Every property of a game's SUMMARY_SCHEMA carries "title" (the column label) and "x-per":
"seat" (one value per seat), "side" (one per side of partners), "hand" (one value for the
whole hand) or "list" (a list of short items, e.g. melds). The scoresheet page, the paper
sheets and the rulesets API describe a game's sheet from these fields, so a new game needs
nothing here.

Kinds of value: "enum" (a closed choice: a select), "integer" (a number with its
minimum and maximum), "boolean" (a checkbox), "text", and for "list" fields the items as
comma-separated text (see `parse_list`). A value the schema marks `"x-names": "seat"` or
`"x-names": "side"` is a "seat" or "side" kind: an integer naming a seat or a side of
partners (0-based in the record), which the page offers as a choice of the players' names.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

PER = ("seat", "side", "hand", "list")
LIST_HELP = ("items separated by commas; an item with several parts writes them separated "
             "by colons, in the order named; a seat or side is written as its player's name "
             "(or its number counted from 1)")


# every kind of value a sheet field holds (the API names them in its schema)
KINDS = ("enum", "integer", "boolean", "text", "seat", "side", "list")
NAMES = ("seat", "side")  # the values of "x-names": whom an integer names


@dataclass(frozen=True)
class SheetField:
    name: str
    title: str
    per: str  # seat, side, hand or list
    kind: str  # enum, integer, boolean, text, seat or side (an integer naming one), list
    nullable: bool = False
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    description: str = ""
    parts: tuple[str, ...] = ()  # list items that are objects: their fields, in order
    part_kinds: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        out = asdict(self)
        out["choices"] = list(self.choices)
        out["parts"] = list(self.parts)
        out["part_kinds"] = list(self.part_kinds)
        if self.per == "list":
            out["format"] = LIST_HELP + (f": {':'.join(self.parts)}" if self.parts else "")
        return out

    @property
    def hint(self) -> str:
        """What to type, for a list cell or a number (shown under the column title)."""
        if self.per == "list":
            return ":".join(self.parts) + ", …" if self.parts else "a, b, …"
        return ""


def _types(schema: dict) -> set:
    kind = schema.get("type")
    return set(kind) if isinstance(kind, list) else {kind} if kind else set()


def _kind(schema: dict) -> tuple[str, bool, tuple]:
    """(kind, nullable, choices) of one value."""
    types = _types(schema)
    if "enum" in schema:
        values = tuple(schema["enum"])
        return "enum", None in values or "null" in types, tuple(v for v in values if v is not None)
    nullable = "null" in types
    if schema.get("x-names") in NAMES:
        return schema["x-names"], nullable, ()
    if "boolean" in types:
        return "boolean", nullable, ()
    if "integer" in types or "number" in types:
        return "integer", nullable, ()
    return "text", nullable, ()


def sheet_fields(game_cls) -> list[SheetField]:
    """The scoresheet's columns of an engine game, in the schema's order."""
    fields = []
    for name, schema in (getattr(game_cls, "SUMMARY_SCHEMA", None) or {}).items():
        per = schema.get("x-per", "hand")
        per = per if per in PER else "hand"
        value = schema.get("items", {}) if per in ("seat", "side") else schema
        kind, nullable, choices = _kind(value)
        parts, part_kinds = (), ()
        if per == "list":
            item = schema.get("items", {}) or {}
            if item.get("type") == "object" or "properties" in item:
                parts = tuple(item.get("properties", {}))
                part_kinds = tuple(_kind(p)[0] for p in item.get("properties", {}).values())
            kind = "list"
        fields.append(SheetField(
            name=name, title=str(schema.get("title") or name.replace("_", " ").capitalize()),
            per=per, kind=kind, nullable=nullable, choices=choices,
            minimum=value.get("minimum"), maximum=value.get("maximum"),
            description=str(schema.get("description") or ""), parts=parts,
            part_kinds=part_kinds))
    return fields


def describe(game_cls) -> list[dict]:
    """The fields as plain data (the rulesets API's "sheet")."""
    return [f.to_dict() for f in sheet_fields(game_cls)]


# --- typed text -> summary values ---------------------------------------------------------

def parse_value(text: str, kind: str, nullable: bool = False):
    """A typed cell as the record's value: numbers become ints; blank is None (null)."""
    text = (text or "").strip()
    if text == "":
        return None
    if kind in ("integer", "seat", "side"):
        try:
            return int(text)
        except ValueError:
            return text  # the checker names it
    if kind == "boolean":
        return text.lower() in ("1", "true", "yes", "on", "y")
    return text


def parse_list(text: str, sheet_field: SheetField, names: dict | None = None) -> list:
    """A list cell: comma-separated items; an object item's parts separated by colons in
    the order of `sheet_field.parts` (a missing optional part is left out).

    `names` ({"seat": [...], "side": [...]}, the page's): a seat or side part is typed as
    a name or a number counted from 1. Without it a number is taken as the record's.
    """
    items = [part.strip() for part in (text or "").split(",") if part.strip()]
    if not sheet_field.parts:
        return items
    out = []
    for item in items:
        values = [v.strip() for v in item.split(":")]
        obj = {}
        for name, kind, value in zip(sheet_field.parts, sheet_field.part_kinds, values,
                                     strict=False):
            named = names.get(kind) if names and kind in NAMES else None
            obj[name] = parse_value(value, kind) if named is None else _index(value, named)
        out.append(obj)
    return out


def list_text(values, sheet_field: SheetField, names: dict | None = None) -> str:
    """The inverse of `parse_list`, to show a stored list in its cell."""
    if not isinstance(values, list):
        return ""
    if not sheet_field.parts:
        return ", ".join(str(v) for v in values)
    items = []
    for value in values:
        if isinstance(value, dict):
            parts = [_written(value.get(name), kind, names)
                     for name, kind in zip(sheet_field.parts, sheet_field.part_kinds,
                                           strict=False)]
            while parts and parts[-1] is None:
                parts.pop()
            items.append(":".join("" if p is None else str(p) for p in parts))
        else:
            items.append(str(value))
    return ", ".join(items)


# --- seats and sides by their players' names -----------------------------------------------

def choices(sheet_field: SheetField, names: dict) -> list[tuple[str, str]]:
    """A select's options (value, label): enum values, or each seat or side (the record's
    0-based number) labelled with its players' names."""
    if sheet_field.kind in NAMES:
        return [(str(index), name) for index, name in enumerate(names[sheet_field.kind])]
    return [(str(value), str(value)) for value in sheet_field.choices]


def _usable(name: str, names: list[str]) -> bool:
    """A name that reads back as one seat: unique, and free of the list separators."""
    return names.count(name) == 1 and not any(mark in name for mark in ",:")


def _index(text: str, names: list[str]):
    """A typed seat or side: its name (any case) or its number from 1; else the text,
    for the checker to name."""
    if text == "":
        return None
    folded = [name.casefold() for name in names]
    if folded.count(text.casefold()) == 1:
        return folded.index(text.casefold())
    if text.isdigit() and 1 <= int(text) <= len(names):
        return int(text) - 1
    return text


def _written(value, kind: str, names: dict | None):
    named = names.get(kind) if names and kind in NAMES else None
    if named is None or type(value) is not int or not 0 <= value < len(named):
        return value
    return named[value] if _usable(named[value], named) else value + 1
