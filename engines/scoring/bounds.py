"""What a tournament can hold: the one list of input bounds, and the check of a tournament against it.

A value the rules accept may still be one the tournament system cannot store or compute: a round
10^30, a nickname longer than its column, a NUL byte (PostgreSQL refuses it in text), a best move
worth 100 points. ``check`` and the importer refuse such a file alike, because both read these
bounds, and so do the Django models, forms and services (docs/input-bounds.md lists them).

The text lengths are the database columns' (tournaments/models.py, protocols/models.py; a test
holds them equal). Every number range fits a PositiveSmallIntegerField (at most 32767).
"""
from __future__ import annotations

from decimal import Decimal
from itertools import chain
from operator import attrgetter

from .problems import Problem

# Text: the longest value each field may have (its column's max_length).
TOURNAMENT_NAME_MAX = 200   # tournaments.Tournament.name
LOT_SEED_MAX = 120          # tournaments.Tournament.lot_seed
NICKNAME_MAX = 80           # tournaments.Player.nickname
PLAYER_ID_MAX = 40          # tournaments.Registration.code
GAME_ID_MAX = 40            # protocols.Game.code
JUDGE_NAME_MAX = 160        # tournaments.Judge.name
CLUB_NAME_MAX = 120         # tournaments.Club.name
# A written reason: a penalty's (9.10), extra points', an awarded loss's, an amendment's.
REASON_MAX = 2000

# Whole numbers: (lowest, highest).
ROUND_RANGE = (1, 1000)
TABLE_RANGE = (1, 10_000)            # a 100,000-player tournament seats 10,000 tables
PARTICIPANTS_RANGE = (0, 30_000)
PLAYERS_MAX = 30_000                 # entries in a file's players list (seating numbers)
GAMES_BEFORE_FINAL_RANGE = (0, 1000)
K_MAX_PARTICIPANTS_RANGE = (0, 30_000)
SEAT_RANGE = (1, 10)
FOULS_RANGE = (0, 4)
# A protocol's day/night record: the day or night a player left, a vote count, a ballot.
DAY_RANGE = (1, 30)
LEFT_ON_RANGE = (0, 30)              # night 0 is refused by the flow checks, with its own message
VOTES_RANGE = (0, 10)
BALLOT_RANGE = (1, 3)
EXTRA_RANGE = (Decimal("0.00"), Decimal("1.00"))

# Points settings, in hundredths of a point: a best move is never worth more than a win.
BEST_MOVE_RANGE = (Decimal("0.00"), Decimal("1.00"))
POINTS_STEP = Decimal("0.01")

# A point value (extra points, a best move's worth) is written in at most this many characters
# (digits, sign, point, exponent): no score needs more, and Python turns at most 4,300 digits into
# an int, so "1" and 5,000 zeros must be refused as such before anything converts it.
DECIMAL_TEXT_MAX = 40

# Characters no text field may hold: NUL (PostgreSQL text cannot store it) and the lone
# surrogates a JSON "\ud800" escape makes (they cannot be encoded as UTF-8).
_NUL = "\x00"


def forbidden_character(value: str) -> str | None:
    """The first character of ``value`` that no text field stores, as ``U+XXXX``, or None."""
    if _NUL in value:
        return "U+0000"
    if value.isascii():
        return None
    for ch in value:
        if "\ud800" <= ch <= "\udfff":
            return f"U+{ord(ch):04X}"
    return None


def decimal_too_long(value) -> bool:
    """Whether a point value as the file writes it (a string, an int or a Decimal) has more than
    DECIMAL_TEXT_MAX characters or digits. Never converts a string: it only measures it."""
    if isinstance(value, str):
        return len(value.strip()) > DECIMAL_TEXT_MAX
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) >= 10**DECIMAL_TEXT_MAX
    if isinstance(value, Decimal):
        return value.is_finite() and len(value.as_tuple().digits) > DECIMAL_TEXT_MAX
    return False


