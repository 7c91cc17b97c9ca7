"""The protocol sheet (RULES.md §2, regulation 9.2–9.11) as plain data: what the printed form
and the protocol spreadsheet show, built from the stored games in the export's language.

    blank_sheets(games)                 header and the nicknames in their seats, nothing else
    completed_sheets(tournament, games) everything the judge recorded, the points of each seat
                                        (exports.selectors.game_points: what the standings say)
                                        and the written reasons of the second page (9.10)
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from engines.scoring.rules.penalties import PENALTY_CENTS
from protocols.models import Game
from protocols.wording import result_name, role_letter
from tournaments.numbers import cents_text, decimal_text

from . import labels
from .selectors import GamePoints, game_points

SEATS = range(1, 11)
BLANK_DAYS = 6  # voting blocks printed on a blank sheet
BLANK_NOMINEES = 6  # nominee boxes per day on a blank sheet
BLANK_REASON_LINES = 14
CENT = Decimal("0.01")
PENALTY_POINTS = -Decimal(PENALTY_CENTS).scaleb(-2)  # a penalty of 8.5 (0.40), as the sheet prints it


def points_text(cents: int | None) -> str:
    """Points on the printed sheet, in the export's language ("6,56" in Russian)."""
    return cents_text(cents)


@dataclass
class SheetSeat:
    number: int
    nickname: str = ""
    role: str = ""          # protocol code ("red", ...), "" on a blank sheet
    role_letter: str = ""   # К / Ш / Ч / Д
    fouls: int = 0
    removal: str = ""
    left: str = ""
    first_killed: bool = False
    points: GamePoints | None = None

    @property
    def foul_boxes(self) -> list[str]:
        """The four foul boxes: box k shows k once the k-th foul is given."""
        return [str(k) if k <= self.fouls else "" for k in range(1, 5)]

    @property
    def main(self) -> str:
        return points_text(self.points.main if self.points else None)

    @property
    def extra(self) -> str:
        return points_text(self.points.extra if self.points else None)

    @property
    def total(self) -> str:
        return points_text(self.points.total if self.points else None)


@dataclass
class Ballot:
    """One round of voting on a day: the votes each nominee got (seat -> votes)."""

    votes: dict[int, int] = field(default_factory=dict)


@dataclass
class VotingDay:
    day: int
    nominees: list[int] = field(default_factory=list)          # in the order nominated
    nominated_by: dict[int, int] = field(default_factory=dict)  # nominee -> who nominated
    withdrawn: set[int] = field(default_factory=set)
    vote: dict[int, int] = field(default_factory=dict)          # nominee -> votes
    revote: dict[int, int] = field(default_factory=dict)
    leave_all: int | None = None                                # votes for "all tied leave"
    voted_out: list[int] = field(default_factory=list)

    @property
    def columns(self) -> list[dict]:
        """One column per nominee: seat, who nominated, votes, revote votes (text)."""
        cols = []
        for seat in self.nominees:
            cols.append({
                "seat": str(seat), "by": str(self.nominated_by.get(seat, "")), "withdrawn": seat in self.withdrawn,
                "vote": str(self.vote[seat]) if seat in self.vote else "",
                "revote": str(self.revote[seat]) if seat in self.revote else "",
            })
        while len(cols) < BLANK_NOMINEES:
            cols.append({"seat": "", "by": "", "withdrawn": False, "vote": "", "revote": ""})
        return cols


@dataclass
class Reason:
    """A line of the second page (9.10): what, whose, how much, why."""

    what: str
    seat: str
    nickname: str
    value: str              # as the sheet prints it, in the export's language ("+0,60")
    text: str
    amount: Decimal | None = None  # the same as a number, for the spreadsheet's cell


@dataclass
class ProtocolSheet:
    blank: bool
    tournament: str
    stage: str
    game_number: int
    round_number: int
    table_number: int
    date: str
    judge: str
    seats: list[SheetSeat]
    days: list[VotingDay]
    first_killed: str = ""       # seat number, or "—" for a miss; "" on a blank sheet
    named: list[str] = field(default_factory=lambda: ["", "", ""])
    winner: str = ""             # "red" | "black" | "draw" | "annulled"
    result: str = ""
    awarded: str = ""            # "loss awarded to a team: reason", if so
    replay_of: int | None = None
    protests: list[dict] = field(default_factory=list)
    reasons: list[Reason] = field(default_factory=list)
    signed_off_at: str = ""
    chief_judge: str = ""

    @property
    def title(self) -> str:
        return _("Game %(n)s") % {"n": self.game_number}

    @property
    def ruled_height(self) -> int:
        """Millimetres of ruled lines under the reasons, for a judge to write by pen."""
        lines = BLANK_REASON_LINES if self.blank else max(2, 6 - len(self.reasons))
        return lines * 7


def _header(game: Game, blank: bool) -> dict:
    day = game.played_on or (timezone.localtime(game.round.starts_at).date() if game.round.starts_at else None)
    return {
        "blank": blank, "tournament": game.tournament.name, "stage": str(labels.STAGES.get(game.stage.kind, game.stage.kind)),
        "game_number": game.number, "round_number": game.round.number, "table_number": game.table.number,
        "date": date_format(day, "DATE_FORMAT") if day else "", "judge": game.judge.name if game.judge else "",
        "chief_judge": game.tournament.chief_judge.name if game.tournament.chief_judge_id and game.tournament.chief_judge else "",
    }


