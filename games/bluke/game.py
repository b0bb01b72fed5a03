"""The `GameRules` base class: options, deal schedule, card tables and rule hooks.

A game module subclasses `GameRules` and fills in the hooks (bidding, legal plays,
opening leader, scoring). A hand runs the engine's phases (`table_phases`: a
bidding round, then trick play) on the match state of `state.State`.

Card tables: for each trump value (0..3, or `NO_TRUMP`) the game builds
``suit_table[trump][card]`` -- the suit a card counts as in that hand (`WILD` for a
card that follows no suit and may always be played) -- and ``power[trump][card]``,
its order within that suit. ``suit_masks[trump][suit]`` is the mask of all cards
counting as that suit, so "cards of the led suit in hand" is one ``&``.
``strength[trump][led][card]`` is how strongly a card plays to a trick with that
led suit (wild > trump > led suit > 0), so a play costs one list index.
"""

from __future__ import annotations

import random

from games.bluke import actions as A
from games.bluke.cards import DECK_54, NO_TRUMP, WILD, mask_of, suit_of
from games.bluke.table_phases import HandOver, MatchOver, TableBidding, TableTrickPlay
from games.engine.areas import DEFAULT_AREAS
from games.engine.ending import HIGHER_WINS, FixedSchedule
from games.engine.errors import RuleViolation
from games.engine.options import Option, clean_options
from games.engine.pack import Pack
from games.engine.rng import seeded, shuffle
from games.engine.text import N_, Card, Text

_TABLE_CACHE: dict[tuple, tuple] = {}
TRUMP_STRENGTH = 500
LED_STRENGTH = 100
WILD_STRENGTH = 1000


def card_strength(suit: int, power: int, trump: int, led: int) -> int:
    """Strength of a card in a trick: wild beats trump beats the led suit; others 0."""
    if suit == WILD:
        return WILD_STRENGTH + power
    if suit == trump:  # NO_TRUMP (4) only matches New Jersey's lone Bluke
        return TRUMP_STRENGTH + power
    if suit == led:
        return LED_STRENGTH + power
    return 0


_BIT = [1 << card for card in range(54)]


