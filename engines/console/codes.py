"""Every refusal code of game-log.md with the clause of RULES.md §7 it cites, and the parameters
its sentence names.

A refused event (or header) raises ``Refused(code, **params)``; the clause is looked up here, so a
code and its clause can never drift apart. ``PARAMS`` lists, per code, the plain JSON values a
refusal carries (seat numbers, counts, a field's name) so that a screen can word it in its own
language (console/refusal_texts.py on the server); the engine itself holds no words. ``field``
names the event's field an ``EVENT_FORM`` refusal is about (``None`` for the event as a whole).
"""
from __future__ import annotations

CLAUSES: dict[str, str] = {
    # the header, reported with index null
    "LOG_FORMAT": "7.1.1",
    "LOG_RULESET": "7.1.3",
    "LOG_SETTING": "7.1.3",
    "LOG_SEATS": "7.2.1",
    "LOG_ROLES": "7.2.1",
    # the events, in the order game-log.md lists them
    "EVENT_FORM": "7.17",
    "LOG_CLOSED": "7.14.6",
    "GAME_OVER": "7.14.6",
    "NEXT_NOT_NOW": "7.3.3",
    "NEXT_SEAT": "7.4.5",
    "NOMINATE_NOT_NOW": "7.5.1",
    "NOMINATE_NOT_SPEAKER": "7.5.1",
    "NOMINATE_THREE_FOULS": "7.5.5",
    "NOMINATE_TWICE": "7.5.2",
    "NOMINEE_NOT_IN_GAME": "7.5.3",
    "NOMINEE_TAKEN": "7.5.3",
    "NOMINATE_SELF": "7.5.4",
    "WITHDRAW_NOT_ALLOWED": "7.5.6",
    "WITHDRAW_NOT_NOW": "7.5.6",
    "WITHDRAW_NOT_OWN": "7.5.6",
    "VOTE_NOT_NOW": "7.7.2",
    "VOTE_ORDER": "7.7.2",
    "VOTE_COUNT": "7.7.3",
    "VOTE_ALL_NOT_NOW": "7.7.7",
    "VOTE_ALL_COUNT": "7.7.9",
    "SHOT_NOT_NOW": "7.9.1",
    "SHOT_NOT_BLACK": "7.9.1",
    "SHOT_TWICE": "7.9.1",
    "DON_CHECK_NOT_NOW": "7.9.4",
    "SHERIFF_CHECK_NOT_NOW": "7.9.5",
    "CHECK_TARGET": "7.9.6",
    "BEST_MOVE_NO_RIGHT": "7.10.1",
    "BEST_MOVE_ONCE": "7.10.4",
    "BEST_MOVE_SEATS": "7.10.3",
    "FOUL_NOT_AT_TABLE": "7.11.1",
    "REMOVE_KIND": "7.12.1",
    "REMOVE_NOT_AT_TABLE": "7.12.1",
    "REMOVE_REASON": "7.12.1",
    "OVERRIDE_REASON": "7.16.2",
    "OVERRIDE_NOT_NOW": "7.16.1",
    "UNDO_EMPTY": "7.16.4",
    "END_NOT_OVER": "7.14.6",
    "END_RESULT": "7.14.6",
}


# code -> the names of its parameters (a code not listed has none)
PARAMS: dict[str, tuple[str, ...]] = {
    "LOG_SETTING": ("key",),
    "EVENT_FORM": ("field",),
    "NEXT_SEAT": ("seat",),
    "NOMINATE_NOT_SPEAKER": ("by",),
    "NOMINATE_THREE_FOULS": ("by",),
    "NOMINATE_TWICE": ("by", "nominee"),
    "NOMINEE_NOT_IN_GAME": ("seat",),
    "NOMINEE_TAKEN": ("seat",),
    "NOMINATE_SELF": ("by",),
    "WITHDRAW_NOT_OWN": ("by", "seat"),
    "VOTE_ORDER": ("seat", "called"),
    "VOTE_COUNT": ("seat", "count", "uncast"),
    "VOTE_ALL_COUNT": ("for", "voters"),
    "SHOT_NOT_BLACK": ("by",),
    "SHOT_TWICE": ("by",),
    "CHECK_TARGET": ("target",),
    "BEST_MOVE_ONCE": ("seat",),
    "BEST_MOVE_SEATS": ("seat",),
    "FOUL_NOT_AT_TABLE": ("seat",),
    "REMOVE_NOT_AT_TABLE": ("seat",),
    "OVERRIDE_NOT_NOW": ("what",),
}

NAME_MAX = 50


def name(key) -> str:
    """A key the log gave (a field or a setting), as a short printable text for a refusal: itself
    when it is one, else its escaped first 50 characters."""
    key = str(key)
    if len(key) <= NAME_MAX and key.isprintable():
        return key
    return ascii(key[:NAME_MAX])


class Refused(Exception):
    """An event (or the log's header) the rules do not allow; ``code`` and ``rule`` as game-log.md,
    ``params`` as ``PARAMS`` names them, ``field`` for ``EVENT_FORM``."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        if set(params) != set(PARAMS.get(code, ())):
            raise TypeError(f"{code} carries {sorted(PARAMS.get(code, ()))}, not {sorted(params)}")
        self.code = code
        self.rule = CLAUSES[code]
        self.params = params
        self.field = params.get("field") if code == "EVENT_FORM" else None

    def json(self) -> dict:
        """``code``, ``rule``, ``field`` and ``params`` as JSON values (game-log.md "Refusals")."""
        return {"code": self.code, "rule": self.rule, "field": self.field, "params": dict(self.params)}

    def __repr__(self) -> str:
        return f"Refused({self.code!r}, rule {self.rule}, {self.params!r})"
