"""The site's cost limit on hands leaves room for the longest bot matches: a bot table
whose match its rules end must never be refused as too long."""

from games import rules
from games.bots import make_bot
from games.bots.match import play_state
from tournaments.services.record_limits import hands_limit, limit_errors


def test_the_longest_twenty_nine_bot_match_seen_is_stored_not_refused():
    """Seed 211 is the longest of 300 matches of four heuristic bots to 6 (200 hands):
    the limit was 150, so this table could not be stored."""
    game = rules.load("twenty-nine")
    state = play_state(game, [make_bot("heuristic", game=game) for _ in range(4)], 211)
    assert state.finished() and state.hand_index == 200
    assert limit_errors(state.to_record([f"Bot {seat + 1}" for seat in range(4)])) == []
    assert hands_limit(game) >= 3 * state.hand_index  # the rule the limits are set by
