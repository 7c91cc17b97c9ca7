"""Reading a season: ``mafia-tournament/1`` files -> the games the rating needs, in order.

The reader is ours (standard library only) rather than the scoring core's: engines.ratings and
engines.scoring stay independent (import-linter), and the rating needs a small part of the
file: the tournament's date, the players' ids and nicknames, and for each game its id, stage,
round, table, result, ``replay_of`` and the ten seats' players and roles. Those fields are
checked as tournament-file.md says (types, known values, 10 seats numbered 1..10, roles
6/1/2/1, a player once per game and listed in ``players``, unique game ids, ``replay_of``
naming an annulled game), every problem listed at once. The rules of the points (extra
points, penalties, fouls) are not the rating's business: ``python -m scoring check`` has them.

Order (spec/rating.md): files by ``tournament.date``; a file without a date keeps its place
after the file given before it (it takes that file's date; one given first sorts first); equal
dates keep the order given. Inside a file, games by (stage, round, table), a replay right
after the game it replays (the replay of an annulled replay right after that one, whatever
their own rounds and tables). Annulled games are left out.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from .games import RATED_RESULTS, RESULTS, ROLE_COUNTS, ROLES, STAGES, RatedGame

FORMAT = "mafia-tournament/1"
_DEALT = tuple(sorted(role for role, n in ROLE_COUNTS.items() for _ in range(n)))  # the roles of one game, sorted


class SeasonError(Exception):
    """A file cannot be read or is not a tournament file the rating can use; ``problems``
    lists every reason, each naming the file (and the game, seat and field)."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class TournamentFile:
    """One file of the season: where it came from, its name and date, its players
    (id -> nickname, in file order), its rated games in playing order and its ruleset
    ("" when the file names none)."""

    source: str
    name: str
    date: date | None
    players: dict[str, str]
    games: tuple[RatedGame, ...]
    ruleset: str = ""


_CALENDAR = re.compile(r"(\d{4})-?(\d{2})-?(\d{2})", re.ASCII)
_WEEK = re.compile(r"(\d{4})-?W(\d{2})-?(\d)", re.ASCII)
_ORDINAL = re.compile(r"(\d{4})-?(\d{3})", re.ASCII)


def parse_date(text: str) -> date:
    """A day in ISO 8601's complete representations: a calendar date (2026-10-03 or
    20261003), a week date (2026-W40-6 or 2026W406) or an ordinal date (2026-276 or
    2026276); ValueError otherwise. Each form is either extended (with the hyphens) or
    basic (without), never half of each."""
    if not isinstance(text, str):
        raise ValueError(text)
    for pattern, build in ((_CALENDAR, date), (_WEEK, date.fromisocalendar), (_ORDINAL, _ordinal_date)):
        match = pattern.fullmatch(text)
        if match and text.count("-") in (0, len(match.groups()) - 1):
            return build(*map(int, match.groups()))
    raise ValueError(text)


