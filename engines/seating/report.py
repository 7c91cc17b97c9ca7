"""Quality report of a seating, and the lower bounds it is measured against.

``round_pair_bound(P, G, T)``: the lowest possible standard deviation of pair counts. With
lambda = 9G/(P-1) the mean meetings of a pair, any two rounds put some pairs at one table twice:
two partitions of the same 10T players into T tables share at least m(T) pairs (the 10 x T
intersection counts spread as evenly as possible: m = 40, 36, 32, 25, 0 for T = 2, 3, 4, 5, 10),
so sum over pairs of C(meetings, 2) >= C(R, 2) * m. With players sitting out, the two rounds share
at least 20T - P players and m is computed for that many. The integrality floor (every pair
meeting floor or ceil of lambda times) is the other bound; the larger one is returned.
"""
from __future__ import annotations

import math
from itertools import combinations

import numpy as np

from .model import Seating


def _min_shared_pairs(common: int, tables: int) -> int:
    """Fewest pairs at one table in both of two rounds that share ``common`` players."""
    if common <= 0 or tables <= 0:
        return 0
    cells = tables * tables
    q, r = divmod(common, cells)
    return r * math.comb(q + 1, 2) + (cells - r) * math.comb(q, 2)


def _std_from_square_sum(square_sum: float, total: int, pairs: int) -> float:
    mean = total / pairs
    return math.sqrt(max(0.0, square_sum / pairs - mean * mean))


def _even_pairs(total: int, cells: int) -> int:
    """Fewest pairs when ``total`` players are spread over ``cells`` cells."""
    if cells <= 0:
        return 0 if total == 0 else 10**9
    q, r = divmod(total, cells)
    return r * math.comb(q + 1, 2) + (cells - r) * math.comb(q, 2)


def table_balanced_shared(players: int, games: int, tables: int) -> int | None:
    """Lower bound on sum over pairs of C(meetings, 2) when every player sits at every table
    floor/ceil(G/T) times (no one sitting out: players = 10 * tables).

    A player's table counts c_x give sum_x c_x^2 = G + #{ordered round pairs at one table}, so the
    balanced counts fix the total over round pairs of the trace of their T x T intersection
    matrix (players at table x in both). With trace t, the matrix shares at least
    even(t over T diagonal cells) + even(10T - t over T^2 - T other cells) pairs, a convex function
    of t, so the traces are best spread evenly. For 30 players x 10 games this gives std >= 1.062
    (against 0.959 without the tables), for 100 x 10 std >= 0.514 (450 pairs meet twice).
    """
    if players != 10 * tables or tables < 2:
        return None
    rounds = games
    q, rem = divmod(games, tables)
    squares = players * (rem * (q + 1) ** 2 + (tables - rem) * q * q)
    trace_total = (squares - players * rounds) // 2  # over unordered round pairs
    pairs = math.comb(rounds, 2)
    if pairs == 0:
        return 0
    base, extra = divmod(trace_total, pairs)

    def shared(t: int) -> int:
        return _even_pairs(t, tables) + _even_pairs(10 * tables - t, tables * tables - tables)

    return extra * shared(base + 1) + (pairs - extra) * shared(base)


def bounds(players: int, games: int, tables: int | None = None) -> dict:
    """Lower bounds on the std of pair counts (round-pair, integrality, and with tables
    balanced), and lambda."""
    tables = tables or players // 10
    rounds = players * games // (10 * tables)
    pairs = players * (players - 1) // 2
    total = 45 * rounds * tables  # pair-meetings in the stage
    common = max(0, 20 * tables - players)
    shared = math.comb(rounds, 2) * _min_shared_pairs(common, tables)
    square_rp = 2 * shared + total  # sum m^2 = 2 sum C(m,2) + sum m
    q, r = divmod(total, pairs)
    square_int = r * (q + 1) ** 2 + (pairs - r) * q * q
    balanced = table_balanced_shared(players, games, tables)
    return {
        "lambda": total / pairs,
        "round_pair": _std_from_square_sum(square_rp, total, pairs),
        "integrality": _std_from_square_sum(square_int, total, pairs),
        "bound": _std_from_square_sum(max(square_rp, square_int), total, pairs),
        "tables_balanced": (
            _std_from_square_sum(max(2 * balanced + total, square_rp, square_int), total, pairs)
            if balanced is not None
            else None
        ),
    }


