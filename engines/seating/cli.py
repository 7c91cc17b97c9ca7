"""``python -m seating --players P --games G [--tables T] [--seed S] [--time-limit SECONDS]
[--iterations N] [--balance pairs|near|tables] [--clubs 1,2;3,4] [--final] [--report] [--json-report]``

Without ``--iterations`` or ``--time-limit`` the search runs the default move budget
(``generator.default_iterations``): the same seed gives the same seating on every machine.

Prints the seating as JSON (players 1..P, seats in order 1..10, judges 1..T), or with ``--report``
the quality report. Impossible sizes exit with status 2 and a message naming sizes that work.
"""
from __future__ import annotations

import argparse
import json
import sys

from .errors import SeatingError
from .generator import generate, generate_final
from .report import quality_report, render_text


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m seating", description="Seat a sports-mafia stage.")
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--tables", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time-limit", type=float, default=None, help="seconds of search (machine dependent)")
    parser.add_argument("--iterations", type=int, default=None, help="a move budget instead (deterministic)")
    parser.add_argument(
        "--balance",
        choices=("pairs", "near", "tables"),
        default="pairs",
        help="what gives way when opponents and tables/judges conflict (default: pairs first)",
    )
    parser.add_argument(
        "--clubs",
        default="",
        help="players of one club to keep apart: numbers separated by commas, clubs by semicolons (1,2,3;4,5)",
    )
    parser.add_argument("--final", action="store_true", help="the final: 10 players at one table")
    parser.add_argument("--report", action="store_true", help="print the quality report as text")
    parser.add_argument("--json-report", action="store_true", help="print the quality report as JSON")
    args = parser.parse_args(argv)
    try:
        clubs = _clubs(args.clubs)
        if args.final:
            if args.players != 10:
                raise SeatingError(f"the final seats 10 players, not {args.players}; would work: players 10")
            seating = generate_final(games=args.games, seed=args.seed)
        else:
            seating = generate(
                args.players,
                args.games,
                tables=args.tables,
                seed=args.seed,
                time_limit=args.time_limit,
                iterations=args.iterations,
                balance=args.balance,
                clubs=clubs,
            )
    except SeatingError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.report or args.json_report:
        report = quality_report(
            seating, seating.players, seating.tables, clubs=clubs or None, balance=args.balance
        )
        text = json.dumps(report, indent=1) if args.json_report else render_text(report)
    else:
        text = json.dumps(seating.to_document())
    try:
        print(text)
    except BrokenPipeError:  # e.g. piped into head
        sys.stderr.close()
    return 0


def _clubs(text: str) -> list[list[int]]:
    """``1,2,3;4,5`` -> [[1, 2, 3], [4, 5]]; a SeatingError naming --clubs otherwise."""
    clubs = []
    for part in text.split(";"):
        if not part.strip():
            continue
        try:
            clubs.append([int(x) for x in part.split(",") if x.strip()])
        except ValueError:
            raise SeatingError(f"--clubs: {part.strip()!r} is not a list of player numbers") from None
    return clubs


if __name__ == "__main__":
    sys.exit(main())
