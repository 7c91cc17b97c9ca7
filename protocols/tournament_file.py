"""The tournament file (mafia-tournament/1) into and out of the database.

    export_document(tournament) -> dict        the snapshots loader's tournament, as a document
    import_tournament(t, *, slug=None) -> (Tournament, created)
                                               creates or updates a tournament from a parsed,
                                               valid file (engines.scoring.fileformat.parse_document)

Import is idempotent: players are matched by their file id (Registration.code), games by theirs
(Game.code); a game whose protocol is unchanged is not touched (no new version). A file is
checked by the scoring core before anything is written; the few things the core does not know
(two games at one table in one round, two player ids that differ only in case) are refused here,
all at once, before writing.

A new tournament is created as a draft, as the admin creates one: nobody but its organisers sees
it until they publish it. A game's judge is the judge of that name already attached to this
tournament, else a new Judge row attached to it; a judge of another tournament is never taken
(a Judge row is a person with a login, and a name is not a person).
"""
from __future__ import annotations

import calendar
import copy
import datetime
import json
import re

from django.db import transaction
from django.utils import timezone
from slugify import slugify

from engines.scoring import model as core
from engines.scoring.bounds import check_bounds
from engines.scoring.fileformat import to_document
from engines.scoring.problems import Problem
from engines.scoring.standings import in_playing_order
from engines.scoring.teams import read_teams
from tournaments.domain_events import TournamentFileImported, publish
from tournaments.models import Judge, Player, Publication, Registration, Round, Stage, Table, Team, Tournament, TournamentJudge
from tournaments.tournament_changes import save_tournament
from tournaments.vocabulary import STAGE_ORDER

from .entry import PenaltyEntry, SeatEntry, entry_from_game
from .models import Game, GameStatus, ProtocolVersion
from .scoring_records import derived_game_id, tournament_data
from .services import _write

PROGRESS_EVERY = 50  # games between two progress reports of an import
CITY_MAX = Tournament._meta.get_field("city").max_length
# ISO 8601's complete forms of a day, each extended (with its hyphens) or basic (without). The
# rating reader (engines/ratings/reader.py parse_date) reads the same forms the same way; the import
# contract keeps the cores and this app apart, so each holds its copy.
DAY_FORMS = (
    (re.compile(r"(\d{4})-?(\d{2})-?(\d{2})", re.ASCII), datetime.date),                    # 2026-10-03
    (re.compile(r"(\d{4})-?W(\d{2})-?(\d)", re.ASCII), datetime.date.fromisocalendar),      # 2026-W40-6
    (re.compile(r"(\d{4})-?(\d{3})", re.ASCII),
     lambda year, day: datetime.date(year, 1, 1) + datetime.timedelta(days=day - 1)
     if 1 <= day <= (366 if calendar.isleap(year) else 365) else None),                      # 2026-276
)


class FileNotStorable(Exception):
    """A valid file that the database cannot hold as it is; `problems` are message lines."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


def export_document(tournament: Tournament) -> dict:
    document = to_document(tournament_data(tournament, signed_off_only=True))
    if tournament.team_size is not None:  # docs/teams.md: the file's optional "teams"
        members: dict[int, list[str]] = {}
        for registration in Registration.objects.filter(tournament=tournament, team__isnull=False).order_by("number", "pk"):
            members.setdefault(registration.team_id, []).append(registration.file_id)
        document["teams"] = {"best": tournament.team_best, "list": [
            {"id": team.file_id, "name": team.name, "players": members[team.pk]}
            for team in tournament.teams.order_by("pk") if team.pk in members]}
    return document


def dumps(document: dict) -> str:
    """The file's text: the layout of example-tournament.json (indent 1, UTF-8), with a newline."""
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def default_slug(name: str) -> str:
    """A tournament's address from its name: "Кубок Москвы 2026" → "kubok-moskvy-2026" (python-slugify's
    transliteration, which covers every alphabet a club writes, not only Russian)."""
    return slugify(name, max_length=70, word_boundary=False) or "tournament"


def file_day(text: str) -> datetime.date | None:
    """The file's `date` (ISO 8601: 2026-10-03, 20261003, 2026-W40-6, 2026-276) as a day, or None
    when it names no day (a month or a week alone, a date and time, a day that does not exist)."""
    for pattern, build in DAY_FORMS:
        match = pattern.fullmatch(text)
        if match and text.count("-") in (0, len(match.groups()) - 1):
            try:
                return build(*map(int, match.groups()))
            except ValueError:  # year 0, month 13, week 54
                return None
    return None


