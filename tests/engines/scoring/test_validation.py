"""Checks of games and tournaments (RULES.md §2–§4, tournament-file.md "Validity")."""
import json

import pytest

from engines.scoring.fileformat import parse_document, read_document
from engines.scoring.model import FirstKilled, Game, Penalty, Seat
from engines.scoring.problems import InvalidTournament, Problem
from engines.scoring.validation import check_game, check_tournament

from .builders import document, game, tournament


def codes(doc):
    _, problems = read_document(doc)
    return [(p.game, p.seat, p.field, p.code) for p in problems]


def one(g, **kw):
    return codes(document([g], **kw))


def test_valid_game_has_no_problem():
    assert one(game("G", "red", first_killed=(1, [4, 5, 9]))) == []


def test_problem_str():
    p = Problem("Q1-T1", 3, "fouls", "fouls_out_of_range", "5 is outside 0..4")
    assert str(p) == "game Q1-T1, seat 3, fouls: 5 is outside 0..4"
    assert str(Problem(None, None, "tournament.ruleset", "x", "'y' is unknown")) == \
        "tournament.ruleset: 'y' is unknown"
    assert str(Problem("G", None, "seats", "x", "m")) == "game G, seats: m"


@pytest.mark.parametrize("overrides, expected", [
    ({3: {"fouls": 5}}, ("G", 3, "fouls", "fouls_out_of_range")),
    ({3: {"fouls": -1}}, ("G", 3, "fouls", "fouls_out_of_range")),
    ({3: {"fouls": 3, "removed": "fourth_foul"}}, ("G", 3, "removed", "removal_without_fourth_foul")),
    ({3: {"removed": "kicked"}}, ("G", 3, "removed", "unknown_removal")),
    ({3: {"role": "mafia"}}, ("G", 3, "role", "unknown_role")),
    ({3: {"seat": 11}}, ("G", 11, "seat", "seat_out_of_range")),
    ({3: {"seat": 2}}, ("G", 2, "seat", "seat_repeated")),
    ({3: {"player": "p01"}}, ("G", 3, "player", "player_repeated")),
    ({3: {"extra": "-0.05"}}, ("G", 3, "extra", "extra_negative")),
    ({3: {"extra": "0.33"}}, ("G", 3, "extra", "extra_not_in_steps")),
    ({3: {"extra": "0.333"}}, ("G", 3, "extra", "extra_not_in_steps")),
    # every digit counts: 28-digit Decimal arithmetic took these for 0.05, 0.40 and 0
    ({3: {"extra": "0.050000000000000000000000000001"}}, ("G", 3, "extra", "extra_not_in_steps")),
    ({3: {"extra": "0.3999999999999999999999999999999"}}, ("G", 3, "extra", "extra_not_in_steps")),
    ({3: {"extra": "1e-999999999"}}, ("G", 3, "extra", "extra_not_in_steps")),
    # and no score is this large (Decimal overflowed: a traceback instead of this problem)
    ({3: {"extra": "1e999999999"}}, ("G", 3, "extra", "extra_not_in_steps")),
    ({3: {"extra": "-1e999999999"}}, ("G", 3, "extra", "extra_not_in_steps")),
    ({3: {"extra": "0.75"}}, ("G", 3, "extra", "extra_over_winner_limit")),
    ({3: {"extra": "0.55"}}, ("G", 3, "extra_approved", "extra_needs_approval")),
    ({4: {"extra": "0.45"}}, ("G", 4, "extra", "extra_over_loser_limit")),
    ({3: {"penalties": [{"clause": "8.5.9", "reason": "x"}]}},
     ("G", 3, "penalties.clause", "unknown_penalty_clause")),
    ({3: {"penalties": [{"clause": "8.5.1", "reason": "x"}]}},   # red won: 8.5.1 needs a loss
     ("G", 3, "penalties.clause", "penalty_does_not_fit")),
    ({4: {"penalties": [{"clause": "8.5.2", "reason": "x"}]}},   # 8.5.2 is for a red player
     ("G", 4, "penalties.clause", "penalty_does_not_fit")),
    ({6: {"penalties": [{"clause": "8.5.2", "reason": "x"}]}},   # ... not the sheriff
     ("G", 6, "penalties.clause", "penalty_does_not_fit")),
    ({3: {"gross_violation": True}}, ("G", 3, "gross_violation", "gross_violation_not_allowed")),
])
def test_seat_problems(overrides, expected):
    assert one(game("G", "red", seats=overrides)) == [expected]