def pair_cap(players: int, games: int) -> int:
    """The most meetings a pair may have: ceil(lambda) + 1, lambda = 9G/(P-1) the mean."""
    return math.ceil(9 * games / (players - 1) - 1e-9) + 1


def lowest_shared(players: int, games: int, tables: int | None = None) -> int:
    """The fewest pairs of rounds in which a pair meets (sum over pairs of C(meetings, 2)) that
    any seating can have: the larger of the round-pair and integrality bounds (the std bounds of
    ``bounds`` in the search's own units; a search that reaches it can stop)."""
    tables = tables or players // 10
    rounds = players * games // (10 * tables)
    pairs = players * (players - 1) // 2
    common = max(0, 20 * tables - players)
    round_pair = math.comb(rounds, 2) * _min_shared_pairs(common, tables)
    return max(round_pair, _even_pairs(45 * rounds * tables, pairs))


def round_pair_bound(players: int, games: int, tables: int | None = None) -> float:
    """The lowest possible std of pair counts (the larger of the round-pair and integrality
    bounds); e.g. 1.116 for 20 players, 0.959 for 30, 0.821 for 40, 0.548 for 50, 0.287 for 100
    (10 games each)."""
    return bounds(players, games, tables)["bound"]


def meetings(rounds, players: int) -> np.ndarray:
    """How often every two players meet in these rounds (lists of tables of 0-based players)."""
    meet = np.zeros((players, players), dtype=np.int64)
    for rnd in rounds:
        for table in rnd:
            table = np.asarray(table)
            meet[np.ix_(table, table)] += 1
    np.fill_diagonal(meet, 0)
    return meet


def round_pair_bound_range(tables: int) -> tuple[int, int]:
    """How many players a table of one round and a table of another share when the two rounds
    meet the round-pair bound (everybody playing both): 10/T rounded down or up, since
    sum C(n_ij, 2) over the T x T counts, each row and column summing to 10, is least when they
    are as equal as they can be (5; 3-4; 2-3; 2; 0-1 for 2, 3, 4, 5, 10 tables)."""
    return 10 // tables, -(-10 // tables)


def loose_round_pairs(rounds, shared: tuple[int, int]) -> int:
    """How many pairs of these rounds (lists of groups of player indices) miss the round-pair
    bound: some table of one and table of the other share fewer than low or more than high."""
    low, high = shared
    sets = [[set(int(p) for p in group) for group in rnd] for rnd in rounds]
    return sum(
        1
        for a, b in combinations(sets, 2)
        if any(not low <= len(x & y) <= high for x in a for y in b)
    )


