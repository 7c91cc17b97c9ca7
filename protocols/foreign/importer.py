"""Foreign game records into draft tournaments: read every file (a file refused as a whole when
one of its records is, naming the file, the game and the field), say who each person of the
records is here (people.py: never two people made one without the organiser saying so), and
store each tournament's games through the tournament file's import (protocols.tournament_file:
checked by the scoring core first, drafts, idempotent).

A game is one game wherever it is: a game already imported (its code, "polemica-334187") is
updated where it is, never stored twice, and new games of a tournament already imported join it.
A tournament already imported is only touched while it is a draft, and through the admin only by
its organisers."""
from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from engines.scoring.fileformat import InvalidTournament, parse_document
from protocols.models import ForeignPerson, Game, Seat
from protocols.presentation import problem_sentence
from tournaments.models import Player, Publication, Registration, Tournament
from tournaments.permissions import managed_tournaments

from . import mafiaratings, polemica
from .people import CODE_MAX, PLATFORM, Question, match, person_code
from .records import ForeignGame, RecordRefused, is_int

READERS = {"polemica": polemica.read, "mafiaratings": mafiaratings.read}
MAX_FILE_BYTES = 50 * 1024 * 1024


@dataclass
class Target:
    """A tournament already stored that a tournament of the records updates."""
    pk: int
    slug: str
    name: str
    lot_seed: str
    start_date: object
    games_before_final: int
    places: dict[str, tuple[str, int, int]]  # its games' codes -> (stage, round, table)
    next_round: int                 # the first round after every qualifying game's
    players: dict[str, str]         # its registrations' codes -> nicknames, in their order
    settings: dict                  # its settings as the tournament file writes them: an import keeps them
    ruleset: str
    participants: int | None        # its organisers' count of participants, when they gave one
    seated: dict[str, set[str]]     # nickname -> the codes of the games he sits in


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
    targets: dict[str, Target] = field(default_factory=dict)              # tournament key -> the stored one it updates
    notes: list[str] = field(default_factory=list)                        # games left out, and why


def _code(fmt: str, game: ForeignGame) -> str:
    """The game's code here: the platform's name and its id there ("polemica-334187")."""
    return f"{fmt}-{game.game_id}"


def _records(data) -> list:
    return data if isinstance(data, list) else [data]


def _game_label(record, index: int) -> str:
    if isinstance(record, dict) and is_int(record.get("id")):
        return _("game %(id)s") % {"id": record["id"]}
    return _("record %(n)s") % {"n": index + 1}


