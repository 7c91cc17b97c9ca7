"""Small builders for the standings tests: a played tournament, a scheduled round, a sign-off."""
from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from demo.builder import build_tournament
from protocols.models import Game, GameStatus, Seat
from scoring.services import request_recompute
from tournaments.models import Registration, Round, Stage, StageKind, Table

ROLES = ["red"] * 6 + ["sheriff", "black", "black", "don"]


def played(slug: str, *, players: int = 20, rounds: int = 3, final_games: int = 0, seed: int = 1):
    """A qualifying stage of `rounds` signed-off rounds (and `final_games` of a final), built by the demo."""
    tournament = build_tournament(slug, players=players, tables=players // 10, qualifying_rounds=rounds,
                                  final_games=final_games, seed=seed)
    as_if_committed()
    return tournament


def as_if_committed() -> None:
    """What a test built stands as if its transaction had committed: the recompute jobs its
    creation asked for are dropped (a test recomputes when it needs standings), so the jobs
    asked for afterwards are the test's own. (A test runs in one transaction that never commits,
    and the service sends one job per tournament and transaction.)"""
    transaction.get_connection().run_on_commit.clear()


def add_scheduled_round(tournament) -> list[Game]:
    """One more qualifying round, seated but not played (status scheduled, seats without roles)."""
    stage = Stage.objects.get(tournament=tournament, kind=StageKind.QUALIFYING)
    number = (Round.objects.filter(stage=stage).aggregate(m=Max("number"))["m"] or 0) + 1
    rnd = Round.objects.create(stage=stage, number=number)
    players = list(Registration.objects.filter(tournament=tournament).order_by("number").values_list("player_id", flat=True))
    players = players[number % len(players):] + players[:number % len(players)]
    next_number = (Game.objects.filter(tournament=tournament).aggregate(m=Max("number"))["m"] or 0) + 1
    games = []
    for i, table in enumerate(Table.objects.filter(tournament=tournament).order_by("number")):
        seated = players[10 * i:10 * i + 10]
        if len(seated) < 10:
            break
        game = Game.objects.create(tournament=tournament, stage=stage, round=rnd, table=table, number=next_number + i,
                                   status=GameStatus.SCHEDULED)
        Seat.objects.bulk_create(Seat(game=game, number=n, player_id=p) for n, p in enumerate(seated, 1))
        games.append(game)
    return games


def sign_off(game: Game, *, result: str = "red", extra_seat: int | None = None) -> None:
    """What the protocol service does at a sign-off: store the result, then ask for a recompute
    inside the same transaction (the job leaves only after the commit)."""
    with transaction.atomic():
        for seat in game.seats.all():
            seat.role = ROLES[seat.number - 1]
            if extra_seat == seat.number:
                seat.extra = "0.30"
            seat.save()
        game.status = GameStatus.SIGNED_OFF
        game.result = result
        game.signed_off_at = timezone.now()
        game.save()
        request_recompute(game.tournament)
