"""What the desk lists for one tournament: a fixed number of queries whatever its size."""
from __future__ import annotations

from dataclasses import dataclass, field

from protocols.models import Game, GameStatus, Protest, ProtestStatus
from protocols.selectors import seats_awaiting_approval
from tournaments.models import ActionLog

RECENT = 15


@dataclass
class RoundGames:
    stage: str
    number: int
    games: list = field(default_factory=list)


def open_protests(tournament):
    return list(Protest.objects.filter(game__tournament=tournament, status=ProtestStatus.PENDING)
                .select_related("game__stage", "game__round", "game__table", "player").order_by("filed_at"))


def decided_protests(tournament, limit: int = RECENT):
    return list(Protest.objects.filter(game__tournament=tournament).exclude(status=ProtestStatus.PENDING)
                .select_related("game", "player", "decided_by").order_by("-decided_at")[:limit])


def awaiting_approval(tournament):
    return list(seats_awaiting_approval(Game.objects.filter(tournament=tournament))
                .select_related("game__round", "game__table", "game__judge", "player").order_by("game__number", "number"))


def unsigned_by_round(tournament) -> list[RoundGames]:
    """Games not yet signed off, grouped by stage and round in playing order."""
    games = (Game.objects.filter(tournament=tournament).exclude(status=GameStatus.SIGNED_OFF)
             .select_related("stage", "round", "table", "judge")
             .order_by("stage__order", "round__number", "table__number", "number"))
    rounds: list[RoundGames] = []
    for game in games:
        if not rounds or (rounds[-1].stage, rounds[-1].number) != (game.stage.get_kind_display(), game.round.number):
            rounds.append(RoundGames(game.stage.get_kind_display(), game.round.number))
        rounds[-1].games.append(game)
    return rounds


def recent_actions(tournament, limit: int | None = RECENT):
    entries = ActionLog.objects.filter(tournament=tournament).select_related("user", "tournament")
    return list(entries[:limit]) if limit else entries
