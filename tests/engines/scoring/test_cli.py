"""``python -m scoring`` as tournament-file.md says: output, messages and exit codes."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = DATA / "example-tournament.json"
BROKEN = DATA / "broken-tournament.json"

BROKEN_PROBLEMS = [
    "game B1, role: roles are 7 red, 0 sheriff, 2 black, 1 don; a game has 6 red, 1 sheriff, "
    "2 black, 1 don",
    "game B2, seat 3, fouls: 5 is outside 0..4",
    "game B3, seat 4, extra: 0.80 is over 0.40, the most for a player of the losing team (8.4.4)",
    "game B4, seat 1, extra: 0.20 given in a draw; a draw gives none (8.4.6)",
    "game B4, seat 7, extra: 0.10 given in a draw; a draw gives none (8.4.6)",
    "game B5, seat 2, penalties.clause: 8.5.4 is for a black player or the don who claimed "
    "sheriff with a red check of the real sheriff, and black lost; this seat is a red player "
    "and the result is red won",
    "game B6, seat 1, first_killed.named: names the first-killed's own seat 1",
]


def scoring(*args):
    run = subprocess.run([sys.executable, "-m", "scoring", *map(str, args)],
                         capture_output=True, cwd=ROOT, timeout=60)
    return run.returncode, run.stdout.decode("utf-8"), run.stderr.decode("utf-8")


def test_check_reports_every_problem_of_the_broken_file_and_exits_1():
    code, out, err = scoring("check", BROKEN)
    assert code == 1
    assert out.splitlines() == BROKEN_PROBLEMS
    assert err == ""


def test_standings_on_the_broken_file_exits_2_with_empty_stdout():
    code, out, err = scoring("standings", BROKEN)
    assert code == 2
    assert out == ""
    assert err.splitlines() == BROKEN_PROBLEMS


def test_check_on_a_valid_file_is_silent():
    assert scoring("check", EXAMPLE) == (0, "", "")


def test_invalid_json_makes_standings_exit_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "mafia-tournament/1", "players": [', encoding="utf-8")
    code, out, err = scoring("standings", bad)
    assert code == 2
    assert out == ""
    assert "not valid JSON" in err


@pytest.mark.parametrize("text", ['{"format": "mafia-tournament/1", "players": [', "",
                                  "{} trailing", "NaN-ish {"])
def test_check_reports_invalid_json_as_a_problem_and_exits_1(tmp_path, text):
    # "it is not JSON" is on tournament-file.md's list of problems; check exits 1 on any.
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    code, out, err = scoring("check", bad)
    assert code == 1
    assert err == ""
    assert out.startswith("not valid JSON") and out.count("\n") == 1


@pytest.mark.parametrize("command", ["standings", "check"])
def test_missing_file_exits_2(tmp_path, command):
    code, out, err = scoring(command, tmp_path / "nope.json")
    assert (code, out) == (2, "")
    assert "cannot read" in err


def test_json_that_is_not_a_tournament(tmp_path):
    f = tmp_path / "list.json"
    f.write_text("[1, 2]", encoding="utf-8")
    assert scoring("check", f) == (1, "document: must be a JSON object, not a list\n", "")
    code, out, err = scoring("standings", f)
    assert (code, out) == (2, "")
    f.write_text('{"format": "mafia-tournament/2"}', encoding="utf-8")
    code, out, _ = scoring("check", f)
    assert code == 1 and "format" in out


def test_shape_problems_and_rule_problems_are_listed_together(tmp_path):
    doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    del doc["games"][0]["seats"][0]["role"]           # shape: a missing field
    doc["games"][1]["seats"][0]["fouls"] = 7           # rule: fouls out of range
    doc["games"][2]["seats"][0]["player"] = "nobody"   # tournament: unknown player
    f = tmp_path / "t.json"
    f.write_text(json.dumps(doc), encoding="utf-8")
    code, out, _ = scoring("check", f)
    assert code == 1
    assert out.splitlines() == [
        "game Q1-T1, seat 1, role: is required but missing",
        "game Q1-T2, seat 1, fouls: 7 is outside 0..4",
        "game Q2-T1, seat 1, player: nobody is not in the players list",
    ]


def test_a_problem_quoting_a_character_no_output_carries_prints_it_escaped(tmp_path):
    # a JSON "\ud800" escape is a lone surrogate, which UTF-8 cannot encode: the message quoting
    # that player once ended `check` with a traceback instead of the problem
    doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    doc["games"][2]["seats"][1]["player"] = "\ud800"
    doc["games"][3]["seats"][0]["player"] = "a\u0000b"
    f = tmp_path / "t.json"
    f.write_text(json.dumps(doc, ensure_ascii=True), encoding="utf-8")
    code, out, err = scoring("check", f)
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        "game Q2-T1, seat 2, player: \\ud800 is not in the players list",
        "game Q2-T2, seat 1, player: a\\x00b is not in the players list",
    ]


def test_stage_selection():
    code, out, _ = scoring("standings", EXAMPLE, "--stage", "final")
    assert code == 0
    doc = json.loads(out)
    assert {r["player"] for r in doc["standings"]} == {
        "p001", "p002", "p003", "p004", "p005", "p006", "p007", "p008", "p009", "p010"}
    assert all(r["games"] == 4 for r in doc["standings"])
    assert doc["k"] is None  # final: 2 red, 2 black
    code, out, _ = scoring("standings", EXAMPLE, "--stage", "qualifying", "semifinal")
    assert code == 0 and all(r["games"] == 6 for r in json.loads(out)["standings"])
    code2, out2, _ = scoring("standings", EXAMPLE, "--stage", "qualifying", "--stage", "semifinal")
    assert (code2, out2) == (code, out)


def test_unknown_stage_is_a_usage_error():
    code, out, err = scoring("standings", EXAMPLE, "--stage", "playoff")
    assert code == 2 and out == "" and "invalid choice" in err


def test_table_format():
    code, out, _ = scoring("standings", EXAMPLE, "--format", "table")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Ruleset fiim, K = 1.13, all stages, 20 players"
    header = lines[2]
    for column in ("Place", "Nickname", "Total", "Main", "Extra", "Wins", "TB1 extra",
                   "Don/Sh wins", "1st killed", "Lot"):
        assert column in header
    assert lines[4].split() == ["1", "Бук", "7", "8.31", "7.26", "1.05", "7", "1.05", "0", "0"]
    assert len(lines) == 4 + 20
    # aligned: every total ends in the same column
    ends = {line.index(".", len("    1  Nickname ")) for line in lines[4:]}
    assert len(ends) == 1


def test_table_marks_the_lot(tmp_path):
    from .builders import document, game
    f = tmp_path / "t.json"
    f.write_text(json.dumps(document([game("G1", "red")], participants=50)), encoding="utf-8")
    code, out, _ = scoring("standings", f, "--format", "table")
    assert code == 0
    marked = [line for line in out.splitlines()[4:] if line.endswith("lot")]
    assert len(marked) == 9


def test_explain():
    code, out, _ = scoring("explain", EXAMPLE, "p013")
    assert code == 0
    lines = out.splitlines()
    assert lines[-1].split() == ["total", "4.01"]
    assert any("8.6.3" in line and "0.40" in line for line in lines)


def test_explain_unknown_player_exits_2():
    code, out, err = scoring("explain", EXAMPLE, "p999")
    assert (code, out) == (2, "")
    assert "no player p999" in err


def test_mafclub_file_end_to_end(tmp_path):
    from .builders import document, game
    games = [game("Q1", "annulled", round=1, first_killed=(1, [4, 5, 9]),
                  seats={3: {"gross_violation": True}}),
             game("Q1R", "black", round=1, table=2, replay_of="Q1", first_killed=(1, [2, 3])),
             game("Q2", "black", round=2, first_killed=(1, [4, 5]))]
    f = tmp_path / "m.json"
    f.write_text(json.dumps(document(games, ruleset="mafclub")), encoding="utf-8")
    assert scoring("check", f) == (0, "", "")
    code, out, _ = scoring("standings", f)
    doc = json.loads(out)
    # K applies under mafclub too (RULES.md §4): 2 played games, both black wins, N = 2, n = 0
    assert code == 0 and doc["ruleset"] == "mafclub" and doc["k"] == "2.00"
    rows = {r["player"]: r for r in doc["standings"]}
    # p01: Prima Nota 0.40 in the annulled game, 0.25 in Q2; first-killed red and lost in
    # Q1R (1st: 0) and Q2 (2nd: +0.50) -> compensation 0.50 as an extra point
    assert rows["p01"]["breakdown"]["best_move"] == "0.65"
    assert rows["p01"]["breakdown"]["compensation"] == "0.50"
    assert (rows["p01"]["main"], rows["p01"]["extra"], rows["p01"]["tiebreak_extra"]) == (
        "0.00", "1.15", "0.65")
    assert rows["p03"]["breakdown"]["replay_penalty"] == "-3.00"
    assert rows["p03"]["games"] == 2


def test_table_aligns_wide_nicknames():
    from engines.scoring.fileformat import parse_document
    from engines.scoring.render import display_width, format_table
    from engines.scoring.standings import compute_standings

    from .builders import document, game
    doc = document([game("G1", "red")], participants=50)
    doc["players"][0]["nickname"] = "龍王"        # two wide characters
    doc["players"][1]["nickname"] = "Zoë"         # precomposed ë
    doc["players"][2]["nickname"] = "Zoe\u0308"   # e + combining diaeresis
    text = format_table(compute_standings(parse_document(doc)))
    lines = text.splitlines()[4:]
    # the total column ends at the same terminal column on every line
    ends = set()
    for line in lines:
        cut = line.index(".") + 3
        ends.add(display_width(line[:cut]))
    assert len(ends) == 1
    assert display_width("龍王") == 4 and display_width("Zoe\u0308") == 3