@pytest.mark.parametrize("reason", ["", " ", "\t\n"])
def test_an_empty_or_blank_penalty_reason_is_accepted(reason):
    # tournament-file.md's "Validity" does not ask for a written reason; the protocols do.
    g = game("G", "black", seats={3: {"penalties": [{"clause": "8.5.1", "reason": reason}]}})
    assert one(g) == []


def test_a_missing_penalty_reason_is_a_missing_field():
    g = game("G", "black", seats={3: {"penalties": [{"clause": "8.5.1"}]}})
    assert one(g) == [("G", 3, "penalties.reason", "missing_field")]


def test_extra_approved_allows_up_to_0_70():
    assert one(game("G", "red", seats={3: {"extra": "0.7", "extra_approved": True}})) == []
    assert one(game("G", "red", seats={3: {"extra": "0.5"}})) == []


def test_extra_limits_per_game():
    too_many = {1: {"extra": "0.1"}, 2: {"extra": "0.1"}, 3: {"extra": "0.1"}, 7: {"extra": "0.1"}}
    assert one(game("G", "red", seats=too_many)) == [("G", None, "extra", "extra_too_many_players")]
    too_much = {1: {"extra": "0.5"}, 2: {"extra": "0.5"}, 3: {"extra": "0.05"}}
    assert one(game("G", "red", seats=too_much)) == [("G", None, "extra", "extra_sum_over_limit")]
    assert one(game("G", "draw", seats={1: {"extra": "0.05"}})) == [
        ("G", 1, "extra", "extra_in_draw")]
    # "0" and "0.00" are no extra at all, even in a draw
    assert one(game("G", "draw", seats={1: {"extra": "0.00"}})) == []


@pytest.mark.parametrize("clause, seat, result", [
    ("8.5.1", 1, "black"), ("8.5.1", 6, "black"), ("8.5.2", 1, "red"), ("8.5.2", 1, "black"),
    ("8.5.3", 6, "black"), ("8.5.4", 4, "red"), ("8.5.4", 5, "red"),
])
def test_penalties_that_fit(clause, seat, result):
    g = game("G", result, seats={seat: {"penalties": [{"clause": clause, "reason": "r"}]}})
    assert one(g) == []


@pytest.mark.parametrize("clause, seat, result", [
    ("8.5.1", 4, "black"), ("8.5.1", 1, "draw"), ("8.5.3", 1, "red"), ("8.5.4", 4, "black"),
    ("8.5.4", 1, "red"), ("8.5.4", 5, "draw"),
])
def test_penalties_that_do_not_fit(clause, seat, result):
    g = game("G", result, seats={seat: {"penalties": [{"clause": clause, "reason": "r"}]}})
    assert one(g) == [("G", seat, "penalties.clause", "penalty_does_not_fit")]


def test_role_counts_and_seat_count():
    roles = {n: "red" for n in range(1, 11)}
    assert one(game("G", "red", roles=roles)) == [("G", None, "role", "role_counts")]
    g = game("G", "red")
    del g["seats"][9]
    assert one(g) == [("G", None, "seats", "seat_count")]


@pytest.mark.parametrize("fk, expected", [
    ((11, []), ("G", None, "first_killed.seat", "first_killed_out_of_range")),
    ((1, [2, 3, 4, 5]), ("G", 1, "first_killed.named", "best_move_too_many")),
    ((1, [2, 2]), ("G", 1, "first_killed.named", "best_move_repeated")),
    ((1, [1, 4]), ("G", 1, "first_killed.named", "best_move_own_seat")),
    ((1, [0, 4]), ("G", 1, "first_killed.named", "best_move_out_of_range")),
])
def test_first_killed_problems(fk, expected):
    assert one(game("G", "red", first_killed=fk)) == [expected]


