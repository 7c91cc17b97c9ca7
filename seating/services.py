"""Services that store a seating: generate (preview), save, swap two players, reseat.

The generator (`engines.seating.generator`) is pure and numbers everything from 1; these services read
the database into that numbering (`selectors.seating_roster`) and write its result back as
Rounds, Games (one per table and round, numbered after the tournament's last game, with the
seating's judge) and Seats (the player of each seat; the protocol starts pre-filled from them).

Every service is atomic: a refusal raises `SeatingRefused` and leaves nothing half written.
"""
from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.conf import settings
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engines.seating import generator
from engines.seating.errors import SeatingError
from engines.seating.model import Seating
from engines.seating.report import quality_report
from protocols.models import Game, GameStatus, Seat
from tournaments.action_log import log_action
from tournaments.domain_events import RegistrationsChanged, SeatingSaved, publish
from tournaments.models import Judge, Player, Registration, Stage

from . import action_types
from .models import ManualSwap, SeatingRecord
from .refusals import SeatingRefused
from .selectors import (
    Roster,
    StoredSeating,
    is_final,
    seating_roster,
    stage_has_played_games,
    stored_seating,
)
from .writes import check_seating_fits, lock_tournament, replace_rounds, rewrite_rounds, user_or_none

__all__ = [
    "BALANCE_CHOICES", "DEFAULT_BALANCE", "ReseatPlan", "SeatingRefused", "apply_reseat", "find_seat", "plan_reseat", "preview_seating",
    "reseat_stage",
    "save_seating", "stage_report", "stored_report", "swap_players", "find_player_seat", "club_lists",
]

FINAL_PLAYERS = 10

# What gives way when opponents and tables/judges conflict (`engines.seating.generator.generate`'s
# ``balance``), in the words an organiser reads on the form.
BALANCE_CHOICES = (
    ("pairs", gettext_lazy("Opponents first — fewest repeated meetings")),
    ("near", gettext_lazy("Balanced — judges and tables within one of even, opponents nearly as good")),
    ("tables", gettext_lazy("Strict tables — each player at each table and with each judge equally often")),
)
# "near" by default, in the admin and the commands alike: real tournaments care that a player
# does not get the same judge 6 times (which "pairs" allows, e.g. 1..7 for 30 players x 10
# games), and it costs the opponents very little.
DEFAULT_BALANCE = "near"


def balance_label(balance: str) -> str:
    """The organiser's words for a balance mode (the mode itself if unknown)."""
    return str(dict(BALANCE_CHOICES).get(balance, balance))


def _check_balance(balance: str) -> None:
    if balance not in dict(BALANCE_CHOICES):
        raise SeatingRefused(
            _("Balance: choose one of %(choices)s, not “%(value)s”.")
            % {"choices": ", ".join(key for key, _label in BALANCE_CHOICES), "value": balance},
            field="balance",
        )


def _iterations(time_limit: float | None, iterations: int | None) -> int | None:
    """A move budget makes a seating depend on the seed only (not on the machine's speed):
    the given one, else settings.SEATING_ITERATIONS unless a time limit is asked for."""
    if iterations is not None or time_limit is not None:
        return iterations
    return settings.SEATING_ITERATIONS


