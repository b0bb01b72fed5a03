"""Standings, ratings and player statistics moved to the rankings app.

State only: the tables stay where they are, under their league_* names, and rankings'
0001 takes them over (its models name them with db_table). No row is copied or lost.
"""

from django.db import migrations

MOVED = ["HeadToHead", "PlayerGameStat", "PlayerStats", "RatingHistory", "PlayerRating",
         "StandingRow", "RatingPool"]  # RatingPool last: the rating models point at it


class Migration(migrations.Migration):

    dependencies = [
        ("league", "0007_season_table_size"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name=name) for name in MOVED],
        ),
    ]
