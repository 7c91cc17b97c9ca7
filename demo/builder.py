"""Build a whole tournament with played, signed-off protocols: the demo, tests and benchmarks.
The demo itself leaves its last qualifying round seated but unplayed, so that a judge who logs in
has games to enter (`unplayed_rounds`).

Rows are created in bulk (a handful of queries per round), so a 200-player tournament for the
standings benchmark takes seconds, not minutes.
"""
from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.utils import timezone

from demo.game_simulation import simulate_game
from engines.seating.generator import generate, generate_final
from protocols.entry import entry_from_game
from protocols.models import Game, GameStatus, Nomination, Protest, ProtocolVersion, Seat, SeatPenalty, VoteCount
from protocols.vocabulary import ProtestPoint
from scoring.services import request_recompute
from tournaments.models import Club, Judge, Player, Registration, Round, Stage, StageKind, Table, Tournament, TournamentJudge

NICKNAMES = [
    "Ворон", "Лиса", "Граф", "Тень", "Багира", "Мистер Х", "Кузнец", "Шторм", "Сова", "Пилот",
    "Шахматист", "Ирбис", "Комета", "Барон", "Весна", "Феникс", "Дуэлянт", "Север", "Марта", "Оракул",
]
CLUBS = [("Красная площадь", "Москва"), ("Белые ночи", "Санкт-Петербург"), ("Волга", "Казань"), ("Урал", "Екатеринбург")]


@dataclass
class Cast:
    """The people a demo tournament comes with, and the passwords `make run` prints."""

    admin: tuple[str, str] = ("admin", "admin-mafia")
    chief: tuple[str, str] = ("chief", "chief-mafia")
    judge_password: str = "judge-mafia"
    organiser: tuple[str, str] = ("organiser", "organiser-mafia")
    player: tuple[str, str] = ("player", "player-mafia")


def _user(username: str, password: str, *, superuser: bool = False, group: str | None = None, staff: bool = True):
    User = get_user_model()
    user, created = User.objects.get_or_create(username=username, defaults={"is_staff": staff, "is_superuser": superuser})
    if created:
        user.set_password(password)
        user.save(update_fields=["password"])
    if group:
        user.groups.add(Group.objects.get(name=group))
    return user


def _judge(username: str, name: str, password: str, group: str) -> Judge:
    user = _user(username, password, group=group)
    judge, _ = Judge.objects.get_or_create(user=user, defaults={"name": name})
    return judge


@transaction.atomic
def build_tournament(
    slug: str, *, name: str | None = None, players: int = 20, tables: int = 2, qualifying_rounds: int = 8,
    final_games: int = 4, seed: int = 1, signed_off: bool = True, cast: Cast | None = None,
    seating_moves: int | None = None, unplayed_rounds: int = 0, versions: bool = False,
) -> Tournament:
    """Create tournament `slug` with every protocol played out by `simulate_game`.

    Each qualifying round seats all players at `tables` tables (players must be 10 × tables):
    with `seating_moves`, by the seating generator given that many moves (balanced seats, tables,
    judges and opponents, as a real tournament is seated); without, by a seeded shuffle (fast,
    for tests and benchmarks). The final seats the 10 players with most qualifying wins for
    `final_games` games, rotated by a row-complete Latin square. The last `unplayed_rounds`
    qualifying rounds are seated (games with their judges and seats) but not played; then there is
    no final yet (`final_games` must be 0). With `versions`, each signed-off protocol gets its
    version 1 (the judge's sign-off), as one entered on the judge's page has, so that its history
    shows who signed it; without, none (faster, for benchmarks).
    Returns the existing tournament unchanged if `slug` is taken (idempotent)."""
    existing = Tournament.objects.filter(slug=slug).first()
    if existing is not None:
        return existing
    if players != 10 * tables:
        raise ValueError(f"players ({players}) must be 10 × tables ({tables}): every round seats everybody")
    if unplayed_rounds and final_games:
        raise ValueError("a final cannot be played before the last qualifying round: give final_games=0")
    if not 0 <= unplayed_rounds <= qualifying_rounds:
        raise ValueError(f"unplayed_rounds ({unplayed_rounds}) must be within 0..{qualifying_rounds}")
    cast = cast or Cast()
    rng = random.Random(seed)
    _user(*cast.admin, superuser=True)
    chief = _judge(cast.chief[0], "Елена Смирнова", cast.chief[1], "Chief judge")
    judges = [_judge(f"judge{i}", _judge_name(i), cast.judge_password, "Judge") for i in range(1, tables + 1)]
    today = timezone.localdate()
    tournament = Tournament.objects.create(
        slug=slug, name=name or f"Demo {slug}", city="Москва", start_date=today - datetime.timedelta(days=1), end_date=today,
        games_before_final=qualifying_rounds, lot_seed=f"{slug}-{seed}", chief_judge=chief,
    )
    TournamentJudge.objects.bulk_create(TournamentJudge(tournament=tournament, judge=j, order=i) for i, j in enumerate(judges, 1))
    table_rows = Table.objects.bulk_create(Table(tournament=tournament, number=i) for i in range(1, tables + 1))
    people = _players(slug, players)
    width = max(2, len(str(players)))
    Registration.objects.bulk_create(
        Registration(tournament=tournament, player=p, number=i, code=f"p{i:0{width}d}") for i, p in enumerate(people, 1)
    )
    qualifying = Stage.objects.create(tournament=tournament, kind=StageKind.QUALIFYING, order=1)
    builder = _GameBuilder(tournament, rng, signed_off, judges)
    for number, plan in enumerate(_qualifying_plan(players, tables, qualifying_rounds, seed, seating_moves, rng), 1):
        round_ = Round.objects.create(stage=qualifying, number=number)
        builder.add_round(qualifying, round_, [
            (table_rows[table - 1], judges[judge - 1], [people[p - 1] for p in seats]) for table, judge, seats in plan
        ], played=number <= qualifying_rounds - unplayed_rounds)
    if final_games:
        final = Stage.objects.create(tournament=tournament, kind=StageKind.FINAL, order=2)
        finalists = sorted(range(1, players + 1), key=lambda n: (-builder.wins[people[n - 1].pk], n))[:10]
        for number, plan in enumerate(generate_final(final_games, seed=seed, players=finalists).rounds, 1):
            round_ = Round.objects.create(stage=final, number=number)
            (table, judge, seats), = plan
            builder.add_round(final, round_, [(table_rows[0], judges[0], [people[p - 1] for p in seats])])
    builder.flush()
    if versions:
        _sign_off_versions(tournament)
    request_recompute(tournament)  # its rows went in in bulk; the standings follow after the commit
    return tournament


