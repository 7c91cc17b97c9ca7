"""The standings of the current snapshot: place, nickname, club, total, main and extra points,
the tiebreak columns (8.8), the lot marks and each player's breakdown by rule."""
from __future__ import annotations

from decimal import Decimal

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engines.scoring.rulesets import get_ruleset
from tournaments.numbers import decimal_text

from ..labels import COMPONENTS, STAGES
from ..pdf import render_pdf
from ..selectors import StandingsRead, current_standings
from ..xlsx import XlsxBook
from .base import Exporter

# The marks of the public standings (templates/public/_standings.html) after a player who left.
LEFT_MARKS = {"withdrawn": "†", "excluded": "‡"}


class StandingsExporter(Exporter):
    identifier = "standings"

    def __init__(self, tournament, *, language: str | None = None, stage=None, after: int | None = None):
        super().__init__(tournament, language=language, stage=stage)
        self.after = after  # a round ordinal (scoring.cuts): the standings as after it; None: current

    def name_parts(self) -> list[str]:
        return super().name_parts() + ([f"after-{self.after}"] if self.after is not None else [])

    def prepare(self) -> None:
        self.read: StandingsRead = current_standings(self.tournament, self.stage, self.after)
        self.components = get_ruleset(self.read.snapshot.ruleset).components

    # -- the rows both formats print ---------------------------------------------------------
    def header(self) -> list[str]:
        return [_("Place"), _("Lot"), _("Player"), _("Club"), _("Total"), _("Main"), _("Extra"), _("TB1"), _("Wins"),
                _("Wins D/S"), _("First killed"), _("Games"), *[str(COMPONENTS[k]) for k in self.components]]

    points_columns = (4, 5, 6, 7)

    def rows(self):
        for r in self.read.rows:
            name = f"{r.nickname} {LEFT_MARKS[r.mark]}" if r.mark in LEFT_MARKS else r.nickname
            yield [r.place, "*" if r.decided_by_lot else "", name, r.club, r.total, r.main, r.extra,
                   r.tiebreak_extra, r.wins, r.wins_as_don_or_sheriff, r.first_killed, r.games,
                   *[Decimal(r.breakdown.get(k, "0")) for k in self.components]]

    def lines(self) -> list[str]:
        snapshot = self.read.snapshot
        facts = [str(STAGES.get(self.read.scope, self.read.scope))]
        if self.read.after is not None:
            facts.append(_("as after round %(n)s of the tournament") % {"n": self.read.after})
        facts += [
                 _("computed at %(when)s") % {"when": date_format(timezone.localtime(snapshot.computed_at), "DATETIME_FORMAT")},
                 ngettext("%(n)s game", "%(n)s games", snapshot.games) % {"n": snapshot.games}]
        if snapshot.k:
            facts.append(f"K = {snapshot.k}")
        return [f"{self.tournament.name} — {_('Standings')}", " · ".join(facts)]

    def legend(self) -> str:
        legend = _("* place decided by lot (8.8.5). TB1: extra points of tiebreak 1 (8.8.1); Wins D/S: wins as don or sheriff "
                   "(8.8.3); First killed: times first-killed (8.8.4).")
        if any(r.mark in LEFT_MARKS for r in self.read.rows):
            legend += " " + _("† withdrawn from the tournament, ‡ excluded from it.")
        return legend

    # -- formats ------------------------------------------------------------------------------
    first_component = 12  # the column of the first rule's points (the PDF sets them apart)

    def pdf(self, progress=None) -> bytes:
        """The standings' table on A4 (exports/standings.html): also the team standings' (teams.py)."""
        return render_pdf("exports/standings.html", {
            "title": self.lines()[0], "lines": self.lines(), "header": self.header(),
            "rows": [[decimal_text(v, 2) if isinstance(v, Decimal) else v for v in row] for row in self.rows()],
            "legend": self.legend(), "first_component": self.first_component,
        }, language=self.language)

    def xlsx(self) -> bytes:
        book = XlsxBook()
        points = (*self.points_columns, *range(12, 12 + len(self.components)))
        book.table(_("Standings"), self.header(), self.rows(), lines=self.lines(), points=points,
                   widths={0: 7, 1: 5, 2: 22, 3: 22})
        return book.to_bytes()
