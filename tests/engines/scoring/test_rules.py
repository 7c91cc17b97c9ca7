"""Hand-worked cases, one rule at a time (RULES.md §3, §4)."""
from decimal import Decimal

import pytest

from engines.scoring.decimals import div_half_up, fmt_cents
from engines.scoring.rules.compensation import ci_cents, compensation_n
from engines.scoring.rules.difficulty import k_cents_for
from engines.scoring.standings import compute_standings, explain_player

from .builders import BLACK_SEATS, RED_SEATS, game, tournament

D = Decimal


def row(t, pid, stages=None):
    return compute_standings(t, stages).row(pid)


def bd(t, pid, key, stages=None):
    return str(row(t, pid, stages).breakdown[key])


# -- decimals ------------------------------------------------------------------------
def test_half_up_division():
    assert div_half_up(1, 2) == 1
    assert div_half_up(3, 2) == 2
    assert div_half_up(5, 4) == 1
    assert div_half_up(-1, 2) == -1
    assert fmt_cents(-5) == "-0.05"
    assert fmt_cents(0) == "0.00"
    assert fmt_cents(1234) == "12.34"


# -- K (8.7) -------------------------------------------------------------------------
@pytest.mark.parametrize("n_games, red, black, expected, hard", [
    (10, 7, 3, 140, "black"),      # RULES.md: 1 + (5 - 3)/5 = 1.40
    (16, 9, 7, 113, "black"),      # 1.125 rounds half-up to 1.13
    (15, 6, 9, 120, "red"),        # odd N: 1 + (7.5 - 6)/7.5 = 1.2
    (7, 4, 3, 114, "black"),       # 1 + 0.5/3.5 = 1.142857 -> 1.14
    (9, 5, 3, 133, "black"),       # draws count in N: 1 + (4.5 - 3)/4.5 = 1.3333 -> 1.33
    (3, 2, 1, 133, "black"),       # 1 + 0.5/1.5 = 1.3333 -> 1.33
    (5, 3, 2, 120, "black"),       # 1 + 0.5/2.5 = 1.2
    (6, 6, 0, 200, "black"),       # no hard game won: K = 2.00 touches nothing
])
def test_k_formula(n_games, red, black, expected, hard):
    assert k_cents_for(n_games, red, black) == (expected, hard)


def test_k_half_up_exactly_at_half():
    # N = 8, n = 3: K = 1 + (4 - 3)/4 = 1.25 exactly; N = 40, n = 19: 1 + 1/20 = 1.05.
    assert k_cents_for(8, 5, 3)[0] == 125
    assert k_cents_for(40, 21, 19)[0] == 105
    # N = 200, n = 99: 1 + 1/100 = 1.01; N = 400, n = 199: 1.005 -> 1.01 (half-up, not even)
    assert k_cents_for(200, 101, 99)[0] == 101
    assert k_cents_for(400, 201, 199)[0] == 101


def test_k_none_when_equal_wins():
    assert k_cents_for(4, 2, 2) == (None, None)
    assert k_cents_for(0, 0, 0) == (None, None)


def _k_games(results):
    return [game(f"G{i}", r, round=i) for i, r in enumerate(results, 1)]


def test_k_applies_to_hard_wins_only():
    # 3 red wins, 1 black win, 1 draw: N = 5, n = 1, K = 1 + (2.5 - 1)/2.5 = 1.60
    t = tournament(_k_games(["red", "red", "red", "black", "draw"]))
    s = compute_standings(t)
    assert s.to_document()["k"] == "1.60"
    # p04 (black seat 4): 1 black win -> 1.60; p01 (red): 3 red wins -> 3.00
    assert str(s.row("p04").breakdown["win"]) == "1.60"
    assert str(s.row("p01").breakdown["win"]) == "3.00"


def test_k_off_above_participant_threshold_and_by_setting():
    games = _k_games(["red", "red", "black"])
    assert compute_standings(tournament(games, participants=21)).to_document()["k"] is None
    assert compute_standings(tournament(games, participants=20)).to_document()["k"] == "1.33"
    t = tournament(games, participants=25, settings={"k_max_participants": 30})
    assert compute_standings(t).to_document()["k"] == "1.33"


def test_k_none_when_sides_equal():
    t = tournament(_k_games(["red", "black"]))
    assert compute_standings(t).to_document()["k"] is None
    assert bd(t, "p04", "win") == "1.00"


def test_k_over_the_selected_stages_only():
    games = [game("Q1", "red", round=1), game("Q2", "red", round=2),
             game("F1", "black", stage="final", round=1)]
    t = tournament(games)
    assert compute_standings(t).to_document()["k"] == "1.33"
    assert compute_standings(t, ["qualifying"]).to_document()["k"] == "2.00"
    assert compute_standings(t, ["final"]).to_document()["k"] == "2.00"


