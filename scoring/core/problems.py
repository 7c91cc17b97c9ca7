"""A problem found in a tournament file or protocol: where it is and what is wrong."""
from __future__ import annotations


class Problem:
    """One problem, naming the game, the seat and the field.

    ``code`` is a stable machine key (e.g. ``fouls_out_of_range``) for programs;
    ``message`` is plain English for people. ``str(problem)`` reads like
    ``game Q1-T1, seat 3, fouls: 5 is outside 0..4``.
    """

    __slots__ = ("game", "seat", "field", "code", "message")

    def __init__(self, game: str | None, seat: int | None, field: str, code: str, message: str):
        self.game = game
        self.seat = seat
        self.field = field
        self.code = code
        self.message = message

    def __str__(self) -> str:
        parts = []
        if self.game is not None:
            parts.append(f"game {self.game}")
        if self.seat is not None:
            parts.append(f"seat {self.seat}")
        where = ", ".join(parts)
        text = f"{self.field}: {self.message}" if self.field else self.message
        return f"{where}, {text}" if where else text

    def __repr__(self) -> str:
        return (f"Problem(game={self.game!r}, seat={self.seat!r}, field={self.field!r}, "
                f"code={self.code!r}, message={self.message!r})")

    def __eq__(self, other):
        if not isinstance(other, Problem):
            return NotImplemented
        return (self.game, self.seat, self.field, self.code, self.message) == (
            other.game, other.seat, other.field, other.code, other.message)

    def __hash__(self):
        return hash((self.game, self.seat, self.field, self.code, self.message))


class InvalidTournament(ValueError):
    """A tournament file or object that cannot be scored; ``problems`` lists every reason."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
