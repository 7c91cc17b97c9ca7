"""Plain data of a seating: rounds of tables, each with a judge and 10 seats.

Numbering (the same as the JSON document): players 1..P, tables 1..T, judges 1..T
(judge j is the j-th judge of the tournament), seats are the positions 1..10 of the tuple.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple


class Table(NamedTuple):
    table_no: int
    judge_no: int
    seats: tuple[int, ...]  # 10 player numbers, seat 1 first


@dataclass
class Seating:
    players: int
    games: int
    rounds: list[list[Table]] = field(default_factory=list)
    tables: int = 0  # tables a round (the most any round uses)
    stats: dict = field(default_factory=dict)  # how it was made: moves, seconds, cost

    def __post_init__(self):
        self.rounds = [
            [Table(int(t[0]), int(t[1]), tuple(int(p) for p in t[2])) for t in rnd]
            for rnd in self.rounds
        ]
        if not self.tables:
            self.tables = max((len(rnd) for rnd in self.rounds), default=0)

    def to_document(self) -> dict:
        return {
            "players": self.players,
            "games": self.games,
            "rounds": [
                {
                    "round": index + 1,
                    "tables": [
                        {"table": t.table_no, "judge": t.judge_no, "seats": list(t.seats)}
                        for t in sorted(rnd)
                    ],
                }
                for index, rnd in enumerate(self.rounds)
            ],
        }

    @classmethod
    def from_document(cls, document: dict) -> Seating:
        rounds = [
            [Table(t["table"], t["judge"], tuple(t["seats"])) for t in rnd["tables"]]
            for rnd in sorted(document["rounds"], key=lambda r: r["round"])
        ]
        return cls(players=document["players"], games=document["games"], rounds=rounds)

    def player_numbers(self) -> list[int]:
        return sorted({p for rnd in self.rounds for t in rnd for p in t.seats})