def test_k_applies_under_mafclub_exactly_as_under_fiim():
    # RULES.md §4: 003 does not touch 8.7. 2 red wins, 1 black: N = 3, n = 1, K = 1 + 0.5/1.5 = 1.33
    t = tournament(_k_games(["red", "red", "black"]), ruleset="mafclub")
    assert compute_standings(t).to_document()["k"] == "1.33"
    assert bd(t, "p04", "win") == "1.33"  # black seat 4 won the hard game
    assert bd(t, "p01", "win") == "2.00"
    assert compute_standings(tournament(_k_games(["red", "red", "black"]), ruleset="mafclub", participants=21)).k is None


def test_k_under_mafclub_leaves_annulled_games_out_of_n():
    # an annulled game is not played (RULES.md §3: N excludes annulled games): N = 3 as above
    games = _k_games(["red", "red", "black"]) + [
        game("G4", "annulled", round=4, seats={3: {"gross_violation": True}})]
    t = tournament(games, ruleset="mafclub")
    assert compute_standings(t).to_document()["k"] == "1.33"


# -- win points (8.2) -----------------------------------------------------------------
def test_win_points_go_to_the_winning_team_only():
    t = tournament([game("G1", "black"), game("G2", "black", round=2), game("G3", "draw", round=3)],
                   participants=50)
    for seat in BLACK_SEATS:
        assert bd(t, f"p{seat:02d}", "win") == "2.00"
    for seat in RED_SEATS:
        assert bd(t, f"p{seat:02d}", "win") == "0.00"
    r = row(t, "p05")  # the don
    assert (r.wins, r.wins_as_don_or_sheriff, r.games) == (2, 2, 3)


# -- Ci (8.6) ----------------------------------------------------------------------
def test_compensation_n_rounds_to_nearest():
    assert compensation_n(10) == 4
    assert compensation_n(6) == 2     # 2.4
    assert compensation_n(4) == 2     # 1.6
    assert compensation_n(9) == 4     # 3.6
    assert compensation_n(1) == 0     # 0.4


@pytest.mark.parametrize("b, n, cents", [
    (1, 4, 10), (2, 4, 20), (3, 4, 30),
    (4, 4, 40),      # B = N: 0.4
    (5, 4, 40),      # B > N: 0.4
    (1, 3, 13),      # 0.1333 -> 0.13
    (2, 3, 27),      # 0.2666 -> 0.27
    (1, 0, 40),      # N rounds to 0: any B > N
    (0, 4, 0),
])
def test_ci_values(b, n, cents):
    assert ci_cents(b, n) == cents


def _killed_games(results, seat=1, stage="qualifying", start=1):
    return [game(f"{stage[0].upper()}{i}", r, stage=stage, round=i,
                 first_killed=(seat, [2, 3, 7]))
            for i, r in enumerate(results, start)]


def test_ci_rules_md_example():
    # 10 games before the final -> N = 4; first-killed 3 times, red lost 2 -> Ci = 0.30, +0.60
    games = _killed_games(["black", "black", "red"])
    t = tournament(games, games_before_final=10, participants=50)
    assert bd(t, "p01", "compensation") == "0.60"
    lines = [ln for ln in explain_player(t, "p01") if ln.component == "compensation"]
    assert [(ln.game, ln.points, ln.clause) for ln in lines] == [
        ("Q1", D("0.30"), "8.6.3"), ("Q2", D("0.30"), "8.6.3")]


def test_ci_when_b_equals_n_and_exceeds_n():
    # games_before_final 5 -> N = 2
    t = tournament(_killed_games(["black", "red"]), games_before_final=5, participants=50)
    assert bd(t, "p01", "compensation") == "0.40"          # B = N = 2: Ci 0.4, one loss
    t = tournament(_killed_games(["black", "red", "black"]), games_before_final=5,
                   participants=50)
    assert bd(t, "p01", "compensation") == "0.80"          # B = 3 > N: Ci 0.4, two losses


def test_ci_not_for_a_draw_but_the_draw_counts_in_b():
    t = tournament(_killed_games(["draw", "black"]), games_before_final=10, participants=50)
    assert bd(t, "p01", "compensation") == "0.20"          # B = 2, N = 4: 0.2, one loss


def test_ci_not_in_the_final_and_not_counted_from_it():
    games = _killed_games(["black"]) + _killed_games(["black", "black"], stage="final", start=2)
    t = tournament(games, games_before_final=10, participants=50)
    assert bd(t, "p01", "compensation") == "0.10"          # B = 1 (final not counted)


def test_ci_semifinal_counts():
    games = _killed_games(["black"]) + _killed_games(["black"], stage="semifinal", start=2)
    t = tournament(games, games_before_final=10, participants=50)
    assert bd(t, "p01", "compensation") == "0.40"          # B = 2: 0.2 twice