# what the protest waiting on the demo's desk says
DEMO_PROTEST_TEXT = "Судья не дал мне последнюю минуту перед голосованием (8.9)."


@transaction.atomic
def add_demo_roles(tournament: Tournament, cast: Cast) -> Player:
    """The demo's other roles, so that every screen can be tried without making users by hand:
    an organiser of `tournament` (staff, in the Organiser group, in `organisers`), a player's
    account (not staff) linked to the first registered player, and one protest of that player on
    an earlier game, waiting on the chief judge's desk. The player's game of the last played round
    counts as signed off just now, so that they may file a protest on it for ten minutes.
    Idempotent: a second run adds nothing, it only renews those ten minutes."""
    organiser = _user(*cast.organiser, group="Organiser")
    tournament.organisers.add(organiser)
    player = tournament.registrations.order_by("number").select_related("player").first().player
    if player.user_id is None:
        player.user = _user(*cast.player, staff=False)
        player.save(update_fields=["user"])
    played = list(Game.objects.filter(tournament=tournament, status=GameStatus.SIGNED_OFF, seats__player=player)
                  .order_by("-round__number"))
    if played:
        Game.objects.filter(pk=played[0].pk).update(signed_off_at=timezone.now())
    if len(played) > 1 and not Protest.objects.filter(game__tournament=tournament).exists():
        game = played[1]
        Protest.objects.create(game=game, player=player, point=ProtestPoint.VOTING, text=DEMO_PROTEST_TEXT,
                               filed_by=player.user)
    return player


def deal_unplayed_roles(tournament: Tournament) -> int:
    """Deal the roles (6 red, 1 sheriff, 2 black, 1 don) of every game of `tournament` that is
    seated, not played and has no role yet, as the judge deals the cards before night 0, so that its
    judge can run it on the console at once (the console's log starts from the seats and roles).
    Seeded by the game's number: the same deal on every machine. Returns how many games it dealt;
    a second run deals none (a dealt or entered game is left alone)."""
    dealt = 0
    for game in Game.objects.filter(tournament=tournament, status=GameStatus.SCHEDULED).order_by("number"):
        seats = list(game.seats.order_by("number"))
        if len(seats) != 10 or any(s.role for s in seats):
            continue
        roles = ["red"] * 6 + ["sheriff", "black", "black", "don"]
        random.Random(f"{tournament.slug}-{game.number}-roles").shuffle(roles)
        for seat, role in zip(seats, roles):
            seat.role = role
        Seat.objects.bulk_update(seats, ["role"])
        dealt += 1
    return dealt


def _sign_off_versions(tournament: Tournament) -> None:
    signed = Game.objects.filter(tournament=tournament, status=GameStatus.SIGNED_OFF).select_related("signed_off_by")
    ProtocolVersion.objects.bulk_create(
        ProtocolVersion(game=game, version=game.version, saved_by=game.signed_off_by, action="sign_off",
                        data=entry_from_game(game).to_data())
        for game in signed
    )


