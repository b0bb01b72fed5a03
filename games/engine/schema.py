"""JSON Schema of an engine game's record: the shared envelope plus the game's parts.

The envelope (game, options, seats, hands with dealer, cards, deal, events, summary,
scores, running; totals, places) is the same for every game; a game contributes
only its options, its card and action texts (from its pack and vocabulary) and its
``SUMMARY_SCHEMA``. Nothing here looks at the game's name.
"""

from __future__ import annotations


def option_schema(option) -> dict:
    if option.type == "bool":
        return {"type": "boolean", "description": option.description}
    if option.type == "int":
        schema = {"type": ["integer", "null"] if option.default is None else "integer",
                  "description": option.description}
        if option.minimum is not None:
            schema["minimum"] = option.minimum
        if option.maximum is not None:
            schema["maximum"] = option.maximum
        return schema
    return {"enum": list(option.choices), "description": option.description}


def card_schema(pack) -> dict:
    """A card code of `pack` as records may write it (a ten as "TD" or "10D")."""
    return {"enum": list(pack.written_codes)}


def deal_schema(cls) -> dict:
    card = card_schema(cls.pack)
    cards = {"type": "array", "items": card}
    properties = {"hands": {"type": "array", "items": cards}}
    for area in cls.areas:
        if area.per_seat or area.name == "trick" or not area.dealt:
            continue
        if area.name == "turned":
            properties[area.name] = {"anyOf": [card, {"type": "null"}]}
        elif area.code_alone:
            properties[area.name] = {"anyOf": [card, cards]}
        else:
            properties[area.name] = cards
    return {"type": "object", "properties": properties, "additionalProperties": False}


def hand_schema(cls) -> dict:
    numbers = {"type": "array", "items": {"type": "integer"}}
    return {
        "type": "object",
        "anyOf": [{"required": ["events"]}, {"required": ["summary"]}],
        "properties": {
            "dealer": {"type": "integer", "minimum": 0},
            "cards": {"type": ["integer", "null"], "minimum": 0},
            "deal": deal_schema(cls),
            "events": {"type": "array", "items": {"type": "string"}},
            "summary": {"type": "object",
                        "properties": dict(getattr(cls, "SUMMARY_SCHEMA", {}))},
            "scores": numbers,
            "running": numbers,
        },
        "additionalProperties": False,
    }


def record_envelope(cls, hand: dict, **more_properties) -> dict:
    """The part every game's record schema shares: game, options, seats, hands, totals.

    `hand` is the schema of one hand; `more_properties` adds top-level fields a family
    of games has beyond the envelope.
    """
    options = {option.name: option_schema(option) for option in cls.declared_options()}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{cls.title} match record",
        "type": "object",
        "required": ["game", "seats", "hands"],
        "properties": {
            "game": {"const": cls.name},
            "options": {"type": "object", "properties": options,
                        "additionalProperties": False},
            "seats": {"type": "array", "items": {"type": "string"},
                      "minItems": cls.min_players, "maxItems": cls.max_players},
            "first_dealer": {"type": "integer", "minimum": 0},
            "seed": {"type": ["integer", "string"]},
            "hands": {"type": "array", "items": hand},
            "totals": {"type": "array", "items": {"type": "integer"}},
            **more_properties,
        },
        "additionalProperties": False,
    }


def engine_record_schema(cls) -> dict:
    return record_envelope(cls, hand_schema(cls),
                           places={"type": "array", "items": {"type": "integer"}})