def test_every_problem_at_once():
    g = game("G", "draw", seats={1: {"fouls": 9, "extra": "0.2"}, 2: {"removed": "fourth_foul"}},
             first_killed=(3, [3]))
    assert sorted(c for *_, c in one(g)) == sorted([
        "fouls_out_of_range", "extra_in_draw", "removal_without_fourth_foul",
        "best_move_own_seat"])


# -- tournament-level -----------------------------------------------------------------
def test_unknown_values_and_repeats():
    doc = document([game("G", "red"), game("G", "tie", round=2, stage="playoff")],
                   ruleset="fiim")
    doc["players"].append({"id": "p01", "nickname": "again"})
    doc["games"][0]["seats"][0]["player"] = "ghost"
    assert sorted(codes(doc), key=str) == sorted([
        ("G", None, "id", "game_id_repeated"),
        ("G", None, "stage", "unknown_stage"),
        ("G", None, "result", "unknown_result"),
        ("G", 1, "player", "unknown_player"),
    ], key=str)
    doc = document([game("G", "red")], ruleset="house")
    assert codes(doc) == [(None, None, "tournament.ruleset", "unknown_ruleset")]


def test_replays_only_under_mafclub():
    games = [game("A", "annulled", seats={3: {"gross_violation": True}}),
             game("B", "red", table=2, replay_of="A")]
    assert sorted(c for *_, c in codes(document(games))) == [
        "annulled_not_allowed", "gross_violation_not_allowed", "replay_not_allowed"]
    assert codes(document(games, ruleset="mafclub")) == []


def test_replay_links():
    games = [game("A", "annulled"),                                   # nobody marked
             game("B", "red", table=2, replay_of="C"),                # unknown game
             game("C", "red", table=3, seats={1: {"gross_violation": True}}),  # not annulled
             game("D", "red", table=4, replay_of="C"),                # C is not annulled
             ]
    assert sorted(codes(document(games, ruleset="mafclub")), key=str) == sorted([
        ("A", None, "gross_violation", "annulled_without_violator"),
        ("C", 1, "gross_violation", "gross_violation_not_annulled"),
        ("D", None, "replay_of", "replay_of_not_annulled"),
    ] + [("B", None, "replay_of", "replay_of_not_annulled")], key=str)
    # Two replays of one annulled game are not on the spec's list of reasons to refuse.
    games = [game("A", "annulled", seats={1: {"gross_violation": True}}),
             game("B", "red", table=2, replay_of="A"),
             game("C", "red", table=3, replay_of="A"),
             game("E", "red", table=4, replay_of="Z")]
    assert codes(document(games, ruleset="mafclub")) == [
        ("E", None, "replay_of", "replay_of_unknown")]
    # A game naming itself: refused only when it is not annulled (the spec's own words).
    games = [game("A", "annulled", seats={1: {"gross_violation": True}}, replay_of="A"),
             game("B", "red", table=2, replay_of="B")]
    assert codes(document(games, ruleset="mafclub")) == [
        ("B", None, "replay_of", "replay_of_not_annulled")]


def test_annulled_extras_and_penalties():
    g = game("A", "annulled", seats={1: {"gross_violation": True},
                                     2: {"extra": "0.45"},
                                     3: {"penalties": [{"clause": "8.5.2", "reason": "r"}]}})
    assert sorted(c for *_, c in one(g, ruleset="mafclub")) == ["extra_over_loser_limit", "penalty_does_not_fit"]


