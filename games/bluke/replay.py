"""Replaying a card-by-card hand of a record through the state machine.

The deal comes from the hand's "deal" field, or, when absent, from the cards each
seat is seen to play (a first pass that only follows who leads each trick).
"""

from __future__ import annotations

from games.bluke import actions as A
from games.bluke.cards import CARD_BY_CODE, CODES, FULL_MASK_54, NO_TRUMP, parse_card
from games.engine.text import N_, Card, Text

BIT = [1 << card for card in range(54)]
BIT_BY_CODE = {code: BIT[card] for code, card in CARD_BY_CODE.items()}

PLAY_BY_TEXT = {A.action_to_string(a): a for a in range(A.JOKER_LEAD_BASE + 8)}
PLAY_BY_TEXT.update({text.lower(): a for text, a in list(PLAY_BY_TEXT.items())})


def read_play(text) -> int | None:
    action = PLAY_BY_TEXT.get(text) if isinstance(text, str) else None
    if action is None and isinstance(text, str):
        action = A.string_to_action(text)
        if action is not None and action >= A.BID_BASE:
            return None
    return action


def read_cards(checker, values, what: str, seat=None) -> list[int] | None:
    in_deck = checker.game.deck_mask
    cards = []
    for value in values:
        card = CARD_BY_CODE.get(value) if isinstance(value, str) else None
        if card is None:
            card = parse_card(value)
        if card is None or not in_deck >> card & 1:
            checker.error("card-unknown", Text(N_("%(what)s: %(value)s is not a card of this "
                                                  "game's deck"), what=what, value=repr(value)),
                          seat, "deal")
            return None
        cards.append(card)
    return cards


def turned_unknown(value) -> Text:
    return Text(N_("the turned card %(card)s is not a card of this game's deck"),
                card=repr(value))


def read_deal(checker, hand: dict, cards: int) -> list[int] | None:
    """Masks of the dealt hands, or None after reporting what is wrong."""
    deal = hand["deal"]
    n = checker.n
    if not isinstance(deal, list) or len(deal) != n:
        checker.error("deal-count", Text(N_("deal must list the cards of each of the "
                                            "%(seats)s seats"), seats=n), fld="deal")
        return None
    in_deck = checker.game.deck_mask
    bit_of = BIT_BY_CODE.__getitem__
    try:  # the usual deal: lists of our codes, the right count, no card twice or foreign
        masks = [sum(map(bit_of, values)) for values in deal]
        dealt = sum(masks)  # a card written twice shows in its bit count
        if all(type(values) is list and len(values) == cards for values in deal) \
                and dealt.bit_count() == n * cards and not dealt & ~in_deck:
            return masks
    except (KeyError, TypeError):  # not a code as we write them (or unhashable)
        pass
    masks, seen, ok = [], 0, True  # something is off: seat by seat, to name it
    for seat, values in enumerate(deal):
        if not isinstance(values, list):
            values = [values]
        got = read_cards(checker, values, checker.seat_name(seat), seat)
        if got is None:
            return None
        mask = sum(map(BIT.__getitem__, got))
        if len(got) != cards:
            checker.error("deal-size", Text(N_("%(seat)s was dealt %(count)s cards instead "
                                               "of %(cards)s"), seat=checker.seat_name(seat),
                                            count=len(got), cards=cards), seat, "deal")
            ok = False
        if mask & seen or mask.bit_count() != len(got):
            ok = report_duplicates(checker, got, seen, seat) and ok
        seen |= mask
        masks.append(mask)
    return masks if ok else None


def report_duplicates(checker, got: list[int], seen: int, seat: int) -> bool:
    mask = 0
    for card in got:
        if (seen | mask) >> card & 1:
            checker.error("duplicate-card", Text(N_("%(card)s appears twice in the deal"),
                                                 card=Card(CODES[card])), seat, "deal")
            return False
        mask |= 1 << card
    return True


