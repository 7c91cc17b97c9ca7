"""The rating's command line (spec/rating.md): ``python -m ratings ...``.

    predict FILE...
        one JSON line a rated game, in the season's order: {"file", "game", "p_red"}, p_red
        the forecast from the games before it only, 4 decimals, within [0.0001, 0.9999].
    table FILE... [--format json|table] [--at DATE]
        the ratings after the last game, or after the games of the files dated DATE or
        earlier (``mafia-ratings/1`` JSON by default).

Exit 0; 2 with every problem on standard error and nothing on standard output when a file
cannot be read or is not a tournament file the rating can use (reader.py), or the
arguments are wrong (DATE not an ISO 8601 date such as YYYY-MM-DD).
"""
from __future__ import annotations

import argparse
import json
import sys

from .bank import RatingBank
from .reader import SeasonError, parse_date, read_season
from .table import build_table, dumps_table, format_table

EXIT_OK = 0
EXIT_INVALID = 2


def _date(text: str):
    try:
        return parse_date(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date YYYY-MM-DD: {text!r}") from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m ratings",
                                     description="Ratings across the tournaments of a season.")
    sub = parser.add_subparsers(dest="command", required=True)
    pr = sub.add_parser("predict", help="forecast every rated game from the games before it")
    pr.add_argument("files", nargs="+", metavar="FILE")
    tb = sub.add_parser("table", help="the ratings after the last game (or after --at)")
    tb.add_argument("files", nargs="+", metavar="FILE")
    tb.add_argument("--format", choices=("json", "table"), default="json")
    tb.add_argument("--at", type=_date, default=None, metavar="DATE",
                    help="rate only the files dated DATE or earlier (YYYY-MM-DD)")
    return parser


def _encode(text: str) -> bytes:
    """UTF-8; a path given with bytes that are not UTF-8 comes back as those bytes, and any
    other character UTF-8 cannot hold (a lone surrogate) as a backslash escape."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        pass
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace")


def _write(stream, text: str) -> None:
    stream.buffer.write(_encode(text)) if hasattr(stream, "buffer") else stream.write(text)
    stream.flush()


def _json_line(obj) -> str:
    """One JSON value; escaped to ASCII when it holds a character UTF-8 cannot encode (a lone
    surrogate in a game id, or in a path given with bytes that are not UTF-8), so every line
    stays valid JSON that reads back to the same strings."""
    text = json.dumps(obj, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(obj, ensure_ascii=True)
    return text


def shown_probability(p: float) -> float:
    """p rounded to 4 decimals and kept strictly between 0 and 1."""
    return min(max(round(p, 4), 0.0001), 0.9999)


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    try:
        files, games = read_season(args.files)
    except SeasonError as exc:
        _write(sys.stderr, "\n".join(exc.problems) + "\n")
        return EXIT_INVALID
    model = RatingBank()
    if args.command == "predict":
        lines = []
        for g in games:
            p = model.update(g)
            lines.append(_json_line({"file": g.source, "game": g.game_id, "p_red": shown_probability(p)}))
        _write(sys.stdout, "".join(line + "\n" for line in lines))
        return EXIT_OK
    last = None
    if args.at is not None:
        limit = args.at.toordinal()
        games = [g for g in games if g.day is None or g.day <= limit]
    for g in games:
        model.update(g)
        last = (g.source, g.game_id)
    doc = build_table(model, files, day=args.at, last_game=last)
    _write(sys.stdout, dumps_table(doc) if args.format == "json" else format_table(doc))
    return EXIT_OK
