"""The stored table result is `TableResult` (it was `Game`, a third thing of that name).

The API keeps its route (/api/v1/games/) and JSON fields; the table becomes
tournaments_tableresult, its foreign keys follow, and its index takes the name Django
derives from the new table.
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0004_event_club_recent"),
    ]

    operations = [
        migrations.RenameModel(old_name="Game", new_name="TableResult"),
        migrations.RenameIndex(
            model_name="tableresult",
            new_name="tournaments_played__5c05df_idx",
            old_name="tournaments_played__afe023_idx",
        ),
    ]
