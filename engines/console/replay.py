"""Replaying a whole log (game-log.md "Replay result"): event by event, stopping at the first
refused one, and the result document."""
from __future__ import annotations

from .codes import Refused
from .game import Game
from .header import read_header
from .mapping import mapped
from .report import state_json, trace_json

SPEC_KEYS = ("index", "type", "code", "rule")  # game-log.md "Refusals"


def refusal(index, event, exc: Refused) -> dict:
    """A refused log: ``refused`` is ``{index, type, code, rule, field, params}`` (``field`` names
    the event's field for ``EVENT_FORM``, else ``null``; ``params`` are the values the refusal's
    sentence names, codes.PARAMS). The console's view and the server carry all of it; the replay
    result of game-log.md (``replay``, ``python -m console``) the first four."""
    kind = event.get("type") if isinstance(event, dict) and isinstance(event.get("type"), str) else None
    return {"accepted": False, "refused": {"index": index, "type": kind, **exc.json()}}


def replay_game(doc) -> tuple[Game | None, dict | None]:
    """(the game after every accepted event, the refusal document or ``None``)."""
    try:
        game = Game(read_header(doc))
    except Refused as exc:
        return None, refusal(None, None, exc)
    for index, event in enumerate(doc["events"]):
        try:
            game.push(event)
        except Refused as exc:
            return game, refusal(index, event, exc)
    return game, None


def replay(doc) -> dict:
    """The replay result of a ``mafia-game-log/1`` document: ``{"accepted": true, "refused":
    null, "state", "trace", "mapped"}`` or ``{"accepted": false, "refused": {index, type, code,
    rule}}`` (index ``null`` for a header problem), as game-log.md gives it."""
    game, refused = replay_game(doc)
    if refused is not None:
        return {"accepted": False, "refused": {k: refused["refused"][k] for k in SPEC_KEYS}}
    s = game.state
    return {"accepted": True, "refused": None, "state": state_json(s), "trace": trace_json(s), "mapped": mapped(s)}
