"""Hand evaluation for bidding: each card's chance to take a trick, then the bid that
maximises the expected score under the game's own scoring function.

The model, per suit held: the i-th highest card of the suit wins when the
opponents hold at most i-1 of the unseen cards above it (my higher cards absorb
theirs), and -- for a side suit when there is a trump -- nobody still to play
has run out of the suit and trumps instead. Unseen cards sit in an opponent's
hand with probability q = opponents' cards / unseen cards, which makes short
hands (few cards dealt from a big deck) and many players come out right without
special cases. Standard Bluke's jokers win outright and each opposing joker
costs us a fraction of a trick.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import comb

from games.bluke import actions as A
from games.bluke.bots.view import View
from games.bluke.cards import cards_of
from games.bluke.game import WILD

MAX_P = 0.97


def binom_cdf(k: int, n: int, p: float) -> float:
    """P(Binomial(n, p) <= k)."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    return sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k + 1))


def suit_groups(view: View, mask: int) -> dict[int, list[int]]:
    """Cards of a mask grouped by the suit they count as, highest first."""
    groups: dict[int, list[int]] = {}
    power = view.game.power[view.trump]
    for card in cards_of(mask):
        groups.setdefault(view.suit(card), []).append(card)
    for cards in groups.values():
        cards.sort(key=lambda c: power[c], reverse=True)
    return groups


def win_probabilities(view: View) -> list[float]:
    """Chance of each held card (any order) to take a trick."""
    unseen = view.unseen_mask()
    opp_cards = sum(view.remaining(s) for s in range(view.n) if s != view.seat)
    q = min(1.0, opp_cards / max(1, unseen.bit_count()))
    mine = suit_groups(view, view.hand)
    theirs = suit_groups(view, unseen)
    power = view.game.power[view.trump]
    per_opp = max(1, view.remaining(view.seat))
    probs = []
    for suit, cards in mine.items():
        if suit == WILD:
            probs.extend(MAX_P if c == 53 or not unseen >> 53 & 1 else 0.9 for c in cards)
            continue
        outside = theirs.get(suit, [])
        ruff_ok = _ruff_survival(view, suit, theirs, unseen, q, per_opp)
        for i, card in enumerate(cards):
            higher = sum(1 for u in outside if power[u] > power[card])
            p = binom_cdf(i, higher, q) * ruff_ok[min(i, len(ruff_ok) - 1)]
            probs.append(min(MAX_P, p))
    jokers_out = (unseen & (3 << 52)).bit_count() if WILD in theirs else 0
    if jokers_out:  # each joker an opponent holds takes one trick, maybe one of ours
        loss = jokers_out * q * sum(probs) / max(1, view.remaining(view.seat))
        probs = [max(0.0, p - loss / max(1, len(probs))) for p in probs]
    return probs + _ruffing_bonus(view, mine)


def _ruff_survival(view, suit, theirs, unseen, q, per_opp) -> list[float]:
    """Per round of a side suit: chance no opponent is void in it and trumps."""
    if suit == view.trump or view.trump > 3:
        return [1.0]
    size = max(1, unseen.bit_count())
    f = len(theirs.get(suit, [])) / size
    t = len(theirs.get(view.trump, [])) / size
    opponents = view.n - len(view.team(view.seat))
    out = []
    for rnd in range(1, 4):
        void = binom_cdf(rnd - 1, per_opp, f * q) if q else 0.0
        has_trump = 1 - (1 - t * q) ** per_opp
        out.append((1 - void * has_trump) ** opponents)
    return out


def _ruffing_bonus(view: View, mine: dict) -> list[float]:
    """Spare low trumps can win tricks by ruffing a suit we are short in."""
    if view.trump > 3 or view.trump not in mine:
        return []
    spare = max(0, len(mine[view.trump]) - 2)
    short = sum(1 for s in range(4) if s != view.trump and len(mine.get(s, [])) <= 1)
    return [0.45] * min(spare, short)


def trick_distribution(probs: list[float]) -> list[float]:
    """P(exactly k tricks) for independent per-card chances (Poisson binomial)."""
    dist = [1.0]
    for p in probs:
        nxt = [0.0] * (len(dist) + 1)
        for k, mass in enumerate(dist):
            nxt[k] += mass * (1 - p)
            nxt[k + 1] += mass * p
        dist = nxt
    return dist


def expected_score(view: View, bid: int, dist: list[float]) -> float:
    """Expected score of my side when bidding `bid` and my tricks follow `dist`."""
    game, me, n = view.game, view.seat, view.n
    bids = [b if b is not None else A.PASS for b in view.bids]
    bids[me] = bid
    partners = view.partners()
    for p in partners:
        if view.bids[p] is None:
            bids[p] = A.bid_action(max(0, round(view.cards / n)))
    partner_tricks = sum(
        view.cards if bids[p] == A.BOARD else A.bid_value(bids[p]) for p in partners)
    order = list(view.bid_order) + [me] + [s for s in partners if s not in view.bid_order]
    unit = game.team_of[me]
    total = 0.0
    for won, mass in enumerate(dist):
        if mass < 1e-6:
            continue
        tricks = [0] * n
        tricks[me] = won
        if partners:
            tricks[partners[0]] = max(0, min(view.cards - won, partner_tricks))
        total += mass * game.score_from_counts(view.cards, bids, tricks, order)[unit]
    return total


def calibrated(view: View, probs: list[float]) -> list[float]:
    """Per-card chances bent (p -> 1 - (1 - p)^k) so a table's expected tricks sum to the
    cards dealt; k comes from random deals of this game and hand size (see `_calibration`)."""
    k = _calibration(view.game.name, tuple(sorted(view.game.options.items())), view.cards)
    k = 1 + CALIBRATION_WEIGHT * (k - 1)
    return [min(MAX_P, 1 - (1 - p) ** k) for p in probs]


CALIBRATION_DEALS = 12
CALIBRATION_WEIGHT = 0.5  # all the way (1.0) overbids in Bluke, where a set costs 10 a trick


@lru_cache(maxsize=256)
def _calibration(name: str, options: tuple, cards: int) -> float:
    from games.bluke.bots.view import load_game

    game = load_game(name, dict(options))
    index = game.schedule.index(cards)
    rng = random.Random(f"calibrate/{name}/{options}/{cards}")
    tables = []
    for deal in range(CALIBRATION_DEALS):
        state = game.new_match(seed=f"calibrate-{deal}", auto_deal=False)
        state.hand_index = index
        hands, turned, extras = game.deal_cards(rng, cards, state.dealer, index)
        state.start_hand(hands, turned, extras.get("replacement"))
        tables.append([win_probabilities(View.from_state(state, s)) for s in range(state.n)])
    low, high = 0.2, 5.0
    for _ in range(25):
        k = (low + high) / 2
        mean = sum(1 - (1 - p) ** k for table in tables for probs in table
                   for p in probs) / len(tables)
        low, high = (k, high) if mean < cards else (low, k)
    return (low + high) / 2


def choose_bid(view: View, legal: list[int], calibrate: bool = True) -> int:
    probs = win_probabilities(view)
    dist = trick_distribution(calibrated(view, probs) if calibrate else probs)
    return max(legal, key=lambda bid: (expected_score(view, bid, dist), -bid))