def _check_run(*, seed: int, time_limit: float | None) -> None:
    """A seed of 0 or more; a time limit that is a positive number of seconds (NaN or infinity
    would never stop the search), or none."""
    if seed < 0:
        raise SeatingRefused(_("Seed: give a whole number 0 or more."), field="seed")
    if time_limit is not None and not (math.isfinite(time_limit) and time_limit > 0):
        raise SeatingRefused(_("Time limit: give a positive number of seconds or leave it empty."), field="time_limit")


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
    balance: str = DEFAULT_BALANCE,
    clubs_apart: bool = False,
    judges: Sequence[Judge] | None = None,
) -> tuple[Seating, dict]:
    """Generate a seating for the stage and its quality report. Writes nothing.

    ``clubs_apart``: seat players of one club at one table as rarely as the search can (part of
    the generator's objective); the report counts same-club pairs at a table either way, beside
    the fewest possible. ``judges``: judge j of the seating is ``judges[j - 1]`` (chosen per
    table in the form; the chief judge may judge the final), default the tournament's in order.

    Players: the tournament's non-withdrawn registrations in number order (or the given ones),
    numbered 1..P; tables 1..T (T = ⌊P/10⌋ unless given); judges in TournamentJudge order.
    ``balance``: "pairs", "near" or "tables" (`BALANCE_CHOICES`), passed to the generator.
    A final is 10 players at one table with the seats rotated (`generate_final`; no balance to choose).
    """
    _check_balance(balance)
    if stage_has_played_games(stage=stage):
        raise SeatingRefused(_("The stage already has games in play or signed off: reseat the rounds not yet played instead."))
    roster = _with_judges(_roster(stage=stage, players=players), judges)
    if games < 1:
        raise SeatingRefused(_("Games: every player needs at least one game."), field="games")
    _check_run(seed=seed, time_limit=time_limit)
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
        seating.stats.update(seed=seed)
        return seating, quality_report(seating, roster.size, 1, clubs=club_lists(roster) or None)
    table_total = table_count(roster=roster, stage=stage, tables=tables)
    if tables is not None and not 1 <= tables <= max(1, roster.size // 10):
        raise SeatingRefused(
            _("Tables: %(players)d players fill at most %(most)d tables of 10.") % {"players": roster.size, "most": roster.size // 10},
            field="tables",
        )
    try:
        seating = generator.generate(
            roster.size, games, tables=table_total, seed=seed, time_limit=time_limit, iterations=_iterations(time_limit, iterations),
            balance=balance, clubs=club_lists(roster) if clubs_apart else (),
        )
    except SeatingError as error:
        raise _generator_refusal(error) from error
    return seating, quality_report(seating, roster.size, table_total, clubs=club_lists(roster) or None, balance=balance)


def club_lists(roster: Roster) -> list[list[int]]:
    """The roster's clubs as lists of player numbers (clubs with two or more players seated); the
    reports count same-club pairs only where there is such a club (``or None``)."""
    clubs: dict[int, list[int]] = {}
    for number, player in enumerate(roster.players, start=1):
        if player.club_id is not None:
            clubs.setdefault(player.club_id, []).append(number)
    return [members for members in clubs.values() if len(members) > 1]


def _with_judges(roster: Roster, judges: Sequence[Judge] | None) -> Roster:
    """The roster with the chosen judges (judge j is ``judges[j - 1]``), each at most once."""
    if not judges:
        return roster
    twice = sorted({str(judge) for judge in judges if sum(other.pk == judge.pk for other in judges) > 1})
    if twice:
        raise SeatingRefused(
            _("Judges: %(judges)s chosen for more than one table.") % {"judges": ", ".join(twice)}, field="judges",
        )
    return replace(roster, judges=tuple(judges))


@transaction.atomic
def save_seating(
    *,
    stage: Stage,
    seating: Seating,
    user,
    players: Sequence[Player] | None = None,
    seed: int | None = None,
    iterations: int | None = None,
    time_limit: float | None = None,
    balance: str = "",
    clubs_apart: bool = False,
    judges: Sequence[Judge] | None = None,
) -> list[Game]:
    """Store the seating as the stage's rounds 1..R, replacing a seating not yet played, and how
    it was made (`SeatingRecord`: seed, budget, mode, judges) so that anyone can make it again.
    The manual swaps of the seating it replaces are forgotten (they applied to that one).

    Refuses when the stage has a game in play or signed off (reseat then instead)."""
    lock_tournament(stage)
    if stage_has_played_games(stage=stage):
        raise SeatingRefused(_("The stage already has games in play or signed off: reseat the rounds not yet played instead."))
    roster = _with_judges(_roster(stage=stage, players=players), judges)
    check_seating_fits(seating, roster)
    if is_final(stage) and seating.tables != 1:
        raise SeatingRefused(_("A final is played at one table."))
    games = replace_rounds(stage=stage, rounds=seating.rounds, first_round=1, roster=roster, user=user, reason=_("Seating generated"))
    ManualSwap.objects.filter(stage=stage).delete()
    # what the seating says of how it was made, where the caller does not say it
    seed = seating.stats.get("seed") if seed is None else seed
    iterations = seating.stats.get("budget") if iterations is None and time_limit is None else iterations
    balance = balance or seating.stats.get("balance") or ""
    if seed is not None:
        SeatingRecord.objects.update_or_create(stage=stage, defaults={
            "seed": seed, "iterations": iterations, "time_limit": time_limit, "balance": balance or "",
            "clubs_apart": clubs_apart, "judges": [judge.pk for judge in roster.judges[: max(1, seating.tables)]],
        })
    log_action(tournament=stage.tournament, user=user, action=action_types.SEATING_SAVED, obj=stage,
               data={"rounds": len(seating.rounds), "games": len(games), "players": roster.size})
    publish(SeatingSaved(stage.tournament_id, stage.pk))
    return games


def _history(instance, user, reason: str) -> None:
    instance._history_user = user_or_none(user)
    instance._change_reason = reason


@transaction.atomic
def swap_players(*, seat_a: Seat, seat_b: Seat, user) -> tuple[Seat, Seat]:
    """Swap the players of two seats: of two scheduled games of one round, or of one game."""
    locked = Seat.objects.select_for_update().select_related("game__round", "player").filter(pk__in=[seat_a.pk, seat_b.pk])
    seats = {seat.pk: seat for seat in locked}
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
        entered = ("role", "fouls", "removed", "left_how", "left_on", "extra", "extra_reason", "extra_approved", "gross_violation")
        kept = {name: getattr(seat_b, name) for name in entered}
        seat_b_number = seat_b.number
        _history(seat_b, user, reason)
        seat_b.delete()
        seat_a.player = player_b
        _history(seat_a, user, reason)
        seat_a.save(update_fields=["player"])
        seat_b = Seat(game=game_a, number=seat_b_number, player=player_a, **kept)
        _history(seat_b, user, reason)
        seat_b.save()
        _log_swap(user, game_a, game_b, seat_a, seat_b, player_a, player_b, reason)
        _remember_swap(game_a, player_a, player_b, user)
        publish(SeatingSaved(game_a.tournament_id, game_a.stage_id))
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
    _log_swap(user, game_a, game_b, seat_a, seat_b, player_a, player_b, reason)
    _remember_swap(game_a, player_a, player_b, user)
    publish(SeatingSaved(game_a.tournament_id, game_a.stage_id))
    return seat_a, seat_b


def _remember_swap(game: Game, player_a: Player, player_b: Player, user) -> None:
    """A reseating applies the organiser's swaps again (`plan_reseat`)."""
    ManualSwap.objects.create(
        stage_id=game.stage_id, round_number=game.round.number, player_a=player_a, player_b=player_b, made_by=user_or_none(user),
    )


def _log_swap(user, game_a, game_b, seat_a, seat_b, player_a, player_b, reason) -> None:
    log_action(tournament=game_a.tournament, user=user, action=action_types.SEATS_SWAPPED, obj=game_a, reason=reason,
               data={"changes": [f"{game_a.number}/{seat_a.number}: {player_a} → {player_b}",
                                 f"{game_b.number}/{seat_b.number}: {player_b} → {player_a}"]})


def find_seat(*, stage: Stage, game_number: int, seat_number: int, field: str) -> Seat:
    """The seat `seat_number` of the stage's game `game_number` (numbers as printed on the grid)."""
    seat = Seat.objects.filter(game__stage=stage, game__number=game_number, number=seat_number).select_related("game").first()
    if seat is None:
        raise SeatingRefused(
            _("No seat %(seat)d in game %(game)d of this stage.") % {"seat": seat_number, "game": game_number}, field=field,
        )
    return seat


def find_player_seat(*, stage: Stage, round_number: int, player: Player, field: str) -> Seat:
    """The seat of `player` in round `round_number` of the stage (replays left out)."""
    seat = (
        Seat.objects.filter(game__stage=stage, game__round__number=round_number, game__replay_of__isnull=True, player=player)
        .select_related("game").first()
    )
    if seat is None:
        raise SeatingRefused(
            _("%(player)s does not play round %(round)d of this stage.") % {"player": player, "round": round_number}, field=field,
        )
    return seat


def seating_report(seating: Seating, players: int, tables: int, clubs=None, balance: str = "pairs") -> dict:
    """`quality_report`, plus ``full_stage``: the stage measures over the players who play every
    game, when some (withdrawn, substitutes) play fewer and would blur the ranges."""
    report = quality_report(seating, players, tables, clubs=clubs, balance=balance)
    most = max((row["games"] for row in report["players"]), default=0)
    full = [row["player"] for row in report["players"] if row["games"] == most]
    if 10 <= len(full) < len(report["players"]):
        full_stage = quality_report(seating, full, tables, clubs=clubs, balance=balance)["stage"]
        report["full_stage"] = {**full_stage, "partial_players": len(report["players"]) - len(full)}
    return report


def stored_report(stored: StoredSeating, record: SeatingRecord | None = None) -> dict:
    """The report of what is stored, with the clubs counted and the balance mode it was made in."""
    balance = record.balance if record is not None and record.balance else "pairs"
    return seating_report(stored.seating, stored.roster.size, stored.tables, clubs=club_lists(stored.roster) or None, balance=balance)


def seating_record(*, stage: Stage) -> SeatingRecord | None:
    return SeatingRecord.objects.filter(stage=stage).first()


def stage_report(stage: Stage) -> dict | None:
    """The quality report of the stage's STORED seating (so it shows the swaps); None if empty."""
    stored = stored_seating(stage=stage)
    return None if stored.is_empty else stored_report(stored, seating_record(stage=stage))


def _register_substitutes(*, stage: Stage, substitutes: Sequence[Player]) -> None:
    tournament_id = stage.tournament_id
    top = Registration.objects.filter(tournament_id=tournament_id).aggregate(top=Max("number"))["top"] or 0
    for player in substitutes:
        registration = Registration.objects.filter(tournament_id=tournament_id, player=player).first()
        if registration is None:
            top += 1
            # a substitute: takes over a withdrawn player's games, adds no participant for K (8.7)
            Registration.objects.create(tournament_id=tournament_id, player=player, number=top, substitute=True)
        elif registration.withdrawn:
            registration.withdrawn = False
            registration.save(update_fields=["withdrawn"])
        else:
            raise SeatingRefused(_("%(player)s already plays in this tournament.") % {"player": player}, field="substitute")


@dataclass(frozen=True)
class ReseatPlan:
    """A reseating worked out but not written: the whole stage (the played rounds first, as they
    are) in the numbering of ``roster`` (the stored players, then the substitutes)."""

    seating: Seating
    roster: Roster
    played_rounds: int
    withdrawn: tuple[int, ...]  # player ids
    substitutes: tuple[int, ...]  # player ids; the n-th takes over the n-th withdrawn's games
    based_on: str  # `seating_digest` of the stored seating it was worked out from
    swaps_kept: tuple[int, ...] = ()  # ManualSwap ids applied again to the new rounds
    swaps_dropped: tuple[tuple[int, str], ...] = ()  # (ManualSwap id, why it no longer applies)
    seed: int = 0
    balance: str = ""

    def report(self) -> dict:
        return seating_report(self.seating, self.roster.size, self.seating.tables, clubs=club_lists(self.roster) or None,
                              balance=self.balance or "pairs")


def _reapply_swaps(seating: Seating, swaps, number_of: dict[int, int], played: int) -> tuple[Seating, list, list]:
    """The organiser's swaps of rounds after ``played`` made again on a new seating, in the order
    they were made: the two players exchange their places (tables and seats) in that round. A
    swap whose round is gone or whose player no longer plays that round is dropped, with why."""
    rounds = [list(tables) for tables in seating.rounds]
    kept, dropped = [], []
    for swap in swaps:
        index = swap.round_number - 1
        if index >= len(rounds):
            dropped.append((swap.pk, _("round %(round)d is no longer in the stage") % {"round": swap.round_number}))
            continue
        places = {}
        for player in (swap.player_a, swap.player_b):
            number = number_of.get(player.pk)
            places[player.pk] = next(
                ((t, s) for t, table in enumerate(rounds[index]) for s, seated in enumerate(table.seats) if seated == number), None,
            )
        missing = [player for player in (swap.player_a, swap.player_b) if places[player.pk] is None]
        if missing:
            dropped.append((swap.pk, _("%(player)s no longer plays round %(round)d")
                            % {"player": missing[0], "round": swap.round_number}))
            continue
        (ta, sa), (tb, sb) = places[swap.player_a.pk], places[swap.player_b.pk]
        a, b = rounds[index][ta].seats[sa], rounds[index][tb].seats[sb]
        seats_a = list(rounds[index][ta].seats)
        seats_a[sa] = b
        rounds[index][ta] = rounds[index][ta]._replace(seats=tuple(seats_a))
        seats_b = list(rounds[index][tb].seats)
        seats_b[sb] = a
        rounds[index][tb] = rounds[index][tb]._replace(seats=tuple(seats_b))
        kept.append(swap.pk)
    again = Seating(players=seating.players, games=seating.games, rounds=rounds, tables=seating.tables, stats=seating.stats)
    return again, kept, dropped


def swap_descriptions(ids) -> dict[int, str]:
    """Manual swaps by id, as an organiser reads them: round and the two players."""
    return {
        swap.pk: _("round %(round)d: %(a)s ↔ %(b)s") % {"round": swap.round_number, "a": swap.player_a, "b": swap.player_b}
        for swap in ManualSwap.objects.filter(pk__in=list(ids)).select_related("player_a", "player_b")
    }


def _played_upto(stored: StoredSeating) -> int:
    """Rounds 1..n are fixed: n is the last round with a game in play or signed off."""
    played_upto = max((stored_round.number for stored_round in stored.rounds if stored_round.played), default=0)
    if [stored_round.number for stored_round in stored.rounds[:played_upto]] != list(range(1, played_upto + 1)):
        raise SeatingRefused(_("The stage's rounds are not numbered 1..N: reseating needs them in order."))
    return played_upto


def seating_digest(stored: StoredSeating) -> str:
    """A digest of every stored round (tables, judges, seats as player ids): a reseating applies
    only to the seating it was worked out from, played or not (a stage generated again meanwhile
    must not be overwritten by an older plan)."""
    rounds = _rounds_by_id(stored.seating, stored.roster, len(stored.seating.rounds))
    return hashlib.sha256(repr(rounds).encode()).hexdigest()


def _rounds_by_id(seating: Seating, roster: Roster, count: int) -> list:
    """The first `count` rounds with players as ids: comparable across numberings."""
    return [
        sorted((t.table_no, t.judge_no, tuple(roster.players[p - 1].pk for p in t.seats)) for t in tables)
        for tables in seating.rounds[:count]
    ]


def plan_reseat(
    *,
    stage: Stage,
    withdrawn: Sequence[Player] = (),
    substitutes: Sequence[Player] = (),
    seed: int = 0,
    time_limit: float | None = None,
    iterations: int | None = None,
    balance: str = DEFAULT_BALANCE,
) -> ReseatPlan:
    """Work out a reseating (see `reseat_stage`) without writing anything."""
    _check_balance(balance)
    _check_run(seed=seed, time_limit=time_limit)
    if not withdrawn and not substitutes:
        raise SeatingRefused(_("Choose a withdrawn player or a substitute."), field="withdrawn")
    for field, chosen in (("withdrawn", withdrawn), ("substitute", substitutes)):
        times = Counter(player.pk for player in chosen)
        twice = sorted({str(player) for player in chosen if times[player.pk] > 1})
        if twice:
            raise SeatingRefused(_("%(players)s chosen more than once.") % {"players": ", ".join(twice)}, field=field)
    if len(substitutes) > len(withdrawn):
        raise SeatingRefused(
            _("Substitute: a substitute takes over the games of a withdrawn player; choose who withdraws."), field="substitute",
        )
    if is_final(stage):
        raise SeatingRefused(_("A final is not reseated: replace the finalist and generate the final again."), field="withdrawn")
    stored = stored_seating(stage=stage)
    if stored.is_empty:
        raise SeatingRefused(_("The stage has no seating yet: generate it first."))
    played_upto = _played_upto(stored)
    seated_ids = set(stored.roster.player_ids())
    withdrawn_ids = {player.pk for player in withdrawn}
    for player in withdrawn:
        if player.pk not in seated_ids:
            raise SeatingRefused(_("%(player)s is not seated in this stage.") % {"player": player}, field="withdrawn")
    for player in substitutes:
        if player.pk in seated_ids:
            raise SeatingRefused(_("%(player)s is already seated in this stage.") % {"player": player}, field="substitute")
        if Registration.objects.filter(tournament_id=stage.tournament_id, player=player, withdrawn=False).exists():
            raise SeatingRefused(_("%(player)s already plays in this tournament.") % {"player": player}, field="substitute")
    for stored_round in stored.rounds[:played_upto]:
        for game in stored_round.games:
            if game.status == GameStatus.SCHEDULED and any(seat.player_id in withdrawn_ids for seat in game.seats.all()):
                raise SeatingRefused(
                    _(
                        "Round %(round)d is partly played and %(game)s still seats a withdrawn player: "
                        "finish the round or swap the player first."
                    )
                    % {"round": stored_round.number, "game": game},
                    field="withdrawn",
                )
    if played_upto == len(stored.rounds):
        raise SeatingRefused(_("Every round of the stage is played already: nothing to reseat."))
    staying = len(seated_ids - withdrawn_ids) + len(substitutes)
    if staying < 10:
        raise SeatingRefused(
            _("Only %(count)d players would be left and a table needs 10: withdraw fewer or add substitutes.")
            % {"count": staying},
            field="withdrawn",
        )

    # The stored players keep their numbers 1..P, the substitutes come after them; the withdrawn
    # keep theirs in the played rounds and get no more games.
    roster = Roster(players=tuple(stored.roster.players) + tuple(substitutes), judges=stored.roster.judges)
    number_of = {player.pk: index for index, player in enumerate(roster.players, start=1)}
    # a stage generated with clubs kept apart is reseated the same way
    record = seating_record(stage=stage)
    clubs = club_lists(roster) if record is not None and record.clubs_apart else ()
    try:
        reseated = generator.reseat(
            stored.seating,
            played_upto,
            withdrawn=[number_of[player.pk] for player in withdrawn],
            substitutes=[number_of[player.pk] for player in substitutes],
            seed=seed,
            time_limit=time_limit,
            iterations=_iterations(time_limit, iterations),
            balance=balance,
            clubs=clubs,
        )
    except SeatingError as error:
        raise _generator_refusal(error, field="withdrawn") from error
    if _rounds_by_id(reseated, roster, played_upto) != _rounds_by_id(stored.seating, stored.roster, played_upto):
        raise SeatingRefused(_("The reseating changed a played round; nothing was saved."))
    swaps = ManualSwap.objects.filter(stage=stage, round_number__gt=played_upto).select_related("player_a", "player_b")
    reseated, kept, dropped = _reapply_swaps(reseated, swaps, number_of, played_upto)
    return ReseatPlan(
        seating=reseated, roster=roster, played_rounds=played_upto,
        withdrawn=tuple(player.pk for player in withdrawn), substitutes=tuple(player.pk for player in substitutes),
        based_on=seating_digest(stored), swaps_kept=tuple(kept), swaps_dropped=tuple(dropped), seed=seed, balance=balance,
    )


@transaction.atomic
def apply_reseat(*, stage: Stage, plan: ReseatPlan, user) -> list[Game]:
    """Write a planned reseating, if the stage has not moved on since it was planned: the same
    stored rounds (their digest; `plan_reseat` checked that the plan keeps the played ones), no
    new game started, the withdrawn still registered and the substitutes not."""
    lock_tournament(stage)
    stored = stored_seating(stage=stage)
    if (
        stored.is_empty
        or seating_digest(stored) != plan.based_on
        or _played_upto(stored) != plan.played_rounds
        or Registration.objects.filter(
            tournament_id=stage.tournament_id, player_id__in=plan.withdrawn, withdrawn=False,
        ).count() != len(plan.withdrawn)
        or Registration.objects.filter(tournament_id=stage.tournament_id, player_id__in=plan.substitutes, withdrawn=False).exists()
    ):
        raise SeatingRefused(_("The stage has changed since the reseating was worked out: reseat again."))
    Registration.objects.filter(tournament_id=stage.tournament_id, player_id__in=plan.withdrawn).update(withdrawn=True)
    by_id = {player.pk: player for player in plan.roster.players}
    _register_substitutes(stage=stage, substitutes=[by_id[pk] for pk in plan.substitutes])
    if plan.withdrawn or plan.substitutes:
        publish(RegistrationsChanged(stage.tournament_id))  # who is registered, withdrawn or a substitute changed (8.7)
    games = rewrite_rounds(
        stage=stage, rounds=plan.seating.rounds[plan.played_rounds:], first_round=plan.played_rounds + 1,
        roster=plan.roster, user=user, reason=_("Reseated"),
    )
    ManualSwap.objects.filter(pk__in=[pk for pk, _why in plan.swaps_dropped]).delete()
    # the SeatingRecord keeps how the stage was generated; the reseating's seed goes to the log
    log_action(tournament=stage.tournament, user=user, action=action_types.RESEATED, obj=stage,
               data={"from_round": plan.played_rounds + 1, "seed": plan.seed, "balance": plan.balance,
                     "withdrawn": list(plan.withdrawn),
                     "substitutes": list(plan.substitutes), "games": len(games),
                     "swaps_kept": list(plan.swaps_kept), "swaps_dropped": [why for _pk, why in plan.swaps_dropped]})
    publish(SeatingSaved(stage.tournament_id, stage.pk))
    return games


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
    balance: str = DEFAULT_BALANCE,
) -> list[Game]:
    """A player withdraws (and a substitute takes over their games): regenerate the rounds not
    yet played.

    Rounds up to the last one with a game in play or signed off stay as they are (row for row);
    the rest are deleted and made again by `engines.seating.generator.reseat` with the same goals over the
    whole stage. The withdrawn players' registrations are marked withdrawn, the substitutes are
    registered. Returns the new games."""
    lock_tournament(stage)
    plan = plan_reseat(
        stage=stage, withdrawn=withdrawn, substitutes=substitutes, seed=seed, time_limit=time_limit, iterations=iterations,
        balance=balance,
    )
    return apply_reseat(stage=stage, plan=plan, user=user)
