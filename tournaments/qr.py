"""QR codes as inline SVG, drawn on the server (segno, pure Python): sharp when printed,
nothing for the phone or the printer to download."""

from __future__ import annotations

import segno
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str, *, label: str, scale: int = 3) -> SafeString:
    """The QR code of `url`; `label` is what a screen reader says instead."""
    svg = segno.make(url, error="m").svg_inline(scale=scale, border=2, svgclass="qr",
                                                  title=label)
    # segno escapes the title and writes only its own markup.
    return format_html('<span class="qr-code" role="img" aria-label="{}">{}</span>', label,
                       mark_safe(svg))  # noqa: S308
