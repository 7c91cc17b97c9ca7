"""Services that store a seating: generate (preview), save, swap two players, reseat.

The generator (`seating.generator`) is pure and numbers everything from 1; these services read
the database into that numbering (`selectors.seating_roster`) and write its result back as
Rounds, Games (one per table and round, numbered after the tournament's last game, with the
seating's judge) and Seats (the player of each seat; the protocol starts pre-filled from them).

Every service is atomic: a refusal raises `SeatingRefused` and leaves nothing half written.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from django.conf import settings
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from protocols.models import Game, GameStatus, Seat
from seating import generator
from seating.errors import SeatingError
from seating.model import Seating
from seating.report import quality_report
from tournaments.models import Player, Registration, Round, Stage, Table, Tournament

from .selectors import (
    PLAYED_STATUSES,
    Roster,
    StoredSeating,
    is_final,
    seating_roster,
    stage_has_played_games,
    stored_seating,
)

FINAL_PLAYERS = 10


class SeatingRefused(Exception):
    """A seating request that cannot be carried out; ``field`` names the input at fault."""

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


def _user_or_none(user):
    return user if user is not None and getattr(user, "is_authenticated", False) else None


def _iterations(time_limit: float | None, iterations: int | None) -> int | None:
    """A move budget makes a seating depend on the seed only (not on the machine's speed):
    the given one, else settings.SEATING_ITERATIONS unless a time limit is asked for."""
    if iterations is not None or time_limit is not None:
        return iterations
    return getattr(settings, "SEATING_ITERATIONS", None)


def _generator_refusal(error: SeatingError, field: str = "games") -> SeatingRefused:
    return SeatingRefused(_("Impossible seating: %(reason)s") % {"reason": error}, field=field)


def _roster(*, stage: Stage, players: Sequence[Player] | None) -> Roster:
    """The seating's players: the given ones in their order (all of them must be registered and
    not withdrawn), else every non-withdrawn registration."""
    roster = seating_roster(stage=stage, players=list(players) if players is not None else None)
    if players is not None and roster.size != len({player.pk for player in players}):
        raise SeatingRefused(
            _("Players: some of the chosen players are not registered or have withdrawn: choose again."), field="players",
        )
    return roster


def table_count(*, roster: Roster, stage: Stage, tables: int | None = None) -> int:
    """Tables a round: the requested number, else one per 10 players (⌊P/10⌋)."""
    if is_final(stage):
        return 1
    return tables if tables is not None else roster.size // 10


def preview_seating(
    *,
    stage: Stage,
    games: int,
    seed: int = 0,
    time_limit: float | None = None,
    tables: int | None = None,
    players: Sequence[Player] | None = None,
    iterations: int | None = None,
) -> tuple[Seating, dict]:
    """Generate a seating for the stage and its quality report. Writes nothing.

    Players: the tournament's non-withdrawn registrations in number order (or the given ones),
    numbered 1..P; tables 1..T (T = ⌊P/10⌋ unless given); judges in TournamentJudge order.
    A final is 10 players at one table with the seats rotated (`generate_final`).
    """
    if stage_has_played_games(stage=stage):
        raise SeatingRefused(_("The stage already has games in play or signed off: reseat the rounds not yet played instead."))
    roster = _roster(stage=stage, players=players)
    if games < 1:
        raise SeatingRefused(_("Games: every player needs at least one game."), field="games")
    if time_limit is not None and time_limit <= 0:
        raise SeatingRefused(_("Time limit: give a positive number of seconds or leave it empty."), field="time_limit")
    if is_final(stage):
        if roster.size != FINAL_PLAYERS:
            raise SeatingRefused(
                _("Players: a final seats exactly %(need)d players, %(have)d are chosen.") % {"need": FINAL_PLAYERS, "have": roster.size},
                field="players",
            )
        try:
            seating = generator.generate_final(games=games, seed=seed)
        except SeatingError as error:
            raise _generator_refusal(error) from error
        return seating, quality_report(seating, roster.size, 1)
    table_total = table_count(roster=roster, stage=stage, tables=tables)
    if tables is not None and not 1 <= tables <= max(1, roster.size // 10):
        raise SeatingRefused(
            _("Tables: %(players)d players fill at most %(most)d tables of 10.") % {"players": roster.size, "most": roster.size // 10},
            field="tables",
        )
    try:
        seating = generator.generate(
            roster.size, games, tables=table_total, seed=seed, time_limit=time_limit, iterations=_iterations(time_limit, iterations),
        )
    except SeatingError as error:
        raise _generator_refusal(error) from error
    return seating, quality_report(seating, roster.size, table_total)


def _check_seating_fits(seating: Seating, roster: Roster) -> None:
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


def _ensure_tables(*, stage: Stage, numbers: set[int]) -> dict[int, Table]:
    existing = {table.number: table for table in Table.objects.filter(tournament_id=stage.tournament_id, number__in=numbers)}
    for number in sorted(numbers - existing.keys()):
        existing[number] = Table.objects.create(tournament_id=stage.tournament_id, number=number)
    return existing


def _write_rounds(
    *, stage: Stage, rounds: Sequence[Sequence], first_round: int, roster: Roster, user, reason: str
) -> list[Game]:
    """Create rounds first_round.. with a game per table and its ten seats (status scheduled)."""
    tables = _ensure_tables(stage=stage, numbers={table.table_no for tables in rounds for table in tables})
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
    history_user = _user_or_none(user)
    created = bulk_create_with_history(games, Game, default_user=history_user, default_change_reason=reason)
    if any(game.pk is None for game in created):  # a backend that does not return ids
        by_number = {game.number: game for game in Game.objects.filter(stage=stage, number__in=[g.number for g in games])}
        created = [by_number[game.number] for game in games]
    seats = [Seat(game=created[index], number=number, player=player) for index, number, player in seat_rows]
    bulk_create_with_history(seats, Seat, default_user=history_user, default_change_reason=reason)
    return created


def _replace_rounds(
    *, stage: Stage, rounds: Sequence[Sequence], first_round: int, roster: Roster, user, reason: str
) -> list[Game]:
    """Delete the stage's games from round `first_round` on (all scheduled) and write `rounds` in
    their place. Round rows are kept (with their start times); those left without games go."""
    Game.objects.filter(stage=stage, round__number__gte=first_round).delete()
    created = _write_rounds(stage=stage, rounds=rounds, first_round=first_round, roster=roster, user=user, reason=reason)
    Round.objects.filter(stage=stage, number__gte=first_round + len(rounds), games__isnull=True).delete()
    return created


def _lock_stage(stage: Stage) -> None:
    """Serialise the seating writes of a tournament: two organisers pressing Save at once, or two
    stages saved together, would otherwise read the same last game number."""
    Tournament.objects.select_for_update().only("pk").get(pk=stage.tournament_id)


@transaction.atomic
def save_seating(*, stage: Stage, seating: Seating, user, players: Sequence[Player] | None = None) -> list[Game]:
    """Store the seating as the stage's rounds 1..R, replacing a seating not yet played.

    Refuses when the stage has a game in play or signed off (reseat then instead)."""
    _lock_stage(stage)
    if stage_has_played_games(stage=stage):
        raise SeatingRefused(_("The stage already has games in play or signed off: reseat the rounds not yet played instead."))
    roster = _roster(stage=stage, players=players)
    _check_seating_fits(seating, roster)
    if is_final(stage) and seating.tables != 1:
        raise SeatingRefused(_("A final is played at one table."))
    return _replace_rounds(stage=stage, rounds=seating.rounds, first_round=1, roster=roster, user=user, reason=_("Seating generated"))


def _history(instance, user, reason: str) -> None:
    instance._history_user = _user_or_none(user)
    instance._change_reason = reason


@transaction.atomic
def swap_players(*, seat_a: Seat, seat_b: Seat, user) -> tuple[Seat, Seat]:
    """Swap the players of two seats: of two scheduled games of one round, or of one game."""
    seats = {seat.pk: seat for seat in Seat.objects.select_for_update().select_related("game__round", "player").filter(pk__in=[seat_a.pk, seat_b.pk])}
    if seat_a.pk == seat_b.pk or len(seats) != 2:
        raise SeatingRefused(_("Choose two different seats."), field="seat_b")
    seat_a, seat_b = seats[seat_a.pk], seats[seat_b.pk]
    game_a, game_b = seat_a.game, seat_b.game
    if game_a.stage_id != game_b.stage_id or game_a.round_id != game_b.round_id:
        raise SeatingRefused(_("Both seats must be in one round: a player plays once a round."), field="seat_b")
    for field, game in (("seat_a", game_a), ("seat_b", game_b)):
        if game.status != GameStatus.SCHEDULED:
            raise SeatingRefused(
                _("%(game)s is already %(status)s: its seats are fixed.") % {"game": game, "status": game.get_status_display().lower()},
                field=field,
            )
    player_a, player_b = seat_a.player, seat_b.player
    if game_a.pk == game_b.pk:
        # The two players of one game change seats. (game, player) is unique row by row, so
        # the second seat is written anew once the first holds its new player.
        reason = _("Seats swapped")
        kept = {name: getattr(seat_b, name) for name in ("role", "fouls", "removed", "left_how", "left_on", "extra", "extra_reason", "extra_approved", "gross_violation")}
        seat_b_number = seat_b.number
        _history(seat_b, user, reason)
        seat_b.delete()
        seat_a.player = player_b
        _history(seat_a, user, reason)
        seat_a.save(update_fields=["player"])
        seat_b = Seat(game=game_a, number=seat_b_number, player=player_a, **kept)
        _history(seat_b, user, reason)
        seat_b.save()
        return seat_a, seat_b
    round_players = Counter(
        Seat.objects.filter(game__round_id=game_a.round_id, game__replay_of__isnull=True).values_list("player_id", flat=True)
    )
    if player_a.pk == player_b.pk or round_players[player_a.pk] > 1 or round_players[player_b.pk] > 1:
        raise SeatingRefused(_("The swap would seat a player twice in one round."), field="seat_b")
    reason = _("Players swapped between games %(a)s and %(b)s") % {"a": game_a.number, "b": game_b.number}
    for seat, player in ((seat_a, player_b), (seat_b, player_a)):
        seat.player = player
        _history(seat, user, reason)
        seat.save(update_fields=["player"])
    return seat_a, seat_b


def find_seat(*, stage: Stage, game_number: int, seat_number: int, field: str) -> Seat:
    """The seat `seat_number` of the stage's game `game_number` (numbers as printed on the grid)."""
    seat = Seat.objects.filter(game__stage=stage, game__number=game_number, number=seat_number).select_related("game").first()
    if seat is None:
        raise SeatingRefused(
            _("No seat %(seat)d in game %(game)d of this stage.") % {"seat": seat_number, "game": game_number}, field=field,
        )
    return seat