def _ordinal_date(year: int, day: int) -> date:
    if not 1 <= day <= (date(year, 12, 31) - date(year, 1, 1)).days + 1:
        raise ValueError(f"day {day} of {year}")
    return date.fromordinal(date(year, 1, 1).toordinal() + day - 1)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _FileReader:
    def __init__(self, source: str):
        self.source = source
        self.problems: list[str] = []

    def problem(self, where: str, text: str) -> None:
        self.problems.append(f"{self.source}: {where}: {text}" if where else f"{self.source}: {text}")

    def read(self, text: bytes) -> TournamentFile | None:
        try:
            doc = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            self.problem("", f"not valid JSON: {exc}")
            return None
        except RecursionError:
            self.problem("", "not valid JSON: nested too deeply")
            return None
        if not isinstance(doc, dict):
            self.problem("", "not a JSON object")
            return None
        if doc.get("format") != FORMAT:
            self.problem("format", f"must be {FORMAT!r}")
            return None
        name, day, ruleset = self._tournament(doc.get("tournament"))
        players = self._players(doc.get("players"))
        games = self._games(doc.get("games"), players)
        if self.problems:
            return None
        return TournamentFile(self.source, name, day, players, games, ruleset)

    def _tournament(self, t):
        if not isinstance(t, dict):
            self.problem("tournament", "missing or not an object")
            return "", None, ""
        name = t.get("name")
        if not isinstance(name, str):
            self.problem("tournament.name", "missing or not a string")
            name = ""
        day = None
        if t.get("date") is not None:
            try:
                day = parse_date(t["date"])
            except (ValueError, TypeError):
                self.problem("tournament.date", "must be an ISO 8601 date (YYYY-MM-DD, YYYYMMDD, YYYY-Www-D or YYYY-DDD)")
        ruleset = t.get("ruleset", "")
        if not isinstance(ruleset, str):
            self.problem("tournament.ruleset", "not a string")
            ruleset = ""
        return name, day, ruleset

    def _players(self, players) -> dict[str, str]:
        out: dict[str, str] = {}
        if not isinstance(players, list):
            self.problem("players", "missing or not a list")
            return out
        for i, p in enumerate(players):
            where = f"players[{i}]"
            if not isinstance(p, dict):
                self.problem(where, "not an object")
                continue
            pid, nick = p.get("id"), p.get("nickname")
            if not isinstance(pid, str):  # an empty id is a string: tournament-file.md does not refuse it
                self.problem(f"{where}.id", "missing or not a string")
                continue
            if not isinstance(nick, str):
                self.problem(f"{where}.nickname", "missing or not a string")
                continue
            out[pid] = nick
        return out

    def _games(self, games, players) -> tuple[RatedGame, ...]:
        if not isinstance(games, list):
            self.problem("games", "missing or not a list")
            return ()
        read = []
        seen_ids: set[str] = set()
        for i, g in enumerate(games):
            row = self._game(i, g, players, seen_ids)
            if row is not None:
                read.append(row)
        by_id = {gid: (key, result, replay_of, index) for gid, key, result, replay_of, _s, index in read}
        order = []
        for gid, _key, result, replay_of, seats, _index in read:
            if replay_of is not None:
                target = by_id.get(replay_of)
                if target is None or target[1] != "annulled":
                    self.problem(f"game {gid}: replay_of", "must name an annulled game of this file")
                    continue
            order.append((_playing_order(gid, by_id), gid, result, seats))
        order.sort(key=lambda row: row[0])
        return tuple(RatedGame(self.source, gid, 0, None, seats, result)
                     for _k, gid, result, seats in order if result in RATED_RESULTS)

    def _game(self, i, g, players, seen_ids):
        if not isinstance(g, dict):
            self.problem(f"games[{i}]", "not an object")
            return None
        gid = g.get("id")
        if not isinstance(gid, str):  # an empty id is a string, as for a player
            self.problem(f"games[{i}].id", "missing or not a string")
            return None
        where = f"game {gid}"
        if gid in seen_ids:
            self.problem(f"{where}: id", "repeats an earlier game's id")
            return None
        seen_ids.add(gid)
        ok = True
        stage = g.get("stage")
        if stage not in STAGES:
            self.problem(f"{where}: stage", f"must be one of {', '.join(STAGES)}")
            ok = False
        for field in ("round", "table"):
            if not _is_int(g.get(field)):
                self.problem(f"{where}: {field}", "missing or not an integer")
                ok = False
        result = g.get("result")
        if result not in RESULTS:
            self.problem(f"{where}: result", f"must be one of {', '.join(RESULTS)}")
            ok = False
        replay_of = g.get("replay_of")
        if replay_of is not None and not isinstance(replay_of, str):
            self.problem(f"{where}: replay_of", "must be a game id or null")
            ok = False
        seats = self._seats(where, g.get("seats"), players)
        if not ok or seats is None:
            return None
        return gid, (STAGES.index(stage), g["round"], g["table"]), result, replay_of, seats, i

    def _seats(self, where, seats, players):
        if not isinstance(seats, list) or len(seats) != 10:
            self.problem(f"{where}: seats", "must be a list of exactly 10 seats")
            return None
        by_number = {}
        ok = True
        for j, s in enumerate(seats):
            if type(s) is not dict:
                self.problem(f"{where}: seats[{j}]", "not an object")
                ok = False
                continue
            number = s.get("seat")
            if type(number) is not int or not 1 <= number <= 10 or number in by_number:
                self.problem(f"{where}: seats[{j}].seat", "must be 1..10, each once")
                ok = False
                continue
            pid, role = s.get("player"), s.get("role")
            if type(pid) is not str or pid not in players:
                self.problem(f"{where}: seat {number}: player", "not a player of this file's players list")
                ok = False
            if role not in ROLES:
                self.problem(f"{where}: seat {number}: role", f"must be one of {', '.join(ROLES)}")
                ok = False
            by_number[number] = (pid, role)
        if not ok:
            return None
        ordered = tuple(by_number[n] for n in range(1, 11))
        if len({p for p, _r in ordered}) != 10:
            self.problem(f"{where}: seats", "a player sits twice")
            return None
        if tuple(sorted([r for _p, r in ordered])) != _DEALT:
            self.problem(f"{where}: seats", "roles must be 6 red, 1 sheriff, 2 black, 1 don")
            return None
        return ordered


