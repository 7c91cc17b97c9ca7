"""The scoring command line (tournament-file.md): ``python -m scoring ...``.

    standings FILE [--stage STAGE ...] [--format json|table]
        prints the standings; exit 0, or 2 (nothing on stdout, the problems on stderr)
        when the file is not JSON or not a valid tournament file.
    check FILE
        prints every problem, one a line; exit 1 if there is any (a file that is not JSON
        is one: "not valid JSON: ..."), 0 and no output if the file is valid, 2 (message on
        stderr) if the file cannot be read at all.
    explain FILE PLAYER [--stage STAGE ...]
        every point of one player: game, stage, component, clause, points, note.
    awards FILE [--min-share FRACTION] [--stage STAGE ...]
        the nominations (awards.py, docs/awards.md) as JSON: the best in each role and the best
        first-killed, each with its ranking; exit 2 as ``standings`` for a file that is not valid.
    teams FILE [--stage STAGE ...]
        the team standings (teams.py, docs/teams.md) of the file's "teams" as JSON; exit 2 for a
        file that is not valid, has no "teams", or whose "teams" has a problem (each named).

The JSON standings are written exactly as example-standings.json is laid out, without a
final newline, so ``python -m scoring standings f.json > out.json`` gives identical bytes.
"""
from __future__ import annotations

import argparse
import gc
import sys
from contextlib import contextmanager

from .fileformat import NotJSON, UnreadableFile, loads, read_bytes, read_document
from .model import STAGES

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_INVALID = 2


def _write(stream, text: str) -> None:
    stream.buffer.write(text.encode("utf-8")) if hasattr(stream, "buffer") else stream.write(text)
    stream.flush()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m scoring",
                                     description="Sports-mafia rating calculator.")
    sub = parser.add_subparsers(dest="command", required=True)
    st = sub.add_parser("standings", help="print the standings of a tournament file")
    st.add_argument("file")
    st.add_argument("--stage", action="extend", nargs="+", choices=STAGES, default=None,
                    help="rank only these stages' games (default: all)")
    st.add_argument("--format", choices=("json", "table"), default="json")
    ch = sub.add_parser("check", help="list every problem of a tournament file")
    ch.add_argument("file")
    ex = sub.add_parser("explain", help="explain every point of one player")
    ex.add_argument("file")
    ex.add_argument("player")
    ex.add_argument("--stage", action="extend", nargs="+", choices=STAGES, default=None)
    aw = sub.add_parser("awards", help="the nominations: the best in each role and the best first-killed")
    aw.add_argument("file")
    aw.add_argument("--min-share", type=_share, default=None,
                    help="games in a role a nominee needs, as a share of a fair deal's (default 1/2)")
    aw.add_argument("--stage", action="extend", nargs="+", choices=STAGES, default=None)
    tm = sub.add_parser("teams", help="the team standings of the file's teams")
    tm.add_argument("file")
    tm.add_argument("--stage", action="extend", nargs="+", choices=STAGES, default=None)
    return parser


def _share(text: str):
    """A share from 0 to 1, as 0.5 or 1/2 (argparse names the option when it is not)."""
    from fractions import Fraction

    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"not between 0 and 1: {text}")
    return value


