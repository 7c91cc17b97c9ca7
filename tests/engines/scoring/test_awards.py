"""The nominations (engines/scoring/awards.py, docs/awards.md), on three hand-worked games of ten
players: g1 red win, p01 killed first naming three blacks (0.40); g2 black win, the seats turned
by five (p01 the sheriff); g3 red win, turned by one, p03 killed first naming two blacks (0.25)."""
import json
import subprocess
import sys
from fractions import Fraction

from engines.scoring.awards import BEST_FIRST_KILLED, min_games, nominations, typical_games

from .builders import document, game, tournament

P = [f"p{i:02d}" for i in range(1, 11)]
GAMES = [
    game("g1", "red", players=P, first_killed=(1, [4, 5, 9])),
    game("g2", "black", players=P[5:] + P[:5], round=2),
    game("g3", "red", players=P[1:] + P[:1], round=3, first_killed=(2, [4, 5])),
]


def ranked(share=Fraction(1, 2)):
    found = nominations(tournament(GAMES, participants=10, games_before_final=3), share)
    return {n.kind: [(c.player, c.cents, c.games) for c in n.ranking] for n in found}, found


def test_the_best_in_each_role_by_the_points_earned_in_it():
    by_kind, found = ranked()
    assert [n.kind for n in found] == ["red", "sheriff", "black", "don", BEST_FIRST_KILLED]
    # p01: red in g1 (1.00 + 0.40 best move) and g3 (1.00); the sheriff of the lost g2 earns nothing as red
    assert by_kind["red"][:2] == [("p01", 240, 2), ("p03", 225, 3)]
    assert found[0].winner.player == "p01" and found[0].winner.place == 1
    # black: p04 and p09 earned 1.33 each in g2 in two games: the better overall place wins
    assert by_kind["black"][:2] == [("p04", 133, 2), ("p09", 133, 2)]
    assert [c.place for c in found[2].ranking[:2]] == [3, 4]
    # the sheriff: p07 (g3) and p06 (g1) earned 1.00 in one game each; p07's place (6) beats p06's (9)
    assert by_kind["sheriff"] == [("p07", 100, 1), ("p06", 100, 1), ("p01", 0, 1)]
    assert by_kind["don"][0] == ("p10", 133, 1)


def test_a_tie_in_points_goes_to_fewer_games_then_to_the_place():
    by_kind, found = ranked()
    red = found[0].ranking
    # p02 and p08: 2.00 in three red games each; p02 is 7th, p08 8th
    assert [(c.player, c.cents, c.games, c.place) for c in red[2:4]] == [("p02", 200, 3, 7), ("p08", 200, 3, 8)]
    # p10 (1.00 in one game) comes before p07 (1.00 in two)
    players = [c.player for c in red]
    assert players.index("p10") < players.index("p07")


def test_the_best_first_killed_by_best_move_points():
    by_kind, _found = ranked()
    assert by_kind[BEST_FIRST_KILLED] == [("p01", 40, 1), ("p03", 25, 1)]


def test_the_share_sets_the_games_a_nominee_needs():
    assert typical_games([10, 10, 12, 12, 12, 9]) == 12
    assert typical_games([10, 10, 12, 12]) == 10  # a tie: the smaller
    assert typical_games([]) == 0
    # ten games and the default half: 3 as red, 1 in the other roles
    assert [min_games(role, 10, Fraction(1, 2)) for role in ("red", "sheriff", "black", "don")] == [3, 1, 1, 1]
    assert [min_games(role, 10, Fraction(1)) for role in ("red", "sheriff", "black", "don")] == [6, 1, 2, 1]
    assert min_games("sheriff", 3, Fraction(0)) == 1  # never nobody's: at least one game in the role
    by_kind, found = ranked(Fraction(1))
    assert found[0].min_games == 2  # ceil(1 × 3 × 6 / 10)
    assert {p for p, _c, _g in by_kind["red"]} == {"p01", "p03", "p02", "p08", "p07"}  # two red games or more


def test_a_role_nobody_qualifies_for_has_no_winner():
    one_game = [GAMES[0]]
    found = nominations(tournament(one_game, participants=10, games_before_final=1), Fraction(1))
    assert found[0].min_games == 1 and found[0].winner is not None
    no_best_move = nominations(tournament([GAMES[1]], participants=10, games_before_final=1))
    assert no_best_move[-1].kind == BEST_FIRST_KILLED and no_best_move[-1].winner is None
    assert no_best_move[-1].to_document()["winner"] is None


def test_the_command_line_prints_them(tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps(document(GAMES, participants=10, games_before_final=3)))
    done = subprocess.run([sys.executable, "-m", "scoring", "awards", str(path)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    awards = json.loads(done.stdout)["awards"]
    assert awards[0]["winner"] == {"player": "p01", "nickname": "Nick p01", "points": "2.40", "games": 2, "place": 1}
    assert awards[-1]["kind"] == "first_killed" and awards[-1]["ranking"][1]["points"] == "0.25"
    stricter = subprocess.run([sys.executable, "-m", "scoring", "awards", str(path), "--min-share", "1"],
                              capture_output=True, text=True, check=False)
    assert json.loads(stricter.stdout)["awards"][0]["min_games"] == 2
    wrong = subprocess.run([sys.executable, "-m", "scoring", "awards", str(path), "--min-share", "2"],
                           capture_output=True, text=True, check=False)
    assert wrong.returncode == 2 and "--min-share" in wrong.stderr
    path.write_text("{}")
    invalid = subprocess.run([sys.executable, "-m", "scoring", "awards", str(path)], capture_output=True, text=True,
                             check=False)
    assert invalid.returncode == 2 and invalid.stdout == ""
