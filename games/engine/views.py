"""Read-only views of an engine `State`: a seat's observation and the record."""

from __future__ import annotations


def public_events(state, seat: int) -> list[str]:
    """This hand's actions as `seat` saw them: a secret action of another seat is "?"."""
    game = state.game
    secret = [game.vocab.families[name] for name in game.secret_families]
    out = []
    for index, (actor, action) in enumerate(zip(state.event_seats, state.events,
                                                strict=True)):
        hidden = actor != seat and any(action in family for family in secret) \
            and not game.event_revealed(state, index)
        out.append("?" if hidden else game.vocab.text(action))
    return out


def _suit(game, suit) -> str | None:
    return None if suit is None or suit < 0 else game.pack.suits[suit]


def observation(state, seat: int) -> dict:
    """What `seat` may know now: the table as it may see it, the public events of
    the hand, bids, the trick, tricks won and scores."""
    game, pack = state.game, state.game.pack
    current = state.current_player()
    return {
        "game": game.name,
        "options": dict(game.options),
        "seat": seat,
        "players": state.n,
        "teams": game.teams,
        "hand_number": state.hand_index + (0 if state.over else 1),
        "hands_total": game.ending.hands(),
        "cards": state.cards,
        "dealer": state.dealer,
        "phase": state.phase_name(),
        "current_player": current,
        "trump": _suit(game, state.trump),
        "table": state.table.observe(pack, seat),
        "events": public_events(state, seat),
        "bids": list(state.bids),
        "trick": [[s, pack.code(c)] for s, c in state.trick],
        "led_suit": _suit(game, state.led),
        "last_trick": _last_trick(state),
        "tricks_won": list(state.tricks_won),
        "voids": [sorted(pack.suits[s] for s in v if s is not None and s >= 0)
                  for v in state.voids],
        "scores": state.returns(),
        "team_scores": list(state.totals),
        "legal_actions": state.legal_actions() if current == seat else [],
    }


def _last_trick(state):
    if not state.tricks:
        return None
    plays, winner = state.tricks[-1]
    pack = state.game.pack
    return {"leader": plays[0][0], "cards": [[s, pack.code(c)] for s, c in plays],
            "winner": winner}


def to_record(state, seats=None) -> dict:
    """The match record (docs/records.md): per hand the written deal, the events,
    the game's summary, scores and running totals; then totals and places."""
    game = state.game
    if seats is None:
        seats = [f"Seat {i + 1}" for i in range(state.n)]
    hands = [{key: entry[key] for key in ("dealer", "cards", "deal", "events", "summary",
                                          "scores", "running")}
             for entry in state.hand_log]
    record = {
        "game": game.name,
        "options": dict(game.options),
        "seats": list(seats),
        "first_dealer": state.first_dealer,
        "seed": state.seed,
        "hands": hands,
        "totals": list(state.totals),
    }
    boards = getattr(state, "boards", None)  # a match on boards is over after the last
    if state.finished() or (boards and state.over and state.hand_index >= len(boards)):
        record["places"] = game.places(state)  # (one cut short at the hand limit has none)
    return record
