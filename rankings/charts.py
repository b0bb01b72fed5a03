"""Server-drawn SVG charts (no JavaScript, no CDN): the rating-history line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


@dataclass(frozen=True)
class ChartPoint:
    when: datetime
    value: float
    spread: float = 0.0  # drawn as a band of +/- spread (sigma); 0 draws none


def _scale(lo: float, hi: float, out_lo: float, out_hi: float):
    span = (hi - lo) or 1.0
    return lambda v: out_lo + (v - lo) * (out_hi - out_lo) / span


def rating_chart(points: Sequence[ChartPoint], *, title: str, width: int = 640,
                 height: int = 220) -> SafeString:
    """A line of the rating after each game, with its uncertainty band, as inline SVG.

    X is the game number (games are evenly spaced, whatever the dates), Y the rating.
    Only numbers and escaped text go into the markup.
    """
    pad_l, pad_r, pad_t, pad_b = 56, 12, 24, 28
    label = escape(title)
    if not points:
        return mark_safe(
            f'<svg class="chart" role="img" aria-label="{label}" width="{width}" height="40" '
            f'xmlns="http://www.w3.org/2000/svg"><text x="4" y="24">{escape(_("No rated games yet."))}'
            f"</text>"
            f"</svg>")
    lows = [p.value - p.spread for p in points]
    highs = [p.value + p.spread for p in points]
    x = _scale(0, max(len(points) - 1, 1), pad_l, width - pad_r)
    y = _scale(min(lows), max(highs), height - pad_b, pad_t)
    line = " ".join(f"{x(i):.1f},{y(p.value):.1f}" for i, p in enumerate(points))
    parts = [
        f'<svg class="chart" role="img" aria-label="{label}" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{label}</title>",
        f'<rect x="{pad_l}" y="{pad_t}" width="{width - pad_l - pad_r}" '
        f'height="{height - pad_t - pad_b}" fill="#fff" stroke="#d8dce3"/>',
    ]
    if any(p.spread for p in points):
        upper = [f"{x(i):.1f},{y(h):.1f}" for i, h in enumerate(highs)]
        lower = [f"{x(i):.1f},{y(lo):.1f}" for i, lo in reversed(list(enumerate(lows)))]
        parts.append(f'<polygon class="band" points="{" ".join(upper + lower)}" '
                     f'fill="#2c5aa0" fill-opacity="0.15"/>')
    parts.append(f'<polyline class="line" points="{line}" fill="none" stroke="#2c5aa0" '
                 f'stroke-width="2"/>')
    for value in (min(lows), max(highs)):
        parts.append(f'<text x="{pad_l - 6}" y="{y(value) + 4:.1f}" text-anchor="end" '
                     f'font-size="11">{value:.0f}</text>')
    first, last = points[0].when, points[-1].when
    games = ngettext("%(n)d game", "%(n)d games", len(points)) % {"n": len(points)}
    parts.append(f'<text x="{pad_l}" y="{height - 8}" font-size="11">'
                 f'{first:%Y-%m-%d}</text>')
    parts.append(f'<text x="{width - pad_r}" y="{height - 8}" font-size="11" '
                 f'text-anchor="end">{last:%Y-%m-%d} · {escape(games)}</text>')
    parts.append("</svg>")
    return mark_safe("".join(parts))
