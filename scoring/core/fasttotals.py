"""The fast path's last step (fastpath.py): its per-event lists -> each player's totals ->
StandingRow objects in the tiebreak order, as compute_standings makes them.

Column by column: ``Counter`` counts each list in C, and one ``map`` per value looks the
players up, so the per-player Python work is one call of ``_row`` each.
"""
from __future__ import annotations

from collections import Counter
from itertools import repeat

from .model import RESULT_RED
from .rules.compensation import ci_cents, compensation_n
from .rules.difficulty import k_cents_for
from .rules.escalating import STEP_CENTS
from .rules.penalties import PENALTY_CENTS
from .rules.removal import REMOVAL_CENTS
from .standings import StandingRow, Standings
from .tiebreaks import rank


def totals(fp) -> Standings | None:
    """The Standings of a finished fastpath._Pass ``fp``, or None when a seat names a
    player who is not in the players list (the careful path names them)."""
    ruleset, head = fp.ruleset, fp.head
    games = Counter(fp.seated)
    if not fp.nicknames.keys() >= games.keys():
        return None
    players = list(games)
    k_cents = hard = None
    if head.participants <= fp.settings.k_max:
        # a red win has 7 winners, a black win 3, every game 10 seats
        k_cents, hard = k_cents_for(len(fp.seated) // 10, len(fp.red_winners) // 7,
                                    len(fp.black_winners) // 3)
    wins = Counter(fp.red_winners)
    wins.update(fp.black_winners)
    win = [100 * w for w in map(wins.get, players, repeat(0))]
    if k_cents is not None:  # K weighs the wins of the hard result (8.7.3)
        hard_wins = Counter(fp.red_winners if hard == RESULT_RED else fp.black_winners)
        win = [c + (k_cents - 100) * h
               for c, h in zip(win, map(hard_wins.get, players, repeat(0)))]
    lost = Counter(fp.lost_first)
    if fp.ci:
        n = compensation_n(head.games_before_final)
        b = Counter(fp.b_counted)
        compensation = {p: k * ci_cents(b[p], n) for p, k in lost.items()}
    else:  # the k-th loss gives 0.5 * (k - 1): 0.5 * L * (L - 1) / 2 in all
        compensation = {p: STEP_CENTS * k * (k - 1) // 2 for p, k in lost.items()}

    three, two = Counter(fp.best_three), Counter(fp.best_two)
    best = {p: fp.settings.three * three[p] + fp.settings.two * two[p]
            for p in three.keys() | two.keys()}

    def column(counts):
        return map(counts.get, players, repeat(0))

    rows = list(map(
        _row, players, map(fp.nicknames.get, players), column(games), column(wins),
        column(Counter(fp.captains)), column(Counter(fp.first_killed)), win,
        column(compensation), column(Counter(fp.removed)),
        column(best), column(_sum_pairs(fp.extras)),
        column(Counter(fp.penalised)), repeat(fp.comp_in_main)))
    ranked = rank(rows, ruleset.tiebreaks, head.lot_seed)
    return Standings(ruleset.key, k_cents, ranked,
                     tuple(fp.stages) if fp.stages is not None else None)


def _row(player, nickname, games, wins, captain_wins, first_killed, win, comp, removals,
         best, extra, penalties, comp_in_main) -> StandingRow:
    row = StandingRow(player, nickname)
    row.games, row.wins, row.wins_as_don_or_sheriff = games, wins, captain_wins
    row.first_killed = first_killed
    removal, penalty = REMOVAL_CENTS * removals, PENALTY_CENTS * penalties
    # the breakdown in BREAKDOWN_KEYS' order (fastpath.py checks the ruleset has it)
    row.components = [win, comp, removal, best, extra, penalty, 0]
    row.tiebreak_extra_cents = removal + best + extra + penalty  # (+ replay_penalty, 0)
    row.main_cents = win + comp if comp_in_main else win
    row.total_cents = win + comp + row.tiebreak_extra_cents
    row.extra_cents = row.total_cents - row.main_cents
    return row


def _sum_pairs(pairs) -> dict:
    out: dict[str, int] = {}
    get = out.get
    for player, cents in pairs:
        out[player] = get(player, 0) + cents
    return out
