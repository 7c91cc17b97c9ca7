"""Quality report and the lower bounds of the issue."""
import json

import pytest

from engines.seating import Seating, Table, generate, quality_report, render_text, round_pair_bound
from engines.seating.report import bounds, cap_unavoidable, forced_above_cap, lowest_shared


@pytest.mark.parametrize("players,expected", [(20, 1.116), (30, 0.959), (40, 0.821), (50, 0.548), (100, 0.287)])
def test_round_pair_bound_matches_the_issue(players, expected):
    assert round_pair_bound(players, 10) == pytest.approx(expected, abs=6e-4)


@pytest.mark.parametrize("players,games,shared", [(20, 10, 45 * 40), (30, 10, 45 * 36), (50, 10, 45 * 25), (100, 10, 0)])
def test_lowest_shared_is_the_round_pair_bound_in_pairs_of_rounds(players, games, shared):
    assert lowest_shared(players, games) == shared


def test_lowest_shared_and_the_std_bound_agree():
    # 4,500 meetings of 100 players x 12 games over 4,950 pairs: the integrality floor decides
    from math import sqrt

    total, pairs = 45 * 12 * 10, 4950
    square = 2 * lowest_shared(100, 12) + total
    assert sqrt(square / pairs - (total / pairs) ** 2) == pytest.approx(bounds(100, 12)["bound"])


def test_table_balanced_bound_is_above_the_round_pair_bound_for_30_players():
    b = bounds(30, 10, 3)
    assert b["tables_balanced"] == pytest.approx(1.0617, abs=1e-3)
    assert b["tables_balanced"] > b["bound"]


def test_report_counts_a_tiny_hand_made_seating():
    rounds = [
        [Table(1, 1, tuple(range(1, 11)))],
        [Table(1, 1, tuple(range(10, 0, -1)))],
    ]
    report = quality_report(Seating(players=10, games=2, rounds=rounds), 10, 1)
    first = report["players"][0]
    assert first["seats"] == [1] + [0] * 8 + [1]
    assert first["distinct_opponents"] == 9 and first["min_meetings"] == 2 == first["max_meetings"]
    assert report["stage"]["pair_std"] == 0


def test_report_counts_the_pairs_above_the_cap():
    # one table of the same 10 players 6 times: every pair meets lambda = 6 times, cap 7
    rounds = [[Table(1, 1, tuple(range(1, 11)))] for _ in range(6)]
    stage = quality_report(Seating(players=10, games=6, rounds=rounds), 10, 1)["stage"]
    assert stage["pair_cap"] == 7 and stage["pairs_above_cap"] == 0
    twenty = [[Table(1, 1, tuple(range(1, 11))), Table(2, 2, tuple(range(11, 21)))] for _ in range(8)]
    stage = quality_report(Seating(players=20, games=8, rounds=twenty), 20, 2)["stage"]
    # lambda = 9 * 8 / 19 = 3.79, cap 5: the 90 pairs that always share a table meet 8 times
    assert stage["pair_cap"] == 5 and stage["pairs_above_cap"] == 90
    assert "Pairs above the cap ceil(lambda) + 1 = 5: 90" in render_text({"stage": stage, "players": []})


def test_report_is_json_and_renders_as_text():
    seating = generate(20, 10, seed=0, iterations=200)
    report = quality_report(seating, 20, 2)
    json.dumps(report)
    text = render_text(report)
    assert "std" in text and "lowest possible" in text
    assert len(report["players"]) == 20


def test_report_flags_broken_seatings():
    rounds = [[Table(1, 1, (1, 2, 3, 4, 5, 6, 7, 8, 9, 9)), Table(2, 2, tuple(range(9, 19)))]]
    problems = quality_report(Seating(players=18, games=1, rounds=rounds))["stage"]["problems"]
    assert any("not 10 distinct" in p for p in problems)
    assert any("two tables" in p for p in problems)


def test_pairs_above_the_cap_are_marked_unavoidable_only_where_proved():
    # 20 x 8 on 2 tables: no seating keeps the cap with the near or tables band (bench/seating_limits.py)
    assert cap_unavoidable(20, 8, 2, "near") and cap_unavoidable(20, 8, 2, "tables")
    assert not cap_unavoidable(20, 8, 2, "pairs") and not cap_unavoidable(30, 10, 3, "near")
    assert forced_above_cap(30, 10, 3) == 0  # the counting bound forces none at usual sizes
    seating = generate(20, 8, seed=1, iterations=300, balance="near")
    near = quality_report(seating, balance="near")["stage"]
    assert near["pairs_above_cap_unavoidable"] is True
    assert near["pairs_above_cap"] > 0
    assert "unavoidable for this size in the near mode" in render_text({"stage": near, "players": []})
    # the same seating judged in the pairs mode: there a seating within the cap exists, so its
    # pairs above the cap are not excused (seating one in the pairs mode takes a SAT repair)
    pairs = quality_report(seating)["stage"]
    assert pairs["pairs_above_cap"] == near["pairs_above_cap"] and pairs["pairs_above_cap_unavoidable"] is False
    assert "unavoidable" not in render_text({"stage": pairs, "players": []})