class GameRules:
    """A configured game (players + options). Immutable after construction."""

    name = ""
    title = ""
    min_players = 2
    max_players = 2
    deck = DECK_54
    zero_word = "pass"
    jokers_name_suit = False  # a led joker names the suit to follow (standard Bluke)
    partnership = False
    # What a record's hand holds, the one thing the league asks about a game's shape:
    # "flat" (bids, tricks and the table's columns, as here) or "summary" (the game's
    # scoresheet line, `EngineGame`).
    record_shape = "flat"
    tracks_broken = False
    exchanges_joker = False  # Back Alley: a turned joker sends the other one out of play
    always_trump = False  # every hand has a trump suit (no jokers to turn)
    board_words: tuple[str, ...] = ()  # the Board bids a record may write, in level order
    joker_leads_in_records = False  # records may write "HI:S" (some variant names a suit)
    OPTIONS: tuple[Option, ...] = ()
    # The engine's declarative parts (games.engine), so that generic code -- bots,
    # schemas, property tests -- reads every game the same way. Card ids are the
    # pack's ids: suit * 13 + rank, then the jokers LO (52) and HI (53).
    pack = Pack(jokers=("LO", "HI"))
    areas = DEFAULT_AREAS
    ranking = HIGHER_WINS

    def __init__(self, players: int | None = None, **options):
        given = dict(options)
        if players is not None:
            given["players"] = players
        self.options = clean_options(self.declared_options(), given, self.name)
        self.num_players = self.options["players"]
        self.schedule = self.build_schedule()
        self.ending = FixedSchedule(tuple(self.schedule))  # the engine's descriptions
        self.vocab = LegacyVocabulary(self)
        self.teams = self.build_teams()
        self.team_of = [0] * self.num_players
        for index, team in enumerate(self.teams):
            for seat in team:
                self.team_of[seat] = index
        key = self.table_key()
        if key not in _TABLE_CACHE:
            _TABLE_CACHE[key] = self._build_tables()
        self.suit_table, self.power, self.suit_masks, self.strength, self.suit_windows = \
            _TABLE_CACHE[key]
        self.deck_mask = mask_of(self.deck)
        # Games keeping the standard hooks get them inlined in State's hot path.
        self.plain_follow = type(self).play_mask is GameRules.play_mask
        self.plain_voids = type(self).note_void is GameRules.note_void
        self.normalizes_bids = type(self).normalize_bid is not GameRules.normalize_bid
        # A hand's phases after the deal (the engine's library, table-driven inside);
        # not called `phases` / `build_phases`, which mark a game that runs on the engine's
        # own State and record shape (the league reads them so).
        self.hand_phases = tuple(self.build_hand_phases())
        self.hand_over, self.match_over = HandOver(self), MatchOver()

    # --- set-up -----------------------------------------------------------
    @classmethod
    def declared_options(cls) -> tuple[Option, ...]:
        players = Option(
            "players", "int", cls.min_players,
            f"number of players, {cls.min_players} to {cls.max_players}",
            minimum=cls.min_players, maximum=cls.max_players,
        )
        return (players,) + cls.OPTIONS

    def build_schedule(self) -> list[int]:
        raise NotImplementedError

    def build_teams(self) -> list[list[int]]:
        return [[seat] for seat in range(self.num_players)]

    def build_hand_phases(self) -> list:
        """A hand after its deal: one round of bids, then the tricks."""
        return [TableBidding(), TableTrickPlay(self)]

    def table_key(self) -> tuple:
        """What the card tables depend on (they are built once per key)."""
        return (type(self),)

    def suit_under(self, card: int, trump: int) -> int:
        """Suit a card counts as when `trump` is trump (override for special cards)."""
        return suit_of(card)

    def power_under(self, card: int, trump: int) -> int:
        return card % 13 if card < 52 else 13 + card - 52

    def _build_tables(self):
        suit_table, power, suit_masks, strength = [], [], [], []
        for trump in range(5):
            suits = [self.suit_under(card, trump) for card in range(54)]
            powers = [self.power_under(card, trump) for card in range(54)]
            suit_table.append(suits)
            power.append(powers)
            in_deck = set(self.deck)
            suit_masks.append([
                mask_of(c for c in range(54) if suits[c] == s and c in in_deck)
                for s in range(6)
            ])
            strength.append([[card_strength(suits[c], powers[c], trump, led) for c in range(54)]
                             for led in range(5)])
        # every card but the jokers counts as its printed suit, whatever the trump
        windows = all(suits[c] == c // 13 for suits in suit_table for c in range(52))
        return suit_table, power, suit_masks, strength, windows

    # --- dealing ----------------------------------------------------------
    def rng_for(self, seed, hand_index: int, attempt: int) -> random.Random:
        return seeded(f"{self.name}/{seed}/{hand_index}/{attempt}")  # = random.Random(...)

    def deal_cards(self, rng: random.Random, cards: int, dealer: int, hand_index: int):
        """Shuffle and deal: returns (hands as masks, turned card or None, extras dict)."""
        deck = list(self.deck)
        shuffle(deck, rng)
        n = self.num_players
        hands = [0] * n
        bit = _BIT.__getitem__
        for k in range(n):  # one card at a time from the dealer's left: every n-th card
            hands[(dealer + 1 + k) % n] = sum(map(bit, deck[k:n * cards:n]))
        turned = deck[n * cards] if n * cards < len(deck) else None
        return hands, turned, {"rest": deck[n * cards + 1:]}

    def fix_dealt_hands(self, hands: list[int], turned, replacement) -> list[int]:
        """Adjust the dealt hands before bidding (Back Alley's joker exchange)."""
        return hands

    def trump_for(self, turned: int | None) -> int:
        """Trump suit set by the turned card (NO_TRUMP for none or a joker)."""
        if turned is None or turned >= 52:
            return NO_TRUMP
        return turned // 13

    # --- bidding hooks ----------------------------------------------------
    dealer_follows_play = False  # the deal passes to the left, hand after hand

    def sheet_dealer(self, first_dealer: int, hand_index: int,
                     before: dict | None) -> int | None:
        """Who deals hand `hand_index` (0-based) of a scoresheet (see `EngineGame`)."""
        return (first_dealer + hand_index) % self.num_players

    def first_bidder_after(self, dealer: int) -> int:
        return (dealer + 1) % self.num_players

    def bid_order(self, dealer: int) -> list[int]:
        """The seats in bidding order when `dealer` deals."""
        first, n = self.first_bidder_after(dealer), self.num_players
        return [(first + k) % n for k in range(n)]

    def bid_actions(self, state, seat: int) -> list[int]:
        raise NotImplementedError

    def bid_violation(self, state, seat: int, action: int) -> RuleViolation | None:
        if action in self.bid_actions(state, seat):
            return None
        return RuleViolation("bid-range", self.describe_bid_range(state.cards))

    def describe_bid_range(self, cards: int) -> str:
        return Text(N_("bids on a %(cards)s-card hand must be 1 to %(cards)s"), cards=cards)

    def normalize_bid(self, action: int, cards: int) -> int:
        """A written bid as this game's action (e.g. "13" on a 13-card hand as Board)."""
        return action

    def opening_leader(self, state) -> int | None:
        """Seat that leads the first trick, or None when the hand is thrown in."""
        return (state.dealer + 1) % self.num_players

    # --- play hooks -------------------------------------------------------
    def play_mask(self, state, seat: int) -> int:
        """Mask of the cards `seat` may play now (the default: follow suit if able;
        `WILD` cards may always be played). State inlines this rule when not overridden."""
        hand = state.hands[seat]
        if not state.trick:
            return hand
        masks = self.suit_masks[state.trump]
        follow = hand & masks[state.led]
        return follow | (hand & masks[WILD]) if follow else hand

    def explain_illegal(self, state, seat: int, card: int) -> RuleViolation:
        led = Card("SHDC"[state.led]) if state.led < 4 else Text(N_("trump"))
        return RuleViolation("revoke", Text(N_("must follow the led suit (%(led)s) while "
                                               "holding it"), led=led))

    def note_void(self, state, seat: int, card: int) -> None:
        """Record what a play reveals about the player's hand (voids).

        Called for a card that neither follows the led suit nor is wild; State
        inlines this default when a game does not override it."""
        if state.suit_table[card] != state.led and state.suit_table[card] != WILD:
            state.voids[seat] |= 1 << state.led

    # --- scoring ----------------------------------------------------------
    def score_from_counts(self, cards: int, bids: list[int], tricks: list[int],
                   order: list[int]) -> list[int]:
        raise NotImplementedError

    def unit_tricks(self, tricks: list[int]) -> list[int]:
        return [sum(tricks[s] for s in team) for team in self.teams]

    def bid_to_record(self, action: int, level: int):
        """How a bid appears in a record (an int, "pass" or "board")."""
        if action == A.BOARD:
            return A.BOARD_WORDS[level - 1]
        if action == A.PASS and self.zero_word == "pass":
            return "pass"
        return A.bid_value(action)

    # --- public helpers ---------------------------------------------------
    def new_match(self, seed=None, first_dealer: int = 0, auto_deal: bool = True,
                  boards=None):
        """A match from `seed`, or on `boards` (games.bluke.boards): hand i dealt from
        board i, the first board's dealer dealing first, over after the last board."""
        from games.bluke.state import State

        boards = self.prepare_boards(boards)
        if boards:
            first_dealer = boards[0]["dealer"]
        return State(self, seed=seed, first_dealer=first_dealer, auto_deal=auto_deal,
                     boards=boards)

    def board(self, seed, index: int) -> dict:
        """Board `index` (0-based) of the set dealt from `seed`."""
        from games.bluke.boards import deal_board

        return deal_board(self, seed, index)

    def prepare_boards(self, boards) -> list[dict] | None:
        """Boards checked for shape and dealers (RulesError names the board), or None."""
        from games.bluke.boards import prepare

        return None if boards is None else prepare(self, boards)

    def replay(self, seed, actions, first_dealer: int = 0):
        """The state reached from `seed` by `actions` (ints or texts), checked."""
        state = self.new_match(seed=seed, first_dealer=first_dealer)
        for action in actions:
            state.apply(action)
        return state

    def action_to_string(self, action: int) -> str:
        return A.action_to_string(action, self.zero_word)

    def string_to_action(self, text) -> int | None:
        return A.string_to_action(text)

    def __repr__(self) -> str:
        return f"<GameRules {self.name} {self.options}>"


class LegacyVocabulary:
    """The engine's vocabulary interface over the Bluke family's fixed action ints
    (0-53 cards, 54-61 joker leads naming a suit, 100 + n bids, 200 Board)."""

    def __init__(self, game):
        self.game = game
        self.families = {"play": range(0, 54), "joker-lead": range(54, 62),
                         "bid": range(A.BID_BASE, A.BID_BASE + A.MAX_BID + 1),
                         "board": range(A.BOARD, A.BOARD + 1)}

    def __len__(self) -> int:
        return A.BOARD + 1

    def text(self, action: int) -> str:
        return self.game.action_to_string(action)

    def parse(self, text) -> int | None:
        return self.game.string_to_action(text)