def test_first_night_miss_gives_nothing():
    t = tournament([game("Q1", "black", first_killed=None)], participants=50)
    r = row(t, "p01")
    assert (r.first_killed, str(r.breakdown["compensation"]), str(r.breakdown["best_move"])) == (
        0, "0.00", "0.00")


def test_black_first_killed_gets_no_ci_and_no_best_move():
    # seat 4 is black; named 5, 9 and 10 -> would be 2 black; nothing for a black player
    t = tournament([game("Q1", "red", first_killed=(4, [5, 9, 10]))], participants=50)
    r = row(t, "p04")
    assert str(r.breakdown["best_move"]) == "0.00"
    assert str(r.breakdown["compensation"]) == "0.00"
    assert r.first_killed == 1                            # tiebreak 4 counts any role


def test_sheriff_first_killed_gets_ci():
    t = tournament([game("Q1", "black", first_killed=(6, [1, 2, 3]))], participants=50,
                   games_before_final=10)
    assert bd(t, "p06", "compensation") == "0.10"


def test_ci_is_main_points_under_fiim():
    t = tournament(_killed_games(["black"]), games_before_final=10, participants=50)
    r = row(t, "p01")
    assert (str(r.main), str(r.extra), str(r.tiebreak_extra)) == ("0.10", "0.00", "0.00")


# -- mafclub escalating compensation (003 item 8) ------------------------------------
def test_escalating_compensation():
    games = _killed_games(["black", "red", "black", "black", "draw", "black"])
    t = tournament(games, ruleset="mafclub", participants=50)
    r = row(t, "p01")
    # red lost with p01 first-killed in games 1, 3, 4, 6: 0 + 0.5 + 1.0 + 1.5
    assert str(r.breakdown["compensation"]) == "3.00"
    assert (str(r.main), str(r.extra), str(r.tiebreak_extra)) == ("1.00", "3.00", "0.00")
    lines = [(ln.game, str(ln.points)) for ln in explain_player(t, "p01")
             if ln.component == "compensation"]
    assert lines == [("Q3", "0.50"), ("Q4", "1.00"), ("Q6", "1.50")]


def test_escalating_follows_playing_order_not_file_order():
    games = _killed_games(["black", "black"])
    games[0]["round"], games[1]["round"] = 2, 1
    t = tournament(games, ruleset="mafclub")
    lines = [(ln.game, str(ln.points)) for ln in explain_player(t, "p01")
             if ln.component == "compensation"]
    assert lines == [("Q1", "0.50")]   # Q2 is played first (round 1), Q1 second


# -- removal (8.2.4) ---------------------------------------------------------------
def test_removal_costs_half_a_point():
    t = tournament([game("G1", "red", seats={1: {"fouls": 4, "removed": "fourth_foul"},
                                             2: {"fouls": 1, "removed": "disqualifying_foul"}})])
    assert bd(t, "p01", "removal") == "-0.50"
    assert bd(t, "p02", "removal") == "-0.50"
    assert str(row(t, "p01").tiebreak_extra) == "-0.50"


def test_fourth_foul_removal_setting():
    games = [game("G1", "red", seats={1: {"fouls": 4, "removed": "fourth_foul"},
                                      2: {"fouls": 1, "removed": "disqualifying_foul"}})]
    t = tournament(games, settings={"fourth_foul_removal_counts": False})
    assert bd(t, "p01", "removal") == "0.00"
    assert bd(t, "p02", "removal") == "-0.50"


# -- best move (8.3) --------------------------------------------------------------
@pytest.mark.parametrize("named, expected", [
    ([4, 5, 9], "0.40"),    # three of team black (the don counts)
    ([4, 9, 2], "0.25"),    # exactly two
    ([5, 2, 3], "0.00"),    # one
    ([4, 9], "0.25"),       # two named, both black
    ([], "0.00"),
])
def test_best_move(named, expected):
    t = tournament([game("G1", "red", first_killed=(1, named))])
    assert bd(t, "p01", "best_move") == expected


def test_best_move_values_are_settings():
    t = tournament([game("G1", "red", first_killed=(1, [4, 5, 9]))],
                   settings={"best_move_three": "0.5", "best_move_two": "0.3"})
    assert bd(t, "p01", "best_move") == "0.50"


def test_best_move_counts_in_the_final_and_in_a_draw():
    t = tournament([game("F1", "draw", stage="final", first_killed=(1, [4, 5, 9]))])
    assert bd(t, "p01", "best_move") == "0.40"


