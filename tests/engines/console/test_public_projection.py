"""The public projection (engines/console/public.py) cannot leak: two games with one public course
and different roles, shots, checks or best moves show the hall the same thing, event by event;
the night is one phase whose kill, fouls and removals show in the morning."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.console import public_state

from .random_games import distinct, play_twins
from .table import ROLES, Table

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PRIVATE_WORDS = ("sheriff", "don", "black", "red", "shot", "check", "best_move", "first_killed", "index")


class Hall(Table):
    """A table whose every event is also watched from the hall: ``seen`` holds the public
    projection before the first event and after each one."""

    def __init__(self, ruleset="fiim", settings=None, roles=None):
        super().__init__(ruleset, settings, roles)
        self.seen = [public_state(self.game.state)]

    def push(self, type_, **fields) -> Hall:
        super().push(type_, **fields)
        self.seen.append(public_state(self.game.state))
        return self

    @property
    def public(self) -> dict:
        return self.seen[-1]


def roles_with(**changes) -> dict:
    """The examples' deal (blacks 3 and 9, don 7, sheriff 5) with some seats' roles changed."""
    roles = dict(ROLES)
    roles.update({int(seat[1:]): role for seat, role in changes.items()})
    return roles


def assert_same_to_the_hall(a: Hall, b: Hall) -> None:
    assert a.doc["events"] != b.doc["events"]  # the judges' logs differ ...
    assert distinct(a.seen) == distinct(b.seen)  # ... the hall cannot tell them apart


def test_the_night_is_one_phase_with_nothing_private_in_it():
    hall = Hall().to_day1().speeches()  # no nominee: night 1
    dusk = hall.public
    hall.push("shot", by=3, at=5).push("shot", by=7, at=5).push("shot", by=9, at=5).push("next")
    hall.push("don_check", target=5)
    assert hall.phase == "sheriff_check" and hall.public == dusk
    assert dusk == {"phase": "night", "label": "N1", "speaker": None, "timer": None, "nominees": [], "vote": None,
                    "in_game": list(range(1, 11)), "left": {}, "removed": [], "fouls": {}, "over": False}
    assert json.loads(json.dumps(dusk)) == dusk
    hall.push("sheriff_check", target=7)
    assert hall.public["phase"] == "night_last_words" and hall.public["label"] == "D2"
    assert hall.public["left"] == {"5": {"how": "killed", "on": "N1"}} and 5 not in hall.public["in_game"]
    assert hall.public["speaker"] == 5 and hall.public["timer"]["turn"] == "D2#1"
    for projection in hall.seen:
        assert not any(word in key for key in projection for word in PRIVATE_WORDS)


def test_night_0_is_just_night_without_a_timer():
    hall = Hall().push("next")
    assert hall.phase == "night0_sheriff"
    assert hall.seen[0] == hall.seen[1] and hall.public["phase"] == "night" and hall.public["timer"] is None
    hall.push("next")
    assert hall.public["phase"] == "day_speech" and hall.public["speaker"] == 1 and hall.public["timer"]["seconds"] == 60


def night_2_after_killing(roles: dict) -> Hall:
    """Night 1 kills seat 5, night 2 is a miss; nobody is nominated on days 1 and 2."""
    hall = Hall(roles=roles).to_day1().speeches()
    hall.night(at=5, don=1, sheriff=3).words().speeches()
    return hall.night(at=None, don=2, sheriff=8)


def test_night_2_looks_the_same_whether_the_sheriff_was_killed_on_night_1_or_not():
    killed = night_2_after_killing(ROLES)  # seat 5 is the sheriff: no sheriff's check on night 2
    alive = night_2_after_killing(roles_with(s5="red", s6="sheriff"))  # the sheriff (6) checks on night 2
    assert "sheriff_check" not in [e["type"] for e in killed.doc["events"][-3:]]
    assert alive.doc["events"][-1]["type"] == "sheriff_check"
    assert_same_to_the_hall(killed, alive)
    assert killed.public == alive.public and killed.public["label"] == "D3"


def test_the_best_move_at_night_is_not_seen_and_the_kill_waits_for_the_morning():
    made, declined = (Hall("mafclub").to_day1().speeches() for _ in range(2))
    for hall in (made, declined):
        hall.push("shot", by=3, at=5).push("shot", by=7, at=5).push("shot", by=9, at=5).push("next")
        hall.push("don_check", target=1).push("sheriff_check", target=2)
        assert hall.phase == "best_move" and hall.public["phase"] == "night" and 5 in hall.public["in_game"]
        assert hall.public["timer"] is None and hall.public["left"] == {}
    made.push("best_move", seats=[3, 7, 9])
    declined.push("next", seat=5)
    assert_same_to_the_hall(made, declined)
    assert made.public["phase"] == "night_last_words" and made.public["left"]["5"]["how"] == "killed"


def test_a_don_out_of_the_game_shows_no_missing_check():
    def course(roles):
        hall = Hall(roles=roles).to_day1().speeches({1: 7, 2: 4}).votes(6).words()  # 7 voted out on day 1
        return hall.night(at=6, don=2, sheriff=1)

    don_out = course(ROLES)  # 7 was the don: no don's check on night 1
    don_in = course(roles_with(s7="black", s3="don"))  # the don (3) checks
    assert [e["type"] for e in don_out.doc["events"]].count("don_check") == 0
    assert [e["type"] for e in don_in.doc["events"]].count("don_check") == 1
    assert_same_to_the_hall(don_out, don_in)


def test_a_foul_and_a_removal_at_night_show_in_the_morning_whenever_the_judge_gave_them():
    early, late = (Hall().to_day1().speeches() for _ in range(2))
    early.push("foul", seat=2).push("remove", seat=8, kind="disqualifying").night(at=5, don=1)
    late.push("shot", by=3, at=5).push("shot", by=7, at=5).push("remove", seat=8, kind="disqualifying")
    late.push("shot", by=9, at=5).push("next").push("don_check", target=1).push("foul", seat=2)
    assert late.phase == "sheriff_check" and late.public["fouls"] == {} and late.public["removed"] == []
    late.push("sheriff_check", target=None)
    assert_same_to_the_hall(early, late)
    morning = early.public
    assert morning["fouls"] == {"2": 1} and morning["removed"] == [8]
    assert morning["left"] == {"5": {"how": "killed", "on": "N1"}, "8": {"how": "removed", "on": "N1"}}


def test_an_undo_at_night_is_not_seen():
    slip, clean = (Hall().to_day1().speeches() for _ in range(2))
    slip.push("shot", by=3, at=4).push("undo").push("shot", by=3, at=5).push("shot", by=7, at=5)
    slip.push("shot", by=9, at=5).push("next").push("don_check", target=5).push("undo")
    slip.push("don_check", target=4).push("sheriff_check", target=1)
    clean.night(at=5, don=4, sheriff=1)
    assert_same_to_the_hall(slip, clean)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_twin_games_with_different_roles_shots_checks_and_best_moves_look_the_same_to_the_hall(seed):
    a, b, checkpoints = play_twins(random.Random(seed))
    for seen_a, seen_b in checkpoints:  # after every day event, and at every morning
        assert seen_a == seen_b
    assert distinct(a.seen) == distinct(b.seen)  # the same changes, as many times
    assert json.loads(json.dumps(a.seen[-1])) == a.seen[-1]


def test_the_twins_differ_where_the_hall_cannot_look():
    """The property above compares games whose logs really differ (else it could not fail)."""
    pairs = [play_twins(random.Random(seed))[:2] for seed in range(6)]
    differing = [(a, b) for a, b in pairs if a.doc["events"] != b.doc["events"]]
    assert len(differing) >= 5
    assert any(len(a.doc["events"]) != len(b.doc["events"]) for a, b in differing)
    assert any({s["role"] for s in a.doc["seats"]} and a.doc["seats"] != b.doc["seats"] for a, b in differing)
