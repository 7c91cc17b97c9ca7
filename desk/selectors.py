"""What the desk lists for one tournament: a fixed number of queries whatever its size."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from console import control, live
from console.models import ConsoleLog
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


@dataclass
class TableLine:
    """One game not yet signed off, as the desk's "tables" section shows it."""

    game: Game
    console: dict  # live.desk_line: phase, phase_name, label, speaker, flags, length
    taken_over_by: dict | None
    flags: list  # (key, words) of what needs the chief judge


def moment_words(label: str | None) -> str:
    """The console's moment as the desk says a game's status: "D1" → "day 1", "N0" → "night 0"."""
    if not label:
        return ""
    words = _("day %(n)s") if label[0] == "D" else _("night %(n)s")
    return words % {"n": label[1:]}


def live_tables(tournament) -> list[RoundGames]:
    """``unsigned_by_round`` with each game's console line (its phase, day, who speaks) and what
    needs the chief judge: a team-loss award, a replay, an override (from the console's events in
    force), an open protest, a console taken over. A fixed number of queries, plus each log's
    events not yet replayed by this process (replay_cache)."""
    rounds = unsigned_by_round(tournament)
    ids = [g.pk for r in rounds for g in r.games]
    logs = {log.game_id: log for log in ConsoleLog.objects.filter(game_id__in=ids)}
    protested = set(Protest.objects.filter(game_id__in=ids, status=ProtestStatus.PENDING).values_list("game_id", flat=True))
    taken = control.taken_over_games(ids)
    for r in rounds:
        lines = []
        for game in r.games:
            line = live.desk_line(logs.get(game.pk))
            line["moment"] = moment_words(line["label"])
            keys = list(line["flags"]) + (["protest"] if game.pk in protested else []) + (
                ["taken_over"] if game.pk in taken else [])
            lines.append(TableLine(game, line, taken.get(game.pk), [(k, live.FLAG_NAMES[k]) for k in keys]))
        r.games = lines
    return rounds


def recent_actions(tournament, limit: int | None = RECENT):
    entries = ActionLog.objects.filter(tournament=tournament).select_related("user", "tournament")
    return list(entries[:limit]) if limit else entries
