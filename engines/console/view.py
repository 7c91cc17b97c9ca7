"""What the console's screen shows, from one function for the server and the browser.

The server answers a console request with ``{"index": <the log's length>, **game_view(game)}``
(console/services.py ``view_of``); the browser, playing without a connection, runs this same
module under Pyodide (static/console/engine.js) on the log it holds: the stored events and its
queue. Both therefore compute the state, the trace, the timer, the legal next events and the
mapping the same way, and refuse the same events with the same code and clause.
"""
from __future__ import annotations

from .game import Game
from .mapping import mapped
from .replay import replay_game
from .report import shooting_json, state_json, timer_json, trace_json


def game_view(game: Game) -> dict:
    """The screen of a game being played: ``state``, ``trace``, ``timer``, ``legal`` (every event
    ``push`` accepts now, ``undo`` included), ``mapped`` (``None`` until the log is ended) and
    ``shooting`` (the judge's shooting panel, report.shooting_json: it names the blacks, so it is
    the judge's alone, never part of what the table or the public see)."""
    s = game.state
    return {"state": state_json(s), "trace": trace_json(s), "timer": timer_json(s), "legal": game.legal_events(),
            "mapped": mapped(s), "shooting": shooting_json(s)}


def view(doc) -> dict:
    """The screen of a whole ``mafia-game-log/1`` document, and the first refusal in it.

    ``refused`` is ``None`` when every event is accepted; else ``{index, type, code, rule, field,
    params}`` of the first refused event (the replay result's, game-log.md), and the rest is the
    screen of the events before it, as the server keeps it after refusing that event. A header
    the core refuses (``index`` null) has no game: the state, trace, timer, mapping and shooting
    are ``None`` and nothing is legal.
    """
    game, refused = replay_game(doc)
    reason = refused["refused"] if refused is not None else None
    if game is None:
        return {"state": None, "trace": None, "timer": None, "legal": [], "mapped": None, "shooting": None,
                "refused": reason}
    return {**game_view(game), "refused": reason}
