import pytest
from nomination import Nomination

from games import rules


@pytest.fixture
def nomination():
    """The example engine game, registered for the test only."""
    rules.register(Nomination)
    yield rules.load("nomination", players=4)
    rules.GAMES.pop("nomination", None)
