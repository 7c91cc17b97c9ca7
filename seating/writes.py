"""Writing a generator `Seating` as rows: Rounds, Games (one per table and round, numbered after
the tournament's last game, with the seating's judge, status scheduled) and their ten Seats.
Callers run these inside a transaction, after `lock_tournament`. A write that adds or removes a
round announces it (`RoundsChanged`: Ci's N may follow the stage plan)."""
from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Max
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from engines.seating.model import Seating
from protocols.models import Game, GameStatus, Seat
from tournaments.domain_events import RoundsChanged, publish
from tournaments.models import Player, Round, Stage, Table, Tournament

from .refusals import SeatingRefused
from .selectors import Roster


def user_or_none(user):
    return user if user is not None and getattr(user, "is_authenticated", False) else None


def check_seating_fits(seating: Seating, roster: Roster) -> None:
    if seating.players != roster.size:
        raise SeatingRefused(
            _("The seating is for %(seated)d players but %(active)d are registered now: generate it again.")
            % {"seated": seating.players, "active": roster.size},
            field="players",
        )
    for index, tables in enumerate(seating.rounds, start=1):
        seated = [number for table in tables for number in table.seats]
        if any(len(table.seats) != 10 for table in tables):
            raise SeatingRefused(_("Round %(round)d has a table without 10 seats.") % {"round": index})
        if any(not 1 <= number <= roster.size for number in seated):
            raise SeatingRefused(_("Round %(round)d seats an unknown player number.") % {"round": index})
        if len(set(seated)) != len(seated):
            raise SeatingRefused(_("Round %(round)d seats a player at two tables.") % {"round": index})
        table_numbers = [table.table_no for table in tables]
        if len(set(table_numbers)) != len(table_numbers):
            raise SeatingRefused(_("Round %(round)d uses a table twice.") % {"round": index})


def ensure_tables(*, stage: Stage, numbers: set[int]) -> dict[int, Table]:
    existing = {table.number: table for table in Table.objects.filter(tournament_id=stage.tournament_id, number__in=numbers)}
    for number in sorted(numbers - existing.keys()):
        existing[number] = Table.objects.create(tournament_id=stage.tournament_id, number=number)
    return existing


def write_rounds(
    *, stage: Stage, rounds: Sequence[Sequence], first_round: int, roster: Roster, user, reason: str
) -> list[Game]:
    """Create rounds first_round.. with a game per table and its ten seats (status scheduled)."""
    tables = ensure_tables(stage=stage, numbers={table.table_no for tables in rounds for table in tables})
    next_number = (Game.objects.filter(tournament_id=stage.tournament_id).aggregate(top=Max("number"))["top"] or 0) + 1
    games: list[Game] = []
    seat_rows: list[tuple[int, int, Player]] = []  # (index of the game, seat, player)
    for offset, round_tables in enumerate(rounds):
        round_obj, _created = Round.objects.get_or_create(stage=stage, number=first_round + offset)
        for table in sorted(round_tables, key=lambda t: t.table_no):
            games.append(Game(
                tournament_id=stage.tournament_id, stage=stage, round=round_obj, table=tables[table.table_no],
                number=next_number, judge=roster.judge(table.judge_no), status=GameStatus.SCHEDULED,
            ))
            next_number += 1
            for seat_number, player_number in enumerate(table.seats, start=1):
                seat_rows.append((len(games) - 1, seat_number, roster.players[player_number - 1]))
    history_user = user_or_none(user)
    created = bulk_create_with_history(games, Game, default_user=history_user, default_change_reason=reason)
    if any(game.pk is None for game in created):  # a backend that does not return ids
        by_number = {game.number: game for game in Game.objects.filter(stage=stage, number__in=[g.number for g in games])}
        created = [by_number[game.number] for game in games]
    seats = [Seat(game=created[index], number=number, player=player) for index, number, player in seat_rows]
    bulk_create_with_history(seats, Seat, default_user=history_user, default_change_reason=reason)
    return created