# -- judge's extra points and penalties (8.4, 8.5) ----------------------------------
def test_judge_extra_and_penalty():
    t = tournament([game("G1", "black", seats={
        4: {"extra": "0.6", "extra_approved": True},
        1: {"extra": 0.4, "penalties": [{"clause": "8.5.1", "reason": "сломал в красного"}]},
        2: {"penalties": [{"clause": "8.5.3", "reason": "a"}, {"clause": "8.5.1", "reason": "b"}]},
    })])
    assert bd(t, "p04", "judge_extra") == "0.60"
    assert bd(t, "p01", "judge_extra") == "0.40"
    assert bd(t, "p01", "penalty") == "-0.40"
    assert bd(t, "p02", "penalty") == "-0.80"
    clauses = [ln.clause for ln in explain_player(t, "p02") if ln.component == "penalty"]
    assert clauses == ["8.5.3", "8.5.1"]


def test_penalty_8_5_4_for_black_when_black_lost():
    t = tournament([game("G1", "red", seats={5: {"penalties": [{"clause": "8.5.4", "reason": "x"}]}})])
    assert bd(t, "p05", "penalty") == "-0.40"


# -- replays (003 item 10) ----------------------------------------------------------
def _replay_games():
    return [
        game("Q1", "annulled", round=1, first_killed=(1, [4, 5, 9]),
             seats={3: {"gross_violation": True, "fouls": 1, "removed": "disqualifying_foul"},
                    7: {"extra": "0.3"}, 8: {"fouls": 4, "removed": "fourth_foul"}}),
        game("Q1R", "black", round=1, table=2, replay_of="Q1"),
    ]


def test_replay_penalty_and_what_the_annulled_game_keeps():
    t = tournament(_replay_games(), ruleset="mafclub")
    s = compute_standings(t)
    p03 = s.row("p03")
    assert str(p03.breakdown["replay_penalty"]) == "-3.00"
    assert str(p03.breakdown["removal"]) == "0.00"      # the -3 includes the removal
    assert str(p03.tiebreak_extra) == "-3.00"
    assert str(s.row("p01").breakdown["best_move"]) == "0.40"  # Prima Nota stays
    assert str(s.row("p07").breakdown["judge_extra"]) == "0.30"  # earned extras stay
    assert str(s.row("p08").breakdown["removal"]) == "-0.50"  # another player's removal
    assert s.row("p04").wins == 1 and s.row("p04").games == 1  # annulled not counted
    assert str(s.row("p04").breakdown["win"]) == "1.00"       # only the replay's win
    assert s.row("p01").first_killed == 0                      # annulled not counted


def test_second_replay_by_the_same_player_adds_the_red_card():
    games = _replay_games() + [
        game("Q2", "annulled", round=2, seats={3: {"gross_violation": True}}),
        game("Q2R", "red", round=2, table=2, replay_of="Q2",
             players=["p01", "p02", "p11", "p04", "p05", "p06", "p07", "p08", "p09", "p10"]),
    ]
    t = tournament(games, ruleset="mafclub")
    assert bd(t, "p03", "replay_penalty") == "-8.00"        # -3, then -3 and -2
    notes = [ln.note for ln in explain_player(t, "p03") if ln.component == "replay_penalty"]
    assert len(notes) == 2 and "red card" in notes[1]


def test_a_replay_at_the_same_table_comes_after_the_game_it_replays_whatever_the_ids():
    # "G10" sorts before "G9" as text; the red card belongs to the second annulment, G10
    games = [
        game("G9", "annulled", round=3, table=1, seats={3: {"gross_violation": True}}),
        game("G10", "annulled", round=3, table=1, replay_of="G9", seats={3: {"gross_violation": True}}),
        # p03 is excluded after G10 (RULES.md §4): p11 takes seat 3 in its replay
        game("G11", "red", round=3, table=1, replay_of="G10",
             players=["p01", "p02", "p11", "p04", "p05", "p06", "p07", "p08", "p09", "p10"]),
    ]
    t = tournament(games, ruleset="mafclub")
    lines = [(ln.game, ln.points) for ln in explain_player(t, "p03")]
    assert lines == [("G9", Decimal("-3.00")), ("G10", Decimal("-5.00"))]


def test_a_replay_may_be_declared_a_draw():
    games = _replay_games()
    games[1]["result"] = "annulled"
    games[1]["seats"][5]["gross_violation"] = True
    games.append(game("Q1RR", "draw", round=1, table=3, replay_of="Q1R"))
    t = tournament(games, ruleset="mafclub")
    assert bd(t, "p06", "replay_penalty") == "-3.00"
    assert bd(t, "p01", "best_move") == "0.40"


# -- explanation --------------------------------------------------------------------
def test_explanation_sums_to_total_and_names_games_without_points():
    t = tournament(_k_games(["red", "black", "draw"]), participants=50)
    for pid in ("p01", "p04"):
        lines = explain_player(t, pid)
        assert sum(ln.points for ln in lines) == row(t, pid).total
        assert {ln.game for ln in lines} == {"G1", "G2", "G3"}
