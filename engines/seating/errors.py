"""Errors of the pure seating generator (no Django here)."""
import math

# Far above any real stage; beyond them the search's arrays alone would not fit in memory.
MAX_PLAYERS = 2000
MAX_GAMES = 100


class SeatingError(ValueError):
    """Base class: the request cannot be seated."""


class ImpossibleSize(SeatingError):
    """Players, games and tables that cannot make full tables of 10.

    The message names sizes that would work, e.g.
    ``25 players x 10 games on 2 tables: 25*10 = 250 is not a multiple of 20;
    would work: games 8 or 12; players 24 or 26; tables 1 or 5``.
    """


def _nearest(candidates, target, count=2):
    """The ``count`` candidates nearest to ``target`` (ties: smaller first), sorted."""
    picked = sorted(candidates, key=lambda value: (abs(value - target), value))[:count]
    return sorted(picked)


def _words(values):
    return " or ".join(str(value) for value in values)


def check_run(seed: int, time_limit: float | None = None) -> None:
    """A seed of 0 or more and, when given, a finite positive time limit (NaN or infinity would
    never stop the search)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise SeatingError(f"seed {seed}: give a whole number 0 or more")
    if time_limit is not None and not (math.isfinite(time_limit) and time_limit > 0):
        raise SeatingError(f"time limit {time_limit}: give a positive number of seconds")


def check_games(games: int) -> None:
    if games > MAX_GAMES:
        raise ImpossibleSize(f"{games} games: a stage has at most {MAX_GAMES}; would work: games 1 to {MAX_GAMES}")


def check_size(players: int, games: int, tables: int | None = None) -> int:
    """Validate a stage's sizes and return the number of tables a round.

    Rules: 10 to ``MAX_PLAYERS`` players; 1 to ``MAX_GAMES`` games; 1 <= tables <= players // 10;
    players * games a multiple of 10 * tables (so that every round is full).
    Raises :class:`ImpossibleSize` naming sizes that would work.
    """
    if players < 10:
        raise ImpossibleSize(
            f"{players} players: a table needs 10 players; would work: players 10 or more"
        )
    if players > MAX_PLAYERS:
        raise ImpossibleSize(
            f"{players} players: the generator seats at most {MAX_PLAYERS}; would work: players 10 to {MAX_PLAYERS}"
        )
    if games < 1:
        raise ImpossibleSize(f"{games} games: every player needs at least 1 game; would work: games 1 or more")
    check_games(games)
    max_tables = players // 10
    if tables is None:
        tables = max_tables
    if tables < 1 or tables > max_tables:
        raise ImpossibleSize(
            f"{tables} tables for {players} players: a round seats 10 players a table; "
            f"would work: tables 1 to {max_tables}"
        )
    if (players * games) % (10 * tables) == 0:
        return tables
    # games that fill the tables are the multiples of 10T / gcd(P, 10T): never an empty list
    # (21 players on 2 tables need 20 games, beyond 2G + 10 for a small G)
    step = 10 * tables // math.gcd(players, 10 * tables)
    games_ok = list(range(step, MAX_GAMES + 1, step))
    players_ok = [
        p for p in range(10 * tables, players + 10 * tables + 1) if (p * games) % (10 * tables) == 0
    ]
    tables_ok = [t for t in range(1, max_tables + 1) if (players * games) % (10 * t) == 0]
    hints = [f"games {_words(_nearest(games_ok, games))}"] if games_ok else []
    if players_ok:
        hints.append(f"players {_words(_nearest(players_ok, players))} (with {tables} tables)")
    if tables_ok:
        hints.append(f"tables {_words(_nearest(tables_ok, tables, 3))}")
    raise ImpossibleSize(
        f"{players} players x {games} games on {tables} tables: {players}*{games} = "
        f"{players * games} is not a multiple of 10*{tables} = {10 * tables}, so the last "
        f"round would not fill its tables; would work: " + "; ".join(hints)
    )
