"""Charts as inline SVG drawn on the server: readable without JavaScript, printable, and scaled
to the screen by their viewBox (width 100 %, so a 375 px phone never scrolls sideways). Every
chart has its numbers in a table beside it on the page; the SVG carries a <title> and a <desc>
for screen readers. Numbers and dates are written in the page's language (formats)."""
from __future__ import annotations

import html
import math
from datetime import date

from django.utils.formats import date_format, number_format
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT = 640, 280
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 14, 30
# distinguishable in print and for the common colour blindnesses (Okabe-Ito)
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")


def game_x(day: date, end: date, index: int, count: int) -> float:
    """A game's place on the time axis: its tournament's days shared evenly among its games, so
    players' histories line up by date and a tournament's games do not pile up on one point."""
    span = max((end - day).days + 1, 1)
    return day.toordinal() + span * (index + 0.5) / max(count, 1)


def _nice_step(span: float, ticks: int = 5) -> float:
    raw = max(span, 1e-9) / ticks
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * power:
            return m * power
    return 10 * power


def _legend(series: list[dict], where, limit: int) -> str:
    """The series' colour keys: the i-th swatch with its top left at ``where(i)``, its label
    beside it (a label over ``limit`` letters cut with an ellipsis, whole in its tooltip)."""
    parts = ['<g class="legend" font-size="11">']
    for i, s in enumerate(series):
        x, y = where(i)
        label = s["label"]
        shown = label if len(label) <= limit else label[:limit - 1].rstrip() + "…"
        parts.append(f'<rect x="{x}" y="{y}" width="10" height="10" fill="{COLOURS[i % len(COLOURS)]}"/>'
                     f'<text x="{x + 14}" y="{y + 9}" fill="#1b1b1b"><title>{html.escape(label)}</title>'
                     f'{html.escape(shown)}</text>')
    parts.append("</g>")
    return "".join(parts)


