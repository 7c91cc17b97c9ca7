"""Foreign game records into draft tournaments: read every file (a file refused as a whole when
one of its records is, naming the file, the game and the field), match each person of the records
to our players, and store each tournament's games through the tournament file's import
(protocols.tournament_file: checked by the scoring core first, drafts, idempotent).

Players are matched by name, never merged silently: the exact nickname is the same person; a
nickname that reads the same (tournaments.names.name_key: case, ё, a Latin look-alike letter) but
is written otherwise is a question, as are two people of the records who would get one nickname.
A question is answered by ``same`` (the record's name -> our nickname) or ``new`` (a new player
of the record's name); while one is open nothing is stored."""
from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction

from engines.scoring.fileformat import InvalidTournament, parse_document
from protocols.models import Game
from tournaments.models import Player, Tournament
from tournaments.names import name_key

from . import mafiaratings, polemica
from .records import ForeignGame, RecordRefused

READERS = {"polemica": polemica.read, "mafiaratings": mafiaratings.read}
MAX_FILE_BYTES = 50 * 1024 * 1024


@dataclass
class Question:
    name: str                   # as the records write it
    candidates: list[str]       # our nicknames it may be
    why: str                    # "look-alike" | "two people"


@dataclass
class Plan:
    games: list[tuple[str, ForeignGame]] = field(default_factory=list)   # (file, game)
    refused: list[str] = field(default_factory=list)                      # "file: game 12: field: why"
    nicknames: dict[str, str] = field(default_factory=dict)               # player key -> our nickname
    new_players: list[str] = field(default_factory=list)
    matched: dict[str, str] = field(default_factory=dict)                 # record's name -> our nickname
    questions: list[Question] = field(default_factory=list)
    tournaments: dict[str, list[ForeignGame]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)                   # tournament key -> name


def _records(data) -> list:
    return data if isinstance(data, list) else [data]


def read_file(path: str, fmt: str, text: str | None = None) -> tuple[list[ForeignGame], str | None]:
    """The file's games, or (no games, why the file is refused)."""
    label = Path(path).name
    try:
        if text is None:
            if Path(path).stat().st_size > MAX_FILE_BYTES:
                return [], f"{label}: larger than {MAX_FILE_BYTES // 2**20} MB"
            text = Path(path).read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, UnicodeDecodeError) as e:
        return [], f"{label}: cannot be read ({e.__class__.__name__})"
    except (json.JSONDecodeError, RecursionError) as e:
        return [], f"{label}: not JSON ({e})"
    games = []
    for index, record in enumerate(_records(data)):
        game_name = f"game {record.get('id')}" if isinstance(record, dict) and "id" in record else f"record {index + 1}"
        try:
            game = READERS[fmt](record)
            _check_with_the_core(fmt, game)
        except RecordRefused as e:
            return [], f"{label}: {game_name}: {e.field}: {e.message}"
        games.append(game)
    if not games:
        return [], f"{label}: no game records"
    return games, None


def _player_id(key: str) -> str:
    return re.sub(r"[^0-9A-Za-z_.-]+", "-", key)[:60] or "p"


def _document(fmt: str, name: str, key: str, games: list[ForeignGame], nicknames: dict[str, str]) -> dict:
    players: dict[str, str] = {}
    for g in games:
        for s in g.seats:
            players.setdefault(_player_id(s.player_key), nicknames.get(s.player_key, s.name))
    ordered = sorted(games, key=lambda g: (g.played_on, g.game_id))
    per_player = defaultdict(int)
    for g in games:
        for s in g.seats:
            per_player[s.player_key] += 1
    return {
        "format": "mafia-tournament/1",
        "tournament": {"name": name[:200], "ruleset": "fiim", "participants": len(players),
                       "games_before_final": max(per_player.values(), default=1),
                       "lot_seed": f"import:{fmt}:{key}"[:100], "date": ordered[0].played_on.isoformat()},
        "players": [{"id": pid, "nickname": nick} for pid, nick in players.items()],
        "games": [{
            "id": f"{fmt}-{g.game_id}", "stage": "qualifying", "round": number, "table": 1, "result": g.result,
            "first_killed": {"seat": g.first_killed, "named": g.named} if g.first_killed else None,
            "seats": [{"seat": s.seat, "player": _player_id(s.player_key), "role": s.role, "fouls": s.fouls,
                       "removed": s.removed} for s in sorted(g.seats, key=lambda s: s.seat)],
        } for number, g in enumerate(ordered, 1)],
    }