@pytest.mark.parametrize("extras, expected", [
    # nobody won: every player follows the losing team's limits of 8.4
    ({2: "0.4", 4: "0.4"}, []),
    ({2: "0.4", 4: "0.35", 7: "0.25"}, []),
    ({2: "0.45"}, [("A", 2, "extra", "extra_over_loser_limit")]),
    ({4: "0.95"}, [("A", 4, "extra", "extra_over_loser_limit")]),
    ({2: "0.7", 4: "0.3"}, [("A", 2, "extra", "extra_over_loser_limit")]),
    ({2: "1.0"}, [("A", 2, "extra", "extra_over_loser_limit")]),
    # the general limits still hold
    ({2: "0.4", 4: "0.35", 7: "0.3"}, [("A", None, "extra", "extra_sum_over_limit")]),
    ({2: "0.1", 3: "0.1", 4: "0.1", 7: "0.1"}, [("A", None, "extra", "extra_too_many_players")]),
    ({2: "0.33"}, [("A", 2, "extra", "extra_not_in_steps")]),
    ({2: "-0.05"}, [("A", 2, "extra", "extra_negative")]),
])
def test_extras_in_an_annulled_game_follow_the_losing_teams_limits(extras, expected):
    """RULES.md §4 (decision): in an annulled game nobody won, so the judge's extra points there
    follow the losing team's limits of 8.4 for every player (<= 0.40 each, <= 1.00 in all, at
    most 3 players); an approval does not lift them."""
    seats = {n: {"extra": e} for n, e in extras.items()}
    seats[1] = {"gross_violation": True}
    assert one(game("A", "annulled", seats=seats), ruleset="mafclub") == expected


def test_an_annulled_games_extra_over_040_is_refused_by_the_command_line(tmp_path):
    """RULES.md §4: 0.50 for a player of an annulled game is above the 0.40 everyone is held to
    there, even with the chief judge's approval: standings exits 2, nothing on stdout."""
    from engines.scoring.cli import run_standings

    games = [game("A", "annulled", seats={1: {"gross_violation": True},
                                          2: {"extra": "0.5", "extra_approved": True}}),
             game("AR", "red", table=2, replay_of="A")]
    f = tmp_path / "t.json"
    f.write_text(json.dumps(document(games, ruleset="mafclub")), encoding="utf-8")
    code, out, err = run_standings(str(f))
    assert (code, out) == (2, "")
    assert err == ("game A, seat 2, extra: 0.50 is over 0.40, the most for any player of an "
                   "annulled game, where nobody won (8.4.4)\n")


def test_an_excluded_player_in_a_later_game_is_refused():
    """RULES.md §4 (decision; 003 item 10): a player who causes a second replay is excluded and
    plays no later game of the tournament; a protocol that seats them after the exclusion is
    refused. p03 causes A's and B's replays: BR (the replay of B) and C may not seat p03."""
    others = ["p01", "p02", "p11", "p04", "p05", "p06", "p07", "p08", "p09", "p10"]
    games = [game("A", "annulled", round=1, seats={3: {"gross_violation": True}}),
             game("AR", "red", round=1, table=2, replay_of="A"),
             game("B", "annulled", round=2, seats={3: {"gross_violation": True}}),
             game("BR", "red", round=2, table=2, replay_of="B", players=others),
             game("C", "red", round=3, players=others)]
    assert codes(document(games, ruleset="mafclub")) == []  # p03 sits nowhere after B
    games[3] = game("BR", "red", round=2, table=2, replay_of="B")
    games[4] = game("C", "red", round=3)
    _, problems = read_document(document(games, ruleset="mafclub"))
    assert [str(p) for p in problems] == [
        "game BR, seat 3, player: p03 was excluded from the tournament after causing a second "
        "replay (game B) and plays no later game (003 item 10)",
        "game C, seat 3, player: p03 was excluded from the tournament after causing a second "
        "replay (game B) and plays no later game (003 item 10)"]
    # the command line's standings refuse it too
    from engines.scoring.cli import standings_of_bytes

    standings, lines = standings_of_bytes(json.dumps(document(games, ruleset="mafclub")).encode())
    assert standings is None and lines == [str(p) for p in problems]


def test_a_repeated_player_id_keeps_its_last_nickname():
    # not a reason to refuse a file: the standings (and the importer) take the last entry
    doc = document([game("G", "red")])
    doc["players"].append({"id": "p01", "nickname": "again"})
    assert codes(doc) == []
    from engines.scoring.standings import compute_standings
    rows = compute_standings(parse_document(doc)).rows
    assert {r.player: r.nickname for r in rows}["p01"] == "again"


