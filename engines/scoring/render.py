"""Output of the standings: ``mafia-standings/1`` JSON and a readable table.

``dumps_standings`` writes the JSON document byte for byte as
``json.dumps(standings.to_document(), ensure_ascii=False, indent=1)`` would (the layout of
example-standings.json, no final newline), but from templates: the stdlib encoder falls
back to pure Python when indenting, which costs more than all the scoring on a large file.
tests/engines/scoring/test_properties.py holds the two equal.
"""
from __future__ import annotations

import unicodedata
from json.encoder import encode_basestring  # the C speedup when available

from .decimals import _FMT_CACHE, fmt_cents
from .standings import Standings

_BREAKDOWN = (
    '   "breakdown": {\n'
    '    "win": "%s",\n'
    '    "compensation": "%s",\n'
    '    "removal": "%s",\n'
    '    "best_move": "%s",\n'
    '    "judge_extra": "%s",\n'
    '    "penalty": "%s",\n'
    '    "replay_penalty": "%s"\n'
    '   }\n'
)
_ROW = (
    '  {\n'
    '   "place": %s,\n'
    '   "player": %s,\n'
    '   "nickname": %s,\n'
    '   "games": %s,\n'
    '   "wins": %s,\n'
    '   "wins_as_don_or_sheriff": %s,\n'
    '   "first_killed": %s,\n'
    '   "main": "%s",\n'
    '   "extra": "%s",\n'
    '   "total": "%s",\n'
    '   "tiebreak_extra": "%s",\n'
    '   "decided_by_lot": %s,\n'
    + _BREAKDOWN +
    '  }'
)


def dumps_standings(standings: Standings) -> str:
    """The mafia-standings/1 document as text (indent 1, UTF-8 characters kept)."""
    k = "null" if standings.k_cents is None else f'"{fmt_cents(standings.k_cents)}"'
    head = ('{\n "format": "mafia-standings/1",\n'
            f' "ruleset": {encode_basestring(standings.ruleset)},\n'
            f' "k": {k},\n')
    if not standings.rows:
        return head + ' "standings": []\n}'
    try:
        parts = _rows(standings.rows, _FMT_CACHE.__getitem__)
    except KeyError:  # a value outside the cache's -20.00..50.00: the plain function
        parts = _rows(standings.rows, fmt_cents)
    return head + ' "standings": [\n' + ",\n".join(parts) + "\n ]\n}"


def _rows(rows, cents) -> list[str]:
    # ``cents`` is fmt_cents or, 11 times a row and 10,000 rows in the bench, the bare
    # lookup of its cache (a C call instead of a Python one); ``%`` formats faster than
    # str.format here.
    lot = {True: "true", False: "false"}
    return [_ROW % (r.place, encode_basestring(r.player), encode_basestring(r.nickname),
                    r.games, r.wins, r.wins_as_don_or_sheriff, r.first_killed,
                    cents(r.main_cents), cents(r.extra_cents), cents(r.total_cents),
                    cents(r.tiebreak_extra_cents), lot[r.decided_by_lot],
                    *map(cents, r.components))
            for r in rows]


def display_width(text: str) -> int:
    """Terminal columns: wide (CJK, emoji) characters take two, combining marks none."""
    if text.isascii():
        return len(text)
    width = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


_COLUMNS = (
    ("Place", ">"), ("Nickname", "<"), ("Total", ">"), ("Main", ">"), ("Extra", ">"),
    ("Wins", ">"), ("TB1 extra", ">"), ("Don/Sh wins", ">"), ("1st killed", ">"),
    ("Lot", "<"),
)


def format_table(standings: Standings) -> str:
    """An aligned plain-text table: place, nickname, total, main, extra, wins, the tiebreak
    columns (8.8.1, 8.8.3, 8.8.4; wins are 8.8.2) and a mark where the lot decided."""
    body = []
    for r in standings.rows:
        body.append((
            str(r.place), r.nickname, fmt_cents(r.total_cents), fmt_cents(r.main_cents),
            fmt_cents(r.extra_cents), str(r.wins), fmt_cents(r.tiebreak_extra_cents),
            str(r.wins_as_don_or_sheriff), str(r.first_killed),
            "lot" if r.decided_by_lot else ""))
    widths = [len(name) for name, _ in _COLUMNS]
    for line in body:
        widths = [max(w, display_width(cell)) for w, cell in zip(widths, line)]

    def render(cells):
        out = []
        for (_name, align), w, cell in zip(_COLUMNS, widths, cells):
            pad = " " * (w - display_width(cell))
            out.append(pad + cell if align == ">" else cell + pad)
        return "  ".join(out).rstrip()

    k = "none" if standings.k_cents is None else fmt_cents(standings.k_cents)
    stages = ", ".join(standings.stages) if standings.stages else "all stages"
    lines = [f"Ruleset {standings.ruleset}, K = {k}, {stages}, {len(body)} players", "",
             render([name for name, _ in _COLUMNS]),
             render(["-" * w for w in widths])]
    lines.extend(render(line) for line in body)
    return "\n".join(lines) + "\n"
