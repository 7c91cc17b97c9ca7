"""Team standings (engines/scoring/teams.py, docs/teams.md) on the three hand-worked games of
test_awards.py. The players' lines: p01 2.40 (0.40 of 8.8.1), p10 2.33 (a win as sheriff), p04 and
p09 2.33, p03 2.25, p07 2.00 (a win as don), p02 and p08 2.00, p06 1.00 (a win as sheriff), p05 0."""
import json
import subprocess
import sys

from engines.scoring.rulesets import RULESETS
from engines.scoring.standings import compute_standings
from engines.scoring.teams import read_teams, team_standings
from engines.scoring.tiebreaks import lot_digest

from .builders import document, tournament
from .test_awards import GAMES

TEAMS = [{"id": "A", "name": "Альфа", "players": ["p10"]}, {"id": "B", "name": "Браво", "players": ["p04", "p05"]},
         {"id": "C", "name": "Чарли", "players": ["p09"]}, {"id": "D", "name": "Дельта", "players": ["p01", "p06"]},
         {"id": "E", "name": "Эхо", "players": ["p03", "p07"]}, {"id": "F", "name": "Фокстрот", "players": ["p02", "p08"]}]


def ranked(best=None):
    t = tournament(GAMES, participants=10, games_before_final=3)
    plan, problems = read_teams({"best": best, "list": TEAMS}, [p.id for p in t.players])
    assert problems == []
    return team_standings(compute_standings(t), plan, RULESETS["fiim"].tiebreaks, t.lot_seed)


def lot_order(*teams):
    return sorted(teams, key=lambda team: lot_digest("seed", "team:" + team))


def test_all_members_counted_and_the_individual_tiebreaks_applied_to_the_teams():
    rows = ranked()
    assert [(r.team, r.total_cents) for r in rows[:3]] == [("E", 425), ("F", 400), ("D", 340)]
    # A, B and C have 2.33 each; A's win as sheriff (8.8.3) puts it first; B and C are equal on
    # every tie-break (B's p05 adds nothing) and the lot on the teams' ids orders them
    assert [r.team for r in rows[3:]] == ["A", *lot_order("B", "C")]
    assert [r.decided_by_lot for r in rows[3:]] == [False, True, True]
    assert rows[2].tiebreak_extra_cents == 40 and rows[2].wins_as_don_or_sheriff == 1
    assert [r.place for r in rows] == [1, 2, 3, 4, 5, 6]


def test_the_best_member_counted():
    rows = ranked(best=1)
    # D counts p01 (2.40); E counts p03 (2.25, above p07); F counts p02 (2.00, placed above p08)
    assert [(r.team, r.counted, r.total_cents) for r in rows] == [
        ("D", ("p01",), 240), ("A", ("p10",), 233), *[(t, c, 233) for t, c in
                                                     sorted([("B", ("p04",)), ("C", ("p09",))],
                                                            key=lambda x: lot_digest("seed", "team:" + x[0]))],
        ("E", ("p03",), 225), ("F", ("p02",), 200)]


def test_a_bad_team_list_is_refused_naming_each_field():
    ids = [f"p{i:02d}" for i in range(1, 11)]
    plan, problems = read_teams({"best": 0, "list": [{"id": "A", "name": "", "players": ["p01", "p99"]},
                                                     {"id": "A", "name": "Б", "players": ["p01"]}, 5]}, ids)
    assert plan is None and problems == [
        "teams.best: expected null or a whole number from 1 to 100",
        "teams.list[0].name: expected text of 1 to 120 characters",
        "teams.list[0].players[1]: no player 'p99' in the file",
        "teams.list[1].id: team A is listed twice",
        "teams.list[1].players[0]: p01 is already in team A",
        "teams.list[2]: expected an object",
    ]


def test_the_command_line_prints_the_team_standings(tmp_path):
    doc = document(GAMES, participants=10, games_before_final=3)
    path = tmp_path / "t.json"
    path.write_text(json.dumps({**doc, "teams": {"best": None, "list": TEAMS}}, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "scoring", "teams", str(path)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    body = json.loads(done.stdout)
    assert body["teams"][0] == {"place": 1, "team": "E", "name": "Эхо", "members": ["p03", "p07"],
                                "counted": ["p03", "p07"], "games": 6, "total": "4.25", "tiebreak_extra": "0.25",
                                "wins": 4, "wins_as_don_or_sheriff": 1, "first_killed": 1, "decided_by_lot": False}
    path.write_text(json.dumps(doc), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "scoring", "teams", str(path)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 2 and 'no "teams"' in done.stderr
