import pytest

from games import rules

# (game, players, options): every game, several player counts and options.
CONFIGS = [
    ("bluke", 4, {}),
    ("bluke", 3, {"zero_bids": True}),
    ("bluke", 5, {"variant": "new-jersey"}),
    ("bluke", 2, {"max_cards": 5}),
    ("back-alley", 4, {}),
    ("back-alley", 4, {"first_lead": "dealer-left", "board_both_sides": False}),
    ("back-alley-individual", 4, {}),
    ("back-alley-individual", 3, {"bid_start": "dealer-left"}),
]


def config_id(config) -> str:
    name, players, options = config
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{name}-{players}p" + (f"-{extra}" if extra else "")


@pytest.fixture(params=CONFIGS, ids=config_id)
def game(request):
    name, players, options = request.param
    return rules.load(name, players=players, **options)
