"""Six-Pack Bezique results stored before the meld rules were corrected (28 November
2026: only a meld that scored may be restored, and a marriage laid while its sequence
waited may not score once the sequence has) made to check again with their scores.
Every stored record has passed check_record, and a correction re-checks it.

A record the corrected rules still accept is left as it is. Otherwise, hand by hand:

1. A meld turn the corrected rules no longer open (the winner's only meld was the
   restore of a meld that never scored, and the record wrote just ``done``) loses
   that ``done``; nothing else changes.
2. A hand whose plays the corrected rules refuse becomes its scoresheet line: the
   summary stored with it (cut, guess, cartes blanches, trump, the melds scored, the
   last trick), without its deal and events, so its scores stay as they were played.

The code is frozen here (it was games.rules.bezique_records and
tournaments.services.records.record_hash) and uses only the rules core's public face,
so that moving live code cannot change what this migration does.
"""

import copy
import hashlib
import json

from django.db import migrations

NAME = "six-pack-bezique"


def record_hash(record) -> str:
    canonical = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def upgrade_record(record) -> dict | None:
    """The record made valid with the same totals, or None (valid already, or beyond
    repair: a hand with no summary to fall back on)."""
    from games import rules

    if not isinstance(record, dict) or record.get("game") != NAME:
        return None
    if rules.check_record(record).valid:
        return None
    game, new = rules.load(NAME), copy.deepcopy(record)
    hands = new.get("hands") if isinstance(new.get("hands"), list) else []
    first_dealer = new.get("first_dealer", 0)
    for index, hand in enumerate(hands):
        if isinstance(hand, dict) and index == 0:  # one deal is the whole match
            hand["events"] = without_stray_done(game, first_dealer, hand) or hand.get("events")
    if same_result(record, new):
        return new
    for hand in hands:
        if isinstance(hand, dict) and "events" in hand and isinstance(hand.get("summary"), dict):
            hand.pop("events")
            hand.pop("deal", None)
    return new if same_result(record, new) else None


def same_result(old, new) -> bool:
    from games import rules

    report = rules.check_record(new)
    return report.valid and report.totals == old.get("totals", report.totals)


def without_stray_done(game, first_dealer, hand) -> list | None:
    """The hand's events without the ``done`` of meld turns the rules do not open, when
    that is the only fault (None: no such ``done``, or another fault)."""
    deal, events = hand.get("deal"), hand.get("events")
    if not isinstance(deal, dict) or "hands" not in deal or not isinstance(events, list):
        return None
    state = game.new_match(seed=0, first_dealer=first_dealer, auto_deal=False)
    if state.deal(deal):
        return None
    kept = []
    for text in events:
        violation = state.check(text)
        if violation is not None and text == "done" and violation.code == "meld-not-now":
            continue
        if violation is not None:
            return None
        state.apply(text)
        kept.append(text)
    return kept if len(kept) < len(events) else None


def upgrade_records(apps, schema_editor):
    TableResult = apps.get_model("tournaments", "TableResult")
    for result in TableResult.objects.filter(record__game=NAME).iterator():
        record = upgrade_record(result.record)
        if record is not None:
            result.record, result.record_hash = record, record_hash(record)
            result.save(update_fields=["record", "record_hash"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0005_rename_game_tableresult")]

    operations = [migrations.RunPython(upgrade_records, migrations.RunPython.noop)]
