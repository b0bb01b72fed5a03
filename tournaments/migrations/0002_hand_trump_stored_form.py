"""Hands in one stored form (tournaments.services.hands), and a repair of rows stored before.

Before this, a hand's trump was stored as the record spelled it (SQLite ignores the column's
two characters, so "none" or "spades" could be there), and a card-by-card hand without
written tricks or cards was stored with [] and 0, which broke the player pages. The repair
re-reads each such game's record through the rules core; scores and dealers are kept.
"""

from django.db import migrations, models
from django.db.models import Q

STORED_TRUMPS = ["S", "H", "D", "C", "NT", ""]


def repair_hands(apps, schema_editor):
    from games import rules
    from tournaments.services.hands import canonical_trump, stored_tricks

    Game = apps.get_model("tournaments", "Game")
    broken = Q(hands__tricks=[]) | Q(hands__cards=0) | ~Q(hands__trump__in=STORED_TRUMPS)
    for game in Game.objects.filter(broken).distinct().iterator():
        record = game.record if isinstance(game.record, dict) else {}
        hands = record.get("hands") or []
        report = rules.check_record(record)
        derived = list(getattr(report, "tricks", None) or [])
        try:
            options = {"players": len(record.get("seats") or []), **(record.get("options") or {})}
            schedule = list(rules.load(record.get("game"), **options).schedule)
        except (rules.RulesError, TypeError):
            schedule = []
        for row in game.hands.all():
            index = row.number - 1
            hand = hands[index] if index < len(hands) and isinstance(hands[index], dict) else {}
            row.trump = canonical_trump(hand) if hand else ""
            if not row.tricks:
                row.tricks = stored_tricks(hand, derived[index] if index < len(derived) else None)
            if not row.cards and index < len(schedule):
                row.cards = schedule[index]
            row.save(update_fields=["trump", "tricks", "cards"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial")]

    operations = [
        migrations.RunPython(repair_hands, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="hand",
            name="tricks",
            field=models.JSONField(help_text="Tricks won per seat (derived from the plays when "
                                             "the record leaves them out); per team only when "
                                             "a Back Alley scoresheet wrote team tricks."),
        ),
        migrations.AlterField(
            model_name="hand",
            name="trump",
            field=models.CharField(
                blank=True, max_length=2,
                choices=[("S", "♠ spades"), ("H", "♥ hearts"), ("D", "♦ diamonds"),
                         ("C", "♣ clubs"), ("NT", "no trump"), ("", "not recorded")],
                help_text="S, H, D, C, NT (no trump) or empty (not recorded); records' other "
                          "spellings are stored in this form (tournaments.services.hands)."),
        ),
        migrations.AddConstraint(
            model_name="hand",
            constraint=models.CheckConstraint(condition=Q(trump__in=STORED_TRUMPS),
                                              name="hand_trump_stored_form"),
        ),
    ]
