"""Read a tournament from the database into the pure scoring core's model, in a fixed number of
queries (four: registrations, games, seats, penalties; a fifth only if someone plays without a
registration), whatever the tournament's size.

    tournament_data(tournament) -> engines.scoring.model.Tournament     (export, the scoring CLI's input)
    load(tournament) -> Loaded                                  (the same plus what pages need)

Ids follow mafia-tournament/1: a player is Registration.file_id (its code or "p<player pk>"), a
game is Game.code or "Q{round}-T{table}" / "S…" / "F…", with "-R" for a replay.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from engines.scoring import model as core
from engines.scoring.settings import Settings
from protocols.models import Game, GameStatus, Seat, SeatPenalty
from tournaments.models import Player, Registration, Tournament
from tournaments.participants import participants_for_k
from tournaments.stage_plan import games_before_final

_STAGE_LETTER = {core.QUALIFYING: "Q", core.SEMIFINAL: "S", core.FINAL: "F"}
_ZERO = Decimal("0")
# How the standings mark a player who left the tournament (PlayerStanding.mark).
MARK_WITHDRAWN, MARK_EXCLUDED = "withdrawn", "excluded"


@dataclass
class Loaded:
    """The core tournament plus the database keys the pages link by."""

    tournament: core.Tournament
    game_numbers: dict[str, int] = field(default_factory=dict)      # core game id -> Game.number
    player_pks: dict[str, int] = field(default_factory=dict)        # core player id -> Player.pk
    clubs: dict[str, str] = field(default_factory=dict)             # core player id -> club name
    marks: dict[str, str] = field(default_factory=dict)             # core player id -> "withdrawn" / "excluded"


def derived_game_id(stage: str, round_number: int, table_number: int, replay: bool) -> str:
    return f"{_STAGE_LETTER.get(stage, 'G')}{round_number}-T{table_number}" + ("-R" if replay else "")


def core_settings(t: Tournament) -> Settings:
    """The tournament's settings for the core. K switched off = a threshold of 0 participants,
    which no tournament with players is under (and a valid value in a tournament file)."""
    return Settings(
        k_max_participants=int(t.k_max_participants) if t.k_applies else 0,
        best_move_three=Decimal(str(t.best_move_three)),  # an unsaved instance may hold a string
        best_move_two=Decimal(str(t.best_move_two)),
        fourth_foul_removal_counts=bool(t.fourth_foul_removal_counts),
    )


def load(t: Tournament, *, signed_off_only: bool = True) -> Loaded:
    registrations = list(
        Registration.objects.filter(tournament=t)
        .values_list("player_id", "code", "player__nickname", "player__club__name", "substitute", "withdrawn", "excluded")
    )
    file_ids: dict[int, str] = {}
    players: dict[str, core.Player] = {}
    clubs: dict[str, str] = {}
    marks: dict[str, str] = {}
    for player_pk, code, nickname, club, _substitute, withdrawn, excluded in registrations:
        fid = code or f"p{player_pk}"
        file_ids[player_pk] = fid
        players[fid] = core.Player(fid, nickname)
        clubs[fid] = club or ""
        if excluded or withdrawn:
            marks[fid] = MARK_EXCLUDED if excluded else MARK_WITHDRAWN

    rows = list(
        Game.objects.filter(tournament=t)
        .values_list("id", "number", "code", "stage__kind", "round__number", "table__number",
                     "judge__name", "status", "result", "replay_of_id", "first_killed_seat", "best_move")
    )
    game_ids = {
        pk: code or derived_game_id(stage, rnd, table, replay_of is not None)
        for pk, _n, code, stage, rnd, table, _j, _s, _r, replay_of, _fk, _bm in rows
    }
    if signed_off_only:
        rows = [r for r in rows if r[7] == GameStatus.SIGNED_OFF]

    seat_qs = Seat.objects.filter(game__tournament=t)
    penalty_qs = SeatPenalty.objects.filter(seat__game__tournament=t)
    if signed_off_only:
        seat_qs = seat_qs.filter(game__status=GameStatus.SIGNED_OFF)
        penalty_qs = penalty_qs.filter(seat__game__status=GameStatus.SIGNED_OFF)
    penalties: dict[int, list[core.Penalty]] = {}
    for seat_pk, clause, reason in penalty_qs.order_by("id").values_list("seat_id", "clause", "reason"):
        penalties.setdefault(seat_pk, []).append(core.Penalty(clause, reason))

    seats_by_game: dict[int, list[core.Seat]] = {}
    unregistered: set[int] = set()
    for (seat_pk, game_pk, number, player_pk, role, fouls, removed, extra, extra_approved,
         gross) in seat_qs.order_by("game_id", "number").values_list(
            "id", "game_id", "number", "player_id", "role", "fouls", "removed", "extra", "extra_approved",
            "gross_violation"):
        fid = file_ids.get(player_pk)
        if fid is None:  # a player seated without a registration: still scored, under p<pk>
            fid = file_ids[player_pk] = f"p{player_pk}"
            unregistered.add(player_pk)
        seats_by_game.setdefault(game_pk, []).append(core.Seat(
            number, fid, role, fouls, removed or None, extra if extra else _ZERO, extra_approved,
            tuple(penalties.get(seat_pk, ())), gross,
        ))
    if unregistered:  # an anomaly (registrations are the rule): one more query, never one per player
        for player_pk, nickname, club in Player.objects.filter(pk__in=unregistered).values_list(
                "pk", "nickname", "club__name"):
            fid = file_ids[player_pk]
            players[fid] = core.Player(fid, nickname)
            clubs[fid] = club or ""

    games = []
    game_numbers = {}
    for pk, number, _code, stage, rnd, table, judge, _status, result, replay_of, fk_seat, named in rows:
        gid = game_ids[pk]
        game_numbers[gid] = number
        first_killed = core.FirstKilled(fk_seat, tuple(named or ())) if fk_seat else None
        games.append(core.Game(
            gid, stage, rnd, table, judge or "", result, game_ids.get(replay_of) if replay_of else None,
            first_killed, tuple(seats_by_game.get(pk, ())),
        ))

    participants = participants_for_k(t, registered=sum(1 for row in registrations if not row[4]))
    tournament = core.Tournament(  # str(): a just-created instance holds TextChoices members
        str(t.name), str(t.ruleset), participants, int(games_before_final(t)), str(t.lot_seed),
        tuple(players.values()), tuple(games), core_settings(t),
        date=t.start_date.isoformat() if t.start_date else None, city=str(t.city) or None,
    )
    player_pks = {fid: pk for pk, fid in file_ids.items()}
    return Loaded(tournament, game_numbers, player_pks, clubs, marks)


def tournament_data(t: Tournament, signed_off_only: bool = True) -> core.Tournament:
    """The tournament as the scoring core's model (five queries). Exports write it to a file."""
    return load(t, signed_off_only=signed_off_only).tournament