def _qualifying_plan(players: int, tables: int, rounds: int, seed: int, moves: int | None, rng: random.Random):
    """Each round as (table number, judge number, ten player numbers) rows."""
    if moves:
        seating = generate(players, rounds, tables, seed=seed, iterations=moves)
        return [[(t.table_no, t.judge_no, t.seats) for t in rnd] for rnd in seating.rounds]
    plan = []
    for number in range(rounds):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        plan.append([(t + 1, (t + number) % tables + 1, order[10 * t:10 * t + 10]) for t in range(tables)])
    return plan


# the sheets print "Judge: <name>", so a judge's name is a person's name, not "Judge 1"
JUDGE_NAMES = ("Анна Орлова", "Игорь Белов", "Мария Козлова", "Дмитрий Волков", "Ольга Лебедева", "Сергей Морозов")


def _judge_name(number: int) -> str:
    if number <= len(JUDGE_NAMES):
        return JUDGE_NAMES[number - 1]
    return f"{JUDGE_NAMES[(number - 1) % len(JUDGE_NAMES)]} ({number})"


def _players(slug: str, count: int) -> list[Player]:
    clubs = [Club.objects.get_or_create(name=n, defaults={"city": c})[0] for n, c in CLUBS]
    # the demo's tournaments share their players (so the rating and the season have histories)
    names = [NICKNAMES[i] if i < len(NICKNAMES) and slug.startswith("demo") else f"{slug}-{i + 1}" for i in range(count)]
    existing = {p.nickname: p for p in Player.objects.filter(nickname__in=names)}
    Player.objects.bulk_create(
        [Player(nickname=n, club=clubs[i % len(clubs)], city=clubs[i % len(clubs)].city) for i, n in enumerate(names) if n not in existing]
    )
    by_name = {p.nickname: p for p in Player.objects.filter(nickname__in=names)}
    return [by_name[n] for n in names]


class _GameBuilder:
    """Collects simulated games and writes them with one bulk insert per kind of row."""

    def __init__(self, tournament: Tournament, rng: random.Random, signed_off: bool, judges: list[Judge]):
        self.tournament, self.rng, self.signed_off, self.judges = tournament, rng, signed_off, judges
        self.number = 0
        self.pending: list[tuple[Game, object, list[Player]]] = []
        self.wins: dict[int, int] = {}

    def add_round(self, stage: Stage, round_: Round, tables: list[tuple[Table, Judge, list[Player]]], *,
                  played: bool = True) -> None:
        now = timezone.now()
        signed_off = self.signed_off and played
        for table, judge, seated in tables:
            self.number += 1
            outcome = simulate_game(self.rng)
            game = Game(
                tournament=self.tournament, stage=stage, round=round_, table=table, number=self.number, judge=judge,
                played_on=self.tournament.start_date,
                status=GameStatus.SIGNED_OFF if signed_off else GameStatus.SCHEDULED,
                result=outcome.result if signed_off else "",
                first_killed_seat=outcome.first_killed if signed_off else None,
                best_move=outcome.best_move if signed_off else [],
                signed_off_at=now if signed_off else None,
                signed_off_by=judge.user if signed_off else None,
            )
            self.pending.append((game, outcome if signed_off else None, seated))
            if signed_off:
                for seat, player in zip(outcome.seats, seated):
                    won = (seat.role in ("black", "don")) == (outcome.result == "black")
                    self.wins[player.pk] = self.wins.get(player.pk, 0) + int(won)
            else:
                for player in seated:
                    self.wins.setdefault(player.pk, 0)

    def flush(self) -> None:
        games = Game.objects.bulk_create([g for g, _p, _s in self.pending])
        seats, nominations, votes = [], [], []
        for game, (_g, played, seated) in zip(games, self.pending):
            if played is None:  # seated, not played: players in seats 1..10, nothing else
                seats += [Seat(game=game, number=number, player=player) for number, player in enumerate(seated, 1)]
                continue
            for seat, player in zip(played.seats, seated):
                seats.append(Seat(
                    game=game, number=seat.number, player=player, role=seat.role, fouls=seat.fouls, removed=seat.removed,
                    left_how=seat.left_how, left_on=seat.left_on, extra=seat.extra, extra_reason=seat.extra_reason,
                    extra_approved=seat.extra_approved,
                ))
            nominations += [Nomination(game=game, day=d, by_seat=b, nominee_seat=n) for d, b, n in played.nominations]
            votes += [VoteCount(game=game, day=d, ballot=1, nominee_seat=n, votes=v) for d, n, v in played.votes]
        seats = Seat.objects.bulk_create(seats)
        Nomination.objects.bulk_create(nominations)
        VoteCount.objects.bulk_create(votes)
        by_key = {(s.game_id, s.number): s for s in seats}
        SeatPenalty.objects.bulk_create(
            SeatPenalty(seat=by_key[(game.pk, seat.number)], clause=clause, reason=reason)
            for game, (_g, played, _s) in zip(games, self.pending) if played is not None
            for seat in played.seats for clause, reason in seat.penalties
        )
        self.pending = []
