"""A protocol's history names only what changed (protocols/entry/model.diff_data): the same day
record read back in another order is no change (it showed «Выставления: 9 → 9»), and a change
that keeps the count says which rows went and which came."""
from protocols.entry.model import diff_data
from protocols.presentation import change_text

NOMINATIONS = [{"day": 1, "by_seat": 2, "nominee_seat": 5, "withdrawn": False},
               {"day": 1, "by_seat": 4, "nominee_seat": 7, "withdrawn": False}]


def version(nominations, fouls=0):
    return {"seats": [{"number": 1, "fouls": fouls}], "nominations": nominations, "votes": [], "penalties": []}


def test_rows_in_another_order_are_no_change():
    assert diff_data(version(NOMINATIONS), version(list(reversed(NOMINATIONS)))) == []


def test_a_row_replaced_names_the_row_gone_and_the_row_come():
    changed = [NOMINATIONS[0], {**NOMINATIONS[1], "nominee_seat": 8}]
    [change] = diff_data(version(NOMINATIONS), version(changed, fouls=0))
    assert change.key == "nominations" and change.old == ["1: 4→7"] and change.new == ["1: 4→8"]
    assert change_text(change).endswith(": 1: 4→7 → 1: 4→8")


def test_a_row_added_counts_and_an_unchanged_field_says_nothing():
    changes = diff_data(version(NOMINATIONS[:1]), version(NOMINATIONS, fouls=1))
    assert [(c.seat, c.key, c.old, c.new) for c in changes] == [(1, "fouls", 0, 1), (None, "nominations", 1, 2)]


def test_points_read_in_the_pages_language():
    from django.utils import translation

    from protocols.entry.model import Change

    with translation.override("ru"):
        assert change_text(Change(3, "extra", "0", "0.6")).endswith(": 0,00 → 0,60")
    with translation.override("en"):
        assert change_text(Change(3, "extra", "0", "0.6")).endswith(": 0.00 → 0.60")
