"""Seating of a sports-mafia stage: a pure generator (no Django in this package's modules).

``generator`` (generate, generate_final, reseat) anneals the groups (``balance``, ``anneal``),
consults the registry of size-specific constructions (``constructions``), runs the tabu search
(``tabu``) and the SAT models (``exact``), both loaded only when needed (``solvers``), and seats
the players last (``seats``); ``report`` measures a seating against its bounds. docs/seating.md
has the notes. The Django side that stores a seating lives in ``seating`` and is imported only
from there.
"""
from .errors import ImpossibleSize, SeatingError
from .generator import generate, generate_final, reseat
from .model import Seating, Table
from .report import quality_report, render_text, round_pair_bound

__all__ = [
    "ImpossibleSize",
    "Seating",
    "SeatingError",
    "Table",
    "generate",
    "generate_final",
    "quality_report",
    "render_text",
    "reseat",
    "round_pair_bound",
]
