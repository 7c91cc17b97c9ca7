"""A finished log mapped to the tournament file's game and the protocol's record (game-log.md
"Mapping"), and ``python -m console replay`` (exit 0 accepted, 1 refused, 2 not JSON)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engines.console import replay
from engines.scoring.fileformat import read_document

from .table import Table
from .test_properties import tournament_with

DATA = Path(__file__).parent / "data" / "game-log-examples"
ROOT = Path(__file__).resolve().parents[3]
FINISHED = ["c14_black_win_right_after_vote.json", "g1_fiim_red_win.json", "g2_fiim_black_win.json",
            "g3_mafclub_red_win.json", "g4_mafclub_black_win.json"]


def example(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", FINISHED)
def test_every_finished_example_maps_to_a_game_scoring_accepts(name):
    doc = example(name)
    game = replay(doc)["mapped"]["game"]
    game.setdefault("id", "G1")
    game.setdefault("stage", "qualifying")
    game.setdefault("round", 1)
    game.setdefault("table", 1)
    _, problems = read_document(tournament_with(game, doc["ruleset"]))
    assert [str(p) for p in problems] == []


def test_g1_maps_to_its_game_and_protocol():
    mapped = replay(example("g1_fiim_red_win.json"))["mapped"]
    game, proto = mapped["game"], mapped["protocol"]
    assert {k: game[k] for k in ("id", "stage", "round", "table", "judge", "result")} == {
        "id": "Q1-T1", "stage": "qualifying", "round": 1, "table": 1, "judge": "Петров", "result": "red"}
    assert game["first_killed"] == {"seat": 5, "named": [3, 7, 9]}
    assert game["seats"][0] == {"seat": 1, "player": "a01", "role": "red", "fouls": 1}
    assert proto["left"] == [
        {"seat": 2, "left_how": "killed", "left_on": 2}, {"seat": 3, "left_how": "voted", "left_on": 4},
        {"seat": 4, "left_how": "voted", "left_on": 1}, {"seat": 5, "left_how": "killed", "left_on": 1},
        {"seat": 7, "left_how": "voted", "left_on": 2}, {"seat": 9, "left_how": "voted", "left_on": 3},
        {"seat": 10, "left_how": "killed", "left_on": 3}]
    assert proto["nominations"][:3] == [{"day": 1, "by_seat": 2, "nominee_seat": 3, "withdrawn": False},
                                        {"day": 1, "by_seat": 5, "nominee_seat": 9, "withdrawn": False},
                                        {"day": 1, "by_seat": 7, "nominee_seat": 4, "withdrawn": False}]
    day3 = [v for v in proto["votes"] if v["day"] == 3]
    assert day3 == [{"day": 3, "ballot": 1, "nominee_seat": 9, "votes": 3}, {"day": 3, "ballot": 1, "nominee_seat": 3, "votes": 3},
                    {"day": 3, "ballot": 2, "nominee_seat": 9, "votes": 4}, {"day": 3, "ballot": 2, "nominee_seat": 3, "votes": 2}]
    assert (proto["result_kind"], proto["awarded_reason"]) == ("normal", "")


def test_g3_protocol_keeps_the_withdrawn_act_and_g4_the_removal():
    nominations = replay(example("g3_mafclub_red_win.json"))["mapped"]["protocol"]["nominations"]
    assert {"day": 1, "by_seat": 5, "nominee_seat": 7, "withdrawn": False} in nominations
    assert not any(n["by_seat"] == 5 and n["nominee_seat"] == 4 for n in nominations)
    g4 = replay(example("g4_mafclub_black_win.json"))["mapped"]
    assert g4["game"]["seats"][9] == {"seat": 10, "player": "d10", "role": "red", "fouls": 4, "removed": "fourth_foul"}
    assert {"seat": 10, "left_how": "removed", "left_on": 3} in g4["protocol"]["left"]


def test_a_log_not_ended_maps_to_nothing():
    assert replay(example("c01_day1_single_nomination.json"))["mapped"] is None


def test_a_killed_player_removed_at_the_table_keeps_killed_and_is_removed():
    t = Table("fiim").to_day1().speeches().night(at=8).push("remove", seat=8, kind="disqualifying")
    t.push("override", what="result", result="black", reason="решение главного судьи").push("end", result="black")
    mapped = t.replayed()["mapped"]
    assert {"seat": 8, "left_how": "killed", "left_on": 1} in mapped["protocol"]["left"]
    assert mapped["game"]["seats"][7]["removed"] == "disqualifying_foul"
    assert mapped["game"]["first_killed"] == {"seat": 8, "named": []}
    assert (mapped["protocol"]["result_kind"], mapped["protocol"]["awarded_reason"]) == ("awarded", "решение главного судьи")


def test_a_first_night_miss_maps_to_no_first_killed():
    t = Table("fiim").to_day1().speeches().night().push("remove", seat=3, kind="team_loss", reason="ставка")
    t.push("end", result="red")
    assert t.replayed()["mapped"]["game"]["first_killed"] is None


def run(*args):
    return subprocess.run([sys.executable, "-m", "console", *args], capture_output=True, cwd=ROOT, timeout=60)


def test_cli_accepted_log_exit_0(tmp_path):
    r = run("replay", str(DATA / "g1_fiim_red_win.json"))
    assert r.returncode == 0 and json.loads(r.stdout)["state"]["result"] == "red"


def test_cli_refused_log_exit_1(tmp_path):
    r = run("replay", str(DATA / "c19_best_move_after_first_night_miss.json"))
    assert r.returncode == 1
    assert json.loads(r.stdout) == {"accepted": False, "refused": {"index": 34, "type": "best_move",
                                                                    "code": "BEST_MOVE_NO_RIGHT", "rule": "7.10.1"}}


def test_cli_header_refusal_has_index_null(tmp_path):
    path = tmp_path / "log.json"
    path.write_text(json.dumps({"format": "mafia-game-log/1", "ruleset": "fiim", "seats": [], "events": []}))
    r = run("replay", str(path))
    assert r.returncode == 1 and json.loads(r.stdout)["refused"]["index"] is None


@pytest.mark.parametrize("content", [b"{not json", b"", b"\xff\xfe"])
def test_cli_not_json_exit_2(tmp_path, content):
    path = tmp_path / "log.json"
    path.write_bytes(content)
    r = run("replay", str(path))
    assert r.returncode == 2 and r.stdout == b"" and b"not valid JSON" in r.stderr


def test_cli_missing_file_exit_2(tmp_path):
    r = run("replay", str(tmp_path / "nope.json"))
    assert r.returncode == 2 and r.stdout == b""


def test_cli_prints_utf8_json_whatever_the_locale(tmp_path):
    """game-log.md: an accepted log prints its replay result as JSON with exit status 0, also when
    the terminal's encoding is not UTF-8 (the judge's name in g4 is Cyrillic)."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    r = subprocess.run([sys.executable, "-m", "console", "replay", str(DATA / "g4_mafclub_black_win.json")],
                       capture_output=True, cwd=ROOT, timeout=60, env=env)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout.decode("utf-8"))["mapped"]["game"]["judge"] == "Петров"