def stored_report(stored: StoredSeating) -> dict:
    return quality_report(stored.seating, stored.roster.size, stored.tables)


def stage_report(stage: Stage) -> dict | None:
    """The quality report of the stage's STORED seating (so it shows the swaps); None if empty."""
    stored = stored_seating(stage=stage)
    return None if stored.is_empty else stored_report(stored)


def _register_substitutes(*, stage: Stage, substitutes: Sequence[Player]) -> None:
    tournament_id = stage.tournament_id
    top = Registration.objects.filter(tournament_id=tournament_id).aggregate(top=Max("number"))["top"] or 0
    for player in substitutes:
        registration = Registration.objects.filter(tournament_id=tournament_id, player=player).first()
        if registration is None:
            top += 1
            Registration.objects.create(tournament_id=tournament_id, player=player, number=top)
        elif registration.withdrawn:
            registration.withdrawn = False
            registration.save(update_fields=["withdrawn"])
        else:
            raise SeatingRefused(_("%(player)s already plays in this tournament.") % {"player": player}, field="substitute")


@transaction.atomic
def reseat_stage(
    *,
    stage: Stage,
    withdrawn: Sequence[Player] = (),
    substitutes: Sequence[Player] = (),
    seed: int = 0,
    user=None,
    time_limit: float | None = None,
    iterations: int | None = None,
) -> list[Game]:
    """A player withdraws or a substitute joins: regenerate the rounds not yet played.

    Rounds up to the last one with a game in play or signed off stay as they are (byte for byte);
    the rest are deleted and made again by `seating.generator.reseat` with the same goals over the
    whole stage. The withdrawn players' registrations are marked withdrawn, the substitutes are
    registered. Returns the new games."""
    _lock_stage(stage)
    if not withdrawn and not substitutes:
        raise SeatingRefused(_("Choose a withdrawn player or a substitute."), field="withdrawn")
    if len(substitutes) > len(withdrawn):
        raise SeatingRefused(_("Substitute: a substitute takes over the games of a withdrawn player; choose who withdraws."), field="substitute")
    if is_final(stage):
        raise SeatingRefused(_("A final is not reseated: replace the finalist and generate the final again."), field="withdrawn")
    stored = stored_seating(stage=stage)
    if stored.is_empty:
        raise SeatingRefused(_("The stage has no seating yet: generate it first."))
    played_upto = max((stored_round.number for stored_round in stored.rounds if stored_round.played), default=0)
    fixed = [stored_round for stored_round in stored.rounds if stored_round.number <= played_upto]
    if len(fixed) != played_upto:
        raise SeatingRefused(_("The stage's rounds are not numbered 1..N: reseating needs them in order."))
    seated_ids = {player.pk for player in stored.roster.players}
    withdrawn_ids = {player.pk for player in withdrawn}
    for player in withdrawn:
        if player.pk not in seated_ids:
            raise SeatingRefused(_("%(player)s is not seated in this stage.") % {"player": player}, field="withdrawn")
    for player in substitutes:
        if player.pk in seated_ids and player.pk not in withdrawn_ids:
            raise SeatingRefused(_("%(player)s is already seated in this stage.") % {"player": player}, field="substitute")
    for stored_round in fixed:
        for game in stored_round.games:
            if game.status == GameStatus.SCHEDULED and any(seat.player_id in withdrawn_ids for seat in game.seats.all()):
                raise SeatingRefused(
                    _("Round %(round)d is partly played and %(game)s still seats a withdrawn player: finish the round or swap the player first.")
                    % {"round": stored_round.number, "game": game},
                    field="withdrawn",
                )
    if len(fixed) == len(stored.rounds):
        raise SeatingRefused(_("Every round of the stage is played already: nothing to reseat."))

    Registration.objects.filter(tournament_id=stage.tournament_id, player_id__in=withdrawn_ids).update(withdrawn=True)
    _register_substitutes(stage=stage, substitutes=substitutes)

    # Numbering for the generator: the stored players keep their numbers (1..P), the substitutes
    # come after them; the withdrawn keep theirs in the played rounds and get no more games.
    players = list(stored.roster.players) + [player for player in substitutes if player.pk not in seated_ids]
    roster = Roster(players=tuple(players), judges=stored.roster.judges)
    number_of = {player.pk: index + 1 for index, player in enumerate(players)}
    played_rounds = stored.seating.rounds[: len(fixed)]
    try:
        reseated = generator.reseat(
            stored.seating,
            len(fixed),
            withdrawn=[number_of[player.pk] for player in withdrawn],
            substitutes=[number_of[player.pk] for player in substitutes],
            seed=seed,
            time_limit=time_limit,
            iterations=_iterations(time_limit, iterations),
        )
    except SeatingError as error:
        raise _generator_refusal(error, field="withdrawn") from error
    if [list(map(tuple, r)) for r in reseated.rounds[: len(fixed)]] != [list(map(tuple, r)) for r in played_rounds]:
        raise SeatingRefused(_("The reseating changed a played round; nothing was saved."))
    new_rounds = reseated.rounds[len(fixed):]
    return _replace_rounds(
        stage=stage, rounds=new_rounds, first_round=played_upto + 1, roster=roster, user=user, reason=_("Reseated"),
    )
