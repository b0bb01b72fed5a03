"""Player statistics rows remember which version of their game they counted.

Rows stored before this were recounted by every follow-up of their game, so they hold
the game as it is now: they take the game's current `updated_at`.
"""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def stamp_existing_rows(apps, schema_editor):
    PlayerGameStat = apps.get_model("rankings", "PlayerGameStat")
    TableResult = apps.get_model("tournaments", "TableResult")
    PlayerGameStat.objects.filter(game__isnull=False).update(game_updated_at=Subquery(
        TableResult.objects.filter(pk=OuterRef("game_id")).values("updated_at")[:1]))


class Migration(migrations.Migration):

    dependencies = [
        ('rankings', '0001_initial'),
    ]

    operations = [
        migrations.AddField(
            model_name='playergamestat',
            name='game_updated_at',
            field=models.DateTimeField(help_text="The game's updated_at when counted: a game saved since is recounted.", null=True),
        ),
        migrations.RunPython(stamp_existing_rows, migrations.RunPython.noop),
    ]
