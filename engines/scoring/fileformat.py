"""The tournament file ``mafia-tournament/1``: JSON document <-> model objects.

``parse_document`` checks the document's shape (types, required fields) and then, by
default, runs the rule checks of validation.py, so a file is refused as a whole with every
problem listed at once. ``to_document`` writes a tournament back; ``parse_document``
of its output gives an equal tournament (round-trip stable).
"""
from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from .document_shape import FORMAT, DocumentReader
from .model import Game, Seat, Tournament
from .problems import InvalidTournament, Problem
from .settings import Settings


class UnreadableFile(Exception):
    """The file cannot be read or is not JSON (no checking is possible)."""


class NotJSON(UnreadableFile):
    """The file was read but is not JSON: one of the spec's reasons to refuse a file, so
    ``check`` reports it as a problem (exit 1), where a file that cannot be read at all
    exits 2."""


def parse_int(text: str) -> int | Decimal:
    """A JSON integer literal: an int, or a Decimal beyond Python's 4,300-digit conversion limit (so a
    5,000-digit literal is a problem naming its field, "too_many_digits" or "wrong_type", and not a
    ValueError that makes the whole file "not JSON")."""
    return int(text) if len(text) <= 4000 else Decimal(text)


def loads(text: str | bytes):
    """Parse JSON text, reading every non-integer number as an exact Decimal."""
    try:
        return json.loads(text, parse_float=Decimal, parse_int=parse_int)
    except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError is a ValueError
        raise NotJSON(f"not valid JSON: {exc}") from None
    except RecursionError:  # arrays or objects nested thousands deep: no tournament file is
        raise NotJSON("not valid JSON: nested too deeply") from None


def read_bytes(path) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise UnreadableFile(f"cannot read {path}: {exc.strerror or exc}") from None


def read_json(path) -> object:
    return loads(read_bytes(path))


def load_file(path, *, check: bool = True) -> Tournament:
    """Read and parse a tournament file; raises UnreadableFile or InvalidTournament."""
    return parse_document(read_json(path), check=check)


def parse_document(obj, *, check: bool = True) -> Tournament:
    """A ``mafia-tournament/1`` document (parsed JSON) -> Tournament.

    Raises InvalidTournament listing every problem: shape problems and, unless
    ``check=False``, the rule problems of validation.check_tournament.
    """
    tournament, problems = read_document(obj, check=check)
    if problems:
        raise InvalidTournament(problems)
    return tournament


def read_document(obj, *, check: bool = True) -> tuple[Tournament | None, list[Problem]]:
    """Parse as much as possible; return the tournament (None if hopeless) and all problems.

    Games with shape problems are left out of the returned tournament, so the rule
    checks that follow do not report the same fault twice.
    """
    reader = DocumentReader()
    tournament = reader.document(obj)
    problems = reader.problems
    if tournament is not None and check:
        from .validation import check_tournament

        problems.extend(check_tournament(tournament, _known_game_ids=reader.game_ids))
    return tournament, problems


# -- writing -------------------------------------------------------------------------
def _decimal_text(d: Decimal) -> str:
    return format(d, "f")


def to_document(t: Tournament) -> dict:
    """A Tournament -> a valid ``mafia-tournament/1`` dict (fields at their default are left out)."""
    head = {"name": t.name, "ruleset": t.ruleset, "participants": t.participants,
            "games_before_final": t.games_before_final, "lot_seed": t.lot_seed}
    for key in ("date", "city", "stars"):  # the optional details, as the file's example orders them
        if getattr(t, key) is not None:
            head[key] = getattr(t, key)
    defaults = Settings()
    custom = {}
    for key in Settings.field_names():
        value = getattr(t.settings, key)
        if value != getattr(defaults, key):
            custom[key] = _decimal_text(value) if isinstance(value, Decimal) else value
    if custom:
        head["settings"] = custom
    return {
        "format": FORMAT,
        "tournament": head,
        "players": [{"id": p.id, "nickname": p.nickname} for p in t.players],
        "games": [_game_document(g) for g in t.games],
    }


def _game_document(g: Game) -> dict:
    out = {"id": g.id, "stage": g.stage, "round": g.round, "table": g.table,
           "judge": g.judge, "result": g.result}
    if g.replay_of is not None:
        out["replay_of"] = g.replay_of
    fk = g.first_killed
    out["first_killed"] = None if fk is None else {"seat": fk.seat, "named": list(fk.named)}
    out["seats"] = [_seat_document(s) for s in g.seats]
    return out


def _seat_document(s: Seat) -> dict:
    out = {"seat": s.seat, "player": s.player, "role": s.role, "fouls": s.fouls}
    if s.removed is not None:
        out["removed"] = s.removed
    if s.extra != 0:
        out["extra"] = _decimal_text(s.extra)
    if s.extra_approved:
        out["extra_approved"] = True
    if s.penalties:
        out["penalties"] = [{"clause": p.clause, "reason": p.reason} for p in s.penalties]
    if s.gross_violation:
        out["gross_violation"] = True
    return out