def _playing_order(gid: str, by_id: dict) -> tuple:
    """The sort key of a game in its file's playing order: a game by (stage, round, table),
    then its place in the file; a replay right after the game it replays, and so down a
    chain (the replay of an annulled replay right after that replay, whatever their own
    rounds and tables). ``by_id``: game id -> ((stage, round, table), result, replay_of,
    index in the file). A chain that comes back to itself stops there."""
    chain = []
    seen = set()
    while True:
        key, _result, replay_of, index = by_id[gid]
        chain.append(index)
        seen.add(gid)
        target = by_id.get(replay_of) if replay_of is not None else None
        if target is None or target[1] != "annulled" or replay_of in seen:
            break
        gid = replay_of
    out = [*key, 0, chain.pop()]  # the first game of the chain, in its own place
    while chain:
        out += (1, chain.pop())  # each replay right after the game it replays
    return tuple(out)


def read_file(source: str, data: bytes | None = None) -> TournamentFile:
    """Read one tournament file (from ``data`` when given); raises SeasonError."""
    if data is None:
        try:
            data = Path(source).read_bytes()
        except OSError as exc:
            raise SeasonError([f"{source}: cannot read: {exc.strerror or exc}"]) from None
    reader = _FileReader(source)
    tournament = reader.read(data)
    if tournament is None:
        raise SeasonError(reader.problems)
    return tournament


def season_order(files: list[TournamentFile]) -> list[tuple[date | None, TournamentFile]]:
    """The files in the season's order, each with the date it is taken at (its own, or the
    one of the file given before it when it has none)."""
    keyed = []
    last: date | None = None
    for index, f in enumerate(files):
        if f.date is not None:
            last = f.date
        keyed.append((last, index, f))
    keyed.sort(key=lambda row: (row[0] is not None, row[0] or date.min, row[1]))
    return [(day, f) for day, _i, f in keyed]


def read_season(sources: list[str]) -> tuple[list[TournamentFile], list[RatedGame]]:
    """Read every file (all problems of all files at once) -> (files in season order, the
    rated games in season order, each stamped with its tournament's index and day)."""
    files, problems = [], []
    for source in sources:
        try:
            files.append(read_file(source))
        except SeasonError as exc:
            problems.extend(exc.problems)
    if problems:
        raise SeasonError(problems)
    ordered = season_order(files)
    games = []
    for t_index, (day, f) in enumerate(ordered):
        ordinal = day.toordinal() if day is not None else None
        games.extend(RatedGame(g.source, g.game_id, t_index, ordinal, g.seats, g.result, f.ruleset) for g in f.games)
    return [f for _d, f in ordered], games
