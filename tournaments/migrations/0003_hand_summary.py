"""Hand.summary: an engine game's scoresheet line per hand (tournaments.services.hands).

Hands stored before it (Georgian Joker's, the only engine game then) get their summary
from a replay of the stored record; Bluke-family rows keep {} and are not touched.
"""

from django.db import migrations, models


def engine_summaries(game, record: dict) -> list[dict]:
    """Per hand of an accepted engine record, the summary a referee replay computes.
    Frozen here (it was tournaments.services.records.engine_replay) so that moving the
    live code cannot change what this migration does."""
    from games import rules
    from games.engine.checker import EngineChecker

    first_dealer = record.get("first_dealer", 0)
    checker = EngineChecker(game, record["seats"],
                            first_dealer if isinstance(first_dealer, int) else 0,
                            rules.CheckReport())
    checker.check_all(record.get("hands") or [])
    return [{"summary": entry["summary"] or {}} for entry in checker.state.hand_log]


def fill_summaries(apps, schema_editor):
    from games import rules

    Game = apps.get_model("tournaments", "Game")
    Hand = apps.get_model("tournaments", "Hand")
    engine = [name for name, cls in rules.GAMES.items() if hasattr(cls, "build_phases")]
    for game in Game.objects.filter(table__game__in=engine).iterator():
        record = game.record if isinstance(game.record, dict) else {}
        options = {k: v for k, v in (record.get("options") or {}).items() if k != "players"}
        try:
            loaded = rules.load(record.get("game"), players=len(record.get("seats") or []),
                                **options)
            if not hasattr(loaded, "build_phases"):  # the Bluke family's rows keep {}
                continue
            log = engine_summaries(loaded, record)
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