def decimal_problem(value, *, game=None, seat=None, field: str) -> Problem:
    """The problem of a point value that is too long to read."""
    return Problem(game, seat, field, "too_many_digits", params={"value": shown(value), "limit": DECIMAL_TEXT_MAX})


def shown(value, limit: int = 20) -> str:
    """A value as a message shows it: at most ``limit`` characters (a 10^30 round stays readable)."""
    try:
        text = str(value)
    except ValueError:  # an int of more than 4,300 digits, which Python will not print
        return "…"
    return text if len(text) <= limit else text[:limit] + "…"


def text_problem(value: str, limit: int, *, game=None, seat=None, field: str, required: bool = False) -> Problem | None:
    """The problem of one text value against its column, or None when it can be stored."""
    bad = forbidden_character(value)
    if bad is not None:
        return Problem(game, seat, field, "forbidden_character", params={"character": bad})
    if len(value) > limit:
        return Problem(game, seat, field, "too_long", params={"length": len(value), "limit": limit})
    if required and not value:
        return Problem(game, seat, field, "empty_text")
    return None


def number_problem(value, bounds, *, game=None, seat=None, field: str) -> Problem | None:
    """The problem of a whole number outside ``bounds`` (lowest, highest), or None."""
    low, high = bounds
    if not low <= value <= high:
        return Problem(game, seat, field, "out_of_range", params={"value": shown(value), "low": low, "high": high})
    return None


def points_problem(value: Decimal, bounds, *, field: str) -> Problem | None:
    """The problem of a points setting outside ``bounds`` or finer than a hundredth, or None."""
    low, high = bounds
    if not low <= value <= high:
        return Problem(None, None, field, "out_of_range", params={"value": shown(value), "low": str(low), "high": str(high)})
    if value != value.quantize(POINTS_STEP):
        return Problem(None, None, field, "not_in_hundredths", params={"value": shown(value)})
    return None


def check_bounds(t) -> list[Problem]:
    """Every value of a tournament (engines.scoring.model.Tournament, or a record with the same fields)
    that cannot be stored.

    A 10,000-player file has 20,000 games: each list is first checked whole, in C (lengths by
    ``map``, NUL and surrogates in one joined string, repeats by ``set``), and walked item by item
    only when that finds something, to name it."""
    found: list[Problem | None] = [
        text_problem(t.name, TOURNAMENT_NAME_MAX, field="tournament.name"),
        text_problem(t.lot_seed, LOT_SEED_MAX, field="tournament.lot_seed"),
    ]
    if _is_int(t.participants):
        found.append(number_problem(t.participants, PARTICIPANTS_RANGE, field="tournament.participants"))
    if _is_int(t.games_before_final):
        found.append(number_problem(t.games_before_final, GAMES_BEFORE_FINAL_RANGE, field="tournament.games_before_final"))
    settings = t.settings
    found.append(number_problem(settings.k_max_participants, K_MAX_PARTICIPANTS_RANGE,
                                field="tournament.settings.k_max_participants"))
    for key in ("best_move_three", "best_move_two"):
        found.append(points_problem(getattr(settings, key), BEST_MOVE_RANGE, field=f"tournament.settings.{key}"))
    players, games = t.players, t.games
    if not _players_plain(players):
        found.extend(_player_problems(players))
    if not _games_plain(games):
        for g in games:
            found.extend(_game_problems(g))
    reasons = [p.reason for p in chain.from_iterable(filter(None, map(_PENALTIES, chain.from_iterable(map(_SEATS, games)))))]
    if not _texts_plain(reasons, 0, REASON_MAX):
        for g in games:
            found.extend(_reason_problems(g))
    keys = [(g.stage, g.round, g.table) for g in games if g.replay_of is None]
    if len(set(keys)) != len(keys):
        found.extend(_table_problems(games))
    return [p for p in found if p is not None]


_PENALTIES = attrgetter("penalties")
_SEATS = attrgetter("seats")


