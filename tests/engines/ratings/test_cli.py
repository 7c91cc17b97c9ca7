"""``python -m ratings predict|table`` as spec/rating.md says: formats, order, exit codes."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engines.ratings.cli import main

from .seasons import table, write_file

ROOT = Path(__file__).resolve().parents[3]
A = [f"a{i}" for i in range(10)]
B = [f"a{i}" for i in range(5, 15)]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def season(tmp_path):
    autumn = write_file(tmp_path / "autumn.json", name="Осень", date="2026-10-03", games=[
        ("Q1-T1", "qualifying", 1, 1, "red", table(A), None),
        ("F-T1", "final", 1, 1, "black", table(B), None),
        ("Q2-T1", "qualifying", 2, 1, "draw", table(B), None),
    ])
    spring = write_file(tmp_path / "spring.json", name="Весна", date="2026-04-10", games=[
        ("Q1-T1", "qualifying", 1, 1, "annulled", table(A), None),
        ("Q1-T2", "qualifying", 1, 2, "red", table(B), None),
        ("Q1-T1R", "qualifying", 1, 1, "black", table(A), "Q1-T1"),
    ])
    return autumn, spring


def test_it_predicts_every_rated_game_in_the_seasons_order(capsys, season):
    autumn, spring = season
    code, out, err = run(capsys, "predict", str(autumn), str(spring))
    assert code == 0 and err == ""
    lines = [json.loads(line) for line in out.splitlines()]
    # spring first (by date); the annulled game has no line and its replay comes right after its place
    assert [(Path(r["file"]).name, r["game"]) for r in lines] == [
        ("spring.json", "Q1-T1R"), ("spring.json", "Q1-T2"),
        ("autumn.json", "Q1-T1"), ("autumn.json", "Q2-T1"), ("autumn.json", "F-T1")]
    assert lines[0]["file"] == str(spring)  # the path as given
    assert lines[0]["p_red"] == 0.5  # nothing learned yet, nothing known of the side
    assert all(0 < r["p_red"] < 1 for r in lines)
    assert list(lines[0]) == ["file", "game", "p_red"]
    assert out.splitlines()[0] == json.dumps(lines[0], ensure_ascii=False)


def test_a_result_changes_no_line_before_its_game(capsys, tmp_path, season):
    autumn, spring = season
    _, before, _ = run(capsys, "predict", str(autumn), str(spring))
    doc = json.loads(autumn.read_text(encoding="utf-8"))
    doc["games"][2]["result"] = "red"  # Q2-T1, the fourth line
    autumn.write_text(json.dumps(doc), encoding="utf-8")
    _, after, _ = run(capsys, "predict", str(autumn), str(spring))
    assert after.splitlines()[:4] == before.splitlines()[:4]
    assert after.splitlines()[4] != before.splitlines()[4]


def test_a_file_without_a_date_keeps_its_place_after_the_file_given_before_it(capsys, tmp_path):
    dated = write_file(tmp_path / "late.json", date="2026-12-01", games=[("G", "qualifying", 1, 1, "red", table(A), None)])
    undated = write_file(tmp_path / "nodate.json", games=[("G", "qualifying", 1, 1, "red", table(A), None)])
    early = write_file(tmp_path / "early.json", date="2026-01-01", games=[("G", "qualifying", 1, 1, "red", table(A), None)])
    _, out, _ = run(capsys, "predict", str(dated), str(undated), str(early))
    assert [Path(json.loads(line)["file"]).name for line in out.splitlines()] == ["early.json", "late.json", "nodate.json"]


def test_the_table_lists_every_player_with_what_the_spec_asks(capsys, season):
    autumn, spring = season
    code, out, err = run(capsys, "table", str(autumn), str(spring))
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert doc["format"] == "mafia-ratings/1"
    rows = {r["player"]: r for r in doc["players"]}
    assert set(rows) == {f"a{i}" for i in range(15)}
    a5 = rows["a5"]
    assert a5["nickname"] == "N-a5"
    assert a5["games"] == 5 and a5["as_red"] + a5["as_sheriff"] + a5["as_black"] + a5["as_don"] == 5
    assert a5["last_tournament"]["name"] == "Осень"
    assert a5["provisional"] is True and a5["rank"] is None  # 5 games is too few
    assert a5["rating"] == pytest.approx(a5["skill"] - 2 * a5["uncertainty"], abs=0.11)
    ratings = [r["rating"] for r in doc["players"]]
    assert ratings == sorted(ratings, reverse=True)
    assert doc["after_game"] == {"file": str(autumn), "game": "F-T1"}


def test_the_table_at_a_date_rates_only_the_files_up_to_it(capsys, season):
    autumn, spring = season
    _, out, _ = run(capsys, "table", str(autumn), str(spring), "--at", "2026-05-01")
    doc = json.loads(out)
    assert doc["at"] == "2026-05-01" and doc["games"] == 2
    assert all(r["last_tournament"]["name"] == "Весна" for r in doc["players"])
    assert {r["player"] for r in doc["players"]} == {f"a{i}" for i in range(15)}


def test_the_readable_table(capsys, season):
    autumn, spring = season
    code, out, _ = run(capsys, "table", str(autumn), str(spring), "--format", "table")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:4] == ["#", "player", "nickname", "rating"]
    assert "provisional" in lines[1] and "N-a" in lines[1]
    assert lines[-1].startswith("games: 5")


@pytest.mark.parametrize("doc, message", [
    ("{", "not valid JSON"),
    ('{"format": "mafia-tournament/2"}', "format: must be 'mafia-tournament/1'"),
    ('{"format": "mafia-tournament/1", "tournament": {"name": "T", "ruleset": 5}, "players": [], "games": []}',
     "tournament.ruleset: not a string"),
    (None, "game G: seat 3: role: must be one of red, sheriff, black, don"),
    ("missing", "cannot read"),
])
def test_a_bad_file_exits_2_naming_the_file_and_the_field(capsys, tmp_path, doc, message):
    good = write_file(tmp_path / "good.json", games=[("G", "qualifying", 1, 1, "red", table(A), None)])
    bad = tmp_path / "bad.json"
    if doc is None:
        write_file(bad, games=[("G", "qualifying", 1, 1, "red", table(A, ["red", "red", "mayor"] + ["red"] * 3
                                                                       + ["sheriff", "black", "black", "don"]), None)])
    elif doc != "missing":
        bad.write_text(doc, encoding="utf-8")
    for command in ("predict", "table"):
        code, out, err = run(capsys, command, str(good), str(bad))
        assert code == 2 and out == ""
        assert err.startswith(f"{bad}: ") and message in err


def test_wrong_roles_an_unknown_player_and_a_repeated_id_are_all_listed(capsys, tmp_path):
    bad = write_file(tmp_path / "bad.json", extra_players=(), games=[
        ("G", "qualifying", 1, 1, "red", table(A, ["red"] * 7 + ["black", "black", "don"]), None),
        ("G", "qualifying", 2, 1, "red", table(A), None),
        ("H", "qualifying", 3, 1, "red", table(A), "G"),
    ])
    doc = json.loads(bad.read_text())
    doc["games"][1]["id"] = "K"
    doc["games"][1]["seats"][0]["player"] = "ghost"
    bad.write_text(json.dumps(doc))
    code, out, err = run(capsys, "predict", str(bad))
    assert code == 2 and out == ""
    assert "game G: seats: roles must be 6 red, 1 sheriff, 2 black, 1 don" in err
    assert "game K: seat 1: player: not a player of this file's players list" in err
    assert "game H: replay_of: must name an annulled game of this file" in err


def test_a_bad_date_argument_exits_2(capsys, season):
    with pytest.raises(SystemExit) as exit_:
        main(["table", str(season[0]), "--at", "2026-13-01"])
    assert exit_.value.code == 2
    assert "not a date YYYY-MM-DD" in capsys.readouterr().err


def test_the_output_is_the_same_on_every_run(season):
    def once(hash_seed):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        return subprocess.run([sys.executable, "-m", "ratings", "table", *map(str, season)], cwd=ROOT, env=env,
                              capture_output=True, check=True).stdout

    assert once("1") == once("2")


def test_the_replay_of_an_annulled_replay_comes_right_after_it_whatever_its_round(capsys, tmp_path):
    # Q1-T1 annulled, replayed in round 5 (annulled again), that replay replayed in round 6:
    # both replays belong right after Q1-T1, so the one rated game of the chain comes first
    season = write_file(tmp_path / "chain.json", date="2026-03-01", games=[
        ("Q1-T1", "qualifying", 1, 1, "annulled", table(A), None),
        ("Q2-T1", "qualifying", 2, 1, "red", table(B), None),
        ("Q5-T1", "qualifying", 5, 1, "annulled", table(A), "Q1-T1"),
        ("Q3-T1", "qualifying", 3, 1, "black", table(B), None),
        ("Q6-T1", "qualifying", 6, 1, "red", table(A), "Q5-T1"),
        ("Q7-T1", "qualifying", 7, 1, "annulled", table(B), "Q7-T1"),  # names itself: no loop
    ])
    code, out, _ = run(capsys, "predict", str(season))
    assert code == 0
    assert [json.loads(line)["game"] for line in out.splitlines()] == ["Q6-T1", "Q2-T1", "Q3-T1"]


def test_a_lone_surrogate_in_an_id_or_a_nickname_is_written_as_an_escape_not_a_crash(capsys, tmp_path):
    # JSON may escape any code point, "\ud800" too; tournament-file.md does not refuse it
    season = write_file(tmp_path / "s.json", games=[("G", "qualifying", 1, 1, "red", table(A), None)])
    doc = json.loads(season.read_text(encoding="utf-8"))
    doc["games"][0]["id"] = "G\ud800"
    doc["players"][0]["nickname"] = "N\udfff"
    season.write_text(json.dumps(doc), encoding="ascii")
    code, out, _ = run(capsys, "predict", str(season))
    assert code == 0 and json.loads(out) == {"file": str(season), "game": "G\ud800", "p_red": 0.5}
    code, out, _ = run(capsys, "table", str(season))
    assert code == 0 and {r["nickname"] for r in json.loads(out)["players"]} >= {"N\udfff"}
    code, out, _ = run(capsys, "table", str(season), "--format", "table")
    assert code == 0 and "N\\udfff" in out


def test_a_path_given_in_bytes_that_are_not_utf8_is_named_not_a_crash(tmp_path):
    folder = os.fsencode(tmp_path)
    good = write_file(Path(os.fsdecode(folder + b"/\xff.json")), games=[("G", "qualifying", 1, 1, "red", table(A), None)])
    missing = os.fsdecode(folder + b"/\xfe.json")
    run_ = subprocess.run([sys.executable, "-m", "ratings", "predict", str(good)], cwd=ROOT, capture_output=True)
    assert run_.returncode == 0 and json.loads(run_.stdout)["file"] == str(good)
    run_ = subprocess.run([sys.executable, "-m", "ratings", "predict", missing], cwd=ROOT, capture_output=True)
    assert run_.returncode == 2 and run_.stdout == b""
    assert run_.stderr.startswith(folder + b"/\xfe.json: cannot read")


@pytest.mark.parametrize("written", ["2026-10-03", "20261003", "2026-W40-6", "2026W406", "2026-276", "2026276"])
def test_a_date_in_any_complete_iso_8601_form_orders_the_file(capsys, tmp_path, written):
    # tournament-file.md: the date is ISO 8601; these all name Saturday 3 October 2026
    late = write_file(tmp_path / "late.json", date=written, games=[("G", "qualifying", 1, 1, "red", table(A), None)])
    early = write_file(tmp_path / "early.json", date="2026-10-02", games=[("G", "qualifying", 1, 1, "red", table(A), None)])
    code, out, err = run(capsys, "predict", str(late), str(early))
    assert code == 0 and err == ""
    assert [Path(json.loads(line)["file"]).name for line in out.splitlines()] == ["early.json", "late.json"]
    code, out, _ = run(capsys, "table", str(late), str(early), "--at", "2026-10-02")
    assert json.loads(out)["games"] == 1


@pytest.mark.parametrize("written", ["2026-10", "2026-1003", "2026-10-03T10:00", "2026-02-30", "2026-366", 20261003])
def test_a_date_that_is_not_a_day_of_iso_8601_is_named(capsys, tmp_path, written):
    bad = write_file(tmp_path / "bad.json", date="2026-01-01", games=[("G", "qualifying", 1, 1, "red", table(A), None)])
    doc = json.loads(bad.read_text(encoding="utf-8"))
    doc["tournament"]["date"] = written
    bad.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run(capsys, "predict", str(bad))
    assert code == 2 and out == "" and f"{bad}: tournament.date: must be an ISO 8601 date" in err


def test_an_empty_player_id_and_an_empty_game_id_are_ids_like_any_other(capsys, tmp_path):
    # tournament-file.md refuses a repeated game id or an unknown player, not an empty one
    players = ["", *A[1:]]
    season = write_file(tmp_path / "s.json", games=[("", "qualifying", 1, 1, "red", table(players), None),
                                                     ("G2", "qualifying", 2, 1, "black", table(players), None)])
    code, out, err = run(capsys, "predict", str(season))
    assert code == 0 and err == ""
    assert [json.loads(line)["game"] for line in out.splitlines()] == ["", "G2"]
    code, out, _ = run(capsys, "table", str(season))
    assert {r["player"]: r["games"] for r in json.loads(out)["players"]}[""] == 2
