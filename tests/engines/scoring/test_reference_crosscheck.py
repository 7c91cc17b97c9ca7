"""Cross-check of the scoring core against the plain reference of tests/engines/scoring/reference.py.

The reference is written from RULES.md §3–§4 and spec/tournament-file.md only. Here it must
(a) reproduce the golden example standings, and (b) agree with the production core on
generated valid tournament files (fiim and mafclub, draws, misses, removals, extras,
penalties, annulled games and replays, stage selections, K on and off).
"""
from __future__ import annotations

import copy
import json
from decimal import Decimal
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.scoring.fileformat import parse_document
from engines.scoring.standings import compute_standings
from engines.scoring.validation import check_tournament

from .reference import reference_standings
from .strategies import keep_the_excluded_out

SPEC = Path(__file__).resolve().parent / "data"  # the spec's examples, copied (tests/spec_copies.py)

STAGES = ("qualifying", "semifinal", "final")
ROLES = ["red"] * 6 + ["sheriff", "black", "black", "don"]
RED_TEAM = ("red", "sheriff")
BLACK_TEAM = ("black", "don")


def core_standings(doc, stages=None):
    return compute_standings(parse_document(copy.deepcopy(doc)), stages).to_document()


# -- (a) the golden example ---------------------------------------------------------------
def _spec_file(name):
    path = SPEC / name
    return json.loads(path.read_text(encoding="utf-8"))


def test_reference_reproduces_the_example_standings():
    doc = _spec_file("example-tournament.json")
    golden = _spec_file("example-standings.json")
    assert reference_standings(doc) == golden


def test_core_and_reference_agree_on_the_example_for_every_selection():
    doc = _spec_file("example-tournament.json")
    for stages in (None, ["qualifying"], ["semifinal"], ["final"], ["qualifying", "semifinal"]):
        assert core_standings(doc, stages) == reference_standings(doc, stages), stages


# -- (b) generated valid files -------------------------------------------------------------
def _team(role):
    return "red" if role in RED_TEAM else "black"


def _penalty_clauses(role, result):
    """The clauses that fit a role and a result (RULES.md §3, 8.5; none in an annulled game)."""
    out = []
    if role in RED_TEAM and result == "black":
        out += ["8.5.1", "8.5.3"]
    if role == "red" and result in ("red", "black", "draw"):
        out.append("8.5.2")
    if role in BLACK_TEAM and result == "red":
        out.append("8.5.4")
    return out


def _decimal_value(draw, cents):
    """An extra value in one of the spellings the file allows."""
    text = f"{cents // 100}.{cents % 100:02d}"
    form = draw(st.sampled_from(["str", "str", "decimal", "short"]))
    if form == "decimal":
        return Decimal(text)
    if form == "short":
        return str(Decimal(text).normalize()) if cents else "0"
    return text