def _texts_plain(texts, shortest: int, limit: int) -> bool:
    """Whether every text is of a storable length and character, checked whole."""
    if not texts:
        return True
    lengths = list(map(len, texts))
    if min(lengths) < shortest or max(lengths) > limit:
        return False
    joined = "".join(texts)
    if _NUL in joined:
        return False
    try:
        joined.encode("utf-8")  # a lone surrogate cannot be encoded
    except UnicodeEncodeError:
        return False
    return True


def _players_plain(players) -> bool:
    if len(players) > PLAYERS_MAX:
        return False
    ids = list(map(_ID, players))
    nicknames = list(map(_NICKNAME, players))
    if not (_texts_plain(ids, 1, PLAYER_ID_MAX) and _texts_plain(nicknames, 1, NICKNAME_MAX)):
        return False
    return len(set(nicknames)) == len(nicknames) or len(set({p.id: p.nickname for p in players}.values())) == len(set(ids))


def _games_plain(games) -> bool:
    if not games:
        return True
    rounds, tables = list(map(_ROUND, games)), list(map(_TABLE, games))
    low_round, high_round = ROUND_RANGE
    low_table, high_table = TABLE_RANGE
    if min(rounds) < low_round or max(rounds) > high_round or min(tables) < low_table or max(tables) > high_table:
        return False
    judges = [j for j in map(_JUDGE, games) if j]
    return _texts_plain(list(map(_ID, games)), 1, GAME_ID_MAX) and _texts_plain(judges, 0, JUDGE_NAME_MAX)


_ID, _NICKNAME = attrgetter("id"), attrgetter("nickname")
_ROUND, _TABLE, _JUDGE = attrgetter("round"), attrgetter("table"), attrgetter("judge")


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _player_problems(players) -> list[Problem | None]:
    found: list[Problem | None] = []
    if len(players) > PLAYERS_MAX:
        found.append(Problem(None, None, "players", "too_many", params={"count": len(players), "limit": PLAYERS_MAX}))
    for index, p in enumerate(players):
        field = f"players[{index}]"
        found.append(text_problem(p.id, PLAYER_ID_MAX, field=f"{field}.id", required=True))
        found.append(text_problem(p.nickname, NICKNAME_MAX, field=f"{field}.nickname", required=True))
    # A repeated id keeps its last entry (as the standings do); two ids may not share a nickname,
    # because a nickname is the player's identity across tournaments.
    last = {p.id: p.nickname for p in players}
    owner: dict[str, str] = {}
    for pid, nickname in last.items():
        if nickname in owner:
            found.append(Problem(None, None, "players.nickname", "nickname_repeated",
                                 params={"nickname": shown(nickname, NICKNAME_MAX), "player": shown(pid, PLAYER_ID_MAX),
                                         "other": shown(owner[nickname], PLAYER_ID_MAX)}))
        else:
            owner[nickname] = pid
    return found


def _game_problems(g) -> list[Problem | None]:
    where = shown(g.id, GAME_ID_MAX)
    found = [
        text_problem(g.id, GAME_ID_MAX, game=where, field="id", required=True),
        text_problem(g.judge or "", JUDGE_NAME_MAX, game=where, field="judge"),
        number_problem(g.round, ROUND_RANGE, game=where, field="round"),
        number_problem(g.table, TABLE_RANGE, game=where, field="table"),
    ]
    return found


def _reason_problems(g) -> list[Problem | None]:
    where = shown(g.id, GAME_ID_MAX)
    return [text_problem(p.reason, REASON_MAX, game=where, seat=s.seat, field="penalties.reason")
            for s in g.seats if s.penalties for p in s.penalties]


def _table_problems(games) -> list[Problem]:
    """Two games at one table in one round of a stage: the hall has one table of each number (a
    mafclub replay shares its game's table and round, and is left out)."""
    found, seen = [], {}
    for g in games:
        if g.replay_of is not None:
            continue
        key = (g.stage, g.round, g.table)
        other = seen.setdefault(key, g.id)
        if other != g.id:
            found.append(Problem(shown(g.id, GAME_ID_MAX), None, "table", "table_taken",
                                 params={"stage": g.stage, "round": shown(g.round), "table": shown(g.table),
                                         "other": shown(other, GAME_ID_MAX)}))
    return found
