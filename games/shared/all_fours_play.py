"""What the All Fours games' bots (Pitch, California Jack) read the same way: card ranks,
the cards played, who takes a trick so far, what a card is worth keeping, and a quick
observation built straight from a state for the search's rollouts."""

from __future__ import annotations

from games.shared.all_fours import CARD_POINTS

RANKS = "23456789TJQKA"


def rank(code: str) -> int:
    return RANKS.index(code[0])


def played_cards(obs) -> set[str]:
    """Every card played so far this hand (the events that are card codes)."""
    return {text for text in obs["events"] if len(text) == 2 and text[1] in "SHDC"}


def quick_view(state, seat) -> dict:
    """The parts of `seat`'s observation these heuristics read, built straight from
    the state: the search's rollouts ask for thousands of them."""
    game = state.game
    codes = game.pack.codes
    stock = state.table.of("stock")
    return {
        "seat": seat, "players": state.n, "teams": game.teams, "phase": state.phase_name(),
        "trump": None if state.trump is None else game.pack.suits[state.trump],
        "trick": [[s, game.pack.code(c)] for s, c in state.trick],
        "bids": list(state.bids),
        "events": [code for cards in state.played for code in codes(cards)],
        "table": {"hand": {seat: codes(state.table.of("hand", seat))},
                  "stock": {"count": len(stock),
                            "shown": codes(stock[:1])} if stock else {"count": 0}},
    }


def trick_winner(trick, trump) -> int:
    """Index in `trick` ([[seat, code], ...]) of the play taking it so far."""
    led = trick[0][1][1]
    best = 0
    for index, (_, code) in enumerate(trick):
        top = trick[best][1]
        if code[1] == top[1] and rank(code) > rank(top):
            best = index
        elif code[1] == trump and top[1] != trump:
            best = index
        elif code[1] == led and top[1] not in (led, trump):
            best = index
    return best


def would_win(trick, seat, code, trump) -> bool:
    plays = list(trick) + [[seat, code]]
    return trick_winner(plays, trump) == len(plays) - 1


def keep_value(code: str, trump: str | None) -> float:
    """How much a card is worth keeping (a discard gives away the least)."""
    value = CARD_POINTS.get(code[0], 0) + rank(code) / 13
    if code[1] == trump:
        value += 20 + (15 if code[0] in "J23" else 0)
    return value
