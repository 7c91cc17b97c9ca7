"""Hard rules and the seat, table and judge bounds of the generator (move budgets, not time)."""
import itertools
import json
from collections import Counter

import pytest

from engines.seating import ImpossibleSize, constructions, exact, generate, generator, quality_report
from engines.seating.constructions import orbit
from engines.seating.outcomes import UNKNOWN
from tests.engines.seating.seating_checks import check_hard_rules, spread

SIZES = [
    # players, games, iterations
    (10, 10, 200),
    (20, 10, 1500),
    (30, 10, 1500),
    (50, 10, 1500),
    (100, 10, 1500),
    (25, 8, 1500),  # 2 tables, 5 players sit out every round
]


@pytest.fixture(scope="module")
def seatings():
    """balance="tables": seat, table and judge counts all within floor/ceil."""
    return {(p, g): generate(p, g, seed=3, iterations=it, balance="tables") for p, g, it in SIZES}


@pytest.fixture(scope="module")
def pairs_first():
    """The default, balance="pairs"."""
    return {(p, g): generate(p, g, seed=3, iterations=it) for p, g, it in SIZES}


@pytest.mark.parametrize("players,games,_it", SIZES)
def test_pairs_first_keeps_the_hard_rules_the_seats_and_the_cap(pairs_first, players, games, _it):
    seating = pairs_first[(players, games)]
    tables = players // 10
    check_hard_rules(seating, players, games, tables)
    stage = quality_report(seating, players, tables)["stage"]
    assert spread((stage["seat_min"], stage["seat_max"]), games, 10)
    lam = 9 * games / (players - 1)
    cap = -(-lam // 1) + 1
    if players % 10:
        cap += 1  # with players sitting out in fixed blocks one pair may reach cap + 1 (known gap)
    assert stage["pair_max"] <= cap or players == 10


@pytest.mark.parametrize("players,games,_it", SIZES)
def test_it_keeps_the_hard_rules(seatings, players, games, _it):
    seating = seatings[(players, games)]
    tables = players // 10
    assert len(seating.rounds) == players * games // (10 * tables)
    check_hard_rules(seating, players, games, tables)


@pytest.mark.parametrize("players,games,_it", SIZES)
def test_it_balances_seats_tables_and_judges(seatings, players, games, _it):
    seating = seatings[(players, games)]
    tables = players // 10
    stage = quality_report(seating, players, tables)["stage"]
    assert spread((stage["seat_min"], stage["seat_max"]), games, 10)
    assert spread((stage["table_min"], stage["table_max"]), games, tables)
    assert spread((stage["judge_min"], stage["judge_max"]), games, tables)
    assert stage["problems"] == []


@pytest.mark.parametrize("players,games,cap", [(25, 8, 4), (50, 10, 3), (100, 10, 2)])
def test_the_tables_mode_keeps_the_pair_cap_where_the_searches_alone_did_not(seatings, players, games, cap):
    # 25 x 8 and 50 x 10 through the orbit model (constructions.orbit), 100 x 10 through the
    # projective line (projective.py); the searches alone left pairs above the cap in all three
    stage = quality_report(seatings[(players, games)], players)["stage"]
    assert stage["pair_max"] <= cap


def test_ten_games_give_every_seat_exactly_once(seatings):
    for (players, games), seating in seatings.items():
        if games == 10:
            report = quality_report(seating, players)
            assert all(p["seats"] == [1] * 10 for p in report["players"])


def test_players_sitting_out_are_spread_evenly(seatings):
    seating = seatings[(25, 8)]
    out = {p: [] for p in range(1, 26)}
    for r, rnd in enumerate(seating.rounds):
        playing = {p for t in rnd for p in t.seats}
        for p in out:
            if p not in playing:
                out[p].append(r)
    assert all(len(rounds) == 2 for rounds in out.values())
    # no player sits out two rounds in a row
    assert all(b - a > 1 for a, b in out.values())


def test_it_is_deterministic_for_a_seed_and_a_move_budget():
    first = generate(30, 10, seed=7, iterations=400).to_document()
    second = generate(30, 10, seed=7, iterations=400).to_document()
    other = generate(30, 10, seed=8, iterations=400).to_document()
    assert first == second
    assert first != other


def test_the_document_numbers_players_tables_and_judges_from_one():
    document = generate(20, 10, seed=1, iterations=300).to_document()
    json.dumps(document)
    assert document["players"] == 20 and document["games"] == 10
    first = document["rounds"][0]
    assert first["round"] == 1
    assert [t["table"] for t in first["tables"]] == [1, 2]
    assert {t["judge"] for t in first["tables"]} == {1, 2}
    assert all(len(t["seats"]) == 10 for t in first["tables"])


@pytest.mark.parametrize("games", [10, 12])
def test_pairs_first_reaches_the_round_pair_bound_for_30_players(games):
    from engines.seating import round_pair_bound

    seating = generate(30, games, seed=2, iterations=6000, balance="pairs")
    check_hard_rules(seating, 30, games, 3)
    stage = quality_report(seating, 30)["stage"]
    # the cyclic construction: the bound itself (0.959 at 10 games, 0.883 at 12), within the cap
    assert stage["pair_std"] <= round_pair_bound(30, games) + 1e-4
    assert stage["pair_max"] <= 5
    assert stage["seat_max"] == (1 if games == 10 else 2)


def test_apart_pairs_do_not_meet():
    seating = generate(30, 6, seed=1, iterations=1500, apart=[(1, 2), (3, 4)], clubs=[[5, 6, 7]])
    for rnd in seating.rounds:
        for t in rnd:
            seats = set(t.seats)
            assert not {1, 2} <= seats and not {3, 4} <= seats
            assert len(seats & {5, 6, 7}) <= 1


@pytest.mark.parametrize(
    "players,games,tables,hint",
    [(25, 10, None, "games 8 or 12"), (9, 10, None, "players 10 or more"), (30, 10, 4, "tables 1 to 3")],
)
def test_impossible_sizes_name_sizes_that_work(players, games, tables, hint):
    with pytest.raises(ImpossibleSize) as error:
        generate(players, games, tables=tables, iterations=10)
    assert "would work" in str(error.value)
    assert hint in str(error.value)


def test_players_sitting_out_still_meet_at_most_the_cap():
    # 25 x 8: lambda = 3, so no pair may meet 5 times; the anneal alone left 2-3 such pairs. The
    # default budget, as an organiser gets it (100,000 moves kept the same seating)
    seating = generate(25, 8, seed=1)
    check_hard_rules(seating, 25, 8, 2)
    assert quality_report(seating)["stage"]["pair_max"] <= 4


def _pairs_above(seating, cap: int) -> int:
    meetings = Counter()
    for rnd in seating.rounds:
        for table in rnd:
            meetings.update(itertools.combinations(sorted(table.seats), 2))
    return sum(1 for m in meetings.values() if m > cap)


def test_near_mode_keeps_its_band_and_leaves_fewer_pairs_above_the_cap_when_none_is_found(monkeypatch):
    # 25 x 8 "near": the cap is 4 meetings and the band 3..5 at each table and with each judge. In
    # this budget no tabu search finds a seating with both (seed 1), and with the exact repair
    # switched off the repair keeps the one in the band with the fewest pairs above the cap: 3,
    # where the anneal alone leaves 8 (20,000 moves end the same way, in four times as long)
    monkeypatch.setattr(exact, "repair", lambda *args, **kwargs: None)
    monkeypatch.setattr(constructions, "whole_stage", lambda request: None)  # no orbit model
    seating = generate(25, 8, seed=1, iterations=8_000, balance="near")
    monkeypatch.setattr(generator, "_within_cap", lambda players, games, fixed, result, *rest, **kw: (result, None))
    annealed = generate(25, 8, seed=1, iterations=8_000, balance="near")
    check_hard_rules(seating, 25, 8, 2)
    stage = quality_report(seating)["stage"]
    assert (stage["table_min"], stage["table_max"], stage["judge_min"], stage["judge_max"]) == (3, 5, 3, 5)
    assert _pairs_above(seating, 4) < _pairs_above(annealed, 4)


def test_the_exact_repair_brings_25_by_8_near_within_the_cap_and_the_band(monkeypatch):
    # the tabu searches leave pairs at 5 meetings here; re-solving a few rounds or players at a
    # time with the SAT model (engines.seating.exact) finds a seating with nobody above 4, in the band
    # (the orbit model, tried first, is switched off to see the repair)
    monkeypatch.setattr(constructions, "whole_stage", lambda request: None)
    seating = generate(25, 8, seed=1, iterations=8_000, balance="near")
    check_hard_rules(seating, 25, 8, 2)
    stage = quality_report(seating)["stage"]
    assert (stage["table_min"], stage["table_max"], stage["judge_min"], stage["judge_max"]) == (3, 5, 3, 5)
    assert stage["pair_max"] == 4
    assert _pairs_above(seating, 4) == 0


@pytest.mark.parametrize("balance,band", [("tables", (4, 4)), ("near", (3, 5))])
def test_the_orbit_model_brings_30_by_12_within_the_cap_in_the_band(monkeypatch, balance, band):
    # the anneal and the searches leave pairs at 6 meetings here (18 in the tables mode); the
    # orbit model (engines.seating.constructions.orbit.orbit_within) finds every pair within 5 in the band
    seating = generate(30, 12, seed=1, iterations=4_000, balance=balance)
    check_hard_rules(seating, 30, 12, 3)
    stage = quality_report(seating)["stage"]
    assert band[0] <= stage["table_min"] and stage["table_max"] <= band[1]
    assert band[0] <= stage["judge_min"] and stage["judge_max"] <= band[1]
    assert _pairs_above(seating, 5) == 0
    monkeypatch.setattr(orbit, "orbit_within", lambda *args, **kwargs: UNKNOWN)
    without = generate(30, 12, seed=1, iterations=4_000, balance=balance)
    assert _pairs_above(without, 5) > 0


def test_twenty_players_twelve_games_in_the_tables_mode_meet_the_bound_with_tables_balanced():
    # a Hadamard matrix of order 12 and its negative (hadamard.complementary_rounds_20): every pair
    # within the cap of 7 (the searches left 19 pairs at 8) at the least std any seating with
    # every table count at 6 can have
    seating = generate(20, 12, seed=1, iterations=4_000, balance="tables")
    check_hard_rules(seating, 20, 12, 2)
    stage = quality_report(seating, 20)["stage"]
    assert (stage["table_min"], stage["table_max"], stage["judge_min"], stage["judge_max"]) == (6, 6, 6, 6)
    assert stage["pair_max"] <= 7
    assert round(stage["pair_std"], 4) == 1.3398
    other = generate(20, 12, seed=2, iterations=4_000, balance="tables")

    def who_plays_with_whom(seating):
        return [{frozenset(t.seats) for t in rnd} for rnd in seating.rounds]

    assert who_plays_with_whom(other) != who_plays_with_whom(seating)  # another seed, other tables


@pytest.mark.parametrize("players,games,tables", [(21, 3, 2), (21, 7, 2), (23, 9, 2), (31, 1, 3)])
def test_a_refused_size_always_names_games_that_work(players, games, tables):
    with pytest.raises(ImpossibleSize) as error:
        generate(players, games, tables=tables, iterations=10)
    hint = str(error.value).split("would work: ", 1)[1]
    assert "games ;" not in hint and not hint.startswith(";")
    named = [int(x) for x in hint.split(";")[0].removeprefix("games ").split(" or ")]
    assert named and all((players * g) % (10 * tables) == 0 for g in named)
