"""Reads for the seating of a stage: who is seated (the roster) and what is stored (the games).

The pure generator numbers players 1..P, tables 1..T and judges 1..T. The roster is the bridge:
player number n is ``roster.players[n - 1]``, table number t is the tournament's Table with
``number == t``, judge number j is the j-th judge of the tournament (TournamentJudge ``order``).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import F, Prefetch

from engines.seating.model import Seating
from engines.seating.model import Table as SeatingTable
from protocols.models import Game, GameStatus, Seat
from scoring import selectors as scoring_read
from scoring.selectors import Snapshot
from tournaments.models import Judge, Player, Registration, Round, Stage, StageKind

from .models import SeatingRecord

PLAYED_STATUSES = (GameStatus.IN_PLAY, GameStatus.SIGNED_OFF)


@dataclass(frozen=True)
class Roster:
    """The people of a seating and their numbers in the generator's terms."""

    players: tuple[Player, ...]  # player number n is players[n - 1]
    judges: tuple[Judge, ...]  # judge number j is judges[j - 1]
    withdrawn: frozenset[int] = frozenset()  # ids of players seated earlier who have withdrawn

    @property
    def size(self) -> int:
        return len(self.players)

    def player_number(self, player: Player) -> int:
        return self.player_ids().index(player.pk) + 1

    def player_ids(self) -> list[int]:
        return [player.pk for player in self.players]

    def judge(self, judge_no: int) -> Judge | None:
        return self.judges[judge_no - 1] if 1 <= judge_no <= len(self.judges) else None


def active_registrations(*, stage: Stage):
    """The stage's tournament's non-withdrawn registrations in draw-number order; of a tournament
    that uses check-in, only the players checked in (the others are its no-shows)."""
    found = Registration.objects.filter(tournament_id=stage.tournament_id, withdrawn=False)
    if stage.tournament.uses_check_in:
        found = found.filter(checked_in_at__isnull=False)
    return found.select_related("player").order_by(F("number").asc(nulls_last=True), "player__nickname")


def tournament_judges(*, stage: Stage) -> list[Judge]:
    """The tournament's judges in TournamentJudge order: judge j of a seating is the j-th."""
    return [link.judge for link in stage.tournament.judge_links.select_related("judge").order_by("order", "id")]


def judge_choices(*, stage: Stage) -> list[Judge]:
    """Who may judge a table of the stage: the tournament's judges in order, then its chief judge
    (who may judge the final) when not one of them."""
    judges = tournament_judges(stage=stage)
    chief = stage.tournament.chief_judge
    if chief is not None and chief.pk not in {judge.pk for judge in judges}:
        judges.append(chief)
    return judges


def stage_judges(*, stage: Stage, extra: set[int] = frozenset()) -> list[Judge]:
    """Judge j of the stage's stored seating: the judges chosen when it was generated (the
    stage's SeatingRecord) in their order, then the tournament's other judges, then any other
    judge of ``extra`` ids (the judges of its stored games)."""
    from_record = []
    record = SeatingRecord.objects.filter(stage=stage).only("judges").first()
    if record is not None and record.judges:
        by_id = Judge.objects.in_bulk(record.judges)
        from_record = [by_id[pk] for pk in record.judges if pk in by_id]
    judges = from_record + [judge for judge in tournament_judges(stage=stage) if judge not in from_record]
    missing = set(extra) - {judge.pk for judge in judges}
    if missing:
        judges += list(Judge.objects.filter(pk__in=missing).order_by("name", "pk"))
    return judges


def seating_roster(*, stage: Stage, players: list[Player] | None = None) -> Roster:
    """Player n of the seating: the n-th of the given players (those of them still registered and
    not withdrawn), else the n-th non-withdrawn registration in number order."""
    registrations = list(active_registrations(stage=stage))
    if players is None:
        seated = [registration.player for registration in registrations]
    else:
        active = {registration.player_id: registration.player for registration in registrations}
        seated = list({player.pk: active[player.pk] for player in players if player.pk in active}.values())
    return Roster(players=tuple(seated), judges=tuple(tournament_judges(stage=stage)))


FINALISTS = 10


