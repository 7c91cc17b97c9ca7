"""A problem found in a tournament file or protocol: where it is and what is wrong."""
from __future__ import annotations

from .messages import problem_text, text_key


class Problem:
    """One problem, naming the game, the seat and the field.

    ``code`` is a stable machine key (e.g. ``fouls_out_of_range``) and ``params`` its details as
    JSON-safe data (``{"fouls": 5}``); ``clause`` is the rule behind it, where there is one
    (``"8.4.3"``). ``message`` is plain English for people, worded by messages.py from the code
    and params (or given outright, for a code messages.py does not know). ``str(problem)`` reads
    like ``game Q1-T1, seat 3, fouls: 5 is outside 0..4``.
    """

    __slots__ = ("game", "seat", "field", "code", "params", "clause", "_message")

    def __init__(self, game: str | None, seat: int | None, field: str, code: str, message: str | None = None, *,
                 params: dict | None = None, clause: str | None = None):
        self.game = writable(game)
        self.seat = seat
        self.field = field
        self.code = code
        self.params = {key: writable(value) for key, value in params.items()} if params else {}
        self.clause = clause
        self._message = writable(message)

    @property
    def key(self) -> str:
        """The key of its wording in a catalogue: the code, or ``code:form``."""
        return text_key(self.code, self.params)

    @property
    def message(self) -> str:
        if self._message is not None:
            return self._message
        text = problem_text(self.code, self.params)
        return text if text is not None else self.code

    def __str__(self) -> str:
        parts = []
        if self.game is not None:
            parts.append(f"game {self.game}")
        if self.seat is not None:
            parts.append(f"seat {self.seat}")
        where = ", ".join(parts)
        message = self.message
        text = f"{self.field}: {message}" if self.field else message
        return f"{where}, {text}" if where else text

    def __repr__(self) -> str:
        return (f"Problem(game={self.game!r}, seat={self.seat!r}, field={self.field!r}, "
                f"code={self.code!r}, params={self.params!r}, clause={self.clause!r})")

    def _identity(self):
        return (self.game, self.seat, self.field, self.code, self.message, self.clause)

    def __eq__(self, other):
        if not isinstance(other, Problem):
            return NotImplemented
        return self._identity() == other._identity()

    def __hash__(self):
        return hash(self._identity())


def writable(value):
    """``value`` with the characters that no output can carry written as escapes: NUL as ``\\x00``,
    a lone surrogate (a JSON ``"\\ud800"`` escape makes one) as ``\\ud800``. A problem quotes what
    the file said (an unknown player, a game id), and it must still print, be stored and be shown."""
    if not isinstance(value, str):
        return value
    if "\x00" in value:
        value = value.replace("\x00", "\\x00")
    if not value.isascii():
        value = value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value


class InvalidTournament(ValueError):
    """A tournament file or object that cannot be scored; ``problems`` lists every reason."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
