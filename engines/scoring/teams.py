"""Team standings (docs/teams.md): a team's line is the sum of its counted members' lines, ranked
by the individual tie-breaks (8.8-8.8.4, tiebreaks.py) applied to the team and ended by the lot
(8.8.5) on the team's id.

    read_teams(obj, player_ids) -> (TeamPlan | None, problems)   the file's "teams" object
    team_standings(standings, plan, tiebreaks, lot_seed) -> list[TeamRow]

Counted members: all of them (``best`` null), or the team's ``best`` members by their own
standings (their individual place: total, then the tie-breaks and the lot, as the standings
rank them). A member without a game counts nothing; a team without a counted game has zeros.
"""
from __future__ import annotations

from dataclasses import dataclass

from .decimals import fmt_cents
from .tiebreaks import rank

TEAM_LOT_PREFIX = "team:"  # the lot's seed of a team: its id apart from any player's
MAX_TEAMS = 5000
MAX_TEAM_SIZE = 100


@dataclass(frozen=True)
class Team:
    id: str
    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class TeamPlan:
    teams: tuple[Team, ...]
    best: int | None  # the members counted (None: all)


class TeamRow:
    __slots__ = ("team", "name", "members", "counted", "total_cents", "tiebreak_extra_cents", "wins",
                 "wins_as_don_or_sheriff", "first_killed", "games", "place", "decided_by_lot")

    def __init__(self, team: Team, counted: list):
        self.team, self.name, self.members = team.id, team.name, team.players
        self.counted = tuple(row.player for row in counted)
        self.total_cents = sum(row.total_cents for row in counted)
        self.tiebreak_extra_cents = sum(row.tiebreak_extra_cents for row in counted)
        self.wins = sum(row.wins for row in counted)
        self.wins_as_don_or_sheriff = sum(row.wins_as_don_or_sheriff for row in counted)
        self.first_killed = sum(row.first_killed for row in counted)
        self.games = sum(row.games for row in counted)
        self.place, self.decided_by_lot = 0, False

    @property
    def player(self) -> str:
        """What the lot (tiebreaks.rank) reads: the team's id, prefixed."""
        return TEAM_LOT_PREFIX + self.team

    def to_document(self) -> dict:
        return {"place": self.place, "team": self.team, "name": self.name, "members": list(self.members),
                "counted": list(self.counted), "games": self.games, "total": fmt_cents(self.total_cents),
                "tiebreak_extra": fmt_cents(self.tiebreak_extra_cents), "wins": self.wins,
                "wins_as_don_or_sheriff": self.wins_as_don_or_sheriff, "first_killed": self.first_killed,
                "decided_by_lot": self.decided_by_lot}


def read_teams(obj, player_ids) -> tuple[TeamPlan | None, list[str]]:
    """The file's ``teams`` object ({"best": N | null, "list": [{"id", "name", "players"}]}), or
    the problems, each naming its field; None without problems when the file has no teams."""
    if obj is None:
        return None, []
    if not isinstance(obj, dict):
        return None, ["teams: expected an object with \"list\" and \"best\""]
    problems: list[str] = []
    best = obj.get("best")
    if best is not None and (isinstance(best, bool) or not isinstance(best, int) or not 1 <= best <= MAX_TEAM_SIZE):
        problems.append(f"teams.best: expected null or a whole number from 1 to {MAX_TEAM_SIZE}")
    entries = obj.get("list")
    if not isinstance(entries, list) or len(entries) > MAX_TEAMS:
        return None, [*problems, f"teams.list: expected a list of at most {MAX_TEAMS} teams"]
    known, seen_teams, seen_players, teams = set(player_ids), set(), {}, []
    for i, entry in enumerate(entries):
        where = f"teams.list[{i}]"
        if not isinstance(entry, dict):
            problems.append(f"{where}: expected an object")
            continue
        team_id, name, players = entry.get("id"), entry.get("name"), entry.get("players")
        if not isinstance(team_id, str) or not team_id or len(team_id) > 40:
            problems.append(f"{where}.id: expected text of 1 to 40 characters")
            continue
        if team_id in seen_teams:
            problems.append(f"{where}.id: team {team_id} is listed twice")
        seen_teams.add(team_id)
        if not isinstance(name, str) or not name.strip() or len(name) > 120:
            problems.append(f"{where}.name: expected text of 1 to 120 characters")
            name = team_id
        if not isinstance(players, list) or not players or len(players) > MAX_TEAM_SIZE:
            problems.append(f"{where}.players: expected a list of 1 to {MAX_TEAM_SIZE} player ids")
            continue
        for j, player in enumerate(players):
            if player not in known:
                problems.append(f"{where}.players[{j}]: no player {player!r} in the file")
            elif player in seen_players:
                problems.append(f"{where}.players[{j}]: {player} is already in team {seen_players[player]}")
            else:
                seen_players[player] = team_id
        teams.append(Team(team_id, name, tuple(p for p in players if isinstance(p, str))))
    if problems:
        return None, problems
    return TeamPlan(tuple(teams), best), []


def team_standings(standings, plan: TeamPlan, tiebreaks: tuple[str, ...], lot_seed: str) -> list[TeamRow]:
    """Every team's line, ranked (see the module)."""
    by_player = {row.player: row for row in standings.rows}
    rows = []
    for team in plan.teams:
        played = sorted((by_player[p] for p in team.players if p in by_player), key=lambda row: row.place)
        rows.append(TeamRow(team, played if plan.best is None else played[:plan.best]))
    return rank(rows, tiebreaks, lot_seed)
