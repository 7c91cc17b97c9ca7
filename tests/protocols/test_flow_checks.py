"""The day/night record's checks (protocols/entry/rules.py, FLOW_CHECKS), each on a minimal entry:
ten seats with nothing recorded, plus the one fact that breaks its rule (or keeps it)."""
from protocols.entry.model import NominationEntry, ProtocolEntry, VoteEntry
from protocols.entry.rules import flow_problems

ROLES = ["red"] * 6 + ["sheriff", "black", "black", "don"]


def found(entry):
    return [(p.seat, p.field, p.code, p.params) for p in flow_problems(entry, "Q1-T1")]


def record(*departures, roles=False, **fields):
    """A minimal entry: `departures` as (seat, how, when[, removal]), the roles dealt 6/1/2/1 by
    seat (8, 9 black, 10 don) when `roles`, and any other field of the entry."""
    entry = ProtocolEntry(**fields)
    for seat, how, when, *removal in departures:
        s = entry.seat(seat)
        s.left_how, s.left_on, s.removed = how, when, removal[0] if removal else ""
    if roles:
        for s, role in zip(entry.seats, ROLES):
            s.role = role
    return entry


def test_an_entry_with_nothing_recorded_has_no_problems():
    assert found(record()) == []


def test_days_and_nights_are_numbered_from_one_and_nobody_is_killed_on_night_zero():
    assert found(record((3, "voted", 0))) == [(3, "left_on", "left_on_day_zero", {})]
    assert found(record((3, "removed", 0, "fourth_foul"))) == []  # §2 Decision: a night-0 removal left on night 0
    assert found(record((3, "removed", -1, "fourth_foul"))) == [(3, "left_on", "left_on_day_zero", {})]
    assert found(record((3, "killed", 0))) == [(3, "left_on", "killed_on_night_zero", {})]
    assert found(record((3, "voted", 1))) == []


def test_a_seat_that_left_as_removed_needs_its_removal():
    assert found(record((3, "removed", 2))) == [(3, "removed", "left_removed_without_removal", {})]
    assert found(record((3, "removed", 2, "disqualifying_foul"))) == []


def test_two_seats_killed_in_one_night_each_name_the_other():
    assert found(record((3, "killed", 2), (5, "killed", 2))) == [
        (3, "left_on", "killed_twice_in_night", {"seats": [5], "night": 2}),
        (5, "left_on", "killed_twice_in_night", {"seats": [3], "night": 2}),
    ]
    assert found(record((3, "killed", 2), (5, "killed", 3))) == []


def test_a_removed_seat_leaves_the_game_as_removed():
    assert found(record((4, "", None, "fourth_foul"))) == [(4, "left_how", "removal_not_left", {})]


def test_a_player_voted_out_or_killed_then_removed_at_the_table_keeps_how_he_left():
    """RULES.md §2 Decision: removed during his last words, he keeps voted/killed and is also marked removed."""
    assert found(record((4, "voted", 2, "disqualifying_foul"))) == []
    assert found(record((4, "killed", 2, "fourth_foul"))) == []


def test_only_a_nominee_is_voted_out_on_a_day_with_nominations():
    nominated_six = [NominationEntry(day=2, by_seat=1, nominee_seat=6)]
    assert found(record((7, "voted", 2), nominations=nominated_six)) == [
        (7, "left_how", "voted_out_not_nominated", {"day": 2})]
    assert found(record((6, "voted", 2), nominations=nominated_six)) == []
    # a day whose nominations were not recorded is not checked
    assert found(record((7, "voted", 2))) == []


def test_nominations_are_made_by_and_of_players_still_in_the_game():
    gone = (2, "voted", 1)  # gone from day 2
    assert found(record(gone, nominations=[NominationEntry(day=2, by_seat=2, nominee_seat=5)])) == [
        (2, "nominations", "nominated_after_leaving", {"day": 2})]
    assert found(record(gone, nominations=[NominationEntry(day=2, by_seat=5, nominee_seat=2)])) == [
        (2, "nominations", "nominee_not_alive", {"day": 2, "by_seat": 5})]
    assert found(record(gone, nominations=[NominationEntry(day=1, by_seat=5, nominee_seat=2)])) == []