def _storable_problems(t: core.Tournament, slug: str | None) -> list[str]:
    """What the database cannot hold: the core's bounds (which `check` reports too, so this only
    speaks for a tournament parsed without its checks), player ids that differ only in case, a
    date that names no day, a city longer than its column, and a game at a table and round where
    the tournament being updated already has another game."""
    problems = [str(p) for p in check_bounds(t)] + [str(p) for p in player_id_problems(t)]
    if t.date is not None and file_day(t.date) is None:
        problems.append(f"tournament.date: {t.date!r} is not a day (ISO 8601, e.g. 2026-10-03)")
    if t.city is not None and len(t.city) > CITY_MAX:
        problems.append(f"tournament.city: has more than {CITY_MAX} characters")
    existing = _existing(t, slug)
    if existing is not None:
        taken = {(g.stage.kind, g.round.number, g.table.number): g.code or derived_game_id(
                     g.stage.kind, g.round.number, g.table.number, False)
                 for g in existing.games.filter(replay_of__isnull=True).select_related("stage", "round", "table")}
        for g in t.games:
            other = taken.get((g.stage, g.round, g.table))
            if g.replay_of is None and other is not None and other != g.id:
                problems.append(f"game {g.id}, table: {g.stage} round {g.round} table {g.table} already has game {other}")
    return problems


def import_tournament(t: core.Tournament, *, slug: str | None = None, user=None, progress=None,
                      teams=None) -> tuple[Tournament, bool]:
    """Create or update the tournament of a valid file, in one transaction (FileNotStorable before
    anything is written). ``progress(done, total)``, when given, is called as the games go in.
    ``teams``: the file's "teams" object (docs/teams.md), which makes it a team tournament."""
    problems = _storable_problems(t, slug)
    plan, team_problems = read_teams(teams, [p.id for p in t.players])
    if problems or team_problems:
        raise FileNotStorable(problems + team_problems)
    with transaction.atomic():
        tournament, created = _tournament(t, slug)
        registrations = _players(tournament, t)
        if plan is not None:
            _teams(tournament, plan, registrations)
        _games(tournament, t, registrations, user, progress)
        publish(TournamentFileImported(tournament.pk))
    return tournament, created


def _existing(t: core.Tournament, slug: str | None) -> Tournament | None:
    """The tournament the file updates: the slug's, else the one of the file's name and lot seed."""
    if slug:
        return Tournament.objects.filter(slug=slug).first()
    matches = list(Tournament.objects.filter(name=t.name, lot_seed=t.lot_seed)[:2])
    return matches[0] if len(matches) == 1 else None


def _tournament(t: core.Tournament, slug: str | None) -> tuple[Tournament, bool]:
    existing = _existing(t, slug)
    values = dict(
        name=t.name, ruleset=t.ruleset, participants_override=t.participants, games_before_final=max(t.games_before_final, 1),
        lot_seed=t.lot_seed, k_max_participants=t.settings.k_max_participants,
        best_move_three=t.settings.best_move_three, best_move_two=t.settings.best_move_two,
        fourth_foul_removal_counts=t.settings.fourth_foul_removal_counts,
    )
    if t.city is not None:
        values["city"] = t.city
    day = file_day(t.date) if t.date is not None else None
    if existing is not None:
        if day is not None:
            # the file's first day; a tournament the file now starts after its last day ends that day
            values["start_date"], values["end_date"] = day, max(existing.end_date, day)
        changed = [k for k, v in values.items() if getattr(existing, k) != v]
        if changed:
            for k in changed:
                setattr(existing, k, values[k])
            save_tournament(existing, update_fields=changed)
        return existing, False
    if not slug:
        base = default_slug(t.name)
        slug, i = base, 1
        while Tournament.objects.filter(slug=slug).exists():
            i += 1
            slug = f"{base}-{i}"
    day = day or timezone.localdate()  # a file without a date: a tournament of today, as the admin offers
    # K applies to a new tournament; one stored keeps its organisers' choice (the file does not say)
    return save_tournament(Tournament(slug=slug, start_date=day, end_date=day, publication=Publication.DRAFT,
                                      k_applies=True, **values)), True


