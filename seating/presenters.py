"""What the admin pages show of a seating: the grid (rounds x tables) and the quality report rows,
with the generator's numbers turned back into players, tables and judges."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from engines.seating.model import Seating
from protocols.models import Game

from .selectors import Roster, StoredSeating


@dataclass
class GridCell:
    table: int
    judge: str
    seats: list[tuple[int, str]]  # (seat number, player)
    game: Game | None = None


@dataclass
class GridRound:
    number: int
    cells: list[GridCell] = field(default_factory=list)
    played: bool = False


def _judge_name(roster: Roster, judge_no: int) -> str:
    judge = roster.judge(judge_no)
    return str(judge) if judge is not None else (f"#{judge_no}" if judge_no else "—")


def grid_from_seating(seating: Seating, roster: Roster) -> list[GridRound]:
    """A generated (not yet stored) seating."""
    grid = []
    for index, tables in enumerate(seating.rounds, start=1):
        cells = [
            GridCell(
                table=table.table_no,
                judge=_judge_name(roster, table.judge_no),
                seats=[(seat, str(roster.players[number - 1])) for seat, number in enumerate(table.seats, start=1)],
            )
            for table in sorted(tables, key=lambda t: t.table_no)
        ]
        grid.append(GridRound(number=index, cells=cells))
    return grid


def grid_from_stored(stored: StoredSeating) -> list[GridRound]:
    """The stage's stored games (with their numbers and status, for swaps)."""
    grid = []
    for stored_round in stored.rounds:
        cells = [
            GridCell(
                table=game.table.number,
                judge=str(game.judge) if game.judge else "—",
                seats=[(seat.number, str(seat.player)) for seat in game.seats.all()],
                game=game,
            )
            for game in stored_round.games
        ]
        grid.append(GridRound(number=stored_round.number, cells=cells, played=stored_round.played))
    return grid


@dataclass
class SummaryRow:
    label: str
    value: str
    bound: str = ""
    worse: bool = False


def _span(low, high) -> str:
    return str(low) if low == high else f"{low}..{high}"


def _even_span(total: int, parts: int) -> tuple[int, int]:
    """The narrowest range of `parts` counts summing to `total`: ⌊total/parts⌋..⌈total/parts⌉."""
    return total // parts, -(-total // parts)


def _range_row(label: str, low: int, high: int, best: tuple[int, int] | None) -> SummaryRow:
    bound = _span(*best) if best else ""
    worse = bool(best) and (low < best[0] or high > best[1])
    return SummaryRow(label, _span(low, high), bound, worse)


def report_context(report: dict, roster: Roster) -> dict:
    """The quality report (engines.seating.report.quality_report) as rows for the admin templates:
    per stage each measure beside the best the sizes allow, per player the counts."""
    from django.utils.translation import gettext as _

    stage = report.get("full_stage") or report["stage"]
    games = stage["games_max"]
    tables = stage["tables"] or 1
    mean = stage["pair_mean"]
    summary = [
        SummaryRow(_("Players, rounds, tables a round"), f"{stage['players']}, {stage['rounds']}, {stage['tables']}"),
        _range_row(_("Games per player"), stage["games_min"], stage["games_max"], (games, games)),
        _range_row(_("Times a player takes one seat"), stage["seat_min"], stage["seat_max"], _even_span(games, 10)),
        _range_row(_("Games of a player at one table"), stage["table_min"], stage["table_max"], _even_span(games, tables)),
        _range_row(_("Games of a player with one judge"), stage["judge_min"], stage["judge_max"], _even_span(games, tables)),
        # Every pair meeting ⌊λ⌋ or ⌈λ⌉ times is the ideal, rarely reachable: shown, not flagged.
        SummaryRow(
            _("Meetings of a pair"), _span(stage["pair_min"], stage["pair_max"]),
            _span(math.floor(mean), math.ceil(mean - 1e-9)) if mean else "",
        ),
    ]
    if stage.get("pair_cap") is not None:
        above = stage["pairs_above_cap"]
        forced = stage.get("pairs_above_cap_forced") or 0
        if stage.get("pairs_above_cap_unavoidable"):
            # no seating of this size keeps the cap (in this balance mode): shown, not flagged
            value = _("%(count)d — unavoidable for this size with this balance") % {"count": above}
            summary.append(SummaryRow(
                _("Pairs meeting more than %(cap)s times (⌈λ⌉ + 1)") % {"cap": stage["pair_cap"]}, value,
                _("at least %(count)d") % {"count": max(forced, 1)}, above < max(forced, 1),
            ))
        else:
            summary.append(SummaryRow(
                _("Pairs meeting more than %(cap)s times (⌈λ⌉ + 1)") % {"cap": stage["pair_cap"]}, str(above), "0", above > 0,
            ))
    if stage.get("same_club_pairs") is not None and stage.get("same_club_pairs_fewest") is not None:
        # pigeonhole: a club larger than the tables a round must share one; the bound is the fewest possible
        bound = str(stage["same_club_pairs_fewest"])
        if stage.get("same_club_pairs_by_chance") is not None:
            bound = _("%(fewest)s; about %(chance)s without keeping clubs apart") % {
                "fewest": bound, "chance": stage["same_club_pairs_by_chance"],
            }
        summary.append(SummaryRow(_("Same-club pairs at a table"), str(stage["same_club_pairs"]), bound))
    bound = stage.get("bound_std")
    summary.append(SummaryRow(
        _("Standard deviation of pair meetings"), f"{stage['pair_std']:.3f}",
        f"{bound:.3f}" if bound is not None else "",
    ))
    summary.append(SummaryRow(_("Distinct opponents, at least"), str(stage["distinct_opponents_min"])))
    if stage.get("problems"):
        summary.append(SummaryRow(_("Problems"), "; ".join(stage["problems"]), "", True))
    players = []
    for row in report["players"]:
        number = row["player"]
        player = roster.players[number - 1] if 1 <= number <= roster.size else None
        players.append({
            "number": number,
            "name": str(player) if player is not None else f"#{number}",
            "withdrawn": player is not None and player.pk in roster.withdrawn,
            "games": row["games"],
            "seats": row["seats"],
            "tables": row["tables"],
            "judges": row["judges"],
            "opponents": row["distinct_opponents"],
            "min_meetings": row["min_meetings"],
            "max_meetings": row["max_meetings"],
        })
    note = ""
    if report.get("full_stage"):
        note = _(
            "Measured over the %(full)d players who play every game; %(partial)d withdrawn or substitute players play fewer "
            "(see them per player)."
        ) % {"full": stage["players"], "partial": stage["partial_players"]}
    return {
        "note": note,
        "summary": summary,
        "players": players,
        "seat_headers": list(range(1, 11)),
        "table_headers": list(range(1, tables + 1)),
        "judge_headers": [{"number": j, "name": _judge_name(roster, j)} for j in range(1, tables + 1)],
        "raw": report,
    }
