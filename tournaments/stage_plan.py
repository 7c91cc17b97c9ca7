"""Games each player plays before the final, as the stage plan gives them (Ci's N, 8.6).

`Tournament.games_before_final` left empty follows the plan: the qualifying and semifinal rounds
that exist (played or only planned as rows) and the tables the tournament has. A qualifying round
seats at most 10 × tables of the participants, so each player plays that share of the rounds; a
semifinal seats all of its players every round. A stored value overrides the plan (and the admin
warns when the two differ).
"""
from __future__ import annotations

from fractions import Fraction

from .models import Round, Table, Tournament
from .participants import participants_for_k
from .vocabulary import StageKind

# Used only while there are no rounds at all (nothing to score yet): the regulation's example.
FALLBACK_GAMES_BEFORE_FINAL = 10


def planned_games_before_final(tournament: Tournament) -> int | None:
    """Games per player in the qualifying and semifinal rounds of the plan; None without rounds."""
    rounds = dict.fromkeys((StageKind.QUALIFYING, StageKind.SEMIFINAL), 0)
    for kind in Round.objects.filter(stage__tournament=tournament, stage__kind__in=list(rounds)).values_list(
            "stage__kind", flat=True):
        rounds[kind] += 1
    if not any(rounds.values()):
        return None
    games = Fraction(rounds[StageKind.SEMIFINAL])
    if rounds[StageKind.QUALIFYING]:
        players = participants_for_k(tournament)
        seats = 10 * Table.objects.filter(tournament=tournament).count()
        share = Fraction(min(seats, players), players) if players and seats else Fraction(1)
        games += rounds[StageKind.QUALIFYING] * share
    return max(1, int(games + Fraction(1, 2)))  # half up


def games_before_final(tournament: Tournament) -> int:
    """The value scoring uses: the stored one, or the plan's."""
    if tournament.games_before_final is not None:
        return tournament.games_before_final
    return planned_games_before_final(tournament) or FALLBACK_GAMES_BEFORE_FINAL