def test_values_the_system_cannot_store_are_refused_naming_the_field():
    # bounds.py: of the right type, but no database column or range holds them
    doc = document([game("", "red", round=0, table=-1)], participants=-5, games_before_final=100_000)
    doc["players"].append({"id": "", "nickname": "empty"})
    doc["players"].append({"id": "p99", "nickname": "Nick p01"})  # p01's nickname
    assert sorted(codes(doc), key=str) == sorted([
        (None, None, "tournament.participants", "out_of_range"),
        (None, None, "tournament.participants", "participants_below_seated"),
        (None, None, "tournament.games_before_final", "out_of_range"),
        (None, None, "players[10].id", "empty_text"),
        (None, None, "players.nickname", "nickname_repeated"),
        ("", None, "id", "empty_text"),
        ("", None, "round", "out_of_range"),
        ("", None, "table", "out_of_range"),
    ], key=str)
    message = {p.field: str(p) for p in read_document(doc)[1]}
    assert message["tournament.games_before_final"] == "tournament.games_before_final: 100000 is outside 0..1000"
    assert message["players.nickname"] == ("players.nickname: nickname 'Nick p01' of player p99 is also player p01's; "
                                           "a nickname names one player")


def test_a_nul_byte_or_an_over_long_text_is_refused_naming_the_field():
    doc = document([game("G", "black", seats={3: {"penalties": [{"clause": "8.5.1", "reason": "r" * 2001}]}})])
    doc["players"][0]["nickname"] = "a\x00b"
    doc["tournament"]["name"] = "n" * 201
    doc["games"][0]["judge"] = "j" * 161
    lines = sorted(str(p) for p in read_document(doc)[1])
    assert lines == sorted([
        "players[0].nickname: contains U+0000, a character that cannot be stored",
        "tournament.name: is 201 characters long; at most 200",
        "game G, judge: is 161 characters long; at most 160",
        "game G, seat 3, penalties.reason: is 2001 characters long; at most 2000",
    ])


def test_settings_outside_their_range_are_refused():
    doc = document([game("G", "red")], settings={"best_move_three": "100", "best_move_two": "0.255",
                                                 "k_max_participants": 10**30})
    assert sorted(str(p) for p in read_document(doc)[1]) == [
        "tournament.settings.best_move_three: 100 is outside 0.00..1.00",
        "tournament.settings.best_move_two: 0.255 is not a whole number of hundredths",
        "tournament.settings.k_max_participants: 10000000000000000000… is outside 0..30000",
    ]


def test_two_games_at_one_table_in_one_round_are_refused():
    doc = document([game("A", "red"), game("B", "black")])
    assert [str(p) for p in read_document(doc)[1]] == ["game B, table: qualifying round 1 table 1 already has game A"]


def test_shape_problems():
    doc = document([game("G", "red")])
    doc["tournament"]["participants"] = "twenty"
    doc["games"][0]["round"] = True
    doc["games"][0]["seats"][2]["fouls"] = "1"
    doc["games"][0]["seats"][3]["extra"] = "lots"
    doc["games"][0]["seats"][4]["penalties"] = [{"reason": "r"}]
    del doc["games"][0]["first_killed"]
    assert sorted(codes(doc), key=str) == sorted([
        (None, None, "tournament.participants", "wrong_type"),
        ("G", None, "round", "wrong_type"),
        ("G", 3, "fouls", "wrong_type"),
        ("G", 4, "extra", "not_a_decimal"),
        ("G", 5, "penalties.clause", "missing_field"),
        ("G", None, "first_killed", "missing_field"),
    ], key=str)


def test_parse_document_raises_with_every_problem():
    doc = document([game("G1", "red", seats={1: {"fouls": 5}}),
                    game("G2", "draw", round=2, seats={1: {"extra": "0.1"}})])
    with pytest.raises(InvalidTournament) as info:
        parse_document(doc)
    assert [p.code for p in info.value.problems] == ["fouls_out_of_range", "extra_in_draw"]
    assert "game G1, seat 1, fouls: 5 is outside 0..4" in str(info.value)
    # check=False parses the shape only
    assert parse_document(doc, check=False).games[0].seats[0].fouls == 5


