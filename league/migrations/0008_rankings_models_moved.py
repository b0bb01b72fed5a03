"""Standings, ratings and player statistics moved to the rankings app.

State only: the tables stay where they are, under their league_* names, and rankings'
0001 takes them over (its models name them with db_table). No row is copied or lost.
"""

from django.db import migrations

MOVED = ["HeadToHead", "PlayerGameStat", "PlayerStats", "RatingHistory", "PlayerRating",
         "StandingRow", "RatingPool"]  # RatingPool last: the rating models point at it


class Migration(migrations.Migration):

    # After the result model's rename, so that its foreign keys from these tables are
    # re-pointed while league still holds them in its state.
    dependencies = [
        ("league", "0007_season_table_size"),
        ("tournaments", "0005_rename_game_tableresult"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name=name) for name in MOVED],
        ),
    ]
