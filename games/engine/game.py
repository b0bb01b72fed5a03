"""`EngineGame`: the base class of a game module written on the engine.

A game module subclasses it and declares data (pack, areas, options, ranking) and
builds three things once per configured game: its vocabulary (`build_vocabulary`),
the phases of a hand (`build_phases`), and how the match ends (`build_ending`).
Everything else has a default that a game overrides only where its rules differ;
see docs/adding-a-game.md for a walk through a whole module.
"""

from __future__ import annotations

import random

from games.engine.areas import DEFAULT_AREAS, Table
from games.engine.ending import HIGHER_WINS
from games.engine.errors import RuleViolation
from games.engine.options import Option, clean_options
from games.engine.pack import JOKER, Pack
from games.engine.rng import seeded, shuffle
from games.engine.text import N_, Text
from games.engine.tricks import WILD


class EngineGame:
    """A configured game (players + options). Immutable after construction."""

    name = ""
    title = ""
    min_players = 2
    max_players = 2
    partnership = False
    record_shape = "summary"  # a hand's scoresheet line as SUMMARY_SCHEMA describes it
    pack = Pack()
    areas = DEFAULT_AREAS
    ranking = HIGHER_WINS
    turns_trump = True  # the card after the deal is turned and sets trump
    secret_families: tuple[str, ...] = ()  # action families others see as "?"
    OPTIONS: tuple[Option, ...] = ()
    # the JSON Schema of this game's scoresheet summary ("properties" of an object)
    SUMMARY_SCHEMA: dict = {}

    def __init__(self, players: int | None = None, **options):
        given = dict(options)
        if players is not None:
            given["players"] = players
        self.options = clean_options(self.declared_options(), given, self.name)
        self.num_players = self.options["players"]
        self.teams = self.build_teams()
        self.team_of = [0] * self.num_players
        for index, team in enumerate(self.teams):
            for seat in team:
                self.team_of[seat] = index
        self.vocab = self.build_vocabulary()
        self.phases = tuple(self.build_phases())
        self.ending = self.build_ending()

    # --- what a game declares ---------------------------------------------
    @classmethod
    def declared_options(cls) -> tuple[Option, ...]:
        players = Option("players", "int", cls.min_players,
                         f"number of players, {cls.min_players} to {cls.max_players}",
                         minimum=cls.min_players, maximum=cls.max_players)
        return (players,) + cls.OPTIONS

    def build_teams(self) -> list[list[int]]:
        """Seats per unit that scores (a seat, or a side of partners)."""
        return [[seat] for seat in range(self.num_players)]

    def build_vocabulary(self):
        raise NotImplementedError

    def build_phases(self) -> list:
        raise NotImplementedError

    def build_ending(self):
        raise NotImplementedError

    def start_totals(self) -> list[int]:
        """Each unit's total before the first hand (Buck Euchre counts down from 25)."""
        return [0] * len(self.teams)

    def places(self, state) -> list[int]:
        """Place of each unit at the end of a match, 1 = best (by default from the
        totals and `ranking`; a game whose match can be won otherwise overrides it)."""
        return self.ranking.places(state.totals)

    @property
    def schedule(self) -> list[int] | None:
        """Cards per hand when the match has a fixed schedule (else None)."""
        cards = getattr(self.ending, "cards", None)
        return list(cards) if isinstance(cards, tuple) else None

    # --- dealing ----------------------------------------------------------
    def rng_for(self, seed, hand_index: int, attempt: int) -> random.Random:
        return seeded(f"{self.name}/{seed}/{hand_index}/{attempt}")

    def dealer_for(self, state) -> int:
        return (state.first_dealer + state.hand_index) % state.n

    # Whether who deals a hand depends on the play of the hand before (Mighty).
    dealer_follows_play = False

    def sheet_dealer(self, first_dealer: int, hand_index: int,
                     before: dict | None) -> int | None:
        """Who deals hand `hand_index` (0-based) of a scoresheet, given the first dealer
        and the summary of the hand before (None when it is not written yet); None when
        that cannot be told yet. By default the deal passes to the left."""
        return (first_dealer + hand_index) % self.num_players

    def cards_for(self, state) -> int | None:
        return self.ending.cards_for(state.hand_index)

    def new_table(self, state) -> Table:
        return Table(self.areas, state.n)

    def deal(self, state, rng: random.Random) -> None:
        """Shuffle; one card at a time from the dealer's left; the next card turned
        (when `turns_trump`); the rest to the stock."""
        deck = self.pack.ids()
        shuffle(deck, rng)
        n, cards = state.n, state.cards
        for k in range(n):
            state.table.put("hand", deck[k:n * cards:n], (state.dealer + 1 + k) % n)
        rest = deck[n * cards:]
        if self.turns_trump and rest:
            state.table.put("turned", rest[:1])
            rest = rest[1:]
        state.table.put("stock", rest)

    def after_deal(self, state) -> None:
        """Set what the deal decides (by default: trump from the turned card)."""
        turned = state.table.of("turned") if "turned" in state.table.areas else []
        if turned:
            face = self.pack.face_of[turned[0]]
            suit = self.pack.suit_of[face]
            state.trump = None if suit == JOKER else suit

    def written_deal(self, state) -> dict:
        """The deal as a record writes it: hands per seat, then the table areas."""
        pack, table = self.pack, state.table
        deal = {"hands": [pack.codes(cards) for cards in table.cards["hand"]]}
        for name, area in table.areas.items():
            if area.per_seat or name in ("hand", "trick"):
                continue
            cards = pack.codes(table.of(name))
            deal[name] = (cards[0] if cards else None) if name == "turned" else cards
        return deal

    def deal_from_events(self, state, deal: dict, events: list) -> dict:
        """A deal written without hands, completed with the parts the events name
        (California Jack's stock, from its draws). Default: as written."""
        return deal

    def deal_needs(self, state) -> tuple[str, ...]:
        """Deal parts a card-by-card hand must write when it does not write the hands
        (what the events cannot tell: the turned card that sets trump)."""
        if self.turns_trump and state.cards is not None \
                and state.n * state.cards < self.pack.size:
            return ("turned",)
        return ()

    def place_written_deal(self, state, written: dict) -> list[dict]:
        """Put a written deal on the table; problems name seat and field."""
        from games.engine.deals import place

        return place(self, state, written)

    def event_revealed(self, state, index: int) -> bool:
        """Whether the secret action at `index` of the hand's events has since been
        shown to everyone (Ribs turns the ribs up when the trick is judged)."""
        return False

    # --- hooks used by the phase library ------------------------------------
    def first_bidder(self, state) -> int:
        return (state.dealer + 1) % state.n

    def bid_range(self, state) -> tuple[int, int]:
        return 0, state.cards

    def bid_forbidden(self, state, seat: int, bid: int) -> RuleViolation | None:
        return None

    def all_passed(self, state) -> None:
        state.throw_in()

    def first_leader(self, state) -> int:
        return (state.dealer + 1) % state.n

    def after_trick(self, state, winner: int) -> None:
        """Called after each trick (the winner leads next): draws, melds, reveals."""

    def tricks_in_hand(self, state) -> int:
        """Tricks played in a hand (by default the cards dealt to each player)."""
        return state.cards

    def card_suit(self, state, card: int, seat: int) -> int:
        """The suit a card counts as (a game may map jokers or bowers; WILD: none)."""
        suit = self.pack.suit_of[self.pack.face_of[card]]
        return WILD if suit == JOKER else suit

    def card_power(self, state, card: int) -> int:
        return self.pack.power[self.pack.face_of[card]]

    def led_suit(self, state, card: int, action: int) -> int | None:
        """The suit to follow after `card` leads (a game whose led joker names a suit
        overrides this)."""
        suit = self.card_suit(state, card, state.trick[0][0] if state.trick else state.to_move)
        return None if suit == WILD else suit

    # --- scoring ------------------------------------------------------------
    def score_hand(self, state) -> list[int]:
        """Points of each unit (seat or side) for the hand just played."""
        raise NotImplementedError

    def summary(self, state) -> dict:
        """What the game's paper scoresheet holds for a played hand (default: bids
        and tricks)."""
        return {"bids": list(state.bids), "tricks": list(state.tricks_won)}

    def score_summary(self, state, summary) -> tuple[list[int] | None, list[dict]]:
        """Scores of a scoresheet hand from its summary alone, and problems found
        (dicts with seat, field, code, message). Games with a scoresheet override."""
        return None, [{"seat": None, "field": "events", "code": "missing-field",
                       "message": Text(N_("%(game)s records need the card-by-card events"),
                                       game=self.title)}]

    def hand_winners(self, state, scores: list[int]) -> list[int]:
        """Units that won the hand (for `HandsWon` endings): the best scores."""
        return self.ranking.winners(scores)

    # --- public helpers -------------------------------------------------------
    def new_match(self, seed=None, first_dealer: int = 0, auto_deal: bool = True,
                  boards=None):
        """A match from `seed`, or on `boards` (games.engine.boards): hand i dealt from
        board i, its dealer the board's, over after the last board."""
        from games.engine.state import State

        return State(self, seed=seed, first_dealer=first_dealer, auto_deal=auto_deal,
                     boards=self.prepare_boards(boards))

    # --- boards (games.engine.boards) ------------------------------------------
    def board(self, seed, index: int) -> dict:
        """Board `index` (0-based) of the set dealt from `seed`."""
        from games.engine.boards import deal_board

        return deal_board(self, seed, index)

    def prepare_boards(self, boards) -> list[dict] | None:
        """Boards checked for shape (RulesError names the board), or None."""
        from games.engine.boards import prepare

        return None if boards is None else prepare(self, boards, self.ending.cards_for)

    def board_chance(self, state) -> dict:
        """What chance decided at this deal beyond the cards (none by default)."""
        return {}

    def place_board_chance(self, state, chance: dict) -> None:
        """Set what a board's `chance` decides, after its cards are placed."""

    def board_problems(self, board: dict, summary: dict) -> list[dict]:
        """What a hand's summary states about its deal that contradicts `board` (the
        trump its stock's top card sets, a cut): problems with seat, field, code
        `board-mismatch`, message. None by default."""
        return []

    def replay(self, seed, actions, first_dealer: int = 0):
        """The state reached from `seed` by `actions` (ints or texts), checked."""
        state = self.new_match(seed=seed, first_dealer=first_dealer)
        for action in actions:
            state.apply(action)
        return state

    def action_to_string(self, action: int) -> str:
        return self.vocab.text(action)

    def string_to_action(self, text) -> int | None:
        return self.vocab.parse(text)

    def __repr__(self) -> str:
        return f"<Game {self.name} {self.options}>"
