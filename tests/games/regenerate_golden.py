"""Regenerate the seeded random golden playthroughs of the Bluke family and Georgian
Joker: `python tests/games/regenerate_golden.py` (each lands in its game's folder,
tests/games/<package>/golden/). Other games regenerate theirs from their own tests.

Each file holds a seeded random match: game, options, seed, the action history as
text, and the card-by-card record. Only regenerate after a deliberate rules change.
"""

import json
import pathlib
import random
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))

from games import rules  # noqa: E402

CASES = [  # (package folder, file name, game, options, seed)
    ("bluke", "bluke-4p", "bluke", {"players": 4}, 11),
    ("bluke", "bluke-3p-new-jersey", "bluke", {"players": 3, "variant": "new-jersey"}, 12),
    ("bluke", "bluke-6p-finale", "bluke", {"players": 6, "deal_out_finale": True}, 13),
    ("bluke", "back-alley", "back-alley", {"players": 4}, 14),
    ("bluke", "back-alley-individual-3p", "back-alley-individual", {"players": 3}, 15),
    ("joker", "joker", "joker", {"players": 4}, 17),
]
SEATS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def build(name, options, seed):
    game = rules.load(name, **options)
    state = game.new_match(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return {
        "game": name,
        "options": options,
        "seed": seed,
        "history": [state.action_to_string(a) for a in state.history],
        "record": state.to_record(SEATS[:game.num_players]),
    }


if __name__ == "__main__":
    here = pathlib.Path(__file__).parent
    for folder, label, name, options, seed in CASES:
        data = build(name, options, seed)
        (here / folder / "golden" / f"{label}.json").write_text(json.dumps(data, indent=1) + "\n")
        print(label, data["record"]["totals"])