def test_votes_go_to_a_nominee_still_in_the_game():
    assert found(record((4, "voted", 1), votes=[VoteEntry(day=2, ballot=1, nominee_seat=4, votes=3)])) == [
        (4, "votes", "votes_for_gone_player", {"day": 2})]
    assert found(record(votes=[VoteEntry(day=1, ballot=1, nominee_seat=4, votes=3)])) == [
        (4, "votes", "votes_not_nominated", {"day": 1})]
    withdrawn = [NominationEntry(day=1, by_seat=1, nominee_seat=4, withdrawn=True)]
    assert found(record(nominations=withdrawn, votes=[VoteEntry(day=1, ballot=1, nominee_seat=4, votes=3)])) == [
        (4, "votes", "votes_not_nominated", {"day": 1})]


def test_a_ballot_counts_no_more_votes_than_players_in_the_game():
    nominations = [NominationEntry(day=1, by_seat=1, nominee_seat=4), NominationEntry(day=1, by_seat=2, nominee_seat=5)]

    def ballot(for_four, for_five):
        return [VoteEntry(day=1, ballot=1, nominee_seat=4, votes=for_four), VoteEntry(day=1, ballot=1, nominee_seat=5, votes=for_five)]

    assert found(record(nominations=nominations, votes=ballot(6, 5))) == [
        (None, "votes", "too_many_votes", {"day": 1, "ballot": 1, "votes": 11, "alive": 10})]
    assert found(record(nominations=nominations, votes=ballot(5, 5))) == []


def test_the_result_agrees_with_who_is_left():
    assert found(record(roles=True, result="red")) == [(8, "result", "red_wins_black_alive", {"seats": [8, 9, 10]})]
    assert found(record(roles=True, result="black")) == [(None, "result", "black_wins_without_parity", {"red": 7, "black": 3})]
    blacks_out = [(8, "voted", 1), (9, "voted", 2), (10, "voted", 3)]
    assert found(record(*blacks_out, roles=True, result="black")) == [
        (None, "result", "black_wins_without_parity", {"red": 7, "black": 0}),
        (None, "result", "black_wins_no_black_alive", {}),
    ]
    assert found(record(*blacks_out, roles=True, result="red")) == []
    four_reds_out = [(1, "voted", 1), (2, "voted", 2), (3, "voted", 3), (4, "voted", 4)]
    assert found(record(*four_reds_out, roles=True, result="black")) == []
    # an awarded loss ends the game early, and without the roles there is nothing to count
    assert found(record(roles=True, result="red", result_kind="awarded", awarded_reason="подсказка")) == []
    assert found(record(result="red")) == []


def test_the_first_killed_is_the_seat_killed_on_night_one():
    assert found(record(first_killed_seat=3)) == [(None, "first_killed", "first_killed_not_killed", {"seat": 3})]
    assert found(record((4, "killed", 1), first_killed_seat=3)) == [
        (None, "first_killed", "first_killed_mismatch", {"killed": 4, "seat": 3})]
    assert found(record((4, "killed", 1))) == [(None, "first_killed", "first_killed_missing", {"seat": 4})]
    assert found(record((4, "killed", 1), first_killed_seat=4)) == []
    assert found(record((4, "killed", 2))) == []  # killed on a later night: not the first-killed


def test_a_best_move_needs_the_first_killed():
    assert found(record(best_move=[2, 5, 8])) == [(None, "best_move", "best_move_without_first_killed", {})]
    assert found(record((4, "killed", 1), first_killed_seat=4, best_move=[2, 5, 8])) == []


def test_the_problems_of_several_checks_come_in_the_checks_order_with_the_game():
    entry = record((3, "voted", 0), (4, "", None, "fourth_foul"), best_move=[2])
    problems = flow_problems(entry, "Q1-T1")
    assert [(p.game, p.seat, p.code) for p in problems] == [
        ("Q1-T1", 3, "left_on_day_zero"), ("Q1-T1", 4, "removal_not_left"), ("Q1-T1", None, "best_move_without_first_killed")]
