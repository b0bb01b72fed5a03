"""The Bluke family: Bluke (with its New Jersey variant), Back Alley and Back Alley for
individuals, three games on one fast table-driven core.

The rules are told in full in docs/rules/bluke.md, docs/rules/back-alley.md and
docs/rules/back-alley-individual.md, and in the docstrings of the rules modules.

* `bluke`, `back_alley`, `back_alley_individual`: the rules of each game (in the
  docstring) and its class, a `GameRules` configured by tables
* `game`: `GameRules`, the family's core: per-hand tables of deals, bids and scores
* `state`, `table_phases`: the match state and its bidding and trick-play phases
* `actions`, `cards`: actions and cards as ints (bits for speed)
* `replay`, `record_hands`: reading a record's hands (card by card or as a scoresheet line)
* `views`, `toolkit`: observations, deal schedules and the `Trick` value object
* `family`: the three games by name
* `bots/`: the family's heuristic, search and noisy bots (`BlukeFamilyBot`)

The catalogue (`games.catalogue`) reads `RULES` and `BOTS` from here.
"""

from games.bluke.bots import BOTS
from games.bluke.family import FAMILY

RULES = tuple(FAMILY.values())

__all__ = ["BOTS", "RULES"]
