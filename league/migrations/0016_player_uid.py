import uuid

from django.db import migrations, models


def fill_uids(apps, schema_editor):
    """Existing players get an id of their own each (a column default would give one to all)."""
    Player = apps.get_model("league", "Player")
    for pk in Player.objects.values_list("pk", flat=True).iterator():
        Player.objects.filter(pk=pk).update(uid=uuid.uuid4())


class Migration(migrations.Migration):

    dependencies = [
        ("league", "0015_mail_send_started"),
    ]

    operations = [
        migrations.AddField(
            model_name="player", name="uid",
            field=models.UUIDField(editable=False, null=True),
        ),
        migrations.RunPython(fill_uids, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="player", name="uid",
            field=models.UUIDField(default=uuid.uuid4, editable=False, unique=True),
        ),
    ]