@contextmanager
def _no_gc_pauses():
    """Hold off the cyclic garbage collector while a file is read and scored.

    Parsing allocates hundreds of thousands of small objects and no reference cycles; left
    on, the collector rescans the growing heap again and again (about a third of the time
    of a 10,000-player file, bench/scoring.py). Reference counting still frees everything.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _load(path, data=None):
    """(tournament or None, problem lines, unreadable message or None), by the careful path.

    A file that is read but is not JSON is a problem of the file (tournament-file.md's
    "Validity"); only a file that cannot be read at all is "unreadable"."""
    try:
        obj = loads(read_bytes(path) if data is None else data)
    except NotJSON as exc:
        return None, [str(exc)], None
    except UnreadableFile as exc:
        return None, [], str(exc)
    tournament, problems = read_document(obj)
    return tournament, [str(p) for p in problems], None


def run_standings(path, stages=None, fmt="json") -> tuple[int, str, str]:
    """What ``standings`` does, minus the process: (exit code, stdout text, stderr text)."""
    with _no_gc_pauses():
        # The tournament is freed inside _standings, before the collector is back on.
        return _standings(path, stages, fmt)


def _standings(path, stages, fmt):
    from .render import dumps_standings, format_table

    try:
        data = read_bytes(path)
    except UnreadableFile as exc:
        return EXIT_INVALID, "", f"{exc}\n"
    standings, problems = standings_of_bytes(data, stages)
    if problems:
        return EXIT_INVALID, "", "\n".join(problems) + "\n"
    text = dumps_standings(standings) if fmt == "json" else format_table(standings)
    return EXIT_OK, text, ""


def standings_of_bytes(data: bytes, stages=None):
    """(the Standings, []) of a tournament file's bytes, or (None, its problem lines): what
    ``standings`` computes. The rules' tallies over the decoded file take the valid file
    (fastpath.py); anything else (a problem, a float, ...) comes back as None there and the
    careful path decides, which is ``compute_standings`` of the parsed file, as the Django
    side scores it."""
    from .fastpath import standings_from_bytes
    from .standings import compute_standings

    standings = standings_from_bytes(data, stages)
    if standings is not None:
        return standings, []
    tournament, problems, _ = _load(None, data)
    if problems:
        return None, problems
    return compute_standings(tournament, stages), []


def run_check(path) -> tuple[int, str, str]:
    with _no_gc_pauses():
        _, problems, unreadable = _load(path)
    if unreadable:
        return EXIT_INVALID, "", unreadable + "\n"
    if problems:
        return EXIT_PROBLEMS, "\n".join(problems) + "\n", ""
    return EXIT_OK, "", ""


def run_explain(path, player, stages=None) -> tuple[int, str, str]:
    from .standings import explain_player, format_explanation

    tournament, problems, unreadable = _load(path)
    if unreadable or problems:
        return EXIT_INVALID, "", (unreadable or "\n".join(problems)) + "\n"
    if player not in {p.id for p in tournament.players}:
        return EXIT_INVALID, "", f"no player {player} in the file\n"
    return EXIT_OK, format_explanation(explain_player(tournament, player, stages)) + "\n", ""


def run_awards(path, min_share=None, stages=None) -> tuple[int, str, str]:
    import json

    from .awards import DEFAULT_MIN_SHARE, nominations

    tournament, problems, unreadable = _load(path)
    if unreadable or problems:
        return EXIT_INVALID, "", (unreadable or "\n".join(problems)) + "\n"
    found = nominations(tournament, DEFAULT_MIN_SHARE if min_share is None else min_share, stages)
    return EXIT_OK, json.dumps({"awards": [n.to_document() for n in found]}, ensure_ascii=False, indent=2) + "\n", ""


def run_teams(path, stages=None) -> tuple[int, str, str]:
    import json

    from .rulesets import RULESETS
    from .standings import compute_standings
    from .teams import read_teams, team_standings

    tournament, problems, unreadable = _load(path)
    if unreadable or problems:
        return EXIT_INVALID, "", (unreadable or "\n".join(problems)) + "\n"
    document = loads(read_bytes(path))
    plan, problems = read_teams(document.get("teams"), [p.id for p in tournament.players])
    if problems:
        return EXIT_INVALID, "", "\n".join(problems) + "\n"
    if plan is None:
        return EXIT_INVALID, "", "the file has no \"teams\"\n"
    rows = team_standings(compute_standings(tournament, stages), plan, RULESETS[tournament.ruleset].tiebreaks,
                          tournament.lot_seed)
    body = {"best": plan.best, "teams": [row.to_document() for row in rows]}
    return EXIT_OK, json.dumps(body, ensure_ascii=False, indent=2) + "\n", ""


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "standings":
        code, out, err = run_standings(args.file, args.stage, args.format)
    elif args.command == "check":
        code, out, err = run_check(args.file)
    elif args.command == "awards":
        code, out, err = run_awards(args.file, args.min_share, args.stage)
    elif args.command == "teams":
        code, out, err = run_teams(args.file, args.stage)
    else:
        code, out, err = run_explain(args.file, args.player, args.stage)
    if out:
        _write(sys.stdout, out)
    if err:
        _write(sys.stderr, err)
    return code