def _check_with_the_core(fmt: str, game: ForeignGame) -> None:
    """The game alone as a tournament file, through the scoring core's checks (RULES.md): a
    best move naming the first killed himself, a removal for a fourth foul without four..."""
    try:
        parse_document(_document(fmt, "check", "check", [game], {}))
    except InvalidTournament as e:
        problem = e.problems[0]
        where = f"seat {problem.seat}, {problem.field}" if problem.seat else problem.field
        raise RecordRefused(where, problem.message) from None


def plan(fmt: str, files: list[tuple[str, str | None]], *, tournament_name: str = "", same: dict[str, str] | None = None,
         new: set[str] | None = None) -> Plan:
    """Read ``files`` ((path, text or None to read the path)) and decide every player; nothing is stored."""
    same, new = same or {}, new or set()
    out = Plan()
    for path, text in files:
        games, why = read_file(path, fmt, text)
        if why:
            out.refused.append(why)
        out.games += [(path, g) for g in games]
    people: dict[str, str] = {}
    for _path, g in sorted(out.games, key=lambda pg: pg[1].played_on):
        for s in g.seats:
            people[s.player_key] = s.name  # the newest name a person played under
    ours = {p.nickname: p for p in Player.objects.filter(nickname__in=set(people.values()) | set(same.values()))}
    keys = defaultdict(list)
    for nick in Player.objects.values_list("nickname", flat=True).iterator():
        keys[name_key(nick)].append(nick)
    given: dict[str, list[str]] = defaultdict(list)
    for key, name in people.items():
        if name in same:
            if same[name] not in ours:
                out.questions.append(Question(name, keys.get(name_key(name), []), f"no player is called {same[name]!r}"))
                continue
            nickname = same[name]
            out.matched[name] = nickname
        elif name in ours or name in new:
            nickname = name
            (out.matched.__setitem__(name, name) if name in ours else out.new_players.append(name))
        elif keys.get(name_key(name)):
            out.questions.append(Question(name, sorted(keys[name_key(name)]), "look-alike"))
            continue
        else:
            nickname = name
            out.new_players.append(name)
        out.nicknames[key] = nickname
        given[nickname].append(key)
    for nickname, owners in given.items():
        if len(owners) > 1:  # two people of the records would be one of ours
            out.questions.append(Question(nickname, [nickname], "two people"))
    for _path, g in out.games:
        key = g.tournament_key or fmt
        out.tournaments.setdefault(key, []).append(g)
        out.names[key] = tournament_name or g.tournament_name or _default_name(fmt, out.tournaments[key])
    for key, games in out.tournaments.items():
        if not (tournament_name or games[0].tournament_name):
            out.names[key] = _default_name(fmt, games)
    return out


def _default_name(fmt: str, games: list[ForeignGame]) -> str:
    first, last = min(g.played_on for g in games), max(g.played_on for g in games)
    span = first.isoformat() if first == last else f"{first.isoformat()} – {last.isoformat()}"
    return f"{'Polemica' if fmt == 'polemica' else 'mafiaratings'}: {span}"


def store(fmt: str, p: Plan, *, user=None) -> list[Tournament]:
    """Store a plan with no open question: one draft tournament per tournament of the records."""
    from protocols.tournament_file import import_tournament

    if p.questions:
        raise ValueError("questions are open")
    stored = []
    with transaction.atomic():
        for key, games in p.tournaments.items():
            parsed = parse_document(_document(fmt, p.names[key], key, games, p.nicknames))
            tournament, created = import_tournament(parsed, user=user)
            if created and user is not None:
                tournament.organisers.add(user)  # whoever brings a tournament runs it (as in the admin)
            for g in games:
                Game.objects.filter(tournament=tournament, code=f"{fmt}-{g.game_id}").update(played_on=g.played_on)
            last = max(g.played_on for g in games)
            if tournament.end_date < last:
                Tournament.objects.filter(pk=tournament.pk).update(end_date=last)
            stored.append(tournament)
    return stored
