"""The log's header (game-log.md "Document"; RULES.md 7.1.1, 7.1.3, 7.2.1).

``read_header(document)`` checks, in game-log.md's order, the format, the ruleset, the settings,
the seats and the roles, and gives a ``Header``; a problem raises ``Refused`` (index null).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .codes import Refused
from .settings import game_settings

FORMAT = "mafia-game-log/1"
ROLES = ("red", "sheriff", "black", "don")
ROLE_COUNTS = {"red": 6, "sheriff": 1, "black": 2, "don": 1}
SEATS = tuple(range(1, 11))
GAME_KEYS = ("id", "stage", "round", "table", "judge", "replay_of")


@dataclass(frozen=True)
class Header:
    ruleset: str
    settings: dict
    roles: dict  # seat -> role
    players: dict  # seat -> player id
    game: dict = field(default_factory=dict)  # the header's ``game`` object, as given


def read_header(doc) -> Header:
    """The header of a ``mafia-game-log/1`` document, or ``Refused`` naming its first problem."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("events"), list):
        raise Refused("LOG_FORMAT")
    game = doc.get("game")
    if game is None:
        game = {}
    if not isinstance(game, dict):
        raise Refused("LOG_FORMAT")
    ruleset = doc.get("ruleset")
    settings = game_settings(ruleset, doc.get("settings"))
    roles, players = _seats(doc.get("seats"))
    return Header(ruleset=ruleset, settings=settings, roles=roles, players=players, game=dict(game))


def _seats(seats):
    """7.2.1: ten seats 1..10 once each with ten different players (``LOG_SEATS``), then roles
    6 red, 1 sheriff, 2 black, 1 don (``LOG_ROLES``)."""
    if not isinstance(seats, list) or len(seats) != 10 or not all(isinstance(s, dict) for s in seats):
        raise Refused("LOG_SEATS")
    numbers = [s.get("seat") for s in seats]
    if any(isinstance(n, bool) or not isinstance(n, int) for n in numbers) or sorted(numbers) != list(SEATS):
        raise Refused("LOG_SEATS")
    players = [s.get("player") for s in seats]
    if any(not isinstance(p, str) or not p for p in players) or len(set(players)) != 10:
        raise Refused("LOG_SEATS")
    roles = [s.get("role") for s in seats]
    if any(r not in ROLES for r in roles if isinstance(r, str)) or not all(isinstance(r, str) for r in roles):
        raise Refused("LOG_ROLES")
    if {r: roles.count(r) for r in ROLES} != ROLE_COUNTS:
        raise Refused("LOG_ROLES")
    by_seat = sorted(seats, key=lambda s: s["seat"])
    return {s["seat"]: s["role"] for s in by_seat}, {s["seat"]: s["player"] for s in by_seat}
