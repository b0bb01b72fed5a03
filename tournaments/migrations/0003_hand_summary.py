"""Hand.summary: an engine game's scoresheet line per hand (tournaments.services.hands).

Hands stored before it (Georgian Joker's, the only engine game then) get their summary
from a replay of the stored record; Bluke-family rows keep {} and are not touched.
"""

from django.db import migrations, models


def fill_summaries(apps, schema_editor):
    from games import rules
    from tournaments.services.records import engine_replay, is_engine_game

    Game = apps.get_model("tournaments", "Game")
    Hand = apps.get_model("tournaments", "Hand")
    engine = [name for name, cls in rules.GAMES.items() if hasattr(cls, "build_phases")]
    for game in Game.objects.filter(table__game__in=engine).iterator():
        record = game.record if isinstance(game.record, dict) else {}
        options = {k: v for k, v in (record.get("options") or {}).items() if k != "players"}
        try:
            loaded = rules.load(record.get("game"), players=len(record.get("seats") or []),
                                **options)
            if not is_engine_game(loaded):
                continue
            log, _ = engine_replay(loaded, record)
        except Exception:  # noqa: BLE001 - a record the rules no longer read keeps {}
            continue
        for hand in Hand.objects.filter(game=game, summary={}):
            if hand.number - 1 < len(log):
                hand.summary = log[hand.number - 1]["summary"]
                hand.save(update_fields=["summary"])


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0002_hand_trump_stored_form'),
    ]

    operations = [
        migrations.AddField(
            model_name='hand',
            name='summary',
            field=models.JSONField(blank=True, default=dict, help_text="Engine games: the hand's scoresheet line as the game's SUMMARY_SCHEMA describes it (empty for the Bluke family, whose columns are above)."),
        ),
        migrations.AlterField(
            model_name='hand',
            name='bids',
            field=models.JSONField(help_text="Per seat: a number or a named bid such as 'pass' (empty when the game has no bids)."),
        ),
        migrations.RunPython(fill_summaries, migrations.RunPython.noop),
    ]
