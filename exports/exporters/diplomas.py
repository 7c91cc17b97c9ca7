"""One diploma a page (A4) for each award that has a winner: the tournament, its dates and city,
the player and the award, a computed one with its points and its rule (scoring.awards)."""
from __future__ import annotations

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from scoring.awards import awards_for

from ..pdf import render_pdf
from ..selectors import NothingToExport
from .base import Exporter


class DiplomasExporter(Exporter):
    identifier = "diplomas"
    formats = ("pdf",)

    def __init__(self, tournament, *, user, language: str | None = None):
        super().__init__(tournament, language=language)
        self.user = user  # the awards follow the standings' rules for this viewer (a hidden stage)

    def prepare(self) -> None:
        self.diplomas = [a for a in awards_for(self.tournament, self.user).awards if a["winner"] is not None]
        if not self.diplomas:
            raise NothingToExport("no award has a winner")

    def when(self) -> str:
        t = self.tournament
        dates = [date_format(d, "DATE_FORMAT") for d in dict.fromkeys((t.start_date, t.end_date)) if d]
        return ", ".join(filter(None, [" – ".join(dates), t.city]))

    def pdf(self, progress=None) -> bytes:
        return render_pdf("exports/diplomas.html", {
            "title": f"{self.tournament.name} — {_('Diplomas')}", "tournament": self.tournament,
            "when": self.when(), "diplomas": self.diplomas,
        }, language=self.language)