def blank_sheets(games: list[Game]) -> Iterator[ProtocolSheet]:
    """Sheets to fill by pen: the header and who sits where, nothing the game decides."""
    for game in games:
        seated = {seat.number: seat.player.nickname for seat in game.seats.all()}
        yield ProtocolSheet(
            **_header(game, True), seats=[SheetSeat(n, seated.get(n, "")) for n in SEATS],
            days=[VotingDay(day) for day in range(1, BLANK_DAYS + 1)],
        )


def completed_sheets(tournament, games: list[Game], *, points: dict | None = None) -> Iterator[ProtocolSheet]:
    """The signed-off protocols, with each seat's points from the scoring core."""
    if points is None:
        points = game_points(tournament, {game.number for game in games})
    for game in games:
        yield completed_sheet(game, points.get(game.number, {}))


def completed_sheet(game: Game, points: dict[int, GamePoints]) -> ProtocolSheet:
    seats_by_number = {seat.number: seat for seat in game.seats.all()}
    seats, reasons = [], []
    for n in SEATS:
        seat = seats_by_number.get(n)
        if seat is None:
            seats.append(SheetSeat(n))
            continue
        left = labels.LEFT[seat.left_how] % {"n": seat.left_on or "?"} if seat.left_how in labels.LEFT else ""
        seats.append(SheetSeat(
            number=n, nickname=seat.player.nickname, role=seat.role, role_letter=role_letter(seat.role),
            fouls=seat.fouls, removal=str(labels.REMOVALS.get(seat.removed, "")), left=left,
            first_killed=n == game.first_killed_seat, points=points.get(n),
        ))
        if seat.extra:
            reasons.append(Reason(str(labels.EXTRA), str(n), seat.player.nickname, "+" + decimal_text(seat.extra, 2),
                                  seat.extra_reason, amount=Decimal(seat.extra).quantize(CENT)))
        for penalty in seat.penalties.all():
            reasons.append(Reason(labels.PENALTY % {"clause": penalty.clause}, str(n), seat.player.nickname,
                                  "−" + decimal_text(PENALTY_POINTS, 2), penalty.reason, amount=-PENALTY_POINTS))
    for version in getattr(game, "amendments", []):
        when = date_format(timezone.localtime(version.saved_at), "DATETIME_FORMAT")
        reasons.append(Reason(str(labels.AMENDMENT), "", "", when, version.reason))
    protests = []
    for protest in game.protests.all():
        status = str(labels.PROTEST_STATUSES.get(protest.status, protest.status))
        protests.append({"nickname": protest.player.nickname, "text": protest.text, "status": status, "decision": protest.decision})
        if protest.decision:
            seat_no = next((str(s.number) for s in seats_by_number.values() if s.player_id == protest.player_id), "")
            reasons.append(Reason(f"{labels.PROTEST}: {status}", seat_no, protest.player.nickname, "", protest.decision))
    named = [str(n) for n in (game.best_move or [])][:3]
    sheet = ProtocolSheet(
        **_header(game, False), seats=seats, days=_voting_days(game),
        first_killed=str(game.first_killed_seat) if game.first_killed_seat else "—",
        named=(named + ["", "", ""])[:3] if game.first_killed_seat else ["—", "—", "—"],
        winner=game.result, result=result_name(game.result) if game.result else "",
        awarded=_("loss awarded to a team: %(reason)s") % {"reason": game.awarded_reason} if game.result_kind == "awarded" else "",
        replay_of=game.replay_of.number if game.replay_of_id and game.replay_of else None,
        protests=protests, reasons=reasons,
        signed_off_at=date_format(timezone.localtime(game.signed_off_at), "DATETIME_FORMAT") if game.signed_off_at else "",
    )
    return sheet


def _voting_days(game: Game) -> list[VotingDay]:
    days: dict[int, VotingDay] = {}

    def day(n: int) -> VotingDay:
        return days.setdefault(n, VotingDay(n))

    for nomination in game.nominations.all():
        d = day(nomination.day)
        if nomination.nominee_seat not in d.nominees:
            d.nominees.append(nomination.nominee_seat)
        d.nominated_by[nomination.nominee_seat] = nomination.by_seat
        if nomination.withdrawn:
            d.withdrawn.add(nomination.nominee_seat)
    for count in game.votes.all():
        d = day(count.day)
        if count.ballot == 3:
            d.leave_all = count.votes
            continue
        if count.nominee_seat is not None and count.nominee_seat not in d.nominees:
            d.nominees.append(count.nominee_seat)
        (d.vote if count.ballot == 1 else d.revote)[count.nominee_seat] = count.votes
    for seat in game.seats.all():
        if seat.left_how == "voted" and seat.left_on:
            day(seat.left_on).voted_out.append(seat.number)
    return [days[n] for n in sorted(days)]
