"""Guessed Ribs hands on the rules engine, for the hand review's judge.

The engine's generic search replays a hand's events on a guessed deal, and gives up on
an event it cannot read: in Ribs the ribs lie face down until the other pairs are laid
("?" to the other seats, shown once turned up) and a fold is never shown. Here each
other seat is dealt, besides the cards it has shown (lays and turned ribs), as many
unseen cards as it has laid face down and still holds; each face-down pair is then two
of those, named as ribs or a fold as the rules allow at that point. Nothing the seat
saw depends on which unseen cards they were (suits never matter, and face-down cards
neither crack nor win a pair until they are turned up), so every such deal is one the
seat cannot tell from the real one.
"""

from __future__ import annotations

from collections import Counter

from games.engine.any_game_search import AnyGameSearchBot, referee_at

HIDDEN = "?"
FACE_DOWN = ("ribs", "fold")


def actors(game, observation) -> list[int]:
    """The seat that made each of the hand's events (a face-down pair replayed as any
    fold: who moves next depends on no card)."""
    trial = referee_at(game, observation)
    trial.deal(None)
    seats = []
    for text in observation["events"]:
        seats.append(trial.current_player())
        trial.apply("fold:" + "+".join(_any_two(game)) if text == HIDDEN else text, check=False)
    return seats


def _any_two(game) -> list[str]:
    return game.pack.codes(game.pack.ids()[:2])


def cards_of(text: str) -> list[str]:
    """The cards an event names ("lay:QD+QC" -> QD, QC); none for a bid or a pass."""
    head, _, tail = text.partition(":")
    return tail.split("+") if head in ("lay", *FACE_DOWN) else []


def guess_world(game, observation, rng):
    """The hand as it stands on a guessed deal (see the module docstring), or None."""
    me, table = observation["seat"], observation["table"]["hand"]
    events = observation["events"]
    seats = actors(game, observation)
    shown = [[] for _ in table]
    hidden = [0] * len(table)
    for seat, text in zip(seats, events, strict=True):
        if text == HIDDEN:
            hidden[seat] += 2
        else:
            shown[seat] += cards_of(text)
    if hidden[me]:
        return None  # (a seat sees its own face-down cards)
    pool = Counter(game.pack.codes(game.pack.ids()))
    pool -= Counter(table[me] + [c for hand in shown for c in hand])
    unseen = list(pool.elements())
    rng.shuffle(unseen)
    hands, face_down = [], [[] for _ in table]
    for seat, seen in enumerate(table):
        if seat == me:
            hands.append(shown[me] + list(seen))
            continue
        count = hidden[seat] + seen["count"]
        guessed, unseen = unseen[:count], unseen[count:]
        face_down[seat] = guessed[: hidden[seat]]
        hands.append(shown[seat] + guessed)
    return _replayed(game, observation, hands, seats, face_down)


def _replayed(game, observation, hands, seats, face_down):
    state = referee_at(game, observation)
    if state.deal({"hands": hands}):
        return None
    for seat, text in zip(seats, observation["events"], strict=True):
        if text == HIDDEN:
            pair = "+".join(face_down[seat][:2])
            face_down[seat] = face_down[seat][2:]
            text = next(
                (f"{kind}:{pair}" for kind in FACE_DOWN if state.check(f"{kind}:{pair}") is None),
                None,
            )
            if text is None:
                return None
        elif state.check(text) is not None:
            return None
        state.apply(text)
    return state


class RibsWorlds(AnyGameSearchBot):
    """The engine's search with these guesses: what the hand review judges Ribs with
    (random play-outs of the rest of the hand on each guess)."""

    plays = ("ribs",)

    def world(self, game, observation, rng):
        return guess_world(game, observation, rng)
