"""The stored table result is `TableResult` (it was `Game`, a third thing of that name).

The API keeps its route (/api/v1/games/) and JSON fields; the table becomes
tournaments_tableresult, its foreign keys follow, and its index takes the name Django
derives from the new table. The audit trail's rows about results name the new model
too, so one result's history is not split between two type names.
"""

from django.db import migrations


def _audit_type(old: str, new: str):
    def rename(apps, schema_editor):
        apps.get_model("league", "AuditEntry").objects.filter(target_type=old).update(
            target_type=new)
    return rename


class Migration(migrations.Migration):

    dependencies = [
        ("league", "0007_season_table_size"),
        ("tournaments", "0004_event_club_recent"),
    ]

    operations = [
        migrations.RenameModel(old_name="Game", new_name="TableResult"),
        migrations.RenameIndex(
            model_name="tableresult",
            new_name="tournaments_played__5c05df_idx",
            old_name="tournaments_played__afe023_idx",
        ),
        migrations.RunPython(_audit_type("game", "tableresult"),
                             _audit_type("tableresult", "game")),
    ]
