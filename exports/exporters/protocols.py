"""Protocol sheets: blank ones for a round (to fill by pen), completed ones for signed-off games."""
from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _

from protocols.models import Game, GameStatus
from protocols.vocabulary import TEAM_NAMES

from ..pdf import render_parts
from ..selectors import NothingToExport, protocol_games, round_games, signed_off_games
from ..sheets import ProtocolSheet, blank_sheets, completed_sheets
from ..xlsx import Heading, XlsxBook
from .base import Exporter

TEMPLATE = "exports/protocol_sheets.html"


class ProtocolExporter(Exporter):
    identifier = "protocols"
    progress_steps = 8  # a booklet lays out in up to this many parts, so its job can report progress

    def __init__(self, tournament, *, stage=None, rnd=None, game=None, games=None, blank: bool = False,
                 language: str | None = None):
        """One of: `game`, `rnd`, `stage`, `games` (chosen games of the tournament), or none (all)."""
        super().__init__(tournament, stage=stage, language=language)
        self.round, self.game, self.games, self.blank = rnd, game, games, blank
        self.sheets: list[ProtocolSheet] = []

    def name_parts(self) -> list[str]:
        if self.game is not None:
            return [self.tournament.slug, "protocol", "game", str(self.game.number), "blank" if self.blank else ""]
        parts = [self.tournament.slug, "protocols"]
        stage = self.round.stage if self.round is not None else self.stage
        if stage is not None:
            parts.append(stage.kind)
        if self.round is not None:
            parts += ["round", str(self.round.number)]
        return parts + (["blank"] if self.blank else [])

    def selected_games(self):
        """The games the export prints, before their rows are read."""
        if self.games is not None:
            games = self.games.filter(tournament=self.tournament)
            games = games if self.blank else games.filter(status=GameStatus.SIGNED_OFF)
            if not games.exists():
                raise NothingToExport(_("None of the chosen games is signed off.") if not self.blank else _("No games chosen."))
            return games
        if self.blank:
            if self.game is not None:
                return Game.objects.filter(pk=self.game.pk)
            if self.round is not None:
                return round_games(self.round)
            games = Game.objects.filter(tournament=self.tournament, replay_of__isnull=True)
            games = games.filter(stage=self.stage) if self.stage is not None else games
            if not games.exists():
                raise NothingToExport(_("No seating is stored here yet."))
            return games
        return signed_off_games(self.tournament, stage=self.stage, rnd=self.round, game=self.game)

    def count(self) -> int:
        return self.selected_games().count()

    def prepare(self) -> None:
        games = protocol_games(self.selected_games())
        self.sheets = list(blank_sheets(games) if self.blank else completed_sheets(self.tournament, games))

    def pdf(self, progress=None) -> bytes:
        # Each part costs a layout of its own (about a sixth of a sheet): few parts, at least two sheets each.
        step = max(2, -(-len(self.sheets) // self.progress_steps)) if progress is not None else len(self.sheets)
        parts = ({"sheets": self.sheets[i:i + step], "title": self.title(), "teams": TEAM_NAMES} for i in range(0, len(self.sheets), step))
        total = len(self.sheets)
        report = (lambda n: progress(min(n * step, total), total)) if progress is not None else None
        return render_parts(TEMPLATE, parts, language=self.language, progress=report)

    def title(self) -> str:
        if self.blank:
            return _("Blank protocol sheets")
        return _("Protocol sheets")

    # -- the spreadsheet: a summary of the games, then a sheet per game ------------------------
    def summary_rows(self):
        for s in self.sheets:
            yield [s.game_number, s.stage, s.round_number, s.table_number, s.date, s.judge, s.result,
                   s.first_killed, " ".join(n for n in s.named if n), len(s.protests), len(s.reasons)]

    def game_rows(self, s: ProtocolSheet):
        yield [Heading(f"{s.tournament} — {_('GAME PROTOCOL')} № {s.game_number}")]
        yield [_("Stage"), s.stage, _("Round"), s.round_number, _("Table"), s.table_number, _("Date"), s.date, _("Judge"), s.judge]
        yield []
        yield [Heading(_("Seat")), _("Player"), _("Role"), _("Fouls"), _("Removal"), _("Left"), _("Points"), _("Extra"), _("Total")]
        for seat in s.seats:
            points = seat.points
            yield [seat.number, seat.nickname, seat.role_letter, seat.fouls if not s.blank else None, seat.removal, seat.left,
                   _cents(points.main) if points else None, _cents(points.extra) if points else None,
                   _cents(points.total) if points else None]
        if s.blank:
            return
        yield []
        yield [Heading(_("Day")), _("Nominee"), _("Nominated by"), _("Votes"), _("Revote"), _("All leave?"), _("Out")]
        for day in s.days:
            for k, seat in enumerate(day.nominees):
                yield [day.day, seat, day.nominated_by.get(seat), day.vote.get(seat), day.revote.get(seat),
                       day.leave_all if k == 0 else None, ", ".join(map(str, day.voted_out)) if k == 0 else None]
        yield []
        yield [Heading(_("Best move")), _("First killed"), s.first_killed, _("Named"), *[n for n in s.named]]
        yield [Heading(_("Winning team")), s.result, s.awarded]
        yield []
        yield [Heading(_("What")), _("Seat"), _("Player"), _("Value"), _("Reason")]
        for r in s.reasons:
            yield [r.what, r.seat, r.nickname, r.amount if r.amount is not None else r.value, r.text]
        for p in s.protests:
            yield [_("Protest"), "", p["nickname"], p["status"], p["text"], p["decision"]]
        yield []
        yield [_("Signed off"), s.signed_off_at]

    def xlsx(self) -> bytes:
        book = XlsxBook()
        book.table(
            _("Games"), [_("Game"), _("Stage"), _("Round"), _("Table"), _("Date"), _("Judge"), _("Result"), _("First killed"),
                         _("Named"), _("Protests"), _("Written reasons")],
            self.summary_rows(), lines=[self.tournament.name, self.title()], widths={1: 16, 4: 16, 5: 22, 6: 22},
        )
        for s in self.sheets:
            book.sheet(_("Game %(n)s") % {"n": s.game_number}, self.game_rows(s),
                       widths={0: 14, 1: 22, 2: 12, 3: 10, 4: 16, 5: 22, 6: 10, 7: 10, 8: 10}, points=(3, 6, 7, 8))
        return book.to_bytes()


def _cents(cents: int) -> Decimal:
    return Decimal(cents).scaleb(-2).quantize(Decimal("0.01"))

