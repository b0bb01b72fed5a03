"""JSON Schema (draft 2020-12) of the record format of each game (docs/records.md)."""

from __future__ import annotations

from games.engine.schema import card_schema, record_envelope

JOKER_LEAD_PATTERN = "^(?:HI|LO):[SHDC]$"


def _bid_schema(cls) -> dict:
    words = (["pass"] if cls.zero_word == "pass" else []) + list(cls.board_words)
    choices = [{"type": "integer", "minimum": 0}]
    if words:
        choices.append({"enum": words})
    return {"oneOf": choices}


def _hand_schema(cls) -> dict:
    card = card_schema(cls.pack)  # the individual game's pack has no jokers
    play = card
    if cls.joker_leads_in_records:
        play = {"anyOf": [card, {"type": "string", "pattern": JOKER_LEAD_PATTERN}]}
    numbers = {"type": "array", "items": {"type": "integer"}}
    properties = {
        "cards": {"type": "integer", "minimum": 1, "description": "cards dealt to each player"},
        "dealer": {"type": "integer", "minimum": 0},
        "trump": {"enum": ["S", "H", "D", "C"] if cls.always_trump
                  else ["S", "H", "D", "C", "none", None]},
        "turned": {"anyOf": [card, {"type": "null"}]},
        "deal": {"type": "array", "items": {"type": "array", "items": card}},
        "bids": {"type": "array", "items": _bid_schema(cls)},
        "tricks": numbers,
        "scores": numbers,
        "running": numbers,
        "plays": {"type": "array", "items": play},
    }
    if cls.exchanges_joker:
        properties["replacement"] = card
    return {
        "type": "object",
        "required": ["bids"],
        "anyOf": [{"required": ["tricks"]}, {"required": ["plays"]}],
        "properties": properties,
        "additionalProperties": False,
    }


def _engine_shape_hand_schema(cls) -> dict:
    """The same hand in the engine's shape: deal object, events, summary (the flat
    form's bids, tricks and trump)."""
    from games.engine.schema import hand_schema

    flat = _hand_schema(cls)["properties"]
    schema = hand_schema(cls)
    schema["properties"]["summary"] = {
        "type": "object", "additionalProperties": False,
        "properties": {key: flat[key] for key in ("bids", "tricks", "trump")}}
    deal = schema["properties"]["deal"]["properties"]
    if "replacement" in flat:
        deal["replacement"] = flat["replacement"]
    return schema


def record_schema(name: str) -> dict:
    """The JSON Schema a record of game `name` must match (shape only, not the rules)."""
    from games.engine.errors import RulesError
    from games.rules import GAMES

    cls = GAMES.get(name)
    if cls is None:
        raise RulesError(f"unknown game {name!r}")
    if hasattr(cls, "build_vocabulary"):  # an engine game: envelope + its own parts
        from games.engine.schema import engine_record_schema

        return engine_record_schema(cls)
    return record_envelope(
        cls, {"anyOf": [_hand_schema(cls), _engine_shape_hand_schema(cls)]})
