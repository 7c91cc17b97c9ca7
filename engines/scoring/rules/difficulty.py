"""The difficulty coefficient K, the "geographic rule" (8.7).

Over the ranked games (annulled ones excluded, draws included in N): with r red and b
black wins, r != b, the hard games are those won by the side with fewer wins, n = min(r, b),
and K = 1 + (N/2 - n)/(N/2), rounded half-up to two decimals (RULES.md decision). It
applies only where the tournament has at most ``settings.k_max_participants`` participants,
under both rulesets (RULES.md §4: mafclub keeps 8.7 exactly as fiim has it).
"""
from __future__ import annotations

from ..decimals import div_half_up
from ..model import RESULT_ANNULLED, RESULT_BLACK, RESULT_RED


def k_cents_for(played: int, red_wins: int, black_wins: int) -> tuple[int | None, str | None]:
    """K in hundredths and the result that makes a game "hard", or (None, None).

    K*100 = 100 + 100*(N - 2n)/N = (200N - 200n)/N, rounded half-up.
    """
    if played <= 0 or red_wins == black_wins:
        return None, None
    n = min(red_wins, black_wins)
    hard = RESULT_RED if red_wins < black_wins else RESULT_BLACK
    return div_half_up(200 * played - 200 * n, played), hard


def difficulty_coefficient(games, participants: int, max_participants: int) -> tuple[int | None, str | None]:
    """K (hundredths) over ``games`` for a tournament, or (None, None) where it does not apply."""
    if participants > max_participants:
        return None, None
    played = red = black = 0
    for g in games:
        result = g.result
        if result == RESULT_ANNULLED:
            continue
        played += 1
        if result == RESULT_RED:
            red += 1
        elif result == RESULT_BLACK:
            black += 1
    return k_cents_for(played, red, black)
