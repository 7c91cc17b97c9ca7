"""The fast path of ``standings`` (engines/scoring/fastpath.py: the rules' tallies) against the
careful one.

Two promises: on a file the fast pass takes, its standings are the careful path's, to the
byte, and it takes every valid file without a JSON number with a fraction; and it takes no
file the careful path refuses (it returns None and the careful path lists the problems).
"""
import copy
import json
import subprocess
import sys
import typing
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.scoring import model
from engines.scoring.document_shape import ClauseValue as Clause
from engines.scoring.document_shape import RemovalValue as Removal
from engines.scoring.document_shape import ResultValue as Result
from engines.scoring.document_shape import RoleValue as Role
from engines.scoring.document_shape import StageValue as Stage
from engines.scoring.fastpath import standings_from_bytes
from engines.scoring.fileformat import loads, parse_document, read_document
from engines.scoring.render import dumps_standings
from engines.scoring.standings import compute_standings

from .builders import document, game
from .strategies import tournament_docs

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = Path(__file__).parent / "data" / "example-tournament.json"
SETTINGS = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
STAGE_SETS = st.one_of(st.none(), st.sets(st.sampled_from(model.STAGES), min_size=1))


def careful(data: bytes, stages=None):
    """(standings text or None, problems) by the careful path alone."""
    tournament, problems = read_document(loads(data))
    if problems:
        return None, problems
    return dumps_standings(compute_standings(tournament, stages)), []


def fast(data: bytes, stages=None):
    s = standings_from_bytes(data, stages)
    return None if s is None else dumps_standings(s)


@SETTINGS
@given(tournament_docs(), STAGE_SETS)
def test_the_fast_path_gives_the_careful_paths_standings(doc, stages):
    stages = sorted(stages) if stages else None
    data = json.dumps(doc, ensure_ascii=False).encode("utf-8")
    expected, problems = careful(data, stages)
    assert problems == []
    got = fast(data, stages)
    assert got is not None, "a valid file (annulled games and replays too) takes the fast path"
    assert got == expected
    s = standings_from_bytes(data, stages)
    assert s.to_document() == compute_standings(parse_document(doc), stages).to_document()


@SETTINGS
@given(tournament_docs(ruleset="mafclub"))
def test_mafclub_tournaments_without_replays_take_the_fast_path(doc):
    for g in doc["games"]:
        if g["result"] == "annulled":
            g["result"] = "draw"
            for s in g["seats"]:
                for key in ("extra", "extra_approved", "penalties", "gross_violation"):
                    s.pop(key, None)
    data = json.dumps(doc, ensure_ascii=False).encode("utf-8")
    expected, problems = careful(data)
    assert problems == []
    assert fast(data) == expected


def _seat(doc, data):
    g = data.draw(st.sampled_from(doc["games"]))
    return g, data.draw(st.sampled_from(g["seats"])) if g["seats"] else {}


# Each mutation may or may not make the file invalid; the test asks the careful path.
MUTATIONS = {
    "fouls": lambda d, g, s: s.update(fouls=d.draw(st.sampled_from([5, -1, True, 1.0, "1"]))),
    "seat": lambda d, g, s: s.update(seat=d.draw(st.sampled_from([11, 0, True, 2, 3.0]))),
    "role": lambda d, g, s: s.update(role=d.draw(st.sampled_from(["mafia", "red", "don", 1]))),
    "player": lambda d, g, s: s.update(player=d.draw(st.sampled_from(["ghost", "p00", 5]))),
    "extra": lambda d, g, s: s.update(extra=d.draw(st.sampled_from(
        ["0.33", "-0.05", "0.75", "0.55", "0.45", "1", "x", None, True, 0.3, 1, 0, "0.00",
         " 0.2 ", "1e-1", "NaN"]))),
    "approved": lambda d, g, s: s.update(extra_approved=d.draw(st.sampled_from([True, 1]))),
    "removed": lambda d, g, s: s.update(removed=d.draw(st.sampled_from(
        ["kicked", "fourth_foul", "disqualifying_foul", None, 3]))),
    "penalty": lambda d, g, s: s.update(penalties=d.draw(st.sampled_from(
        [[{"clause": "8.5.9", "reason": "r"}], [{"clause": "8.5.1"}],
         [{"clause": "8.5.2", "reason": ""}], [{"clause": "8.5.4", "reason": "r"}],
         [{"clause": "8.5.1", "reason": 5}], None, [], "x"]))),
    "gross": lambda d, g, s: s.update(gross_violation=d.draw(st.sampled_from([True, 0]))),
    "drop seat key": lambda d, g, s: s.pop(d.draw(st.sampled_from(
        ["seat", "player", "role", "fouls"])), None),
    "game id": lambda d, g, s: g.update(id=d.draw(st.sampled_from(["G0", "G1", "", 7]))),
    "stage": lambda d, g, s: g.update(stage=d.draw(st.sampled_from(["playoff", None]))),
    "result": lambda d, g, s: g.update(result=d.draw(st.sampled_from(
        ["tie", "annulled", "black", "draw"]))),
    "round": lambda d, g, s: g.update(round=d.draw(st.sampled_from(["1", 1.5, 0, False]))),
    "judge": lambda d, g, s: g.update(judge=d.draw(st.sampled_from([None, 5, ""]))),
    "replay_of": lambda d, g, s: g.update(replay_of=d.draw(st.sampled_from(["G0", "nope"]))),
    "first_killed": lambda d, g, s: g.update(first_killed=d.draw(st.sampled_from(
        [{"seat": 0}, {"seat": 1, "named": [1]}, {"seat": 1, "named": [2, 2]},
         {"seat": 1, "named": [2, 3, 4, 5]}, {"seat": 1, "named": [11]},
         {"seat": 1, "named": None}, {"seat": 1, "named": [True]}, {"named": [2]},
         {"seat": 1}, None, 5]))),
    "no first_killed": lambda d, g, s: g.pop("first_killed", None),
    "seats": lambda d, g, s: g["seats"] and g["seats"].pop(),
    "seat order": lambda d, g, s: g["seats"].reverse(),
}


