"""Season points: the README's table, the best N counted, the tie-breaks, bad input named."""
from decimal import Decimal

import pytest

from engines.ratings.season import Result, SeasonPointsError, season_points, season_standings


@pytest.mark.parametrize(("place", "stars", "field", "points"), [
    (1, 5, 30, "800.0"), (2, 5, 30, "640.0"), (10, 3, 30, "87.5"), (11, 1, 30, "20.0"), (30, 1, 30, "5.0"),
    (20, 2, 30, "25.8"), (1, 3, 20, "233.3"), (1, 3, 60, "350.0"), (10, 1, 10, "8.3"),
])
def test_the_readme_table(place, stars, field, points):
    assert season_points(place, stars, field) == Decimal(points)


def test_a_better_place_a_higher_category_and_a_bigger_field_never_pay_less():
    for stars in range(1, 6):
        row = [season_points(p, stars, 40) for p in range(1, 41)]
        assert row == sorted(row, reverse=True)
    assert all(season_points(3, s, 30) < season_points(3, s + 1, 30) for s in range(1, 5))
    assert all(season_points(1, 2, n) <= season_points(1, 2, n + 1) for n in range(10, 50))


@pytest.mark.parametrize(("args", "field"), [((1, 6, 30), "stars"), ((1, 0, 30), "stars"), ((1, 3, 9), "field"),
                                              ((31, 3, 30), "place"), ((0, 3, 30), "place")])
def test_bad_input_names_the_field(args, field):
    with pytest.raises(SeasonPointsError, match=f"^{field}:"):
        season_points(*args)


def test_only_the_best_n_count_and_ties_are_broken_as_the_readme_says():
    results = [
        # a: five tournaments, the worst not counted with best=4
        *(Result("a", f"t{i}", 1, 1, 30) for i in range(4)), Result("a", "t4", 30, 1, 30),
        # b: the same total as c (390), with the better best result
        Result("b", "t0", 1, 3, 30), Result("b", "t1", 11, 1, 30), Result("b", "t2", 11, 1, 30),
        Result("c", "t0", 2, 3, 30), Result("c", "t1", 4, 1, 30), Result("c", "t2", 4, 1, 30),
        # d and e: equal in everything but the tournaments played
        Result("d", "t0", 3, 1, 30), Result("e", "t1", 3, 1, 30), Result("e", "t2", 3, 1, 40),
        Result("f", "t0", 3, 1, 30),
    ]
    rows = season_standings(results, best=4)
    table = [(r.place, r.player, str(r.points)) for r in rows]
    assert table[0] == (1, "a", "400.0")
    assert rows[0].tournaments == 5 and len(rows[0].counted) == 4
    assert table[1:3] == [(2, "b", "390.0"), (3, "c", "390.0")]
    assert table[3] == (4, "e", "130.0")
    assert table[4:] == [(5, "d", "65.0"), (5, "f", "65.0")]  # still equal: a shared place
    with pytest.raises(SeasonPointsError, match="^best:"):
        season_standings(results, best=0)
