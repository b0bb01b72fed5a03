"""Server-drawn SVG for the leaderboard: how a pool's ratings are spread (a histogram)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

BINS = 12


def _bins(values: Sequence[float], lo: float, width: float) -> list[int]:
    counts = [0] * BINS
    for value in values:
        counts[min(int((value - lo) / width), BINS - 1)] += 1
    return counts


def rating_histogram(established: Sequence[float], provisional: Sequence[float], *,
                     title: str, width: int = 640, height: int = 160,
                     marker: float | None = None, marker_label: str = "") -> SafeString:
    """Players per rating band; provisional players stacked on top in a lighter shade.

    `marker` draws a line at one rating (a player's own), labelled `marker_label`.
    """
    label = escape(title)
    values = [*established, *provisional]
    if len(values) < 2:
        return mark_safe("")
    lo, hi = math.floor(min(values)), math.ceil(max(values))
    bin_width = max((hi - lo) / BINS, 1e-9)
    solid, light = _bins(established, lo, bin_width), _bins(provisional, lo, bin_width)
    tallest = max(s + p for s, p in zip(solid, light, strict=True))
    pad_l, pad_b, pad_t = 8, 22, 8
    bar_w = (width - 2 * pad_l) / BINS
    scale = (height - pad_b - pad_t) / tallest
    parts = [
        f'<svg class="chart histogram" role="img" aria-label="{label}" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{label}</title>',
    ]
    base = height - pad_b
    for i, (s, p) in enumerate(zip(solid, light, strict=True)):
        x = pad_l + i * bar_w
        for count, bottom, fill in ((s, base, "#2c5aa0"), (p, base - s * scale, "#9fb6da")):
            if count:
                parts.append(f'<rect x="{x + 1:.1f}" y="{bottom - count * scale:.1f}" '
                             f'width="{bar_w - 2:.1f}" height="{count * scale:.1f}" '
                             f'fill="{fill}"><title>{count}</title></rect>')
    if marker is not None:
        parts.append(_marker(pad_l + (marker - lo) / bin_width * bar_w, pad_t, base,
                             escape(marker_label), width))
    parts.append(f'<text x="{pad_l}" y="{height - 6}" font-size="11">{lo}</text>')
    parts.append(f'<text x="{width - pad_l}" y="{height - 6}" font-size="11" '
                 f'text-anchor="end">{hi}</text>')
    parts.append("</svg>")
    return mark_safe("".join(parts))


def _marker(x: float, top: float, base: float, label: str, width: int) -> str:
    # The label sits on the side with room, so it never runs off a narrow chart.
    anchor, dx = ("end", -4) if x > width / 2 else ("start", 4)
    return (f'<g class="marker"><line x1="{x:.1f}" x2="{x:.1f}" y1="{top:.1f}" y2="{base:.1f}" '
            f'stroke="#c0392b" stroke-width="2"/><text x="{x + dx:.1f}" y="{top + 13:.1f}" '
            f'font-size="15" fill="#c0392b" text-anchor="{anchor}">{label}</text>'
            f'<title>{label}</title></g>')
