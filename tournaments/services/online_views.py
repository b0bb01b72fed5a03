"""What a seat, or a spectator, of an online table is shown: the JSON of docs/api.md.

Built only from the engine's observation for that seat (its own hand, what is face up,
the trick, bids, scores) and the hand's public actions; a spectator's observation is the
one of no seat (-1), with no hand. Nothing here writes.
"""

from __future__ import annotations

from datetime import timedelta

from league.game_titles import game_title
from tournaments.models import OnlineSeat, OnlineStatus
from tournaments.services import online_state

PRIVATE_KEYS = ("hand", "legal_actions")  # a spectator's view never carries these


def _jsonable(value):
    if isinstance(value, dict):
        return {str(key): _jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_jsonable(item) for item in value]
        return sorted(items, key=str) if isinstance(value, (set, frozenset)) else items
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def seated(table) -> list:
    """The table's seats in order, each with its player: loaded once per table object."""
    cache = getattr(table, "_prefetched_objects_cache", {})
    if "seats" in cache:
        return list(table.seats.all())
    seats = list(table.seats.select_related("player").order_by("position"))
    table._prefetched_objects_cache = {**cache, "seats": seats}
    return seats


def last_seen(match) -> dict:
    """{seat: when its player was last seen} of the match's seats."""
    return dict(OnlineSeat.objects.filter(match=match).values_list("seat", "last_seen"))


def _seats(match, table, now, seen=None) -> list[dict]:
    if seen is None:
        seen = last_seen(match) if match is not None else {}
    away_before = now - timedelta(seconds=match.timeout_seconds if match else 90)
    out = []
    for seat in seated(table):
        player = seat.player
        is_bot = player is None or player.is_bot
        last = seen.get(seat.position) or (match.started_at if match else None)
        out.append({"seat": seat.position, "name": player.display_name if player else "",
                    "bot": is_bot, "away": not is_bot and (last is None or last < away_before)})
    return out


def _base(match, table, seats, position) -> dict:
    return {
        "table": table.pk, "version": match.version if match else 0,
        "status": match.status if match else OnlineStatus.WAITING, "seat": position,
        "to_act": None, "deadline": None, "hand_number": 0, "hands_total": None,
        "game": table.game, "title": game_title(table.game), "seats": seats,
        "observation": {}, "legal": [], "log": [], "scores": [],
        "bot_strength": match.bot_strength if match else None,
        "timeout_seconds": match.timeout_seconds if match else None,
        "result": match.result_id if match else None,
    }


def _log(replayed, observation: dict, seats: list[dict]) -> list[str]:
    """This hand's actions as the viewer may know them: an engine game's observation names
    them ("events", another seat's secret one as "?"), the Bluke family plays all in the open."""
    state = replayed.state
    names = [seat["name"] or str(seat["seat"] + 1) for seat in seats]
    if "events" in observation and hasattr(state, "event_seats"):
        pairs = zip(state.event_seats, observation["events"], strict=True)
    else:  # the Bluke family: every bid and card is played in the open
        hand = state.hand_index
        pairs = [(actor, state.action_to_string(action)) for actor, action, at in
                 zip(replayed.actors, replayed.actions, replayed.hands, strict=True)
                 if at == hand]
    return [f"{names[actor]}: {text}" if 0 <= actor < len(names) else text
            for actor, text in pairs]


def _fill(payload: dict, match, replayed, viewer: int) -> dict:
    state = replayed.state
    observation = _jsonable(state.observation(viewer))
    to_act = state.current_player()
    playing = match.status == OnlineStatus.PLAYING
    if viewer < 0:
        for key in PRIVATE_KEYS:
            observation.pop(key, None)
        legal = []
    else:
        legal = [state.action_to_string(a) for a in state.legal_actions()] \
            if to_act == viewer and playing else []
        observation["legal_actions"] = legal
    payload.update({
        "to_act": to_act if to_act >= 0 else None,
        "deadline": match.deadline.isoformat() if playing and match.deadline and to_act >= 0
        else None,
        "hand_number": observation.get("hand_number", 0),
        "hands_total": observation.get("hands_total"),
        "observation": observation, "legal": legal,
        "log": _log(replayed, observation, payload["seats"]),
        "scores": list(state.returns()),
    })
    return payload


def seat_payload(match, table, position: int, now, replayed=None, seen=None) -> dict:
    seats = _seats(match, table, now, seen)
    payload = _base(match, table, seats, position)
    if match is None or match.status == OnlineStatus.WAITING:
        return payload
    return _fill(payload, match, replayed or online_state.replay(match), position)


def spectator_payload(match, table, now) -> dict:
    seats = _seats(match, table, now)
    payload = _base(match, table, seats, None)
    if match is None or match.status == OnlineStatus.WAITING:
        return payload
    return _fill(payload, match, online_state.replay(match), -1)
