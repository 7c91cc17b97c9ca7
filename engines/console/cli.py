"""``python -m console replay LOG.json``: prints the replay result of game-log.md as JSON.

Exit status 0 for an accepted log, 1 for a refused one, 2 for a file that is not JSON (or
cannot be read; the message goes to standard error).
"""
from __future__ import annotations

import argparse
import json
import sys

from .replay import replay

EXIT_ACCEPTED, EXIT_REFUSED, EXIT_NOT_JSON = 0, 1, 2


def run_replay(path) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of ``replay`` on the file at ``path``."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        return EXIT_NOT_JSON, "", f"cannot read {path}: {exc.strerror or exc}\n"
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError) as exc:
        return EXIT_NOT_JSON, "", f"not valid JSON: {exc}\n"
    result = replay(doc)
    out = json.dumps(result, ensure_ascii=False, indent=1) + "\n"
    return (EXIT_ACCEPTED if result["accepted"] else EXIT_REFUSED), out, ""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m console", description="The judge console's game core.")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a mafia-game-log/1 file and print the result")
    rp.add_argument("file")
    args = parser.parse_args(argv)
    code, out, err = run_replay(args.file)
    if out:
        _write_utf8(sys.stdout, out)
    if err:
        _write_utf8(sys.stderr, err)
    return code


def _write_utf8(stream, text: str) -> None:
    """JSON goes out as UTF-8 (RFC 8259 8.1) whatever the locale's encoding: a player's name or a
    reason in Cyrillic must not turn an accepted log into a crash with exit status 1."""
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        stream.write(text)
        return
    stream.flush()
    buffer.write(text.encode("utf-8"))
    buffer.flush()
