"""The ranking (8.8): total, then 8.8.1–8.8.4, then the reproducible lot (8.8.5)."""
import hashlib

import pytest

from engines.scoring.rulesets import FIIM, MAFCLUB
from engines.scoring.standings import compute_standings
from engines.scoring.tiebreaks import METRICS, decided_at, lot_digest, rank

from .builders import game, tournament


class Row:
    def __init__(self, player, total=0, tb=0, wins=0, ds=0, fk=0):
        self.player = player
        self.total_cents = total
        self.tiebreak_extra_cents = tb
        self.wins = wins
        self.wins_as_don_or_sheriff = ds
        self.first_killed = fk
        self.place = None
        self.decided_by_lot = None


ORDER = FIIM.tiebreaks


def places(rows):
    return [(r.player, r.place, r.decided_by_lot) for r in rank(rows, ORDER, "seed")]


def test_tiebreak_order_is_data():
    assert ORDER == ("total", "tiebreak_extra", "wins", "wins_as_don_or_sheriff",
                     "first_killed")
    assert MAFCLUB.tiebreaks == ORDER
    assert [METRICS[k].clause for k in ORDER] == ["8.8", "8.8.1", "8.8.2", "8.8.3", "8.8.4"]


@pytest.mark.parametrize("better, worse, level", [
    (dict(total=510), dict(total=500, tb=90, wins=9, ds=9, fk=9), "total"),
    (dict(total=500, tb=40), dict(total=500, tb=25, wins=9, ds=9, fk=9), "tiebreak_extra"),
    (dict(total=500, tb=-40, wins=5), dict(total=500, tb=-40, wins=4, ds=9, fk=9), "wins"),
    (dict(total=500, wins=5, ds=2), dict(total=500, wins=5, ds=1, fk=9),
     "wins_as_don_or_sheriff"),
    (dict(total=500, wins=5, ds=1, fk=3), dict(total=500, wins=5, ds=1, fk=2), "first_killed"),
])
def test_each_tiebreak_level_decides(better, worse, level):
    # Put the better row second in input, and give it the "worse" lot, so only the metric
    # can put it first.
    a, b = Row("aaa", **worse), Row("zzz", **better)
    assert places([a, b]) == [("zzz", 1, False), ("aaa", 2, False)]
    assert places([b, a]) == [("zzz", 1, False), ("aaa", 2, False)]
    assert decided_at(b, a, ORDER) == level


def test_the_lot_decides_full_ties_reproducibly():
    rows = [Row(p, total=300, tb=25, wins=3, ds=1, fk=1) for p in ("p1", "p2", "p3")]
    expected = sorted(("p1", "p2", "p3"),
                      key=lambda p: hashlib.sha256(f"seed:{p}".encode()).hexdigest())
    ranked = places(rows)
    assert [p for p, _, _ in ranked] == expected
    assert all(lot for _, _, lot in ranked)
    assert places(list(reversed(rows))) == ranked
    assert decided_at(rows[0], rows[1], ORDER) == "lot"


def test_the_lot_only_marks_the_tied():
    rows = [Row("a", total=100), Row("b", total=100), Row("c", total=200)]
    assert places(rows)[0] == ("c", 1, False)
    assert {p: lot for p, _, lot in places(rows)} == {"a": True, "b": True, "c": False}


def test_lot_digest_is_sha256_of_seed_colon_id():
    assert lot_digest("seed-2026", "p001") == hashlib.sha256(b"seed-2026:p001").hexdigest()
    assert lot_digest("сид", "игрок") == hashlib.sha256("сид:игрок".encode()).hexdigest()


def test_lot_end_to_end():
    # One red win: the six red players tie on everything; the sheriff has a don/sheriff
    # win; the three black players have nothing.
    t = tournament([game("G1", "red")], participants=50, lot_seed="abc")
    s = compute_standings(t)
    reds = ["p01", "p02", "p03", "p07", "p08", "p10"]
    by_lot = sorted(reds, key=lambda p: lot_digest("abc", p))
    assert [r.player for r in s.rows[:7]] == ["p06"] + by_lot
    assert [r.decided_by_lot for r in s.rows] == [False] + [True] * 6 + [True] * 3
    assert [r.place for r in s.rows] == list(range(1, 11))
    # another seed, another order; the same seed, the same order
    other = compute_standings(tournament([game("G1", "red")], participants=50, lot_seed="xyz"))
    assert [r.player for r in other.rows[1:7]] == sorted(reds, key=lambda p: lot_digest("xyz", p))
