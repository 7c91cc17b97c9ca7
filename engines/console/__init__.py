"""The judge console's game, pure: RULES.md §7 as a state machine over the event log
``mafia-game-log/1`` (spec/game-log.md). No Django and nothing else of ours.

Where each part lives:
    codes      every refusal code with its clause (7.17)
    settings   the presets ``fiim`` / ``mafclub`` and the settings keys (7.1.3, 7.15)
    header     the log's header: format, ruleset, settings, seats, roles (7.1, 7.2.1)
    forms      each event type's fields (``EVENT_FORM``), and the closed form the console's door stores
    legality   the table: each event, the phases it is legal in, its checks and effect
    state      the state and the queries the rules share (7.2, 7.3)
    rules/     one module per part of §7 (7.4 … 7.16), each rule with its clause
    machine    ``apply``: the state as a fold over the events
    game       ``Game``: the events in force, ``push`` and ``undo`` (7.16.4)
    moves      the legal events of a state (for the screen and the tests)
    replay     a whole log to the replay result; report: its ``state`` and ``trace``
    public     the game as the hall sees it before sign-off: one ``night`` phase, no role, shot or check
    view       what the screen shows (state, trace, timer, legal, mapped): the server's and the browser's
    mapping    a finished log to the game object of ``mafia-tournament/1`` and the protocol
    cli        ``python -m console replay LOG.json``
"""
from .codes import CLAUSES, Refused
from .forms import check_stored_form
from .game import Game, fold
from .header import Header, read_header
from .mapping import game_object, mapped, protocol_record
from .moves import legal_events, progress
from .public import public_state
from .replay import replay, replay_game
from .report import state_json, timer_json, trace_json
from .state import State
from .view import game_view, view

__all__ = [
    "CLAUSES", "Refused", "check_stored_form", "Game", "fold", "Header", "read_header", "game_object", "mapped", "protocol_record",
    "legal_events", "progress", "public_state", "replay", "replay_game", "state_json", "timer_json", "trace_json", "State",
    "game_view", "view",
]
