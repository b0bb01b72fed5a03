"""Golden playthroughs of the engine's test games: a seeded random match, its action
texts and its record, compared in full. Regenerate (only after a deliberate rules
change) with `python tests/games/engine/test_engine_golden.py`."""

import json
import pathlib
import random
import sys

import pytest

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
from auction_game import WidowWhist  # noqa: E402
from nomination import Nomination  # noqa: E402

CASES = [("nomination-4p", Nomination, 4, 21), ("widow-whist", WidowWhist, 3, 22)]


def build(cls, players, seed):
    game = cls(players)
    state = game.new_match(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return {"game": cls.name, "players": players, "seed": seed,
            "history": [state.action_to_string(a) for a in state.history],
            "record": state.to_record(["Ann", "Bob", "Cy", "Di"][:players])}


@pytest.mark.parametrize("label,cls,players,seed", CASES, ids=[c[0] for c in CASES])
def test_golden_playthrough(label, cls, players, seed):
    golden = json.loads((HERE / "golden" / f"{label}.json").read_text())
    assert json.loads(json.dumps(build(cls, players, seed))) == golden
    replayed = cls(players).replay(seed, golden["history"])
    assert json.loads(json.dumps(replayed.to_record(golden["record"]["seats"]))) \
        == golden["record"]


if __name__ == "__main__":
    for label, cls, players, seed in CASES:
        data = build(cls, players, seed)
        (HERE / "golden" / f"{label}.json").write_text(json.dumps(data, indent=1) + "\n")
        print(label, data["record"]["totals"])
