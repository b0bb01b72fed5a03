"""The Six-Pack Bezique heuristic: a club player's habits.

* Guesses 24 for the cut (where the dealer aims) and always shows a carte blanche.
* Meld turn: scores the meld worth most now (the first marriage or sequence also
  weighs how many high cards of its suit the hand holds, since it names trump), then
  says done (laying melds that cannot score yet only shows cards).
* While the stock lasts tricks count for nothing but the right to meld: it leads and
  throws its least useful card (sevens, eights and nines first, meld material last),
  and wins a trick whenever a card not too dear beats the led one (each trick won is
  a meld turn for it and one fewer for the other player).
* The last twelve tricks are about the last trick (250): it leads low and keeps its
  highest trumps for the end; following, it wins as cheaply as it can.

The decision reads a small `Info` that is built from an observation (the bot) or
straight from a state (the search's rollouts), so both play alike.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from games.engine.bots import Bot
from games.six_pack_bezique.melds import KIND_CODES, KINDS, MARRIAGE, SEQUENCE
from games.six_pack_bezique.melds import points as meld_points

KEEP = {"7": 0, "8": 0, "9": 0, "T": 1, "J": 3, "Q": 3, "K": 3, "A": 4}
POWER = {rank: index for index, rank in enumerate("789JQKTA")}
# the dearest card spent to win a trick: a meld turn for us and none for the other
# (a trump ace or ten, the bezique cards, stay at home)
WIN_LIMIT = 5.5


@dataclass
class Info:
    """What the policy looks at: this seat's cards and the table."""

    hand: list[str]                    # codes, concealed and tabled alike
    classes: list[str]                 # per hand card: meld classes it was used in
    trump: str | None
    trick: list[str] = field(default_factory=list)
    endgame: bool = False
    step: str = "trick"
    scored_now: bool = False


def info_from_observation(obs) -> Info:
    seat, extra = obs["seat"], obs["bezique"]
    hand = list(obs["table"]["hand"][seat])
    tabled = Counter()
    for entry in extra["melds"][seat]["cards"]:
        tabled[(entry["card"], entry["classes"])] += 1
    classes = []
    for code in hand:  # pair each tabled copy with its classes; the rest is concealed
        match = next((key for key in tabled if key[0] == code and tabled[key] > 0), None)
        if match:
            tabled[match] -= 1
        classes.append(match[1] if match else "")
    return Info(hand, classes, obs["trump"], [code for _, code in obs["trick"]],
                extra["endgame"], extra["step"] or "trick", extra["scored_now"])


def info_from_state(state, seat) -> Info:
    pack, used = state.game.pack, state.vars.get("used", {})
    cards = state.table.of("hand", seat)
    trump = None if state.trump is None else pack.suits[state.trump]
    return Info(pack.codes(cards), [used.get(c, "") for c in cards], trump,
                [pack.code(c) for _, c in state.trick], bool(state.vars.get("endgame")),
                state.vars.get("step", "trick"), bool(state.vars.get("scored_now")))


# --- meld material -----------------------------------------------------------------
def meld_prospect(info: Info) -> int:
    """Roughly the best meld this hand could score now (reuse limits counted per card,
    the finer rules of bezique_melds not)."""
    free = {cls: Counter(code for code, used in zip(info.hand, info.classes, strict=True)
                         if cls not in used) for cls in "ABCD"}
    best = 0
    for code in KIND_CODES:
        kind = KINDS[code]
        if _could_lay(kind, free[kind.cls], info.trump):
            trump = info.trump or (kind.suit if kind.cls in (SEQUENCE, MARRIAGE) else None)
            best = max(best, meld_points(kind, trump))
    return best


def _could_lay(kind, free: Counter, trump) -> bool:
    if kind.suit == "T":
        return trump is not None and free[kind.ranks[0] + trump] >= 4
    if kind.suit == "*":
        return sum(n for code, n in free.items() if code[0] == kind.ranks[0]) >= 4
    if kind.suit is None:
        return free["QS"] >= kind.size and free["JD"] >= kind.size
    return all(free[rank + kind.suit] for rank in kind.ranks)


def keep_value(code: str, info: Info) -> float:
    """How much a card is worth keeping for melds (higher: keep)."""
    rank, suit = code[0], code[1]
    value = KEEP[rank]
    if info.trump is not None and suit == info.trump and rank in "ATKQJ":
        value += 4 if rank == "T" else 2  # trump fours and the trump sequence
    if code in ("QS", "JD"):
        value += 3
    same = info.hand.count(code)
    return value + 0.1 * min(same, 4)


# --- choosing ------------------------------------------------------------------------
def choose(game, legal: list[int], info: Info) -> int:
    vocab = game.vocab
    if len(legal) == 1:
        return legal[0]
    if info.step == "meld":
        return _meld(game, legal, info)
    if info.step == "blanche" or game.BLANCHE in legal:
        return game.BLANCHE
    plays = [a for a in legal if a in vocab.families["play"]]
    if not plays:  # the guess (and the cut, which has one action)
        return vocab.numbered(24, "guess") if legal[0] in vocab.families["guess"] else legal[0]
    codes = {a: vocab.text(a) for a in plays}
    if info.endgame:
        return _end_play(codes, info)
    return _stock_play(codes, info)


def _meld(game, legal, info):
    if info.scored_now:
        return game.DONE
    families = game.vocab.families
    best, best_value = game.DONE, 0.0
    for action in legal:
        if action in families["meld"]:
            code, lay = game.meld_of(action)
            if lay is not None:  # the short form leaves the cards to the rules' choice
                continue
            kind = KINDS[code]
        elif action in families["score"]:
            kind = KINDS[KIND_CODES[action - families["score"].start]]
        else:
            continue
        value = _meld_value(kind, info)
        if value > best_value:
            best, best_value = action, value
    return best


def _meld_value(kind, info) -> float:
    if info.trump is None and kind.cls in (SEQUENCE, MARRIAGE):
        strength = sum(1 for code in info.hand if code[1] == kind.suit and code[0] in "ATKQJ")
        return meld_points(kind, kind.suit) + 5 * strength
    return meld_points(kind, info.trump)


def beats(code: str, led: str, trump) -> bool:
    if code[1] == led[1]:
        return POWER[code[0]] > POWER[led[0]]
    return trump is not None and code[1] == trump


def _stock_play(codes, info):
    cost = {a: keep_value(c, info) for a, c in codes.items()}
    if not info.trick:
        return min(codes, key=lambda a: (cost[a], codes[a][1] == info.trump,
                                         POWER[codes[a][0]]))
    led = info.trick[0]
    winners = [a for a, c in codes.items() if beats(c, led, info.trump)]
    affordable = [a for a in winners if cost[a] <= WIN_LIMIT]
    if affordable:
        return min(affordable, key=lambda a: (cost[a], POWER[codes[a][0]]))
    return min(codes, key=lambda a: (cost[a], POWER[codes[a][0]]))


def _end_play(codes, info):
    def strength(a):
        code = codes[a]
        return (code[1] == info.trump, POWER[code[0]])

    if not info.trick:
        return min(codes, key=strength)
    led = info.trick[0]
    winners = [a for a, c in codes.items() if beats(c, led, info.trump)]
    return min(winners or codes, key=strength)


class SixPackBeziqueHeuristicBot(Bot):
    name = "heuristic"
    plays = ("six-pack-bezique",)

    def step(self, observation, legal_actions, rng):
        game = self.game_for(observation)
        return choose(game, legal_actions, info_from_observation(observation))