@st.composite
def seat_extras(draw, seats, result):
    """Judge's extra points within 8.4: <= 3 players, sum <= 1.00, steps of 0.05, a winner
    <= 0.70 (> 0.50 only approved), a loser <= 0.40, none in a draw. Nobody won an annulled
    game: the losing team's <= 0.40 for everyone (RULES.md §4)."""
    if result == "draw":
        return {}
    how_many = draw(st.integers(0, 3))
    chosen = draw(st.lists(st.sampled_from(range(10)), min_size=how_many, max_size=how_many,
                           unique=True))
    out = {}
    budget = 100
    for i in chosen:
        role = seats[i]["role"]
        if result == "annulled":
            cap = 40
        elif _team(role) == result:
            cap = 70
        else:
            cap = 40
        cap = min(cap, budget)
        if cap < 5:
            break
        cents = 5 * draw(st.integers(1, cap // 5))
        budget -= cents
        approved = cents > 50 or draw(st.integers(0, 9)) == 0
        out[i] = (cents, approved)
    return out


@st.composite
def game_docs(draw, gid, stage, rnd, table, player_pool, ruleset, result=None, replay_of=None):
    players = draw(st.permutations(player_pool).map(lambda p: p[:10]))
    roles = draw(st.permutations(ROLES))
    if result is None:
        result = draw(st.sampled_from(["red", "red", "black", "black", "draw"]))
    seats = [{"seat": n + 1, "player": players[n], "role": roles[n]} for n in range(10)]

    # first-killed: often the "star" (lowest id at the table) so that a player collects
    # several first kills (Ci's B, mafclub's escalation), sometimes a miss.
    fk_kind = draw(st.sampled_from(["miss", "star", "star", "any"]))
    first_killed = None
    if fk_kind != "miss":
        if fk_kind == "star":
            fk_index = min(range(10), key=lambda i: seats[i]["player"])
        else:
            fk_index = draw(st.integers(0, 9))
        others = [n for n in range(1, 11) if n != fk_index + 1]
        blacks = [s["seat"] for s in seats if s["role"] in BLACK_TEAM and s["seat"] != fk_index + 1]
        how = draw(st.sampled_from(["blacks", "two", "random"]))
        if how == "blacks":
            named = list(blacks)
        elif how == "two":
            reds = [n for n in others if n not in blacks]
            named = blacks[:2] + draw(st.lists(st.sampled_from(reds), max_size=1))
        else:
            named = draw(st.lists(st.sampled_from(others), max_size=3, unique=True))
        named = draw(st.permutations(named[:3]))
        first_killed = {"seat": fk_index + 1, "named": list(named)}

    for s in seats:
        fouls = draw(st.integers(0, 4))
        kind = draw(st.sampled_from([None] * 8 + ["fourth", "disq"]))
        if kind == "fourth":
            fouls = 4
            s["removed"] = "fourth_foul"
        elif kind == "disq":
            s["removed"] = "disqualifying_foul"
        elif draw(st.booleans()):
            s["removed"] = None
        if fouls or draw(st.booleans()):
            s["fouls"] = fouls
        clauses = _penalty_clauses(s["role"], result)
        if clauses and draw(st.integers(0, 7)) == 0:
            s["penalties"] = [{"clause": c, "reason": "тест"}
                              for c in draw(st.lists(st.sampled_from(clauses), min_size=1,
                                                     max_size=2))]
        elif draw(st.integers(0, 5)) == 0:
            s["penalties"] = []

    for i, (cents, approved) in draw(seat_extras(seats, result)).items():
        seats[i]["extra"] = _decimal_value(draw, cents)
        if approved:
            seats[i]["extra_approved"] = True

    if result == "annulled":
        # One gross violator, often the star so that a second violation happens.
        if draw(st.booleans()):
            v = min(range(10), key=lambda i: seats[i]["player"])
        else:
            v = draw(st.integers(0, 9))
        seats[v]["gross_violation"] = True
    elif ruleset == "mafclub" and draw(st.integers(0, 9)) == 0:
        seats[draw(st.integers(0, 9))]["gross_violation"] = False

    game = {"id": gid, "stage": stage, "round": rnd, "table": table, "result": result}
    if draw(st.booleans()):
        game["judge"] = f"Судья {table}"
    if replay_of is not None:
        game["replay_of"] = replay_of
    elif draw(st.integers(0, 5)) == 0:
        game["replay_of"] = None
    game["first_killed"] = first_killed
    game["seats"] = draw(st.permutations(seats)) if draw(st.integers(0, 4)) == 0 else seats
    return game


@st.composite
def tournament_docs(draw):
    ruleset = draw(st.sampled_from(["fiim", "mafclub"]))
    n_players = draw(st.integers(10, 40))
    ids = [f"p{i:02d}" for i in range(1, n_players + 1)]
    players = [{"id": pid, "nickname": f"Игрок {pid}"} for pid in ids]
    # a small core of regulars makes players meet again (ties, repeated first kills)
    pool_size = draw(st.sampled_from([10, 11, 12, n_players]))
    pool = ids[: max(10, min(pool_size, n_players))]
    participants = draw(st.sampled_from([n_players, 20, 21, draw(st.integers(10, 60))]))
    head = {
        "name": "Кросс-проверка",
        "ruleset": ruleset,
        "participants": participants,
        "games_before_final": draw(st.one_of(st.integers(0, 16), st.integers(17, 60))),
        # bounds.py refuses NUL and lone surrogates in any text
        "lot_seed": draw(st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)),
                                 min_size=0, max_size=8)),
    }
    if draw(st.integers(0, 3)) == 0:
        custom = {}
        if draw(st.booleans()):
            custom["k_max_participants"] = draw(st.integers(0, 40))
        if draw(st.booleans()):
            custom["fourth_foul_removal_counts"] = draw(st.booleans())
        if draw(st.booleans()):
            custom["best_move_three"] = draw(st.sampled_from(["0.5", "0.40", "0.3"]))
        if draw(st.booleans()):
            custom["best_move_two"] = draw(st.sampled_from(["0.25", "0.2", "0.1"]))
        head["settings"] = custom

    n_games = draw(st.integers(1, 12))
    games = []
    used_slots = set()
    annulled_ids = []
    for i in range(n_games):
        stage = draw(st.sampled_from(STAGES))
        # unique (stage, round, table): the playing order of the rules is then total.
        while True:
            rnd = draw(st.integers(1, 6))
            table = draw(st.integers(1, 3))
            if (stage, rnd, table) not in used_slots:
                break
            used_slots_size = len(used_slots)
            if used_slots_size > 40:
                break
        if (stage, rnd, table) in used_slots:
            continue
        used_slots.add((stage, rnd, table))
        result = None
        replay_of = None
        if ruleset == "mafclub":
            kind = draw(st.sampled_from(["normal"] * 3 + ["annulled", "replay"]))
            if kind == "annulled":
                result = "annulled"
            elif kind == "replay" and annulled_ids:
                replay_of = draw(st.sampled_from(annulled_ids))
        gid = f"G{i + 1}"
        game = draw(game_docs(gid, stage, rnd, table, pool, ruleset, result, replay_of))
        if result == "annulled":
            annulled_ids.append(gid)
        games.append(game)
    # the participants are never fewer than the players seated (RULES.md §3)
    seated = {s["player"] for g in games for s in g["seats"]}
    head["participants"] = max(head["participants"], len(seated))
    doc = {"format": "mafia-tournament/1", "tournament": head, "players": players,
           "games": draw(st.permutations(games))}
    return keep_the_excluded_out(doc)  # RULES.md §4: no game after a player's second replay


