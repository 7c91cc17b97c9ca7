"""The API's reads. Each runs a fixed number of queries whatever the tournament's size (prefetch, as
the public pages do), and the standings come from the stored snapshot, never a recomputation."""
from __future__ import annotations

from datetime import date

from django.db.models import Case, CharField, Count, Prefetch, Q, QuerySet, Value, When
from django.utils import timezone

from protocols.models import Game, Nomination, Protest, Seat, SeatPenalty, VoteCount
from protocols.vocabulary import GameStatus
from scoring import cuts
from scoring import selectors as scoring_read
from tournaments.models import Player, Publication, Registration, Round, Stage, Tournament
from tournaments.participants import with_seated_count
from tournaments.vocabulary import STAGE_ORDER

STAGES = ("qualifying", "semifinal", "final")
UPCOMING, RUNNING, FINISHED = "upcoming", "running", "finished"
STATUSES = (UPCOMING, RUNNING, FINISHED)


def tournaments(today: date | None = None) -> QuerySet:
    """Every tournament with `status` derived from its dates (there is no status field yet):
    upcoming before its start date, finished after its end date, running in between."""
    today = today or timezone.localdate()
    return Tournament.objects.annotate(status=Case(
        When(start_date__gt=today, then=Value(UPCOMING)),
        When(end_date__lt=today, then=Value(FINISHED)),
        default=Value(RUNNING), output_field=CharField(),
    )).order_by("-start_date", "name")


def tournament_detail(slug: str) -> Tournament | None:
    """A tournament with its chief judge, standings state, participants and stages with rounds."""
    return (
        with_seated_count(tournaments().select_related("chief_judge", "standings_state"))
        .annotate(registered=Count("registrations", filter=Q(registrations__substitute=False), distinct=True))
        .prefetch_related(Prefetch("stages", queryset=Stage.objects.order_by("order").prefetch_related(
            Prefetch("rounds", queryset=Round.objects.order_by("number")))))
        .filter(slug=slug).first()
    )


def stages(tournament: Tournament) -> list[Stage]:
    return list(tournament.stages.order_by("order").prefetch_related(Prefetch("rounds", queryset=Round.objects.order_by("number"))))


def seating(tournament: Tournament, stage: str | None = None, round_number: int | None = None) -> list[dict]:
    """Every round (of `stage`, or numbered `round_number`) with its tables and seats; two queries."""
    games = Game.objects.filter(tournament=tournament)
    if stage:
        games = games.filter(stage__kind=stage)
    if round_number:
        games = games.filter(round__number=round_number)
    rows = list(games.values("id", "number", "status", "stage__kind", "round__number", "round__starts_at", "table__number",
                             "judge__name", "replay_of__number"))
    seats: dict[int, list[dict]] = {}
    for game_id, number, player_id, nickname in (
            Seat.objects.filter(game__in=games).order_by("number").values_list("game_id", "number", "player_id", "player__nickname")):
        seats.setdefault(game_id, []).append({"seat": number, "player_id": player_id, "nickname": nickname})
    rows.sort(key=lambda g: (STAGE_ORDER.get(g["stage__kind"], 9), g["round__number"], g["table__number"], g["number"]))
    rounds: list[dict] = []
    for g in rows:
        if not rounds or (rounds[-1]["stage"], rounds[-1]["round"]) != (g["stage__kind"], g["round__number"]):
            rounds.append({"stage": g["stage__kind"], "round": g["round__number"], "starts_at": g["round__starts_at"], "tables": []})
        rounds[-1]["tables"].append({
            "table": g["table__number"], "game_number": g["number"], "status": g["status"], "judge": g["judge__name"] or "",
            "replay_of": g["replay_of__number"], "seats": seats.get(g["id"], []),
        })
    return rounds


def with_protocol(games: QuerySet) -> QuerySet:
    """Games with everything their protocol shows: six queries for a page of any length."""
    return games.select_related("tournament", "stage", "round", "table", "judge", "replay_of").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").prefetch_related(
            Prefetch("penalties", queryset=SeatPenalty.objects.order_by("id"))).order_by("number")),
        Prefetch("nominations", queryset=Nomination.objects.order_by("day", "id")),
        Prefetch("votes", queryset=VoteCount.objects.order_by("day", "ballot", "nominee_seat")),
        Prefetch("protests", queryset=Protest.objects.select_related("player").order_by("filed_at", "id")),
    )


def signed_off_games(tournament: Tournament, *, hidden_too: bool = False) -> QuerySet:
    """The public games of a tournament: signed off only (an unsigned game is not public at all),
    and not those of a stage whose standings are hidden (scoring/cuts.py) unless `hidden_too`."""
    games = Game.objects.filter(tournament=tournament, status=GameStatus.SIGNED_OFF)
    if not hidden_too:
        games = games.exclude(stage__standings_hidden=True)
    return with_protocol(games).order_by("number")


def registrations(tournament: Tournament) -> QuerySet:
    return Registration.objects.filter(tournament=tournament).select_related("player__club").order_by("number", "player__nickname")


def players() -> QuerySet:
    """The players the public reads show: those registered in a tournament that is not a draft (a
    player registered only in drafts is not public yet; a draft's results are never listed)."""
    public = Registration.objects.exclude(tournament__publication=Publication.DRAFT).values("player_id")
    return Player.objects.filter(pk__in=public).select_related("club").order_by("nickname")


def results_of(player: Player) -> list[dict]:
    """The player's tournaments, newest first, with their line of the current overall standings
    where those are public and computed (scoring.selectors.PlayerLine), as the public sees it: as
    after the last round before a hidden stage (scoring.cuts); three queries, and two more per
    tournament that hides a stage."""
    regs = list(Registration.objects.filter(player=player).exclude(tournament__publication=Publication.DRAFT)
                .select_related("tournament")
                .order_by("-tournament__start_date", "tournament__name"))
    rows = scoring_read.lines_of_player(player.pk)
    rows.update(cuts.public_lines_of_player(player.pk, [reg.tournament for reg in regs]))
    out = []
    for reg in regs:
        t = reg.tournament
        row = rows.get(t.pk)
        out.append({"tournament": t.slug, "name": t.name, "start_date": t.start_date, "end_date": t.end_date,
                    "withdrawn": reg.withdrawn, "excluded": reg.excluded, "standing": row})
    return out


def visible_protests(games: QuerySet) -> QuerySet:
    return (Protest.objects.filter(game__in=games).select_related("game__tournament", "player", "filed_by", "decided_by")
            .order_by("-filed_at", "-id"))