def test_check_game_on_model_objects():
    seats = [Seat(n, f"p{n}", r) for n, r in zip(range(1, 11), [
        "red", "red", "red", "black", "don", "sheriff", "red", "red", "black", "red"])]
    g = Game("X", "final", 1, 1, "J", "black", None, FirstKilled(1, (4, 5)), seats)
    assert check_game(g, "fiim") == []
    seats[0] = Seat(1, "p1", "red", penalties=(Penalty("8.5.4", "x"),))
    g = Game("X", "final", 1, 1, "J", "black", None, None, seats)
    assert [p.code for p in check_game(g, "fiim")] == ["penalty_does_not_fit"]


def test_check_tournament_on_a_valid_tournament():
    t = tournament([game("G", "red")])
    assert check_tournament(t) == []


def test_a_broken_player_does_not_hide_the_games_problems():
    doc = document([game("G", "red", seats={2: {"fouls": 6}})])
    doc["players"][0] = {"id": 5, "nickname": "x"}
    doc["tournament"]["settings"] = {"best_move_two": "lots"}
    assert sorted(codes(doc), key=str) == sorted([
        (None, None, "players[0].id", "wrong_type"),
        (None, None, "tournament.settings.best_move_two", "wrong_type"),
        ("G", 1, "player", "unknown_player"),
        ("G", 2, "fouls", "fouls_out_of_range"),
    ], key=str)


def test_participants_fewer_than_the_players_seated_are_refused():
    """RULES.md §3 (decision, 8.7): the participants can never be fewer than the distinct
    players seated in the tournament's games; a file that says fewer is refused, naming the
    field. Counted over every game of the file: all stages, annulled games too."""
    others = ["p01", "p02", "p11", "p04", "p05", "p06", "p07", "p08", "p09", "p10"]
    games = [game("A", "annulled", seats={3: {"gross_violation": True}}),
             game("AR", "red", table=2, replay_of="A", players=others, stage="qualifying"),
             game("F", "black", stage="final", players=others)]
    assert codes(document(games, ruleset="mafclub", participants=11)) == []
    assert codes(document(games, ruleset="mafclub", participants=10)) == [
        (None, None, "tournament.participants", "participants_below_seated")]
    _, problems = read_document(document([game("G", "red")], participants=9))
    assert [str(p) for p in problems] == [
        "tournament.participants: 9 is fewer than the 10 players seated in the games; "
        "the participants are never fewer (8.7)"]


def test_participants_fewer_than_seated_make_standings_exit_2(tmp_path):
    """RULES.md §3: 9 participants with 10 players at the table would switch K on (<= 20)
    for a file that cannot be; standings refuses it (exit 2, nothing on stdout)."""
    from engines.scoring.cli import run_standings

    f = tmp_path / "t.json"
    games = [game("G", "red"), game("H", "red", round=2), game("I", "black", round=3)]
    f.write_text(json.dumps(document(games, participants=9)), encoding="utf-8")
    code, out, err = run_standings(str(f))
    assert (code, out) == (2, "")
    assert err.startswith("tournament.participants: 9 is fewer than the 10 players")
    f.write_text(json.dumps(document(games, participants=10)), encoding="utf-8")
    code, out, _ = run_standings(str(f))
    assert code == 0 and json.loads(out)["k"] == "1.33"  # N = 3, n = 1: 1 + 0.5/1.5


def test_a_first_killed_without_its_named_list_is_refused():
    """tournament-file.md: only extra, extra_approved, penalties, gross_violation, removed,
    fouls, replay_of and judge have defaults; first_killed.named has none, so a first-killed
    without it is a missing field (a first-killed who named nobody has "named": [])."""
    from engines.scoring.cli import standings_of_bytes

    doc = document([game("G", "black", first_killed=(1, []))])
    del doc["games"][0]["first_killed"]["named"]
    _, problems = read_document(doc)
    assert [str(p) for p in problems] == ["game G, first_killed.named: is required but missing"]
    standings, lines = standings_of_bytes(json.dumps(doc).encode())
    assert standings is None and lines == ["game G, first_killed.named: is required but missing"]
    doc["games"][0]["first_killed"]["named"] = []
    assert codes(doc) == []
