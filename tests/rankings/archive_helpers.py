"""A small played club for the archive tests: real records, stored through result_submit."""

import datetime

from league.models import Season
from league.permissions import SYSTEM
from rankings.services.player_stats import player_stats_recompute
from rankings.services.ratings import ratings_recompute
from rankings.services.standings import standings_recompute
from tests.factories import played_record
from tests.league.played_games import night, table_at
from tournaments.services.results import result_submit

START = datetime.date(2026, 3, 2)


def played_season(club, players, *, nights=2) -> Season:
    """`nights` nights of Bluke for the four `players`, each a complete match."""
    season = Season.objects.create(club=club, name="Spring", game="bluke", starts_on=START)
    for number in range(nights):
        event = night(club, season, date=START + datetime.timedelta(days=7 * number))
        order = players[number % 4:] + players[:number % 4]
        table = table_at(event, order)
        record = played_record(players=4, seed=number + 1,
                               seats=[p.display_name for p in order])
        result_submit(table=table, record=record, source="import", user=SYSTEM)
    standings_recompute(season_id=season.pk)
    ratings_recompute(club_id=club.pk)
    player_stats_recompute(club_id=club.pk)
    return season
