"""Six-Pack Bezique results stored before the meld rules were corrected (only a meld
that scored may be restored; a marriage laid while its sequence waited may not score
after it) check again with the same totals: games.rules.bezique_records says how.
Every stored record has passed check_record, and a correction re-checks it."""

from django.db import migrations


def upgrade_records(apps, schema_editor):
    from games.rules.bezique_records import upgrade_record
    from tournaments.services.records import record_hash

    TableResult = apps.get_model("tournaments", "TableResult")
    for result in TableResult.objects.filter(record__game="six-pack-bezique").iterator():
        record = upgrade_record(result.record)
        if record is not None:
            result.record, result.record_hash = record, record_hash(record)
            result.save(update_fields=["record", "record_hash"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0005_rename_game_tableresult")]

    operations = [migrations.RunPython(upgrade_records, migrations.RunPython.noop)]