def forced_above_cap(players: int, games: int, tables: int | None = None, balance: str = "pairs") -> int:
    """The fewest pairs above the cap ceil(lambda) + 1 that ANY seating of this size must have.

    A counting bound: the stage has S = 45 R T pair-meetings over N = C(P, 2) pairs, and the
    round-pair bound (with every table and judge count even in the "tables" mode, the stronger
    ``table_balanced_shared``) needs sum over pairs of C(m, 2) >= B. With k pairs allowed above the
    cap (each at most G meetings, as a pair meets at most once a game), the largest sum of C(m, 2)
    the S meetings can make puts them as high as they may go (C(m, 2) is convex); the answer is
    the least k for which that reaches B. 0 for every usual size: a report marks pairs above the
    cap as a problem only beyond this figure."""
    tables = tables or players // 10
    if players < 2 or games < 1 or tables < 1 or (players * games) % (10 * tables):
        return 0
    cap = pair_cap(players, games)
    if games <= cap:
        return 0
    rounds = players * games // (10 * tables)
    total = 45 * rounds * tables
    pairs = math.comb(players, 2)
    need = lowest_shared(players, games, tables)
    if balance == "tables":
        need = max(need, table_balanced_shared(players, games, tables) or 0)

    def most_shared(above: int) -> int:
        left = total
        shared = 0
        for height, count in ((games, above), (cap, pairs - above)):
            full = min(count, left // height)
            shared += full * math.comb(height, 2)
            left -= full * height
            if full < count and left:
                shared += math.comb(min(left, height), 2)
                left -= min(left, height)
        return shared if left == 0 else -1

    for above in range(pairs + 1):
        if most_shared(above) >= need:
            return above
    return pairs


# Sizes where no seating keeps the pair cap together with the table band of a balance mode,
# proved by an exhaustive search (bench/seating_limits.py): (players, games, tables) -> modes.
CAP_WITH_BAND_IMPOSSIBLE = {(20, 8, 2): ("near", "tables")}


def cap_unavoidable(players: int, games: int, tables: int | None = None, balance: str = "pairs") -> bool:
    """Whether some pair above the cap is unavoidable for this size in this balance mode: forced
    by the counting bound (``forced_above_cap``) or proved (``CAP_WITH_BAND_IMPOSSIBLE``)."""
    tables = tables or players // 10
    proved = balance in CAP_WITH_BAND_IMPOSSIBLE.get((players, games, tables), ())
    return proved or forced_above_cap(players, games, tables, balance) > 0


def same_club_pairs(seating: Seating, clubs) -> int:
    """How many times two players of one club sit at one table (each pair counted every game)."""
    club_of = {p: k for k, members in enumerate(clubs) for p in members}
    count = 0
    for rnd in seating.rounds:
        for table in rnd:
            seen = [club_of[p] for p in table.seats if p in club_of]
            count += sum(math.comb(n, 2) for n in _counts(seen))
    return count


def fewest_same_club_pairs(seating: Seating, clubs) -> int:
    """The fewest same-club pairs at a table any seating with these rounds could have: in every
    round a club's players spread over its tables as evenly as they can (a pigeonhole bound)."""
    club_of = {p: k for k, members in enumerate(clubs) for p in members}
    fewest = 0
    for rnd in seating.rounds:
        playing = [club_of[p] for table in rnd for p in table.seats if p in club_of]
        for members in _counts(playing):
            fewest += _even_pairs(members, len(rnd))
    return fewest


def chance_same_club_pairs(seating: Seating, clubs) -> float:
    """How many same-club pairs at a table a seating made without the option would have on
    average: in a round of n players at tables of 10, two given players share a table with
    probability 9 / (n - 1), whoever they are (what "without keeping clubs apart" comes to, as
    the generator then ignores clubs)."""
    club_of = {p: k for k, members in enumerate(clubs) for p in members}
    expected = 0.0
    for rnd in seating.rounds:
        playing = [club_of[p] for table in rnd for p in table.seats if p in club_of]
        n = 10 * len(rnd)
        if n > 1:
            expected += sum(math.comb(k, 2) for k in _counts(playing)) * 9 / (n - 1)
    return expected


def _counts(values) -> list[int]:
    counts: dict = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return list(counts.values())


def quality_key(report: dict, balance: str = "pairs") -> tuple:
    """The order in which seatings compare (smaller is better), as a report reads them: broken
    rules, pairs above the cap, same-club pairs at a table, then the mode's order of table and
    judge spread and the spread of pair counts, then seats."""
    s = report["stage"]
    spread = (s["table_max"] - s["table_min"]) + (s["judge_max"] - s["judge_min"])
    std = round(s["pair_std"], 9)
    middle = (std, spread) if balance == "pairs" else (spread, std)
    return (len(s["problems"]), s["pairs_above_cap"], s.get("same_club_pairs") or 0, *middle, s["seat_max"] - s["seat_min"])


def quality_report(seating: Seating, players=None, tables: int | None = None, clubs=None, balance: str = "pairs") -> dict:
    """Per player and per stage measures of a seating (JSON-serialisable).

    ``players``: the player numbers to report on (default: everyone in the seating; an int P
    means 1..P). ``tables``: tables a round (default: the most any round uses). ``clubs``: lists
    of player numbers of one club, for ``same_club_pairs`` (None: not counted). ``balance``: the
    mode the seating was made in, for ``pairs_above_cap_forced`` (the "tables" mode forces more).
    """
    if players is None:
        numbers = seating.player_numbers()
    elif isinstance(players, int):
        numbers = list(range(1, players + 1))
    else:
        numbers = sorted(players)
    tables = tables or seating.tables or max(len(r) for r in seating.rounds)
    index = {p: i for i, p in enumerate(numbers)}
    n = len(numbers)
    labels = max([tables] + [max(t.table_no, t.judge_no) for r in seating.rounds for t in r])
    meet = np.zeros((n, n), dtype=np.int64)
    seat = np.zeros((n, 10), dtype=np.int64)
    table = np.zeros((n, labels), dtype=np.int64)
    judge = np.zeros((n, labels), dtype=np.int64)
    games = np.zeros(n, dtype=np.int64)
    problems = []
    for r, rnd in enumerate(seating.rounds, start=1):
        seen = set()
        for t in rnd:
            if len(t.seats) != 10 or len(set(t.seats)) != 10:
                problems.append(f"round {r} table {t.table_no}: not 10 distinct players")
            for p in t.seats:
                if p in seen:
                    problems.append(f"round {r}: player {p} at two tables")
                seen.add(p)
            ids = [index[p] for p in t.seats if p in index]
            for s, p in enumerate(t.seats):
                if p in index:
                    i = index[p]
                    seat[i, s] += 1
                    table[i, t.table_no - 1] += 1
                    judge[i, t.judge_no - 1] += 1
                    games[i] += 1
            for a, b in combinations(ids, 2):
                meet[a, b] += 1
                meet[b, a] += 1
    per_player = []
    for p, i in index.items():
        others = np.delete(meet[i], i)
        per_player.append(
            {
                "player": p,
                "games": int(games[i]),
                "seats": seat[i].tolist(),
                "tables": table[i, :tables].tolist(),
                "judges": judge[i, :tables].tolist(),
                "distinct_opponents": int((others > 0).sum()),
                "min_meetings": int(others.min()) if len(others) else 0,
                "max_meetings": int(others.max()) if len(others) else 0,
            }
        )
    iu = np.triu_indices(n, 1)
    pair = meet[iu]
    g = int(games.max()) if n else 0
    bound = bounds(n, g, tables) if n >= 10 and g and len(seating.rounds) > 1 else None
    cap = pair_cap(n, g) if n >= 2 and g else None  # the issue: never a pair above it
    stage = {
        "players": n,
        "rounds": len(seating.rounds),
        "tables": tables,
        "games_min": int(games.min()) if n else 0,
        "games_max": g,
        "seat_min": int(seat.min()) if n else 0,
        "seat_max": int(seat.max()) if n else 0,
        "table_min": int(table[:, :tables].min()) if n else 0,
        "table_max": int(table[:, :tables].max()) if n else 0,
        "judge_min": int(judge[:, :tables].min()) if n else 0,
        "judge_max": int(judge[:, :tables].max()) if n else 0,
        "pair_min": int(pair.min()) if len(pair) else 0,
        "pair_max": int(pair.max()) if len(pair) else 0,
        "pair_std": float(pair.std()) if len(pair) else 0.0,
        "pair_histogram": np.bincount(pair).tolist() if len(pair) else [],
        "pair_cap": cap,
        "pairs_above_cap": int((pair > cap).sum()) if cap is not None else 0,
        # how many of them no seating of this size can avoid (a counting bound): not a problem
        "pairs_above_cap_forced": (
            forced_above_cap(n, g, tables, balance) if cap is not None and int(games.min()) == g else 0
        ),
        "pairs_above_cap_unavoidable": (
            cap_unavoidable(n, g, tables, balance) if cap is not None and int(games.min()) == g else False
        ),
        "balance": balance,
        "same_club_pairs": same_club_pairs(seating, clubs) if clubs is not None else None,
        "same_club_pairs_fewest": fewest_same_club_pairs(seating, clubs) if clubs is not None else None,
        "same_club_pairs_by_chance": round(chance_same_club_pairs(seating, clubs), 1) if clubs is not None else None,
        "pair_mean": float(pair.mean()) if len(pair) else 0.0,
        "distinct_opponents_min": min((x["distinct_opponents"] for x in per_player), default=0),
        "bound_std": bound["bound"] if bound else None,
        "round_pair_std": bound["round_pair"] if bound else None,
        "integrality_std": bound["integrality"] if bound else None,
        "tables_balanced_std": bound["tables_balanced"] if bound else None,
        "problems": problems,
    }
    return {"stage": stage, "players": per_player}


def render_text(report: dict) -> str:
    s = report["stage"]
    lines = [
        f"Stage: {s['players']} players, {s['rounds']} rounds, {s['tables']} tables a round, "
        f"games {s['games_min']}..{s['games_max']}",
        f"Seats: each player takes each seat {s['seat_min']}..{s['seat_max']} times",
        f"Tables: {s['table_min']}..{s['table_max']}   judges: {s['judge_min']}..{s['judge_max']}",
        f"Pairs: meetings {s['pair_min']}..{s['pair_max']}, mean {s['pair_mean']:.3f}, "
        f"std {s['pair_std']:.4f}"
        + (
            f" (lowest possible {s['bound_std']:.4f}: round-pair {s['round_pair_std']:.4f}, "
            f"integrality {s['integrality_std']:.4f}"
            + (
                f"; with tables balanced {s['tables_balanced_std']:.4f}"
                if s.get("tables_balanced_std") is not None
                else ""
            )
            + ")"
            if s["bound_std"] is not None
            else ""
        ),
        (
            f"Pairs above the cap ceil(lambda) + 1 = {s['pair_cap']}: {s['pairs_above_cap']}"
            + (
                f" (unavoidable for this size in the {s.get('balance')} mode"
                + (f": at least {s['pairs_above_cap_forced']}" if s.get("pairs_above_cap_forced") else "")
                + ")"
                if s.get("pairs_above_cap_unavoidable")
                else ""
            )
            if s.get("pair_cap") is not None
            else ""
        ),
        (
            f"Same-club pairs at a table: {s['same_club_pairs']} (fewest possible {s['same_club_pairs_fewest']}, "
            f"about {s['same_club_pairs_by_chance']} without keeping clubs apart)"
            if s.get("same_club_pairs") is not None
            else ""
        ),
        "Pair histogram (meetings: pairs): "
        + ", ".join(f"{m}: {c}" for m, c in enumerate(s["pair_histogram"]) if c),
        f"Distinct opponents: at least {s['distinct_opponents_min']}",
    ]
    lines = [line for line in lines if line]  # an empty line ends the summary
    if s["problems"]:
        lines.append("PROBLEMS: " + "; ".join(s["problems"]))
    lines.append("")
    lines.append("player games  seats(1..10)                   tables          judges          opp  min max")
    for p in report["players"]:
        lines.append(
            f"{p['player']:>6} {p['games']:>5}  {' '.join(str(x) for x in p['seats']):<30} "
            f"{' '.join(str(x) for x in p['tables']):<15} {' '.join(str(x) for x in p['judges']):<15} "
            f"{p['distinct_opponents']:>4} {p['min_meetings']:>4} {p['max_meetings']:>3}"
        )
    return "\n".join(lines)
