"""What gives way when opponents and tables/judges conflict: the anneal plans of the three
balance modes (pure numpy/Python, no Django).

Opponents and table/judge balance provably conflict (``report.table_balanced_shared``): with every
player 3-4 times at every table, 30 players x 10 games cannot go below std 1.062, against 0.959
without that rule. So the caller chooses:

* ``"pairs"`` (default, the issue's order of goals): opponents first, then tables and judges as
  even as moves that keep the pair counts make them;
* ``"near"``: tables and judges within one of floor/ceil(G/T), opponents as good as that allows;
* ``"tables"``: tables and judges within floor/ceil(G/T) exactly, opponents as good as that allows.
"""
from __future__ import annotations

import math

from .anneal import GroupAnnealer, RoundState, Weights

BALANCES = ("pairs", "near", "tables")
# temperatures grow with lambda^_TEMP_POWER (a move's delta grows with the meetings involved)
_TEMP_POWER = 1.0
_TEMP_MIN = 2.0
# share of the budget spent on opponents; the rest goes to tables and judges
_PAIR_SHARE = 0.8
# how much more a meeting weighs than a table or judge count in the second phase
_PAIR_SCALE_LABELS = 30.0
# weight of table and judge counts at the end of the joint anneal
_ALPHA_END = 6.0
# balance="near": inside the band floor/ceil(G/T) +- 1 counts are evened lightly, outside steeply
_EVEN_IN_BAND = 0.1
_OUTSIDE_BAND = 20.0


def _iterations_split(iterations, time_limit):
    if iterations is not None:
        first = max(1, int(iterations * _PAIR_SHARE))
        return (first, None), (max(1, iterations - first), None)
    return (None, time_limit * _PAIR_SHARE), (None, time_limit * (1 - _PAIR_SHARE))