def replace_rounds(
    *, stage: Stage, rounds: Sequence[Sequence], first_round: int, roster: Roster, user, reason: str
) -> list[Game]:
    """Delete the stage's games from round `first_round` on (all scheduled) and write `rounds` in
    their place. Round rows are kept (with their start times); those left without games go."""
    before = _round_numbers(stage)
    Game.objects.filter(stage=stage, round__number__gte=first_round).delete()
    created = write_rounds(stage=stage, rounds=rounds, first_round=first_round, roster=roster, user=user, reason=reason)
    Round.objects.filter(stage=stage, number__gte=first_round + len(rounds), games__isnull=True).delete()
    _rounds_written(stage, before)
    return created


def _round_numbers(stage: Stage) -> set[int]:
    return set(Round.objects.filter(stage=stage).values_list("number", flat=True))


def _rounds_written(stage: Stage, before: set[int]) -> None:
    if _round_numbers(stage) != before:
        publish(RoundsChanged(stage.pk))


def lock_tournament(stage: Stage) -> None:
    """Serialise the seating writes of a tournament: two organisers pressing Save at once, or two
    stages saved together, would otherwise read the same last game number."""
    Tournament.objects.select_for_update().only("pk").get(pk=stage.tournament_id)


def rewrite_rounds(
    *, stage: Stage, rounds: Sequence[Sequence], first_round: int, roster: Roster, user, reason: str
) -> list[Game]:
    """Write `rounds` as the stage's rounds from `first_round` on, keeping the game rows that
    stay: a scheduled game at the same round and table keeps its row, id and number (so a judge's
    open page keeps working); its judge and seats change only where the new seating differs.
    Games at a round and table the new seating no longer uses are deleted; new ones are created
    numbered after the tournament's last game. Returns the games of these rounds in order."""
    existing = {
        (game.round.number, game.table.number): game
        for game in Game.objects.filter(stage=stage, round__number__gte=first_round, replay_of__isnull=True)
        .select_related("round", "table").prefetch_related("seats")
    }
    before = _round_numbers(stage)
    history_user = user_or_none(user)
    keep: dict[tuple[int, int], Game] = {}
    missing_rounds: list[list] = []
    for offset, round_tables in enumerate(rounds):
        number = first_round + offset
        fresh = []
        for table in round_tables:
            game = existing.get((number, table.table_no))
            if game is None:
                fresh.append(table)
                continue
            keep[(number, table.table_no)] = game
            _rewrite_game(game, table, roster, history_user, reason)
        missing_rounds.append(fresh)
    Game.objects.filter(pk__in=[game.pk for key, game in existing.items() if key not in keep]).delete()
    created = []
    for offset, fresh in enumerate(missing_rounds):
        if fresh:
            created += write_rounds(stage=stage, rounds=[fresh], first_round=first_round + offset, roster=roster, user=user,
                                    reason=reason)
    Round.objects.filter(stage=stage, number__gte=first_round + len(rounds), games__isnull=True).delete()
    _rounds_written(stage, before)
    return list(
        Game.objects.filter(stage=stage, round__number__gte=first_round, replay_of__isnull=True)
        .order_by("round__number", "table__number")
    )


def _rewrite_game(game: Game, table, roster: Roster, history_user, reason: str) -> None:
    """One kept game: its judge and its ten seats as `table` has them (rows rewritten only when
    they differ)."""
    judge = roster.judge(table.judge_no)
    if game.judge_id != (judge.pk if judge else None):
        game.judge = judge
        game._history_user = history_user
        game._change_reason = reason
        game.save(update_fields=["judge"])
    wanted = [roster.players[number - 1] for number in table.seats]
    seated = sorted(game.seats.all(), key=lambda seat: seat.number)
    if [seat.player_id for seat in seated] == [player.pk for player in wanted]:
        return
    Seat.objects.filter(game=game).delete()
    seats = [Seat(game=game, number=number, player=player) for number, player in enumerate(wanted, start=1)]
    bulk_create_with_history(seats, Seat, default_user=history_user, default_change_reason=reason)
