"""The audit trail outlives what it describes: the club link is kept as SET_NULL, and the
club's, the actor's and the target's names are written into each entry (filled here for
entries written before, as far as their links still tell)."""

import django.db.models.deletion
from django.db import migrations, models


def fill_names(apps, schema_editor):
    AuditEntry = apps.get_model("league", "AuditEntry")
    entries = AuditEntry.objects.select_related("club", "actor", "token")
    for entry in entries.iterator():
        entry.club_name = entry.club.name[:200] if entry.club_id else ""
        if entry.token_id:
            entry.actor_name = f"API token {entry.token.name} ({entry.token.prefix}…)"[:200]
        elif entry.actor_id:
            entry.actor_name = entry.actor.username[:200]
        else:
            entry.actor_name = "system"
        entry.save(update_fields=["club_name", "actor_name"])


class Migration(migrations.Migration):
    dependencies = [("league", "0005_outbox_and_idempotency_lease")]

    operations = [
        migrations.AddField(
            model_name="auditentry", name="club_name",
            field=models.CharField(blank=True, max_length=200),
        ),
        migrations.AddField(
            model_name="auditentry", name="actor_name",
            field=models.CharField(blank=True, max_length=200,
                                   help_text="The user, the API token or 'system', by name."),
        ),
        migrations.AddField(
            model_name="auditentry", name="target_name",
            field=models.CharField(blank=True, max_length=200,
                                   help_text="What the target was called at the time."),
        ),
        migrations.AlterField(
            model_name="auditentry", name="club",
            field=models.ForeignKey(blank=True, null=True,
                                    on_delete=django.db.models.deletion.SET_NULL,
                                    related_name="audit_entries", to="league.club"),
        ),
        migrations.RunPython(fill_names, migrations.RunPython.noop),
    ]
