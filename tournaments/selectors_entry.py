"""Reads for table entry: the night's queue of results awaiting a decision, each table's
entry state, and two versions of a result side by side, hand by hand, with the checker's
verdict on each."""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.models import Event, PendingResult, PendingState
from tournaments.services.records import check

OPEN = (PendingState.PENDING, PendingState.DISPUTED)


def entry_queue(event: Event) -> list[PendingResult]:
    """The night's tables whose entered result waits for a confirmation or a decision
    (a scorekeeper may have stored the table's result directly meanwhile: not those)."""
    return list(PendingResult.objects.filter(table__round__event=event, state__in=OPEN,
                                             table__result__isnull=True)
                .select_related("table__round").order_by("table__round__number",
                                                          "table__number"))


def open_entry_states(event: Event) -> dict[int, str]:
    """table id -> "pending" or "disputed", for the tables with nothing stored yet."""
    return dict(PendingResult.objects.filter(table__round__event=event, state__in=OPEN,
                                             table__result__isnull=True)
                .values_list("table_id", "state"))


@dataclass
class VersionHand:
    hand: dict | None
    scores: list | None
    errors: list[str] = field(default_factory=list)


@dataclass
class ComparedHand:
    number: int
    versions: list[VersionHand]

    @property
    def same(self) -> bool:
        first = self.versions[0].hand
        return all(v.hand == first for v in self.versions)


@dataclass
class Version:
    key: str
    label: str
    seat: int | None
    record: dict
    valid: bool
    totals: list
    general_errors: list[str]


def _verdict(record: dict):
    report, problems = check(record)
    by_hand: dict[int, list[str]] = {}
    general = []
    for problem in problems:
        if problem.get("hand"):
            by_hand.setdefault(problem["hand"], []).append(problem["message"])
        else:
            general.append(problem["message"])
    return report, by_hand, general


def compare_versions(pending: PendingResult, labels: dict[str, str]) -> dict:
    """The submitted and (if given) disputed records, hand by hand, each with its verdict."""
    records = [("submitted", pending.submitted_seat, pending.record)]
    if pending.disputed_record:
        records.append(("disputed", pending.disputed_seat, pending.disputed_record))
    versions, per_hand = [], []
    for key, seat, record in records:
        report, by_hand, general = _verdict(record)
        versions.append(Version(key, labels[key], seat, record,
                                not by_hand and not general,
                                list(getattr(report, "totals", None) or []), general))
        scores = list(getattr(report, "scores", None) or [])
        per_hand.append([VersionHand(hand, scores[i] if i < len(scores) else None,
                                     by_hand.get(i + 1, []))
                         for i, hand in enumerate(record.get("hands") or [])])
    longest = max(len(hands) for hands in per_hand)
    rows = [ComparedHand(i + 1, [hands[i] if i < len(hands) else VersionHand(None, None)
                                 for hands in per_hand]) for i in range(longest)]
    return {"versions": versions, "rows": rows}
