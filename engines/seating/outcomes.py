"""What a SAT search of the seating gives back: the seating it found, or why it found none."""
from __future__ import annotations

import enum
from dataclasses import dataclass


class NoSeating(enum.Enum):
    """Why a search gave no seating."""

    IMPOSSIBLE = "impossible"  # proved: no seating keeps the constraints the search was given
    UNKNOWN = "unknown"  # its budget ran out before it could tell


IMPOSSIBLE = NoSeating.IMPOSSIBLE
UNKNOWN = NoSeating.UNKNOWN


@dataclass(frozen=True, eq=False)
class Found:
    """A seating a search found. ``rounds``: round by round, its groups as a (T x 10) array of
    0-based players. ``tables``: round by round, the table label of every group when the search
    chose the labels (the orbit model); None when the groups keep the labels the caller gave."""

    rounds: list
    tables: list | None = None


Outcome = Found | NoSeating
