"""Reads for the exports, each in a fixed number of queries whatever the tournament's size.

A bad slug, stage, round or game raises `NotFound` (the views turn it into a 404, the commands
into exit code 1); a request that finds nothing to print raises `NothingToExport`.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from protocols.models import Game, GameStatus, Nomination, Protest, ProtocolVersion, Seat, SeatPenalty, VoteCount
from scoring import cuts
from scoring import selectors as scoring_read
from scoring.selectors import SCOPE_ALL, GamePoints, PlayerLine, Snapshot
from tournaments.models import Round, Stage, StageKind, Tournament

from .labels import STAGES

MAX_ID = 2**63 - 1  # larger numbers overflow the database driver


class NotFound(LookupError):
    """No such tournament, stage, round or game: the message says which."""


class NothingToExport(LookupError):
    """The selection exists but holds nothing to print (no seating, nothing signed off)."""


def tournament_by_slug(slug: str) -> Tournament:
    tournament = Tournament.objects.filter(slug=slug).select_related("chief_judge").first()
    if tournament is None:
        raise NotFound(_('No tournament "%(slug)s".') % {"slug": slug})
    return tournament


def stage_of(tournament: Tournament, kind: str | None) -> Stage | None:
    """The tournament's stage of that kind (qualifying, semifinal, final), None for no kind."""
    if not kind:
        return None
    stage = Stage.objects.filter(tournament=tournament, kind=kind).first() if kind in StageKind.values else None
    if stage is None:
        raise NotFound(_('No stage "%(stage)s" in this tournament; its stages: %(stages)s.') % {
            "stage": kind, "stages": ", ".join(tournament.stages.order_by("order").values_list("kind", flat=True)) or "—"})
    return stage


def round_of(tournament: Tournament, stage: Stage | None, number: int) -> Round:
    """Round `number` of `stage` (of the first stage when none is given)."""
    stage = stage or tournament.stages.order_by("order").first()
    found = None
    if stage is not None and 0 < number <= MAX_ID:
        found = Round.objects.filter(stage=stage, number=number).select_related("stage").first()
    if found is None and stage is None:
        raise NotFound(_("No round %(n)s: the tournament has no stages yet.") % {"n": number})
    if found is None:
        raise NotFound(_("No round %(n)s in the stage \"%(stage)s\".") % {"n": number, "stage": STAGES.get(stage.kind, stage.kind)})
    return found


def game_by_number(tournament: Tournament, number: int) -> Game:
    game = Game.objects.filter(tournament=tournament, number=number).first() if 0 < number <= MAX_ID else None
    if game is None:
        raise NotFound(_("No game %(n)s in this tournament.") % {"n": number})
    return game


def protocol_games(games) -> list[Game]:
    """The games with everything a protocol sheet shows: seven queries for any number of games."""
    return list(
        games.select_related("tournament", "stage", "round", "table", "judge", "replay_of")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").prefetch_related(
                Prefetch("penalties", queryset=SeatPenalty.objects.order_by("id"))).order_by("number")),
            Prefetch("nominations", queryset=Nomination.objects.order_by("day", "id")),
            Prefetch("votes", queryset=VoteCount.objects.order_by("day", "ballot", "nominee_seat")),
            Prefetch("protests", queryset=Protest.objects.select_related("player").order_by("filed_at", "id")),
            Prefetch("versions", queryset=ProtocolVersion.objects.filter(action="amend").order_by("version"), to_attr="amendments"),
        )
        .order_by("stage__order", "round__number", "table__number", "number")
    )


def round_games(rnd: Round):
    """A round's games as seated before it starts (replays come later, at the same table)."""
    games = Game.objects.filter(round=rnd, replay_of__isnull=True)
    if not games.exists():
        raise NothingToExport(_("Round %(n)s has no seating yet.") % {"n": rnd.number})
    return games


def signed_off_games(tournament: Tournament, *, stage: Stage | None = None, rnd: Round | None = None, game: Game | None = None):
    """The signed-off games of the selection (the completed sheets); NothingToExport when none."""
    games = Game.objects.filter(tournament=tournament, status=GameStatus.SIGNED_OFF)
    if game is not None:
        if not game.is_signed_off:
            raise NothingToExport(_("Game %(n)s is not signed off yet.") % {"n": game.number})
        return games.filter(pk=game.pk)
    if stage is not None:
        games = games.filter(stage=stage)
    if rnd is not None:
        games = games.filter(round=rnd)
    if not games.exists():
        raise NothingToExport(_("No signed-off protocols to print here yet."))
    return games


def game_points(tournament: Tournament, numbers: set[int]) -> dict[int, dict[int, GamePoints]]:
    """Game number -> seat -> points (GamePoints: main, extra, total in hundredths), for the given
    signed-off games: what the standings say once every change is recomputed
    (scoring.selectors.points_as_recomputed)."""
    return scoring_read.points_as_recomputed(tournament, numbers)


@dataclass
class StandingsRead:
    snapshot: Snapshot
    scope: str  # "all" or the stage kind the rows rank
    rows: list[PlayerLine]
    after: int | None = None  # the round ordinal they are as after (scoring.cuts), None: current


def current_standings(tournament: Tournament, stage: Stage | None = None, after: int | None = None) -> StandingsRead:
    """The current snapshot's lines, overall or of one stage (three queries), or those as after
    round `after` (scoring.cuts: the public's while a stage is hidden)."""
    scope = stage.kind if stage is not None else SCOPE_ALL
    found, rows = cuts.standings_as_of(tournament, scoring_read.current_by_id(tournament.pk), after, scope)
    if found.overall is None:
        raise NothingToExport(_("The standings have not been computed yet."))
    if found.snapshot is None:
        raise NothingToExport(_("No signed-off games in this stage yet."))
    return StandingsRead(found.snapshot, scope, rows, after)
