"""The team standings of a team tournament (docs/teams.md): the scoring core's team ranking
(engines/scoring/teams.py) over the overall standings a viewer sees, so they follow the
standings' rules: nothing while the organisers hide the standings, and as after the last round
before a hidden stage for the public (scoring/cuts.py).

    team_view(tournament, user, asked=None) -> TeamsView
"""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from engines.scoring.rulesets import RULESETS
from engines.scoring.teams import Team as CoreTeam
from engines.scoring.teams import TeamPlan, team_standings
from tournaments.models import Registration, Tournament

from . import cuts, selectors


@dataclass(frozen=True)
class Member:
    player_id: int
    nickname: str
    total: Decimal | None  # None: no game yet
    counted: bool


@dataclass(frozen=True)
class TeamLine:
    place: int
    team_id: int
    name: str
    total: Decimal
    games: int
    tiebreak_extra: Decimal
    wins: int
    wins_as_don_or_sheriff: int
    first_killed: int
    decided_by_lot: bool
    members: tuple[Member, ...]


@dataclass(frozen=True)
class TeamsView:
    lines: list[TeamLine] = field(default_factory=list)
    withheld: str = ""  # "standings": the organisers hide them; "teams": not a team tournament
    after: int | None = None  # the round they are as after (None: every signed-off game)


class _Row:
    """A standings line as the core's team ranking reads it (cents and counts)."""

    __slots__ = ("player", "place", "total_cents", "tiebreak_extra_cents", "wins", "wins_as_don_or_sheriff",
                 "first_killed", "games")

    def __init__(self, line):
        self.player, self.place = str(line.player_id), line.place
        self.total_cents = int(line.total * 100)
        self.tiebreak_extra_cents = int(line.tiebreak_extra * 100)
        self.wins, self.wins_as_don_or_sheriff = line.wins, line.wins_as_don_or_sheriff
        self.first_killed, self.games = line.first_killed, line.games


class _Standings:
    def __init__(self, rows):
        self.rows = rows


def _overall_lines(tournament: Tournament, user, asked: int | None):
    time = cuts.viewer_time(tournament, user, asked)
    _found, lines = cuts.standings_as_of(tournament, selectors.current_of(tournament), time.after)
    return lines, time.after


def team_view(tournament: Tournament, user, asked: int | None = None) -> TeamsView:
    """The team standings `user` may see, ranked as the core ranks teams."""
    if tournament.team_size is None:
        return TeamsView(withheld="teams")
    if not tournament.standings_public and not cuts.sees_hidden(user, tournament):
        return TeamsView(withheld="standings")
    lines, after = _overall_lines(tournament, user, asked)
    by_player = {line.player_id: line for line in lines if line.player_id is not None}
    members: dict[int, list[Registration]] = {}
    names = {team.pk: team.name for team in tournament.teams.all()}
    for registration in Registration.objects.filter(tournament=tournament, team__isnull=False).select_related("player"):
        members.setdefault(registration.team_id, []).append(registration)
    # a team without members is no line (as the tournament file leaves it out)
    plan = TeamPlan(tuple(CoreTeam(f"t{pk}", name, tuple(str(r.player_id) for r in members[pk]))
                          for pk, name in names.items() if pk in members), tournament.team_best)
    ranked = team_standings(_Standings([_Row(line) for line in lines if line.player_id is not None]), plan,
                            RULESETS[tournament.ruleset].tiebreaks, tournament.lot_seed)
    out = []
    for row in ranked:
        pk = int(row.team[1:])
        counted = set(row.counted)
        people = sorted(members.get(pk, []), key=lambda r: (by_player[r.player_id].place if r.player_id in by_player
                                                            else 10**9, r.player.nickname))
        out.append(TeamLine(
            row.place, pk, row.name, Decimal(row.total_cents).scaleb(-2), row.games,
            Decimal(row.tiebreak_extra_cents).scaleb(-2), row.wins, row.wins_as_don_or_sheriff, row.first_killed,
            row.decided_by_lot,
            tuple(Member(r.player_id, r.player.nickname,
                         by_player[r.player_id].total if r.player_id in by_player else None,
                         str(r.player_id) in counted) for r in people)))
    return TeamsView(out, "", after)