def optimise(
    n_players: int,
    labels: int,
    free: list[RoundState],
    fixed: list[RoundState],
    apart: list[tuple[int, int]],
    seed: int,
    iterations,
    time_limit,
    frozen_start: list[RoundState] = (),
    balance: str = "pairs",
) -> tuple[list[RoundState], dict]:
    """Anneal the free rounds; ``balance`` says what gives way when opponents and tables/judges
    conflict (they do: see ``report.table_balanced_shared``).

    * ``"pairs"`` (default, the issue's order of goals): opponents alone first (``frozen_start``
      rounds, constructions, kept as they are meanwhile), then tables and judges as even as moves
      that leave the pair counts (almost) unchanged make them.
    * ``"near"``: tables and judges within one of floor/ceil(G/T), opponents as good as that allows.
    * ``"tables"``: tables and judges within floor/ceil(G/T) exactly (their weight ramps up during
      the anneal, then a repair), opponents as good as that allows.

    Judges follow tables (judge = a fixed permutation of the table) and rotate between tables
    wherever that keeps every judge count as even as it is."""
    all_rounds = list(fixed) + list(frozen_start) + list(free)
    total_tables = sum(len(r.groups) for r in all_rounds)
    mean = 45.0 * total_tables / (n_players * (n_players - 1) / 2)
    cap = math.ceil(mean - 1e-9) + 1
    annealers = []
    games = max(1, round(10 * total_tables / n_players))
    low, high = games // labels, -(-games // labels)
    final_weights = Weights(mean=mean, cap=cap)
    if balance == "pairs":
        (it1, tl1), (it2, tl2) = _iterations_split(iterations, time_limit)
        w1 = Weights(mean=mean, cap=cap, alpha=0.0)
        first = GroupAnnealer(
            n_players, labels, free, fixed=list(fixed) + list(frozen_start), apart=apart, weights=w1, seed=seed
        )
        scale = max(_TEMP_MIN, mean) ** _TEMP_POWER
        rounds = first.run(iterations=it1, time_limit=tl1, t_start=1.0 * scale, t_end=0.08 * scale)
        w2 = Weights(mean=mean, cap=cap, alpha=1.0, pair_scale=_PAIR_SCALE_LABELS)
        second = GroupAnnealer(
            n_players, labels, list(frozen_start) + rounds, fixed=fixed, apart=apart, weights=w2, seed=seed + 1
        )
        rounds = second.run(iterations=it2, time_limit=tl2, t_start=2.0, t_end=0.1)
        annealers = [first, second]
    elif balance == "near":
        band = dict(count_low=low, count_high=high, band=1, even=_EVEN_IN_BAND, outside=_OUTSIDE_BAND)
        (it1, tl1), (it2, tl2) = _iterations_split(iterations, time_limit)
        w1 = Weights(mean=mean, cap=cap, alpha=1.0, **band)
        first = GroupAnnealer(n_players, labels, free, fixed=fixed, apart=apart, weights=w1, seed=seed)
        rounds = first.run(iterations=it1, time_limit=tl1, t_start=1.0, t_end=0.08, alpha_ramp=(0.0, 1.0))
        band2 = dict(band, outside=_OUTSIDE_BAND * _PAIR_SCALE_LABELS * 2)
        w2 = Weights(mean=mean, cap=cap, alpha=1.0, pair_scale=_PAIR_SCALE_LABELS, **band2)
        second = GroupAnnealer(n_players, labels, rounds, fixed=fixed, apart=apart, weights=w2, seed=seed + 1)
        rounds = second.run(iterations=it2, time_limit=tl2, t_start=2.0, t_end=0.1)
        annealers = [first, second]
        final_weights = w2
    else:
        rounds = list(frozen_start) + list(free)
        w1 = Weights(mean=mean, cap=cap, alpha=_ALPHA_END)
        first = GroupAnnealer(n_players, labels, rounds, fixed=fixed, apart=apart, weights=w1, seed=seed)
        rounds = first.run(
            iterations=iterations, time_limit=time_limit, t_start=1.5, t_end=0.05, alpha_ramp=(0.0, _ALPHA_END)
        )
        annealers = [first]
        # repair: if any count is still off, push tables/judges harder, pairs second
        for step, scale in enumerate((0.2, 0.01)):
            check = GroupAnnealer(n_players, labels, rounds, fixed=fixed, apart=apart, weights=w1, seed=seed)
            if balanced(check):
                break
            w = Weights(mean=mean, cap=cap, alpha=1.0, pair_scale=scale)
            fix = GroupAnnealer(n_players, labels, rounds, fixed=fixed, apart=apart, weights=w, seed=seed + 2 + step)
            rounds = fix.run(iterations=300 * len(rounds), t_start=0.3, t_end=0.02)
            annealers.append(fix)
    last = GroupAnnealer(n_players, labels, rounds, fixed=fixed, apart=apart, weights=final_weights, seed=seed + 9)
    rotated = last.rotate_judges()
    rounds = last.rounds
    stats = {
        "iterations": sum(a.stats.iterations for a in annealers),
        "evaluated_moves": sum(a.stats.evaluated for a in annealers),
        "applied_moves": sum(a.stats.applied for a in annealers),
        "seconds": round(sum(a.stats.seconds for a in annealers), 3),
        "judge_rotations": rotated,
    }
    stats["moves_per_second"] = round(stats["evaluated_moves"] / max(stats["seconds"], 1e-9))
    return rounds, stats


def balanced(annealer: GroupAnnealer) -> bool:
    """Every player's table and judge counts within floor/ceil of games / tables."""
    games = annealer.ct.sum(axis=1)
    labels = annealer.ct.shape[1]
    playing = games > 0
    lo = (games // labels)[:, None]
    hi = (-(-games // labels))[:, None]
    ok_t = ((annealer.ct >= lo) & (annealer.ct <= hi))[playing].all()
    ok_j = ((annealer.cj >= lo) & (annealer.cj <= hi))[playing].all()
    return bool(ok_t and ok_j)


