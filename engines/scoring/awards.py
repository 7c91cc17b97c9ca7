"""A tournament's nominations, computed from its protocols (pure: no Django): the best player in
each role and the best first-killed, each with the rule that decided it (docs/awards.md).

    nominations(t, min_share=DEFAULT_MIN_SHARE, stages=None) -> list[Nomination]

RULES.md names no nominations; these are the choices a club's prize list expects:

- **Points earned in a role** are every point of the games the player played in that role, as the
  standings count them (win, K, Ci, extras, best move, penalties), over the ranked games.
- **Enough games in the role**: at least ``min_games(role)`` = ceil(min_share × G × seats ÷ 10),
  at least 1, where G is the number of games most players played (the typical player's, the
  smallest such number on a tie) and seats the role's seats at a table (6 red, 1 sheriff, 2
  black, 1 don). With 10 games and the default share ½: 3 as red, 1 as sheriff, 1 as black, 1
  as don. An annulled game is not a game in a role (it is not a game in the standings either).
- **Order**: the most points in the role, then the fewer games in it (more a game), then the
  better overall place; the first is the winner.
- **Best first-killed**: the most best-move points (8.3), then the more times first-killed, then
  the better place; nobody when no best-move point was earned.

A nomination with no eligible player has no winner (``winner`` None); its rule is still told.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from .explain import explain_all
from .model import RESULT_ANNULLED, ROLE_COUNTS, ROLES, SEATS_PER_GAME, Tournament
from .standings import compute_standings

DEFAULT_MIN_SHARE = Fraction(1, 2)
BEST_FIRST_KILLED = "first_killed"
KINDS = (*ROLES, BEST_FIRST_KILLED)  # the computed nominations, in the order they are presented


@dataclass(frozen=True, slots=True)
class Candidate:
    player: str
    nickname: str
    cents: int  # the points the nomination counts, in hundredths
    games: int  # the games in the role, or the times first-killed
    place: int  # the overall place


@dataclass(frozen=True, slots=True)
class Nomination:
    kind: str  # a role, or BEST_FIRST_KILLED
    min_games: int  # the games in the role a candidate needs (0 for the best first-killed)
    typical_games: int  # G of the rule
    ranking: tuple[Candidate, ...]  # the eligible players, best first

    @property
    def winner(self) -> Candidate | None:
        return self.ranking[0] if self.ranking else None

    def to_document(self) -> dict:
        """JSON-safe, points as two-decimal strings (as the standings file writes them)."""
        return {"kind": self.kind, "min_games": self.min_games, "typical_games": self.typical_games,
                "winner": None if self.winner is None else _candidate_document(self.winner),
                "ranking": [_candidate_document(c) for c in self.ranking]}


def _candidate_document(c: Candidate) -> dict:
    sign = "-" if c.cents < 0 else ""
    return {"player": c.player, "nickname": c.nickname, "points": f"{sign}{abs(c.cents) // 100}.{abs(c.cents) % 100:02d}",
            "games": c.games, "place": c.place}


def typical_games(games_played: list[int]) -> int:
    """The number of games most players played (the smallest on a tie); 0 without players."""
    counts: dict[int, int] = {}
    for n in games_played:
        counts[n] = counts.get(n, 0) + 1
    return min(counts, key=lambda n: (-counts[n], n)) if counts else 0


def min_games(role: str, typical: int, min_share: Fraction) -> int:
    """The games in `role` a player needs to be nominated in it: ceil(share × G × seats ÷ 10), ≥ 1."""
    return max(1, math.ceil(Fraction(min_share) * typical * ROLE_COUNTS[role] / SEATS_PER_GAME))


def nominations(t: Tournament, min_share: Fraction = DEFAULT_MIN_SHARE, stages=None) -> list[Nomination]:
    """The role nominations (red, sheriff, black, don) and the best first-killed, in that order."""
    rows = compute_standings(t, stages).rows
    place = {r.player: r.place for r in rows}
    nickname = {r.player: r.nickname for r in rows}
    annulled = {i for i, g in enumerate(t.games) if g.result == RESULT_ANNULLED}
    explained = explain_all(t, {g.id: i for i, g in enumerate(t.games)}, stages)
    typical = typical_games([r.games for r in rows])

    in_role: dict[str, dict[str, list[int]]] = {role: {} for role in ROLES}  # role -> player -> [cents, games]
    best_move: dict[str, int] = {}
    for player, games in explained.items():
        for index, _seat, role, lines in games:
            if index in annulled:
                best_move[player] = best_move.get(player, 0) + sum(c for key, _cl, c, _co, _p in lines if key == "best_move")
                continue
            tally = in_role[role].setdefault(player, [0, 0])
            tally[0] += sum(line[2] for line in lines)
            tally[1] += 1
            best_move[player] = best_move.get(player, 0) + sum(c for key, _cl, c, _co, _p in lines if key == "best_move")

    out = []
    for role in ROLES:
        needed = min_games(role, typical, min_share)
        ranking = sorted(
            (Candidate(p, nickname.get(p, p), cents, games, place.get(p, 0))
             for p, (cents, games) in in_role[role].items() if games >= needed),
            key=lambda c: (-c.cents, c.games, c.place, c.player))
        out.append(Nomination(role, needed, typical, tuple(ranking)))
    first_killed = {r.player: r.first_killed for r in rows}
    ranking = sorted(
        (Candidate(p, nickname.get(p, p), cents, first_killed.get(p, 0), place.get(p, 0))
         for p, cents in best_move.items() if cents > 0),
        key=lambda c: (-c.cents, -c.games, c.place, c.player))
    out.append(Nomination(BEST_FIRST_KILLED, 0, typical, tuple(ranking)))
    return out
