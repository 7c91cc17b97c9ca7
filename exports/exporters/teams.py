"""The team standings of a team tournament (scoring/teams.py, docs/teams.md): place, lot mark,
team, total, the summed tie-break columns, and the members with their own totals (the ones not
counted in brackets)."""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.teams import TeamsView, team_view
from tournaments.numbers import decimal_text

from ..selectors import NothingToExport
from ..xlsx import XlsxBook
from .base import Exporter
from .standings import StandingsExporter


class TeamStandingsExporter(Exporter):
    identifier = "teams"

    def __init__(self, tournament, *, language: str | None = None, user=None):
        super().__init__(tournament, language=language)
        self.user = user  # whose view of the standings (a hidden stage: the public's cut)

    def prepare(self) -> None:
        self.view: TeamsView = team_view(self.tournament, self.user)
        if self.view.withheld or not self.view.lines:
            raise NothingToExport("no team standings")

    def header(self) -> list[str]:
        return [_("Place"), _("Lot"), _("Team"), _("Total"), _("TB1"), _("Wins"), _("Wins D/S"), _("First killed"),
                _("Games"), _("Members")]

    def _members(self, line) -> str:
        def one(m):
            text = m.nickname if m.total is None else f"{m.nickname} {decimal_text(m.total, 2)}"
            return text if m.counted else f"({text})"
        return ", ".join(one(m) for m in line.members)

    def rows(self):
        for line in self.view.lines:
            yield [line.place, "*" if line.decided_by_lot else "", line.name, line.total, line.tiebreak_extra, line.wins,
                   line.wins_as_don_or_sheriff, line.first_killed, line.games, self._members(line)]

    def lines(self) -> list[str]:
        best = self.tournament.team_best
        rule = (ngettext("a team's total: its best member's", "a team's total: its %(n)s best members'", best) % {"n": best}
                if best else _("a team's total: every member's"))
        facts = [rule]
        if self.view.after is not None:
            facts.append(_("as after round %(n)s of the tournament") % {"n": self.view.after})
        return [f"{self.tournament.name} — {_('Team standings')}", " · ".join(facts)]

    def legend(self) -> str:
        return _("* place decided by lot (8.8.5). TB1, Wins, Wins D/S, First killed: the counted members' tiebreaks "
                 "(8.8.1–8.8.4) summed. A member in brackets is not counted.")

    first_component = 99  # no rule's columns
    pdf = StandingsExporter.pdf

    def xlsx(self) -> bytes:
        book = XlsxBook()
        book.table(_("Team standings"), self.header(), self.rows(), lines=self.lines(), points=(3, 4),
                   widths={0: 7, 1: 5, 2: 22, 9: 60})
        return book.to_bytes()