def read_turned(checker, hand: dict, deal_masks) -> tuple[bool, int | None]:
    """(ok, turned card or None)."""
    value = hand.get("turned")
    if value is None:
        return True, None
    turned = parse_card(value)
    if turned is None or not checker.game.deck_mask >> turned & 1:
        checker.error("card-unknown", turned_unknown(value), fld="turned")
        return False, None
    if deal_masks and sum(deal_masks) >> turned & 1 and not deals_everything(checker):
        checker.error("turned-in-deal", Text(N_("the turned card %(card)s is also in a "
                                                "player's hand"), card=Card(value)),
                      fld="turned")
        return False, None
    return True, turned


def replay_hand(checker, hand: dict, cards: int):
    """Replay one hand; returns (tricks per seat, scores) or None."""
    plays = hand["plays"]
    n = checker.n
    if not isinstance(plays, list) or len(plays) != n * cards:
        count = len(plays) if isinstance(plays, list) else 0
        checker.error("plays-count", Text(N_("%(count)s cards were played but %(players)s "
                                             "players with %(cards)s cards each play "
                                             "%(all)s"), count=count, players=n, cards=cards,
                                          all=n * cards), fld="plays")
        return None
    try:
        actions = list(map(PLAY_BY_TEXT.get, plays))
    except TypeError:  # an unhashable entry (a list, an object): read one by one below
        actions = [None] * len(plays)
    if None in actions:  # not a card's code as written: read each again, name the first bad
        for position, text in enumerate(plays):
            if actions[position] is None:
                actions[position] = read_play(text)
            if actions[position] is None:
                checker.error("card-unknown", Text(N_("play %(play)s: %(text)s is not a card"),
                                                   play=position + 1, text=repr(text)),
                              fld="plays")
                return None
    masks = read_deal(checker, hand, cards) if "deal" in hand else None
    if "deal" in hand and masks is None:
        return None
    ok, turned = read_turned(checker, hand, masks)
    if not ok:
        return None
    trump = checker.read_trump(hand)
    if turned is None and trump is None:
        if n * cards < len(checker.game.deck) or checker.game.always_trump:
            checker.error("missing-field", Text(N_("a card-by-card hand needs its turned "
                                                   "card or its trump")), fld="turned")
            return None
        trump = NO_TRUMP
    replacement = read_replacement(checker, hand, turned, masks)
    inferred = masks is None
    if inferred:
        masks = infer_deal(checker, hand, cards, actions, turned, trump)
        if masks is None:
            return None
        replacement = None
    return play_through(checker, hand, cards, actions, masks, turned, trump, replacement,
                        quiet=inferred)


def read_replacement(checker, hand, turned, masks):
    if not checker.game.exchanges_joker or turned is None or turned < 52 or masks is None:
        return None
    other = 105 - turned
    if not any(m >> other & 1 for m in masks):
        return None
    value = hand.get("replacement")
    card = parse_card(value) if value is not None else None
    if card is None or any(m >> card & 1 for m in masks) or card == turned:
        checker.error("replacement-missing", Text(N_("%(turned)s was turned, so the holder of "
                                                     "%(other)s must swap it for an undealt "
                                                     "card given as 'replacement'"),
                                                  turned=Card(CODES[turned]),
                                                  other=Card(CODES[other])),
                      fld="replacement")
        return None
    return card


def start(checker, hand, masks, turned, trump, replacement, quiet=False) -> bool:
    state = checker.state
    state.start_at(checker.number - 1)
    state.start_hand(masks, turned, replacement)
    if turned is None:
        state.set_trump(trump)
    return checker.apply_bids(hand, state.cards, quiet=quiet)


def deals_everything(checker) -> bool:
    """Whether this hand deals the whole deck, so that the turned card is a card cut
    from it that someone also holds (individual Back Alley's first 4-player deal)."""
    return checker.n * checker.game.schedule[checker.number - 1] >= len(checker.game.deck)


