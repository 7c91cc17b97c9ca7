"""The day record's layout: speaking order, the days offered, the vote lines per nominee."""
from protocols.day_record import day_rows, speaking_order, used_days


def test_day_one_starts_at_seat_one_and_each_day_one_living_seat_further():
    assert speaking_order(1, {}) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert speaking_order(3, {})[0] == 3
    # Seat 2 is gone from day 2 (voted out on day 1): day 2 starts at seat 3, day 3 at seat 4.
    assert speaking_order(2, {2: 2})[0] == 3 and speaking_order(3, {2: 2})[0] == 4
    assert speaking_order(11, {}) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]


def test_the_days_after_the_last_filled_one_are_spare_but_offered():
    values = {"d5-nom1": "2", "d5-v1-2": "4", "d²-nom1": "3"}
    assert used_days(values) == 5
    days = day_rows(values)
    assert len(days) == 10 and [d["spare"] for d in days] == [False] * 6 + [True] * 4
    day5 = days[4]
    assert day5["candidates"][0] == {"n": 2, "by": [1], "v1": "4", "v2": ""}
    assert [c["n"] for c in day5["candidates"][1:]] == [1, 3, 4, 5, 6, 7, 8, 9, 10]
    assert [d["spare"] for d in day_rows({})][:4] == [False, False, False, True]
