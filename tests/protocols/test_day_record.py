"""The day record's layout: speaking order, the days offered, the vote lines per nominee."""
from protocols.day_record import day_rows, speaking_order, used_days
from protocols.entry import ProtocolEntry
from protocols.forms import ProtocolForm


def _page(values):
    form = ProtocolForm(values, base=ProtocolEntry(), players={})
    return form.seat_forms, form.day_forms


def test_day_one_starts_at_seat_one_and_each_day_one_living_seat_further():
    assert speaking_order(1, {}) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert speaking_order(3, {})[0] == 3
    # Seat 2 is gone from day 2 (voted out on day 1): day 2 starts at seat 3, day 3 at seat 4.
    assert speaking_order(2, {2: 2})[0] == 3 and speaking_order(3, {2: 2})[0] == 4
    assert speaking_order(11, {}) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]


def test_the_days_after_the_last_filled_one_are_spare_but_offered():
    seats, day_forms = _page({"d5-nom1": "2", "d5-v1-2": "4", "d²-nom1": "3"})
    assert used_days(day_forms) == 5
    days = day_rows(seats, day_forms)
    assert len(days) == 10 and [d["spare"] for d in days] == [False] * 6 + [True] * 4
    day5 = days[4]
    first = day5["candidates"][0]
    assert (first["n"], first["by"], first["v1"].value(), first["v2"].value()) == (2, [1], "4", None)
    assert first["v1"].html_name == "d5-v1-2"
    # day 5 speaks from seat 5: seat 1 is seventh, and its box is the form's "d5-nom1"
    assert day5["nominations"][0]["n"] == 5 and day5["nominations"][6]["field"].html_name == "d5-nom1"
    assert [c["n"] for c in day5["candidates"][1:]] == [1, 3, 4, 5, 6, 7, 8, 9, 10]
    assert [d["spare"] for d in day_rows(*_page({}))][:4] == [False, False, False, True]


def test_a_seat_voted_out_speaks_no_more_and_the_next_day_starts_one_living_seat_further():
    # Seat 2 voted out on day 1: day 2 starts at seat 3 and lists seat 2 as gone.
    days = day_rows(*_page({"s2-left_how": "voted", "s2-left_on": "1"}))
    assert days[1]["first_speaker"] == 3
    assert [c["n"] for c in days[1]["nominations"] if c["gone"]] == [2]