def read_file(path: str, fmt: str, text: str | None = None) -> tuple[list[ForeignGame], str | None]:
    """The file's games, or (no games, why the file is refused)."""
    label = Path(path).name
    try:
        if text is None:
            if Path(path).stat().st_size > MAX_FILE_BYTES:
                return [], _("%(file)s: larger than %(n)s MB") % {"file": label, "n": MAX_FILE_BYTES // 2**20}
            text = Path(path).read_text(encoding="utf-8")
        data = json.loads(text.removeprefix("\ufeff"))  # a byte order mark, as Windows' editors write
    except (OSError, UnicodeDecodeError) as e:
        return [], _("%(file)s: cannot be read (%(why)s)") % {"file": label, "why": e.__class__.__name__}
    except (ValueError, RecursionError) as e:  # not JSON, or a number of more than 4,300 digits
        return [], _("%(file)s: not JSON (%(why)s)") % {"file": label, "why": str(e)[:120]}
    games, seen = [], set()
    for index, record in enumerate(_records(data)):
        game_name = _game_label(record, index)
        try:
            game = READERS[fmt](record)
            if game.game_id in seen:
                raise RecordRefused("id", _("the same game is in this file twice"))
            seen.add(game.game_id)
            _check_with_the_core(fmt, game)
        except RecordRefused as e:
            return [], f"{label}: {game_name}: {e.field}: {e.message}"
        games.append(game)
    if not games:
        return [], _("%(file)s: no game records") % {"file": label}
    return games, None


def _document(fmt: str, name: str, key: str, games: list[ForeignGame], nicknames: dict[str, str],
              target: Target | None = None) -> dict:
    """The tournament file of one tournament of the records, joined to ``target``'s players and
    rounds when it updates a stored tournament. A person's id is his code (people.person_code),
    unless his player is registered in the target already (then that registration's); people the
    organiser made one player share one id."""
    nick_of: dict[str, str] = {}  # person key -> nickname, in the order of the games
    for g in games:
        for s in g.seats:
            nick_of.setdefault(s.player_key, nicknames.get(s.player_key, s.name))
    # one id a player, and a player's registration always his: his registration's id in the
    # target; else his first person's own code, unless another player holds that there
    registered = {nick: code for code, nick in target.players.items()} if target else {}
    held = dict(target.players) if target else {}
    first_id: dict[str, str] = {}
    for person, nick in nick_of.items():
        if nick in first_id:
            continue
        code = registered.get(nick) or person_code(person)
        number = 1
        while held.get(code, nick) != nick:
            number += 1
            code = f"{person_code(person)[:CODE_MAX - 3]}-{number}"
        first_id[nick] = code
        held[code] = nick
    ids = {person: first_id[nick] for person, nick in nick_of.items()}
    # the target's registrations stay, but an import's whose player sits only in this run's
    # games and is none of its players (an answer gave his games to another: he goes)
    here = {_code(fmt, g) for g in games}
    players = {code: nick for code, nick in (target.players.items() if target else ())
               if nick in first_id or not code.startswith(f"{fmt}-") or target.seated.get(nick, set()) - here}
    players.update({code: nick for nick, code in first_id.items()})
    ordered = sorted(games, key=lambda g: (g.played_on, g.game_id))
    places = dict(target.places) if target else {}  # a stored game stays where the organisers put it
    next_round = target.next_round if target else 1
    for g in ordered:
        if _code(fmt, g) not in places:
            places[_code(fmt, g)], next_round = ("qualifying", next_round, 1), next_round + 1
    per_player = defaultdict(int)
    for g in games:
        for s in g.seats:
            per_player[ids[s.player_key]] += 1
    first = min([ordered[0].played_on] + ([target.start_date] if target else []))
    return {
        "format": "mafia-tournament/1",
        "tournament": {"name": name[:200], "ruleset": target.ruleset if target else "fiim",
                       "participants": max(len(players), (target.participants or 0) if target else 0),
                       **({"settings": target.settings} if target else {}),
                       "games_before_final": max([*per_player.values(), target.games_before_final if target else 1]),
                       "lot_seed": target.lot_seed if target else f"import:{fmt}:{key}"[:100],
                       "date": first.isoformat()},
        "players": [{"id": pid, "nickname": nick} for pid, nick in players.items()],
        "games": [{
            "id": _code(fmt, g), "stage": places[_code(fmt, g)][0], "round": places[_code(fmt, g)][1],
            "table": places[_code(fmt, g)][2],
            "result": g.result, "first_killed": {"seat": g.first_killed, "named": g.named} if g.first_killed else None,
            "seats": [{"seat": s.seat, "player": ids[s.player_key], "role": s.role, "fouls": s.fouls,
                       "removed": s.removed} for s in sorted(g.seats, key=lambda s: s.seat)],
        } for g in ordered],
    }


def _check_with_the_core(fmt: str, game: ForeignGame) -> None:
    """The game alone as a tournament file, through the scoring core's checks (RULES.md): a
    best move naming the first killed himself, a removal for a fourth foul without four..."""
    try:
        # each person his own, whatever his name: the names are read and checked by then, and
        # who is who is the matching's to say
        parse_document(_document(fmt, "check", "check", [game], {s.player_key: f"seat {s.seat}" for s in game.seats}))
    except InvalidTournament as e:
        problem = e.problems[0]
        where = f"seat {problem.seat}, {problem.field}" if problem.seat else problem.field
        raise RecordRefused(where, problem_sentence(problem)) from None


def plan(fmt: str, files: list[tuple[str, str | None]], *, tournament_name: str = "", same: dict[str, str] | None = None,
         new: set[str] | None = None, user=None) -> Plan:
    """Read ``files`` ((path, text or None to read the path)) and decide every player and where
    every tournament goes; nothing is stored. ``user``: who imports (None: the server's
    operator, at the command line), who may only update tournaments he organises."""
    out = Plan()
    _read(fmt, files, out)
    _group(fmt, out, tournament_name, user)
    _match_players(out, same or {}, new or set())  # the people of the games to be stored only
    return out


def _read(fmt: str, files, out: Plan) -> None:
    where: dict[str, str] = {}  # game id -> the file it came from
    for path, text in files:
        games, why = read_file(path, fmt, text)
        twice = next((g for g in games if g.game_id in where), None)
        if twice is not None:
            games, why = [], _("%(file)s: game %(id)s: id: also in %(other)s") % {
                "file": Path(path).name, "id": twice.game_id, "other": Path(where[twice.game_id]).name}
        if why:
            out.refused.append(why)
        where.update((g.game_id, path) for g in games)
        out.games += [(path, g) for g in games]


def _match_players(out: Plan, same: dict[str, str], new: set[str]) -> None:
    people: dict[str, str] = {}
    for g in sorted((g for games in out.tournaments.values() for g in games), key=lambda g: g.played_on):
        for s in g.seats:
            people[s.player_key] = s.name  # the newest name a person played under
    found = match(people, same, new)
    out.nicknames, out.matched, out.new_players, out.questions = (found.nicknames, found.matched, found.new_players,
                                                                  found.questions)


def _group(fmt: str, out: Plan, tournament_name: str, user) -> None:
    """The games by tournament, each tournament's name, and the stored tournament it updates: the
    one holding its games already, else the one of its name imported before. Games held by a
    tournament the import may not change are left where they are (a note says so)."""
    grouped: dict[str, list[ForeignGame]] = {}
    for _path, g in out.games:
        grouped.setdefault(g.tournament_key or fmt, []).append(g)
    for key, games in grouped.items():
        held = defaultdict(set)
        codes = [_code(fmt, g) for g in games]
        for code, pk in Game.objects.filter(code__in=codes).values_list("code", "tournament_id"):
            held[pk].add(code)
        target = None
        for pk in sorted(held, key=lambda pk: (-len(held[pk]), pk)):
            stored = Tournament.objects.get(pk=pk)
            why = _may_not_update(stored, user) if target is None else _("the rest goes to another")
            if why is None:
                target = stored
                continue
            for code in sorted(held[pk]):
                out.notes.append(_("%(code)s: already in the tournament '%(name)s' (%(why)s), left there") % {
                    "code": code, "name": stored.name, "why": why})
            games = [g for g in games if _code(fmt, g) not in held[pk]]
        if not games:
            continue
        name = tournament_name or games[0].tournament_name or _default_name(fmt, games)
        if target is None:
            seed = f"import:{fmt}:{key}"[:100]
            target = Tournament.objects.filter(name=name[:200], lot_seed=seed).first()
            if target is None and key != fmt and not tournament_name:  # a platform's tournament, renamed here since
                target = Tournament.objects.filter(lot_seed=seed).order_by("pk").first()
            why = _may_not_update(target, user) if target is not None else None
            if why:
                out.refused.append(_("the tournament '%(name)s': %(why)s; import the new games under another tournament's name")
                                   % {"name": target.name, "why": why})
                continue
        if target is not None:
            out.targets[key] = _target(target)
            name = target.name
        out.tournaments[key] = games
        out.names[key] = name


def _may_not_update(stored: Tournament, user) -> str | None:
    if user is not None and not managed_tournaments(user, Tournament.objects.filter(pk=stored.pk)).exists():
        return _("you do not organise it")
    if stored.publication != Publication.DRAFT:
        return _("it is published: its games are amended on its pages")
    return None


def _target(t: Tournament) -> Target:
    games = Game.objects.filter(tournament=t)
    places = {code: (stage, number, table) for code, stage, number, table in
              games.exclude(code="").values_list("code", "stage__kind", "round__number", "table__number")}
    last = max(games.filter(stage__kind="qualifying").values_list("round__number", flat=True), default=0)
    # keyed as tournament_file keys them: a registration added by hand, without a code, is kept too
    players = {code or f"p{pk}": nick for code, pk, nick in
               t.registrations.order_by("number", "pk").values_list("code", "player_id", "player__nickname")}
    seated: dict[str, set[str]] = defaultdict(set)
    for nick, code in Seat.objects.filter(game__tournament=t).values_list("player__nickname", "game__code"):
        seated[nick].add(code)
    settings = {"k_max_participants": t.k_max_participants, "best_move_three": str(t.best_move_three),
                "best_move_two": str(t.best_move_two), "fourth_foul_removal_counts": t.fourth_foul_removal_counts}
    return Target(t.pk, t.slug, t.name, t.lot_seed, t.start_date, t.games_before_final, places, last + 1, players,
                  settings, t.ruleset, t.participants_override, seated)


def _default_name(fmt: str, games: list[ForeignGame]) -> str:
    first, last = min(g.played_on for g in games), max(g.played_on for g in games)
    span = first.isoformat() if first == last else f"{first.isoformat()} – {last.isoformat()}"
    return f"{PLATFORM[fmt]}: {span}"


class NotStored(Exception):
    """What the database refused when a plan was stored (nothing of it is): message lines."""


def store(fmt: str, p: Plan, *, user=None) -> list[Tournament]:
    """Store a plan with no open question: one draft tournament per tournament of the records,
    or the stored tournament it updates; all or nothing."""
    from protocols.tournament_file import FileNotStorable, import_tournament

    if p.questions:
        raise ValueError("questions are open")
    stored = []
    try:
        with transaction.atomic():
            for key, games in p.tournaments.items():
                target = p.targets.get(key)
                parsed = parse_document(_document(fmt, p.names[key], key, games, p.nicknames, target))
                tournament, created = import_tournament(parsed, slug=target.slug if target else None, user=user)
                if created and user is not None:
                    tournament.organisers.add(user)  # whoever brings a tournament runs it (as in the admin)
                for g in games:
                    Game.objects.filter(tournament=tournament, code=_code(fmt, g)).update(played_on=g.played_on)
                _forget_moved_registrations(tournament, fmt)
                last = max(g.played_on for g in games)
                if tournament.end_date < last:
                    Tournament.objects.filter(pk=tournament.pk).update(end_date=last)
                stored.append(tournament)
            _link_people(p)
    except FileNotStorable as e:
        raise NotStored(e.problems) from None
    except IntegrityError as e:  # a case the plan did not foresee: refused whole rather than a server error
        raise NotStored([_("the database refused it (%(why)s)") % {"why": str(e).splitlines()[0][:200]}]) from None
    except InvalidTournament as e:
        raise NotStored([str(problem) for problem in e.problems]) from None
    return stored


def _link_people(p: Plan) -> None:
    """Remember who each person of the records is here (protocols.ForeignPerson), for every later
    import: the player made for him, or the one he was matched or answered to be."""
    players = dict(Player.objects.filter(nickname__in=set(p.nicknames.values())).values_list("nickname", "pk"))
    made = set(p.new_players)
    stored = {link.key: link for link in ForeignPerson.objects.filter(key__in=p.nicknames)}
    for key, nickname in p.nicknames.items():
        link = stored.get(key)
        if link is None:
            ForeignPerson.objects.create(key=key, player_id=players[nickname], made_for_him=nickname in made)
        elif link.player_id != players[nickname]:
            link.player_id, link.made_for_him = players[nickname], nickname in made
            link.save(update_fields=["player", "made_for_him"])


def _forget_moved_registrations(tournament: Tournament, fmt: str) -> None:
    """An import's registration (its code the platform's) whose player sits in none of the
    tournament's games any more: his games went to another player by an answer."""
    (Registration.objects.filter(tournament=tournament, code__startswith=f"{fmt}-")
     .exclude(player__seats__game__tournament=tournament).delete())
