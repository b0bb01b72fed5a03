"""An engine game's paper scoresheet, read from its SUMMARY_SCHEMA (no Django here).

Every property of a game's SUMMARY_SCHEMA carries "title" (the column label) and "x-per":
"seat" (one value per seat), "side" (one per side of partners), "hand" (one value for the
whole hand) or "list" (a list of short items, e.g. melds). The scoresheet page, the paper
sheets and the rulesets API describe a game's sheet from these fields, so a new game needs
nothing here.

Kinds of value: "enum" (a closed choice: a select), "integer" (a number input with its
minimum and maximum), "boolean" (a checkbox), "text", and for "list" fields the items as
comma-separated text (see `parse_list`). A "seat" kind is an integer naming a seat
(0-based): the page offers the seat names.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

PER = ("seat", "side", "hand", "list")
LIST_HELP = ("items separated by commas; an item with several parts writes them separated "
             "by colons, in the order named")


# every kind of value a sheet field holds (the API names them in its schema)
KINDS = ("enum", "integer", "boolean", "text", "seat", "list")


@dataclass(frozen=True)
class SheetField:
    name: str
    title: str
    per: str  # seat, side, hand or list
    kind: str  # enum, integer, boolean, text, seat (an integer naming a seat), list
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
    if "boolean" in types:
        return "boolean", nullable, ()
    if "integer" in types or "number" in types:
        words = f"{schema.get('title', '')} {schema.get('description', '')}".lower()
        return ("seat" if "seat" in words else "integer"), nullable, ()
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
    if kind in ("integer", "seat"):
        try:
            return int(text)
        except ValueError:
            return text  # the checker names it
    if kind == "boolean":
        return text.lower() in ("1", "true", "yes", "on", "y")
    return text


def parse_list(text: str, sheet_field: SheetField) -> list:
    """A list cell: comma-separated items; an object item's parts separated by colons in
    the order of `sheet_field.parts` (a missing optional part is left out)."""
    items = [part.strip() for part in (text or "").split(",") if part.strip()]
    if not sheet_field.parts:
        return items
    out = []
    for item in items:
        values = [v.strip() for v in item.split(":")]
        obj = {}
        for name, kind, value in zip(sheet_field.parts, sheet_field.part_kinds, values,
                                     strict=False):
            obj[name] = parse_value(value, kind)
        out.append(obj)
    return out


def list_text(values, sheet_field: SheetField) -> str:
    """The inverse of `parse_list`, to show a stored list in its cell."""
    if not isinstance(values, list):
        return ""
    if not sheet_field.parts:
        return ", ".join(str(v) for v in values)
    items = []
    for value in values:
        if isinstance(value, dict):
            parts = [value.get(name) for name in sheet_field.parts]
            while parts and parts[-1] is None:
                parts.pop()
            items.append(":".join("" if p is None else str(p) for p in parts))
        else:
            items.append(str(value))
    return ", ".join(items)
