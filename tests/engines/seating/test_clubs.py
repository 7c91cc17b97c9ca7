"""Players of one club kept apart: part of the generator's objective, counted by the report."""
from engines.seating import generate, quality_report
from engines.seating.model import Seating, Table
from engines.seating.report import fewest_same_club_pairs, same_club_pairs

CLUBS = [list(range(start, start + 5)) for start in range(1, 31, 5)]  # 6 clubs of 5


def test_keeping_clubs_apart_seats_fewer_club_mates_together_on_30_players():
    plain = generate(30, 10, seed=3, iterations=1500)
    apart = generate(30, 10, seed=3, iterations=1500, clubs=CLUBS)
    with_option = same_club_pairs(apart, CLUBS)
    without = same_club_pairs(plain, CLUBS)
    # 5 club mates over 3 tables: at least 2 of them share a table, 2 pairs a club a round
    assert fewest_same_club_pairs(apart, CLUBS) == 6 * 2 * 10
    assert with_option < without
    assert with_option <= 130  # close to the pigeonhole bound of 120; a random seating has ~186
    stage = quality_report(apart, clubs=CLUBS)["stage"]
    assert stage["same_club_pairs"] == with_option and stage["same_club_pairs_fewest"] == 120
    # what no keeping apart comes to on average: 6 clubs x C(5, 2) pairs x 9/29 x 10 rounds
    assert stage["same_club_pairs_by_chance"] == round(6 * 10 * 10 * 9 / 29, 1) == 186.2
    assert abs(without - stage["same_club_pairs_by_chance"]) < 30


def test_the_report_counts_club_mates_at_one_table_every_game():
    seating = Seating(players=10, games=2, rounds=[[Table(1, 1, tuple(range(1, 11)))]] * 2)
    assert same_club_pairs(seating, [[1, 2, 3], [4, 5]]) == 2 * (3 + 1)
    assert quality_report(seating)["stage"]["same_club_pairs"] is None  # not asked: not counted


def _together(seating, a, b) -> int:
    return sum(1 for rnd in seating.rounds for table in rnd if a in table.seats and b in table.seats)


def test_one_club_pair_of_20_players_at_2_tables_never_meets():
    """Two tables always have room to keep two players apart; the search alone (a soft cost) let
    them meet in one seed of four. Every seed, every balance mode, the default budget or a small one."""
    for seed in range(6):
        for balance in ("near", "pairs", "tables"):
            seating = generate(20, 8, 2, seed=seed, clubs=[[3, 14]], balance=balance, iterations=400)
            assert _together(seating, 3, 14) == 0, (seed, balance)
            assert sorted(p for rnd in seating.rounds for t in rnd for p in t.seats) == sorted(list(range(1, 21)) * 8)
    assert _together(generate(20, 8, 2, seed=0, clubs=[[3, 14]], balance="near"), 3, 14) == 0


def test_a_club_too_large_for_the_tables_meets_only_as_the_tables_force():
    # 5 club mates at 2 tables: at least C(3,2) + C(2,2) = 4 pairs together a round, never more
    club = [1, 2, 3, 4, 5]
    seating = generate(20, 8, 2, seed=1, clubs=[club], balance="near", iterations=400)
    assert same_club_pairs(seating, [club]) == fewest_same_club_pairs(seating, [club]) == 4 * 8
