"""The seating as a player × round grid: a row per player (by nickname), a column per round, a
cell "table/seat". Built as HTML here, not with template tags: 200 players × 12 rounds is 2,400
cells, which template loops render ten times slower."""
from __future__ import annotations

import html

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from .selectors import SeatingRound


def grid_html(rounds: list[SeatingRound], me_id: int | None) -> SafeString:
    """The <thead> and <tbody> of the grid; rounds carry their `label` (the stage) already."""
    players: dict[int, tuple[str, dict[int, str]]] = {}
    for column, rnd in enumerate(rounds):
        for table in rnd.tables:
            for seat, player_id, nickname in table.seats:
                cells = players.setdefault(player_id, (nickname, {}))[1]
                cells[column] = f"{table.number}/{seat}"
    head = "".join(
        f'<th scope="col" class="num" title="{html.escape(str(rnd.label))}">{html.escape(_short(rnd))}</th>'
        for rnd in rounds
    )
    body = []
    for player_id, (nickname, cells) in sorted(players.items(), key=lambda item: item[1][0].casefold()):
        mine = ' class="me"' if player_id == me_id else ""
        row = "".join(f'<td class="num">{cells.get(column, "—")}</td>' for column in range(len(rounds)))
        body.append(f'<tr{mine}><th scope="row">{html.escape(nickname)}</th>{row}</tr>')
    return mark_safe(f'<thead><tr><th scope="col">{html.escape(_("Player"))}</th>{head}</tr></thead>'
                     f'<tbody>{"".join(body)}</tbody>')


def _short(rnd: SeatingRound) -> str:
    """A column heading: "R3" (qualifying round 3), "SF1", "F2"."""
    headings = {"qualifying": _("R%(n)s"), "semifinal": _("SF%(n)s"), "final": _("F%(n)s")}
    return headings.get(rnd.stage, "%(n)s") % {"n": rnd.number}
