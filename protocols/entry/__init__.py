"""The one way in for a protocol entry: every door (the judge's page, the desk, the API, the
console) hands a plain mapping to this pipeline.

    parse (parse.py)        a mapping -> a ProtocolEntry, and each value it could not take
    storable (storable.py)  what no column holds (too long, a NUL, a role of 3,000 characters)
    rules (rules.py)        the scoring core's rules and the day/night record's
    review (review.py)      which problems stop the action asked for and which only warn

`model.py` is the entry as plain data, `players.py` who a seat may take. Every bound is engines/scoring/bounds.py's, and every problem
is a code with parameters that problem_texts.py words in the page's language, so the API's errors
read as the page's. The services (services.py) run storable and rules again when they store.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engines.scoring.problems import Problem

from .model import (
    SEAT_NUMBERS,
    Change,
    NominationEntry,
    PenaltyEntry,
    ProtocolEntry,
    SeatEntry,
    VoteEntry,
    diff_data,
    entry_from_game,
    to_core_game,
)
from .parse import parse_entry
from .players import players_for
from .review import Review, draft_warnings, review_entry
from .rules import check_entry, game_code
from .storable import storable_problems

__all__ = [
    "SEAT_NUMBERS", "Change", "NominationEntry", "PenaltyEntry", "ProtocolEntry", "Reading", "Review", "SeatEntry",
    "VoteEntry", "check_entry", "diff_data", "draft_warnings", "entry_from_game", "game_code", "parse_entry",
    "players_for", "read_entry", "review_entry", "storable_problems", "to_core_game",
]


@dataclass
class Reading:
    """An entry read through the whole pipeline: what was taken, what stops, what only warns."""

    entry: ProtocolEntry
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)


def read_entry(data, *, game, stored: ProtocolEntry, players, may_approve: bool, signing: bool,
               reason: str = "") -> Reading:
    """`data` (the mapping) for `game` through parse, storable checks, rule checks and review.

    `stored` is the entry as it is now, `players` the players a seat may take; `signing` (or a
    signed-off game) makes every rule an error; `reason` is an amendment's."""
    entry, problems = parse_entry(data, base=stored, players=players, may_approve=may_approve)
    return review_parsed(entry, problems, game=game, stored=stored, signing=signing, reason=reason)


def review_parsed(entry: ProtocolEntry, problems: list[Problem], *, game, stored: ProtocolEntry, signing: bool,
                  reason: str = "") -> Reading:
    """The last three steps for an entry already parsed (with the problems its parse found)."""
    taken = {(p.seat, p.field) for p in problems}
    problems = [*problems, *(p for p in storable_problems(entry, reason) if (p.seat, p.field) not in taken)]
    review = review_entry(entry=entry, game=game, stored=stored, form_problems=problems, signing=signing, reason=reason)
    return Reading(entry, review.errors, review.warnings)
