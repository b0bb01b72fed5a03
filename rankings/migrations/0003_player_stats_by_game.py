"""Player statistics per rules game: each row names its game and counts every hand, and a
player's totals at a club keep one line per game (Mighty or California Jack games, which
have no bids to count, showed "No hands recorded yet").

Rows stored before this take their game's name and hand count, and the totals are summed
again from them, so the pages show every game at once without a recompute.
"""

from django.db import migrations, models
from django.db.models import Count, OuterRef, Subquery
from django.db.models.functions import Coalesce


def _add(by_game, name, hands, score, place):
    line = by_game.setdefault(name, {"games": 0, "firsts": 0, "hands": 0, "scored": 0,
                                     "score": 0.0, "best": None, "places": 0.0})
    line["games"] += 1
    line["hands"] += hands
    if score is not None:
        line["scored"] += 1
        line["firsts"] += place == 1
        line["score"] += score
        line["places"] += place
        line["best"] = score if line["best"] is None else max(line["best"], score)


def fill_games(apps, schema_editor):
    PlayerGameStat = apps.get_model("rankings", "PlayerGameStat")
    PlayerStats = apps.get_model("rankings", "PlayerStats")
    TableResult = apps.get_model("tournaments", "TableResult")
    Hand = apps.get_model("tournaments", "Hand")
    PlayerGameStat.objects.filter(game__isnull=False).update(
        game_name=Subquery(TableResult.objects.filter(pk=OuterRef("game_id"))
                           .values("table__game")[:1]),
        hands_played=Coalesce(Subquery(
            Hand.objects.filter(game_id=OuterRef("game_id")).order_by()
            .values("game_id").annotate(n=Count("pk")).values("n")[:1]), 0),
    )
    for stats in PlayerStats.objects.iterator(chunk_size=500):
        by_game = {}
        rows = PlayerGameStat.objects.filter(
            player_id=stats.player_id, club_id=stats.club_id, game__isnull=False,
        ).values_list("game_name", "hands_played", "score", "place")
        for name, hands, score, place in rows:
            _add(by_game, name, hands or 0, score, place)
        stats.by_game = by_game
        stats.save(update_fields=["by_game"])


class Migration(migrations.Migration):

    dependencies = [
        ('rankings', '0002_player_game_stat_version'),
    ]

    operations = [
        migrations.AddField(
            model_name='playergamestat',
            name='game_name',
            field=models.CharField(blank=True, help_text='The rules game played at the table, e.g. mighty.', max_length=40),
        ),
        migrations.AddField(
            model_name='playergamestat',
            name='hands_played',
            field=models.PositiveIntegerField(default=0, help_text='Every hand of the game, whether or not it had bids to count.'),
        ),
        migrations.AddField(
            model_name='playerstats',
            name='by_game',
            field=models.JSONField(default=dict, help_text="Rules game -> games, firsts, hands, scored games, score sum, best score and place sum, for the page's per-game lines."),
        ),
        migrations.RunPython(fill_games, migrations.RunPython.noop),
    ]