def standings_pick_size(*, stage: Stage, field: int) -> int | None:
    """How many players of the standings a stage takes: 10 for a final; for a semifinal the
    largest multiple of 10 not above half the field, at least 10; None for a qualifying stage."""
    if stage.kind == StageKind.FINAL:
        return FINALISTS
    if stage.kind == StageKind.SEMIFINAL:
        return max(FINALISTS, field // 2 // 10 * 10)
    return None


@dataclass(frozen=True)
class StandingsPick:
    """The top of the current standings for a semifinal or a final."""

    size: int  # players the stage takes
    players: tuple[Player, ...]  # the best of them by place, non-withdrawn registrations only
    snapshot: Snapshot | None  # None: no current standings with a signed-off game yet


def standings_pick(*, stage: Stage) -> StandingsPick | None:
    """The players a semifinal or final takes from the current overall standings (their lines by
    place, skipping players no longer registered or withdrawn); None for a qualifying stage. The
    field is the tournament's non-withdrawn registrations."""
    registrations = list(active_registrations(stage=stage))
    size = standings_pick_size(stage=stage, field=len(registrations))
    if size is None:
        return None
    snapshot, ranked = scoring_read.ranking(stage.tournament_id)
    if snapshot is None:
        return StandingsPick(size=size, players=(), snapshot=None)
    active = {registration.player_id: registration.player for registration in registrations}
    top = [active[player_id] for player_id in ranked if player_id in active][:size]
    return StandingsPick(size=size, players=tuple(top), snapshot=snapshot)


def stage_games(*, stage: Stage):
    """The stage's games in round and table order, with what a seating grid shows."""
    return (
        Game.objects.filter(stage=stage)
        .select_related("round", "table", "judge")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number")))
        .order_by("round__number", "table__number", "number")
    )


def stage_has_played_games(*, stage: Stage) -> bool:
    return Game.objects.filter(stage=stage, status__in=PLAYED_STATUSES).exists()


def is_final(stage: Stage) -> bool:
    return stage.kind == StageKind.FINAL


@dataclass
class StoredRound:
    number: int
    round: Round
    games: list[Game] = field(default_factory=list)

    @property
    def played(self) -> bool:
        return any(game.status in PLAYED_STATUSES for game in self.games)


@dataclass
class StoredSeating:
    """The stored games of a stage read back as a generator ``Seating`` (so a report can be
    computed on what is really stored, swaps included), with the lookups to show it."""

    seating: Seating
    roster: Roster
    rounds: list[StoredRound]
    tables: int

    @property
    def is_empty(self) -> bool:
        return not self.rounds

    @property
    def games(self) -> list[Game]:
        return [game for stored in self.rounds for game in stored.games]


def _player_order(stage: Stage, player_ids: set[int]) -> tuple[list[Player], frozenset[int]]:
    """The players in registration-number order, and those of them who have withdrawn."""
    rows = Registration.objects.filter(tournament_id=stage.tournament_id, player_id__in=player_ids).values_list(
        "player_id", "number", "withdrawn",
    )
    numbers = {player_id: number for player_id, number, _withdrawn in rows}
    withdrawn = frozenset(player_id for player_id, _number, gone in rows if gone)
    players = list(Player.objects.filter(pk__in=player_ids))
    big = 1 << 30
    players.sort(key=lambda player: (numbers.get(player.pk) is None, numbers.get(player.pk) or big, player.nickname))
    return players, withdrawn


def stored_seating(*, stage: Stage) -> StoredSeating:
    """The stage's stored seating. Replays (mafclub) are left out: they repeat a table of a round.
    Player numbers follow the registration numbers of the players seated in the stage."""
    games = [game for game in stage_games(stage=stage) if game.replay_of_id is None]
    rounds: dict[int, StoredRound] = {}
    for game in games:
        rounds.setdefault(game.round.number, StoredRound(number=game.round.number, round=game.round)).games.append(game)
    ordered = [rounds[number] for number in sorted(rounds)]
    player_ids = {seat.player_id for game in games for seat in game.seats.all()}
    players, withdrawn = _player_order(stage, player_ids)
    judges = stage_judges(stage=stage, extra={game.judge_id for game in games if game.judge_id is not None})
    roster = Roster(players=tuple(players), judges=tuple(judges), withdrawn=withdrawn)
    number_of = {player.pk: index + 1 for index, player in enumerate(players)}
    judge_no = {judge.pk: index + 1 for index, judge in enumerate(judges)}
    played = defaultdict(int)
    seating_rounds = []
    for stored in ordered:
        tables = []
        for game in stored.games:
            seats = tuple(number_of[seat.player_id] for seat in game.seats.all())
            for number in seats:
                played[number] += 1
            # A game without one of the tournament's judges counts under one extra "no judge" label.
            tables.append(SeatingTable(game.table.number, judge_no.get(game.judge_id, len(judges) + 1), seats))
        seating_rounds.append(tables)
    seating = Seating(players=len(players), games=max(played.values(), default=0), rounds=seating_rounds)
    return StoredSeating(seating=seating, roster=roster, rounds=ordered, tables=seating.tables)