def out_of_play(game, turned) -> int:
    """Cards no seat can hold when the deal is not written: the turned card, and in
    Back Alley the other Blooper that a turned Blooper sends out of play."""
    if turned is None:
        return 0
    mask = 1 << turned
    if game.exchanges_joker and turned >= 52:
        mask |= 1 << (105 - turned)
    return mask


def infer_deal(checker, hand, cards, actions, turned, trump):
    """First pass: every seat may hold anything; collect what each seat plays."""
    n = checker.n
    game = checker.game
    if not start(checker, hand, [FULL_MASK_54] * n, turned, trump, None):
        return None
    state, seen = checker.state, 0
    gone = 0 if deals_everything(checker) else out_of_play(game, turned)
    for position, action in enumerate(actions):
        card, named = A.split_play(action)
        in_deck = game.deck_mask >> card & 1
        if gone >> card & 1 or not in_deck:
            template = N_("trick %(trick)s: %(seat)s played %(card)s, which was turned for "
                          "trump") if card == turned else \
                N_("trick %(trick)s: %(seat)s played %(card)s, which is out of play (the "
                   "turned Blooper sends it out)") if in_deck else \
                N_("trick %(trick)s: %(seat)s played %(card)s, which is not in this game's "
                   "deck")
            checker.error("card-not-in-hand" if in_deck else "card-unknown",
                          Text(template, trick=position // n + 1,
                               seat=checker.seat_name(state.to_move), card=Card(CODES[card])),
                          state.to_move, "plays")
            return None
        if seen >> card & 1:
            checker.error("duplicate-card", Text(N_("%(card)s is played twice"),
                                                 card=Card(CODES[card])),
                          state.to_move, "plays")
            return None
        seen |= 1 << card
        state.apply(action, check=False)  # the hands are unknown: nothing to check yet
    return list(state.played)


def play_through(checker, hand, cards, actions, masks, turned, trump, replacement,
                 quiet=False):
    if not start(checker, hand, masks, turned, trump, replacement, quiet):
        return None
    state, n = checker.state, checker.n
    position = 0
    while True:
        stop = state.apply_many(actions, position)  # the public API, checked
        if stop is None:
            break
        position, violation = stop
        seat = state.current_player()
        action = actions[position]
        lost = violation.code == "card-not-in-hand"
        template = N_("trick %(trick)s: %(seat)s played %(card)s: %(why)s (the plays are out "
                      "of step from here; the rest of this hand is not checked)") if lost else \
            N_("trick %(trick)s: %(seat)s played %(card)s: %(why)s")
        checker.error(violation.code, Text(template, trick=position // n + 1,
                                           seat=checker.seat_name(seat),
                                           card=Card(A.action_to_string(action)),
                                           why=violation.message), seat, "plays")
        if lost:
            return None
        state.apply(action, check=False)  # reported; the hand goes on as it was played
        position += 1
    entry = state.hand_log[-1]
    compare_derived(checker, hand, entry)
    return entry["tricks"], entry["scores"]


def compare_derived(checker, hand, entry) -> None:
    written = hand.get("tricks")
    if written is None:
        return
    tricks = entry["tricks"]
    teams = checker.game.teams
    if checker.game.partnership and isinstance(written, list) and len(written) == len(teams):
        tricks = [sum(tricks[s] for s in team) for team in teams]
        owner = checker.unit_name
    else:
        owner = checker.seat_name
    if not isinstance(written, list) or len(written) != len(tricks):
        checker.error("tricks-count", Text(N_("tricks must list the tricks won by each "
                                              "seat")), fld="tricks")
        return
    for index, (have, want) in enumerate(zip(written, tricks, strict=True)):
        if have != want:
            checker.error("tricks-mismatch", Text(N_("tricks won by %(who)s are written as "
                                                     "%(have)s but the plays give %(want)s"),
                                                  who=owner(index), have=repr(have),
                                                  want=want), index, "tricks")

