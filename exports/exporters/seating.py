"""The stored seating: every round's tables with their judge and seats, and for each player
their table and seat in every round (a card per player in the PDF, a grid in the spreadsheet)."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from seating.selectors import stored_seating
from tournaments.models import Registration

from ..labels import STAGES
from ..pdf import render_pdf
from ..selectors import NothingToExport
from ..xlsx import XlsxBook
from .base import Exporter


@dataclass
class SeatedTable:
    number: int
    game_number: int
    judge: str
    seats: list[str]  # nickname of seat 1..10


@dataclass
class SeatedRound:
    stage: str
    stage_label: str
    number: int
    tables: list[SeatedTable]

    @property
    def title(self) -> str:
        return _("%(stage)s, round %(n)s") % {"stage": self.stage_label, "n": self.number}


@dataclass
class PlayerCard:
    nickname: str
    club: str
    seats: list[dict] = field(default_factory=list)  # stage_label, round, table, seat, judge, game


TABLES_PER_GRID = 6  # tables side by side on a landscape page


def _grid(tables: list[SeatedTable]) -> dict:
    """Tables side by side: their heads, then seat n of each table on row n."""
    return {"tables": tables, "rows": [(n + 1, [t.seats[n] for t in tables]) for n in range(10)]}


class SeatingExporter(Exporter):
    identifier = "seating"

    def prepare(self) -> None:
        stages = [self.stage] if self.stage is not None else list(self.tournament.stages.order_by("order"))
        self.rounds: list[SeatedRound] = []
        cards: dict[int, PlayerCard] = {}
        for stage in stages:
            stored = stored_seating(stage=stage)
            label = str(STAGES.get(stage.kind, stage.kind))
            for stored_round in stored.rounds:
                tables = []
                for game in stored_round.games:
                    seats = [""] * 10
                    judge = game.judge.name if game.judge else ""
                    for seat in game.seats.all():
                        if 1 <= seat.number <= 10:
                            seats[seat.number - 1] = seat.player.nickname
                        card = cards.setdefault(seat.player_id, PlayerCard(seat.player.nickname, ""))
                        card.seats.append({"stage": label, "round": stored_round.number, "table": game.table.number,
                                           "seat": seat.number, "judge": judge, "game": game.number,
                                           "key": (stage.kind, stored_round.number)})
                    tables.append(SeatedTable(game.table.number, game.number, judge, seats))
                self.rounds.append(SeatedRound(stage.kind, label, stored_round.number, tables))
        if not self.rounds:
            raise NothingToExport(_("No seating is stored here yet."))
        registrations = {r.player_id: r for r in Registration.objects.filter(tournament=self.tournament).select_related("player__club")}
        big = 1 << 30

        def order(item):
            reg = registrations.get(item[0])
            return (reg is None or reg.number is None, reg.number if reg and reg.number is not None else big, item[1].nickname)

        self.cards = []
        for player_id, card in sorted(cards.items(), key=order):
            reg = registrations.get(player_id)
            card.club = reg.player.club.name if reg and reg.player.club else ""
            self.cards.append(card)

    # -- formats ------------------------------------------------------------------------------
    def title(self) -> str:
        scope = str(STAGES.get(self.stage.kind)) if self.stage is not None else ""
        return " — ".join(p for p in (self.tournament.name, _("Seating"), scope) if p)

    def pdf(self, progress=None) -> bytes:
        return render_pdf("exports/seating.html", {
            "title": self.title(), "tournament": self.tournament, "rounds": self.rounds, "cards": self.cards,
            "chunks": [(r, [_grid(r.tables[i:i + TABLES_PER_GRID]) for i in range(0, len(r.tables), TABLES_PER_GRID)])
                       for r in self.rounds],
        }, language=self.language)

    def grid_rows(self):
        """The round × table grid: a row per table of each round, its judge and seats 1-10."""
        for r in self.rounds:
            for t in r.tables:
                yield [r.stage_label, r.number, t.number, t.game_number, t.judge, *t.seats]

    def player_columns(self) -> list[tuple]:
        return [(r.stage, r.number) for r in self.rounds]

    def player_rows(self):
        """The player × round grid: "T2 S5" (table 2, seat 5) in each round the player plays."""
        keys = self.player_columns()
        for card in self.cards:
            where = {s["key"]: _("T%(table)s S%(seat)s") % {"table": s["table"], "seat": s["seat"]} for s in card.seats}
            yield [card.nickname, card.club, *[where.get(k, "") for k in keys]]

    def xlsx(self) -> bytes:
        book = XlsxBook()
        book.table(_("Rounds and tables"), [_("Stage"), _("Round"), _("Table"), _("Game"), _("Judge"),
                                            *[_("Seat %(n)s") % {"n": n} for n in range(1, 11)]],
                   self.grid_rows(), lines=[self.title()], widths={0: 14, 4: 20, **{i: 16 for i in range(5, 15)}})
        book.table(_("Players and rounds"), [_("Player"), _("Club"), *[f"{r.stage_label[:1]}{r.number}" for r in self.rounds]],
                   self.player_rows(), lines=[self.title(), _("T: table, S: seat; Q, S, F: qualifying, semifinal, final round")],
                   widths={0: 22, 1: 20, **{i: 8 for i in range(2, 2 + len(self.rounds))}})
        return book.to_bytes()