def _players(tournament: Tournament, t: core.Tournament) -> dict[str, Registration]:
    regs = {r.code or f"p{r.player_id}": r for r in tournament.registrations.select_related("player")}
    # A repeated id keeps its last entry, in the place of its first (as the standings read it).
    file_players = list({p.id: p for p in t.players}.values())
    wanted = [p.id for p in file_players]
    numbers = {pid: i for i, pid in enumerate(wanted, 1)}
    if any(r.number != numbers.get(fid) for fid, r in regs.items()):
        tournament.registrations.update(number=None)
        for r in regs.values():
            r.number = None
    players = {p.nickname: p for p in Player.objects.filter(nickname__in=[p.nickname for p in file_players])}
    out = {}
    for p in file_players:
        player = players.get(p.nickname) or Player.objects.create(nickname=p.nickname)
        reg = regs.pop(p.id, None)
        if reg is None:
            reg = Registration.objects.filter(tournament=tournament, player=player).first()
            if reg is not None:
                regs.pop(reg.code or f"p{reg.player_id}", None)
        if reg is None:
            reg = Registration.objects.create(tournament=tournament, player=player, code=p.id, number=numbers[p.id])
        elif (reg.player_id, reg.code, reg.number) != (player.pk, p.id, numbers[p.id]):
            reg.player, reg.code, reg.number = player, p.id, numbers[p.id]
            reg.save(update_fields=["player", "code", "number"])
        out[p.id] = reg
    # Registrations the file no longer has go, unless their player sits in a stored game.
    for reg in regs.values():
        if not Game.objects.filter(tournament=tournament, seats__player=reg.player).exists():
            reg.delete()
    return out


def _games(tournament: Tournament, t: core.Tournament, registrations: dict[str, Registration], user, progress=None) -> None:
    stages = {s.kind: s for s in tournament.stages.all()}
    tables = {x.number: x for x in tournament.tables.all()}
    rounds: dict[tuple[str, int], Round] = {}
    judges: dict[str, Judge] = {}
    stored = list(tournament.games.select_related("stage", "round", "table"))
    # A game stored without a file id is the file's game of its derived id (as export_document writes it).
    existing = {g.code or derived_game_id(g.stage.kind, g.round.number, g.table.number, g.replay_of_id is not None): g
                for g in stored}
    next_number = max([g.number for g in stored] + [0]) + 1
    by_code: dict[str, Game] = {}
    now = timezone.now()
    # A replay comes after the game it replays (they share the round and the table).
    total = len(t.games)
    for done, g in enumerate(in_playing_order(t.games, t.games)):
        if progress is not None and done % PROGRESS_EVERY == 0:
            progress(done, total)
        stage = stages.get(g.stage)
        if stage is None:
            order = STAGE_ORDER[g.stage]
            if any(s.order == order for s in stages.values()):
                order = max(s.order for s in stages.values()) + 1
            stage = stages[g.stage] = Stage.objects.create(tournament=tournament, kind=g.stage, order=order)
        rnd = rounds.get((g.stage, g.round)) or Round.objects.get_or_create(stage=stage, number=g.round)[0]
        rounds[(g.stage, g.round)] = rnd
        table = tables.get(g.table) or Table.objects.create(tournament=tournament, number=g.table)
        tables[g.table] = table
        judge = _judge(tournament, g.judge, judges) if g.judge else None
        game = existing.get(g.id)
        if game is None:
            game = Game.objects.create(tournament=tournament, stage=stage, round=rnd, table=table, number=next_number,
                                       code=g.id, judge=judge, status=GameStatus.SCHEDULED,
                                       replay_of=by_code.get(g.replay_of) if g.replay_of else None)
            next_number += 1
        by_code[g.id] = game
        meta = dict(stage=stage, round=rnd, table=table, judge=judge)
        stored = entry_from_game(game)
        entry = _entry(g, stored, registrations)
        if (game.is_signed_off and entry.to_data() == stored.to_data()
                and all(getattr(game, k) == v for k, v in meta.items())):
            continue
        for k, v in meta.items():
            setattr(game, k, v)
        if not ProtocolVersion.objects.filter(game=game, version=game.version).exists():
            ProtocolVersion.objects.create(game=game, version=game.version, action="initial", data=stored.to_data())
        _write(game, entry, stored, user)
        game.version += 1
        if not game.is_signed_off:
            game.status, game.signed_off_at, game.signed_off_by = GameStatus.SIGNED_OFF, now, user
        game._history_user = user
        game._change_reason = "import"
        game.save()
        ProtocolVersion.objects.create(game=game, version=game.version, saved_by=user, action="import",
                                       reason="import_tournament", data=entry.to_data())
    for g in t.games:
        target = by_code[g.replay_of] if g.replay_of else None
        game = by_code[g.id]
        if game.replay_of_id != (target.pk if target else None):
            game.replay_of = target
            game.save(update_fields=["replay_of"])


