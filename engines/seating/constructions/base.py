"""What a construction is: the request the generator makes, what a construction builds, and how
the generator plays it."""
from __future__ import annotations

import enum
from dataclasses import dataclass


class Use(enum.Enum):
    """How the generator plays the rounds a construction builds."""

    # played as built while the anneal seats the opponents of the other rounds (in the pairs
    # mode; afterwards only moves that keep the pair counts even out tables and judges)
    FROZEN = "frozen"
    # the anneal starts from them instead of random rounds
    START = "start"
    # the whole stage within the pair cap and the request's band of table counts, with its own
    # table labels (the near and tables modes)
    STAGE = "stage"


@dataclass(frozen=True)
class Request:
    """What the generator asks for: a stage nobody has played yet."""

    players: int
    tables: int  # tables a round
    games: int  # games of every player
    rounds: int  # rounds of the stage
    mode: str  # the balance mode: "pairs", "near" or "tables"
    cap: int  # no pair may meet more often (``report.pair_cap``)
    band: tuple[int, int] | None = None  # STAGE: every player's count at every table within it
    seed: int = 0
    iterations: int | None = None  # a move budget for any search the construction runs
    time_limit: float | None = None  # or the seconds it may take (None with ``iterations``)


@dataclass(eq=False)
class Built:
    """What a construction gives the generator. ``rounds``: round by round, its groups of 10
    (0-based players, before the generator renumbers them by the seed). ``tables``: for a STAGE,
    round by round, the table label of every group (None: group g at table g). ``search_rest``:
    FROZEN rounds that leave the other rounds to the tabu search instead of the anneal.
    ``stats``: the search the construction ran, if any, counted in the seating's stats."""

    use: Use
    rounds: list
    tables: list | None = None
    search_rest: bool = False
    stats: dict | None = None


class Construction:
    """One construction: ``applies`` is a cheap test of the request's sizes and mode; ``build``
    returns what it builds for it, or None when it has nothing for this request after all (then
    the next construction of the registry is asked)."""

    name: str = ""
    use: Use

    def applies(self, request: Request) -> bool:
        raise NotImplementedError

    def build(self, request: Request) -> Built | None:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<construction {self.name}>"