def line_chart(series: list[dict], *, marks: list[tuple[float, str]] = (), title: str, desc: str) -> SafeString:
    """An SVG line chart. ``series``: [{"label", "points": [(x, y), ...]}] with x a day ordinal
    (game_x); ``marks``: vertical lines at (x, label) — the tournaments. An empty chart says so."""
    points = [pt for s in series for pt in s["points"]]
    esc = html.escape
    head = (f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="chart-title chart-desc" '
            f'xmlns="http://www.w3.org/2000/svg" preserveAspectRatio="xMidYMid meet">'
            f'<title id="chart-title">{esc(title)}</title><desc id="chart-desc">{esc(desc)}</desc>')
    if not points:
        return mark_safe(head + "</svg>")
    xs = [p[0] for p in points] + [m[0] for m in marks]
    ys = [p[1] for p in points]
    x0, x1 = min(xs), max(xs)
    if x1 - x0 < 1:
        x0, x1 = x0 - 1, x1 + 1
    step = _nice_step(max(ys) - min(ys))
    y0 = math.floor(min(ys) / step) * step
    y1 = math.ceil(max(ys) / step) * step
    if y1 <= y0:
        y0, y1 = y0 - step, y1 + step
    pw, ph = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def sx(x):
        return LEFT + (x - x0) / (x1 - x0) * pw

    def sy(y):
        return TOP + (y1 - y) / (y1 - y0) * ph

    parts = [head, '<g class="grid" stroke="#d9d9d9" stroke-width="1" font-size="11" fill="#444">']
    y = y0
    while y <= y1 + step / 2:
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{sy(y):.1f}" y2="{sy(y):.1f}"/>'
                     f'<text x="{LEFT - 4}" y="{sy(y) + 4:.1f}" text-anchor="end" stroke="none">'
                     f'{esc(number_format(round(y), 0, use_l10n=True))}</text>')
        y += step
    parts.append("</g>")
    parts.append('<g class="marks" stroke="#8c8c8c" stroke-dasharray="3 3" font-size="10" fill="#444">')
    for n, (x, label) in enumerate(marks, 1):
        parts.append(f'<line x1="{sx(x):.1f}" x2="{sx(x):.1f}" y1="{TOP}" y2="{TOP + ph}"><title>{esc(label)}</title></line>'
                     f'<text x="{sx(x) + 2:.1f}" y="{TOP + 9}" stroke="none">{n}</text>')
    parts.append("</g>")
    # a game of the calendar's first or last day would put x a half day beyond it
    first, last = (date.fromordinal(min(max(int(x), 1), date.max.toordinal())) for x in (x0, x1))
    parts.append(f'<g font-size="11" fill="#444"><text x="{LEFT}" y="{HEIGHT - 8}">{esc(date_format(first, "SHORT_DATE_FORMAT"))}</text>'
                 f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" text-anchor="end">{esc(date_format(last, "SHORT_DATE_FORMAT"))}</text></g>')
    for i, s in enumerate(series):
        colour = COLOURS[i % len(COLOURS)]
        path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in s["points"])
        parts.append(f'<g class="series" data-label="{esc(s["label"])}"><polyline fill="none" stroke="{colour}" stroke-width="2" '
                     f'points="{path}"/>')
        if len(s["points"]) <= 60:
            parts.extend(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="2.5" fill="{colour}"/>' for x, y in s["points"])
        parts.append("</g>")
    if len(series) > 1:
        parts.append(_legend(series, lambda i: (LEFT + 6 + i * 130, TOP + 14), 16))  # side by side
    parts.append("</svg>")
    return mark_safe("".join(parts))


SQUARE = 320  # the reliability chart: both axes 0-100 %


def reliability_chart(series: list[dict], *, title: str, desc: str) -> SafeString:
    """A reliability chart: for each group of games (engines.ratings.quality), the forecast of red's
    win (x) against the share red won (y), both 0-100 %; the diagonal is a forecast that is
    exactly right. ``series``: [{"label", "groups": [(mean forecast, red's share, games), ...]}];
    a point's area grows with its games."""
    esc = html.escape
    left, right, top = 40, 10, 10
    size = SQUARE - left - right
    height = SQUARE - right + top  # the square plot, and room below it for the axis labels
    legend_top = height + 18  # the legend under the axis labels, a line a series
    parts = [f'<svg class="chart reliability" viewBox="0 0 {SQUARE} {legend_top + 15 * len(series)}" role="img" '
             f'aria-labelledby="reliability-title reliability-desc" xmlns="http://www.w3.org/2000/svg" '
             f'preserveAspectRatio="xMidYMid meet"><title id="reliability-title">{esc(title)}</title>'
             f'<desc id="reliability-desc">{esc(desc)}</desc>']

    def sx(p):
        return left + p * size

    def sy(p):
        return top + (1 - p) * size

    parts.append('<g class="grid" stroke="#d9d9d9" stroke-width="1" font-size="11" fill="#444">')
    for tick in range(0, 101, 25):
        p = tick / 100
        label = esc(number_format(tick, 0, use_l10n=True)) + " %"
        parts.append(f'<line x1="{left}" x2="{left + size}" y1="{sy(p):.1f}" y2="{sy(p):.1f}"/>'
                     f'<line x1="{sx(p):.1f}" x2="{sx(p):.1f}" y1="{top}" y2="{top + size}"/>'
                     f'<text x="{left - 4}" y="{sy(p) + 4:.1f}" text-anchor="end" stroke="none">{label}</text>'
                     f'<text x="{sx(p):.1f}" y="{top + size + 14}" text-anchor="middle" stroke="none">{label}</text>')
    parts.append("</g>")
    parts.append(f'<line class="diagonal" x1="{sx(0)}" y1="{sy(0)}" x2="{sx(1)}" y2="{sy(1)}" stroke="#8c8c8c" '
                 f'stroke-dasharray="4 3"/>')
    most = max((g[2] for s in series for g in s["groups"]), default=1) or 1
    for i, s in enumerate(series):
        colour = COLOURS[i % len(COLOURS)]
        groups = s["groups"]
        path = " ".join(f"{sx(p):.1f},{sy(share):.1f}" for p, share, _n in groups)
        parts.append(f'<g class="series" data-label="{esc(s["label"])}">')
        if len(groups) > 1:
            parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="1.5" points="{path}"/>')
        for p, share, games in groups:
            radius = 2.5 + 4.5 * math.sqrt(games / most)
            parts.append(f'<circle cx="{sx(p):.1f}" cy="{sy(share):.1f}" r="{radius:.1f}" fill="{colour}" fill-opacity="0.8"/>')
        parts.append("</g>")
    parts.append(_legend(series, lambda i: (left, legend_top + i * 15), 44))  # one under the other, below
    parts.append("</svg>")
    return mark_safe("".join(parts))