def _teams(tournament: Tournament, plan, registrations: dict[str, Registration]) -> None:
    """The file's teams: made by name (an existing one of that name kept), each member's
    registration set to his team; the team size the largest team's, unless the tournament's is larger."""
    size = max(len(team.players) for team in plan.teams) if plan.teams else 1
    tournament.team_size = max(tournament.team_size or 0, size)
    tournament.team_best = plan.best
    tournament.save(update_fields=["team_size", "team_best"])
    for team in plan.teams:
        stored, _created = Team.objects.get_or_create(tournament=tournament, name=team.name)
        Registration.objects.filter(pk__in=[registrations[p].pk for p in team.players]).update(team=stored)


def _judge(tournament: Tournament, name: str, cache: dict[str, Judge]) -> Judge:
    """The judge of this name attached to this tournament, else a new one attached to it: never
    a judge of another tournament (whose login would then sign this tournament's games)."""
    if name not in cache:
        judge = Judge.objects.filter(name=name, tournament_links__tournament=tournament).order_by("pk").first()
        if judge is None:
            judge = Judge.objects.create(name=name)
            TournamentJudge.objects.create(tournament=tournament, judge=judge, order=tournament.judge_links.count() + 1)
        cache[name] = judge
    return cache[name]


def _entry(g: core.Game, stored, registrations):
    """The file's game over the stored protocol: the file's fields win, the day/night record
    (which the file does not carry) stays when the players and roles are the same."""
    entry = copy.deepcopy(stored)
    same_table = all(
        (s := stored.seat(fs.seat)) is not None and s.player_id == registrations[fs.player].player_id and s.role == fs.role
        for fs in g.seats
    )
    if not same_table:
        entry.nominations, entry.votes = [], []
    seats = []
    for fs in sorted(g.seats, key=lambda s: s.seat):
        old = stored.seat(fs.seat) if same_table else None
        reg = registrations[fs.player]
        seats.append(SeatEntry(
            number=fs.seat, player_id=reg.player_id, nickname=reg.player.nickname, role=fs.role, fouls=fs.fouls,
            removed=fs.removed or "", left_how=old.left_how if old else "", left_on=old.left_on if old else None,
            extra=fs.extra, extra_reason=old.extra_reason if old else "", extra_approved=fs.extra_approved,
            gross_violation=fs.gross_violation,
        ))
    entry.seats = seats
    entry.penalties = [PenaltyEntry(fs.seat, p.clause, p.reason) for fs in sorted(g.seats, key=lambda s: s.seat) for p in fs.penalties]
    fk = g.first_killed
    entry.first_killed_seat = fk.seat if fk else None
    entry.best_move = list(fk.named) if fk else []
    if entry.result != g.result:
        entry.result_kind, entry.awarded_reason = "normal", ""
    entry.result = g.result
    return entry


def player_id_problems(t) -> list[Problem]:
    """Two player ids of the file that differ only in case ("tb-1" and "TB-1").

    The file format compares ids exactly, so `check` takes such a file; the database does not:
    a registration's code is what the desk, the seating and the next file's import call the
    player, and people read "TB-1" and "tb-1" as one number. The import refuses the file."""
    first: dict[str, str] = {}
    found = []
    for index, p in enumerate(t.players):
        other = first.setdefault(p.id.casefold(), p.id)
        if other != p.id:
            found.append(Problem(None, None, f"players[{index}].id", "player_id_case",
                                 f"{p.id} and {other} differ only in case; a player's id names one player",
                                 params={"player": p.id, "other": other}))
    return found