selections = st.one_of(
    st.none(),
    st.sampled_from([["qualifying"], ["semifinal"], ["qualifying", "semifinal"]]),
    st.lists(st.sampled_from(STAGES), min_size=1, max_size=3, unique=True),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.data_too_large])
@given(doc=tournament_docs(), stages=selections)
def test_core_agrees_with_reference_on_generated_files(doc, stages):
    assert check_tournament(parse_document(copy.deepcopy(doc), check=False)) == []
    expected = reference_standings(copy.deepcopy(doc), stages)
    assert core_standings(doc, stages) == expected


# -- hand-written corners the generator rarely reaches -----------------------------------------
def _plain_game(gid, stage, rnd, result, players, first_killed=None):
    roles = ["red", "red", "red", "red", "red", "red", "sheriff", "black", "black", "don"]
    return {"id": gid, "stage": stage, "round": rnd, "table": 1, "result": result,
            "first_killed": first_killed,
            "seats": [{"seat": n + 1, "player": players[n], "role": roles[n]} for n in range(10)]}


def _plain_doc(games, ruleset="fiim", participants=20, games_before_final=10):
    ids = sorted({s["player"] for g in games for s in g["seats"]})
    return {"format": "mafia-tournament/1",
            "tournament": {"name": "t", "ruleset": ruleset, "participants": participants,
                           "games_before_final": games_before_final, "lot_seed": "s"},
            "players": [{"id": i, "nickname": i} for i in ids],
            "games": games}


PLAYERS = [f"p{i:02d}" for i in range(1, 11)]


def test_ci_is_rounded_half_up_on_an_exact_tie():
    # games_before_final 40 -> N = 16; first-killed once as red, red lost: Ci = 0.4/16 = 0.025
    doc = _plain_doc([_plain_game("Q1", "qualifying", 1, "black", PLAYERS,
                                  {"seat": 1, "named": []})], games_before_final=40)
    ref = reference_standings(doc)
    row = next(r for r in ref["standings"] if r["player"] == "p01")
    assert row["breakdown"]["compensation"] == "0.03"
    assert core_standings(doc) == ref


def test_k_is_rounded_half_up_on_an_exact_tie():
    # 16 games, red 13, black 3: K = 1 + (8 - 3)/8 = 1.625 -> 1.63 (half-even would give 1.62)
    games = [_plain_game(f"Q{i}", "qualifying", i, "red" if i > 3 else "black", PLAYERS)
             for i in range(1, 17)]
    doc = _plain_doc(games)
    ref = reference_standings(doc)
    assert ref["k"] == "1.63"
    assert core_standings(doc) == ref


def test_mafclub_second_violation_and_escalation_on_one_player():
    # p01 first-killed as red in three black wins (0 + 0.5 + 1.0) and causes two annulments
    # (-3, then -3 - 2), after which p11 takes seat 1 in the replay Q6 (RULES.md §4: p01 is
    # excluded); p02 is removed in an annulled game it did not cause (-0.5 kept).
    # K applies under mafclub too: 4 played games, red 1, black 3: K = 1 + (2 - 1)/2 = 1.50 for
    # the red win of Q6.
    fk = {"seat": 1, "named": [8, 9, 10]}
    games = [_plain_game(f"Q{i}", "qualifying", i, "black", PLAYERS, fk) for i in (1, 2, 3)]
    for i in (4, 5):
        g = _plain_game(f"Q{i}", "qualifying", i, "annulled", PLAYERS, fk)
        g["seats"][0]["gross_violation"] = True
        g["seats"][0]["removed"] = "disqualifying_foul"
        g["seats"][1]["removed"] = "disqualifying_foul"
        games.append(g)
    games.append(dict(_plain_game("Q6", "qualifying", 6, "red", ["p11"] + PLAYERS[1:]), replay_of="Q5"))
    doc = _plain_doc(games, ruleset="mafclub")
    ref = reference_standings(doc)
    assert ref["k"] == "1.50"
    p01 = next(r for r in ref["standings"] if r["player"] == "p01")
    assert p01["breakdown"] == {"win": "0.00", "compensation": "1.50", "removal": "0.00",
                                "best_move": "2.00", "judge_extra": "0.00", "penalty": "0.00",
                                "replay_penalty": "-8.00"}
    assert (p01["main"], p01["extra"], p01["tiebreak_extra"]) == ("0.00", "-4.50", "-6.00")
    assert next(r for r in ref["standings"] if r["player"] == "p11")["breakdown"]["win"] == "1.50"
    p02 = next(r for r in ref["standings"] if r["player"] == "p02")
    assert p02["breakdown"]["removal"] == "-1.00"
    assert core_standings(doc) == ref
    for stages in (["qualifying"], ["semifinal"]):
        assert core_standings(doc, stages) == reference_standings(doc, stages)