@SETTINGS
@given(tournament_docs(), st.lists(st.sampled_from(sorted(MUTATIONS)), min_size=1,
                                   max_size=3), st.data())
def test_the_fast_path_takes_no_file_the_careful_path_refuses(doc, names, data):
    doc = copy.deepcopy(doc)
    for name in names:
        g, s = _seat(doc, data)
        MUTATIONS[name](data, g, s)
    raw = json.dumps(doc, ensure_ascii=False).encode("utf-8")
    expected, problems = careful(raw)
    got = fast(raw)
    if problems:
        assert got is None
    elif got is not None:
        assert got == expected


@pytest.mark.parametrize("change", [
    lambda d: d.update(format="mafia-tournament/2"),
    lambda d: d["tournament"].update(ruleset="house"),
    lambda d: d["tournament"].update(participants="20"),
    lambda d: d["tournament"].update(lot_seed=5),
    lambda d: d["players"].append({"id": 5, "nickname": "x"}),
    lambda d: d["tournament"].update(settings={"best_move_two": "lots"}),
    lambda d: d["tournament"].update(settings={"best_move_two": 0.3}),
    lambda d: d["games"].append(copy.deepcopy(d["games"][0])),  # a repeated game id
])
def test_document_level_faults_and_floats_leave_it_to_the_careful_path(change):
    doc = document([game("G1", "red", first_killed=(1, [4, 5, 9]))])
    change(doc)
    assert fast(json.dumps(doc).encode()) is None


def test_numbers_are_exact_through_the_careful_path():
    # a JSON number with a fraction is a float to msgspec: the fast pass leaves the file
    # to the careful path, which reads it as Decimal("0.35"); a string or an integer stays
    as_text = document([game("G", "red", seats={1: {"extra": "0.35"}, 2: {"extra": 0}})])
    as_number = json.dumps(as_text).replace('"0.35"', "0.35").encode()
    assert b"0.35," in as_number or b"0.35}" in as_number
    assert fast(as_number) is None
    assert careful(as_number)[0] == fast(json.dumps(as_text).encode())


def test_settings_and_a_repeated_player_id_are_taken():
    doc = document([game("G1", "black", first_killed=(1, [4, 5]))],
                   settings={"best_move_two": "0.30", "k_max_participants": 30})
    doc["players"].append({"id": "p01", "nickname": "second"})
    data = json.dumps(doc).encode()
    assert fast(data) is not None and fast(data) == careful(data)[0]
    assert '"best_move": "0.30"' in fast(data) and '"nickname": "second"' in fast(data)


def test_not_json_and_other_encodings_leave_it_to_the_careful_path():
    text = EXAMPLE.read_text(encoding="utf-8")
    for data in (b"{", text.encode("utf-16"), b"\xef\xbb\xbf" + text.encode()):
        assert standings_from_bytes(data) is None
    assert careful(b"\xef\xbb\xbf" + text.encode())[0] == fast(text.encode())


def test_the_example_takes_the_fast_path():
    data = EXAMPLE.read_bytes()
    assert fast(data) is not None and fast(data) == careful(data)[0]


def test_the_schemas_literals_are_the_models_values():
    for literal, values in ((Role, model.ROLES), (Stage, model.STAGES),
                            (Result, model.RESULTS), (Removal, model.REMOVALS),
                            (Clause, model.PENALTY_CLAUSES)):
        assert set(typing.get_args(literal)) == set(values)


def test_cli_standings_is_the_same_by_either_path(tmp_path):
    # a float anywhere the fast pass looks sends the CLI down the careful path
    doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    g = next(g for g in doc["games"]
             if g["result"] in ("red", "black") and not any("extra" in s for s in g["seats"]))
    g["seats"][0]["extra"] = "0.1"
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    numeric = tmp_path / "numeric.json"
    numeric.write_text(plain.read_text(encoding="utf-8").replace('"extra": "0.1"',
                                                                 '"extra": 0.10'),
                       encoding="utf-8")
    assert fast(numeric.read_bytes()) is None and fast(plain.read_bytes()) is not None
    outs = [subprocess.run([sys.executable, "-m", "scoring", "standings", str(f)],
                           capture_output=True, cwd=ROOT, timeout=60).stdout
            for f in (plain, numeric)]
    assert outs[0] == outs[1] and outs[0].startswith(b"{")
