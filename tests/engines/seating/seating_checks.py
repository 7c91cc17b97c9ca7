"""Shared checks for the seating tests (plain functions, no fixtures, no Django)."""
from collections import Counter


def check_hard_rules(seating, players: int, games: int, tables: int) -> None:
    """Tables of 10 distinct players, nobody twice in a round, every player exactly G games,
    table and judge numbers 1..T, each used once a round."""
    played = Counter()
    for r, rnd in enumerate(seating.rounds, start=1):
        seen = set()
        assert sorted(t.table_no for t in rnd) == list(range(1, len(rnd) + 1)), f"round {r} tables"
        assert len({t.judge_no for t in rnd}) == len(rnd), f"round {r}: a judge at two tables"
        assert all(1 <= t.judge_no <= tables for t in rnd)
        for t in rnd:
            assert len(t.seats) == 10 and len(set(t.seats)) == 10, f"round {r} table {t.table_no}"
            assert not seen & set(t.seats), f"round {r}: a player at two tables"
            seen |= set(t.seats)
            played.update(t.seats)
    assert set(played) == set(range(1, players + 1))
    assert set(played.values()) == {games}


def spread(low_high, games: int, parts: int) -> bool:
    low, high = low_high
    return games // parts <= low and high <= -(-games // parts)
