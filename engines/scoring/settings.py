"""Tournament settings that the file format does not carry as top-level fields.

Every setting has the default RULES.md gives; a tournament file may override them in an
optional ``tournament.settings`` object (see fileformat.py).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from decimal import Decimal


@dataclass(frozen=True)
class Settings:
    # 8.7: K applies where the tournament has at most this many participants.
    k_max_participants: int = 20
    # 8.3 / 003 item 9: best move (Prima Nota) with three / exactly two black players named.
    best_move_three: Decimal = Decimal("0.40")
    best_move_two: Decimal = Decimal("0.25")
    # 8.2.4: whether a removal for the 4th foul costs −0.5 (a disqualifying foul always does).
    fourth_foul_removal_counts: bool = True

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))


DEFAULT_SETTINGS = Settings()
