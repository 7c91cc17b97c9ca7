"""One engine of rules: the command line's standings are the Django side's, to the byte.

The command line (``python -m scoring standings``) sums each rule's points with the rule's
``tally`` over the decoded file (fastpath.py); the Django side scores the parsed tournament
with ``compute_standings``, game by game with each rule's ``award`` (the points its
explanations show). Both forms of a rule live in the rule's module; here they are held equal
on random valid tournaments of both rulesets, with random settings, replays and selections
of stages, and the command line must take its own engine for every one of them (a valid
file goes to the careful path only for a JSON number with a fraction, which these have not).
"""
import json
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.scoring import model
from engines.scoring.cli import standings_of_bytes
from engines.scoring.fastpath import standings_from_bytes
from engines.scoring.fileformat import parse_document
from engines.scoring.render import dumps_standings
from engines.scoring.rules.base import Rule
from engines.scoring.rulesets import BREAKDOWN_KEYS, RULESETS
from engines.scoring.standings import compute_standings

from .builders import document, game
from .strategies import game_docs, keep_the_excluded_out, tournament_docs

SETTINGS = settings(max_examples=100, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

POINTS = st.one_of(st.integers(0, 100).map(lambda c: f"{c // 100}.{c % 100:02d}"),
                   st.sampled_from(["0", "0.3", "0.5", "1", " 0.25 "]), st.integers(0, 1))
FILE_SETTINGS = st.one_of(st.none(), st.fixed_dictionaries({}, optional={
    "k_max_participants": st.integers(0, 40),
    "best_move_three": POINTS,
    "best_move_two": POINTS,
    "fourth_foul_removal_counts": st.booleans(),
}))
STAGE_SETS = st.one_of(st.none(), st.sets(st.sampled_from(model.STAGES), min_size=1))


@st.composite
def tournaments(draw):
    """A valid file of either ruleset, with what the rules tell apart made likely: a
    first-killed naming the black seats (as red, and as black, which earns nothing), and
    under mafclub replays of annulled games at their table and round, annulled again by
    the same violator (the red card's -2), who then plays no later game (RULES.md §4)."""
    doc = draw(tournament_docs(ruleset=draw(st.sampled_from(sorted(RULESETS))), max_games=14))
    for g in doc["games"]:
        _aim_first_killed(draw, g)
    if doc["tournament"]["ruleset"] == model.RULESET_MAFCLUB:
        players = [p["id"] for p in doc["players"]]
        for g in list(doc["games"]):
            if g["result"] == "annulled":
                violator = next(s["player"] for s in g["seats"] if s.get("gross_violation"))
            while g["result"] == "annulled" and draw(st.booleans()):
                result = draw(st.sampled_from(["annulled", "annulled", "red", "black", "draw"]))
                replay = draw(game_docs(f"{g['id']}-r", players, "mafclub", g["round"],
                                        table=g["table"], result=result, replay_of=g["id"]))
                replay["stage"] = g["stage"]
                _aim_first_killed(draw, replay)
                if replay["result"] == "annulled":
                    for s in replay["seats"]:
                        if s["player"] == violator and not s.get("gross_violation"):
                            s["gross_violation"] = True
                            s.pop("penalties", None)
                doc["games"].append(replay)
                g = replay
    keep_the_excluded_out(doc)
    file_settings = draw(FILE_SETTINGS)
    if file_settings is not None:
        doc["tournament"]["settings"] = file_settings
    return doc


def _aim_first_killed(draw, g):
    """Now and then p00 is the first-killed (so that one player is, again and again: Ci's
    B, mafclub's escalating compensation), and now and then the first-killed names two or
    three of the black seats."""
    fk = g["first_killed"]
    if fk is None:
        return
    if draw(st.booleans()):
        fk["seat"] = next((s["seat"] for s in g["seats"] if s["player"] == "p00"), fk["seat"])
        fk["named"] = [n for n in fk["named"] if n != fk["seat"]]
    if not draw(st.booleans()):
        return
    blacks = [s["seat"] for s in g["seats"]
              if s["role"] in ("black", "don") and s["seat"] != fk["seat"]]
    others = [s["seat"] for s in g["seats"] if s["seat"] not in blacks and s["seat"] != fk["seat"]]
    fk["named"] = (draw(st.permutations(blacks))[:draw(st.integers(2, len(blacks)))]
                   + draw(st.permutations(others))[:draw(st.integers(0, 1))])[:3]


@SETTINGS
@given(tournaments(), STAGE_SETS, st.booleans())
def test_the_command_line_and_compute_standings_give_one_document(doc, stages, indent):
    stages = sorted(stages) if stages else None
    data = json.dumps(doc, ensure_ascii=False, indent=1 if indent else None).encode("utf-8")
    expected = compute_standings(parse_document(doc), stages)  # the file is valid

    assert standings_from_bytes(data, stages) is not None, "a valid file takes the tallies"
    got, problems = standings_of_bytes(data, stages)  # what `standings` prints
    assert problems == []
    assert got.to_document() == expected.to_document()
    assert dumps_standings(got) == dumps_standings(expected)


@settings(SETTINGS, max_examples=40)
@given(tournaments())
def test_a_rule_change_shows_in_both_engines(doc):
    """Each rule's tally and its awards are the only homes of its points: switching a
    rule's component off in both (its tally and award giving nothing) changes both
    documents alike, and nothing else carries those points."""
    data = json.dumps(doc, ensure_ascii=False).encode("utf-8")
    ruleset = RULESETS[doc["tournament"]["ruleset"]]
    rule = ruleset.rules[len(doc["games"]) % len(ruleset.rules)]
    cls = type(rule)
    award, tally = cls.award, cls.tally
    cls.award = lambda self, ctx, game: []
    cls.tally = lambda self, ctx, tables: {}
    try:
        fast = standings_from_bytes(data)
        careful = compute_standings(parse_document(doc))
    finally:
        cls.award, cls.tally = award, tally
    assert fast is not None and fast.to_document() == careful.to_document()
    index = BREAKDOWN_KEYS.index(rule.key)
    assert all(r.components[index] == 0 for r in fast.rows)


def test_every_rule_of_every_ruleset_has_both_forms():
    for ruleset in RULESETS.values():
        for rule in ruleset.rules:
            assert type(rule).award is not Rule.award, rule
            assert type(rule).tally is not Rule.tally, rule


def _both(doc):
    data = json.dumps(doc, ensure_ascii=False).encode("utf-8")
    fast = standings_from_bytes(data)
    careful = compute_standings(parse_document(doc))
    assert fast is not None and fast.to_document() == careful.to_document()
    return {r.player: r.breakdown for r in fast.rows}


def test_the_fourth_first_night_loss_gives_one_and_a_half_in_both_engines():
    # p01 (seat 1, red) is first-killed in four black wins: 0 + 0.50 + 1.00 + 1.50
    games = [game(f"G{i}", "black", round=i, first_killed=(1, [])) for i in range(1, 5)]
    breakdown = _both(document(games, ruleset="mafclub"))
    assert breakdown["p01"]["compensation"] == Decimal("3.00")


def test_two_violations_cost_eight_in_both_engines():
    # p04 violates in G1 and in its replay: -3, then -3 - 2; excluded, p11 takes seat 4 in G1rr
    violation = {4: {"gross_violation": True}}
    others = ["p01", "p02", "p03", "p11", "p05", "p06", "p07", "p08", "p09", "p10"]
    games = [game("G1", "annulled", seats=violation),
             game("G1r", "annulled", replay_of="G1", seats=violation),
             game("G1rr", "red", replay_of="G1r", players=others, first_killed=(2, [4, 5, 9]))]
    breakdown = _both(document(games, ruleset="mafclub"))
    assert breakdown["p04"]["replay_penalty"] == Decimal("-8.00")
    assert breakdown["p02"]["best_move"] == Decimal("0.40")
    assert breakdown["p01"]["win"] == Decimal("1.00")
