"""Properties of the calculator over generated valid tournaments (hypothesis)."""
import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.scoring.fileformat import parse_document
from engines.scoring.render import dumps_standings
from engines.scoring.rules.win import WinPoints
from engines.scoring.standings import compute_standings, explain_player, scoring_context

from .strategies import game_docs, tournament_docs

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@SETTINGS
@given(tournament_docs())
def test_generated_tournaments_are_valid(doc):
    parse_document(doc)  # raises on any problem


@SETTINGS
@given(tournament_docs())
def test_win_points_of_a_game_are_the_winners_k_weighted_count(doc):
    t = parse_document(doc)
    ctx = scoring_context(t)
    total = 0
    for g in ctx.games:
        awards = WinPoints().award(ctx, g)
        winners = 7 if g.result == "red" else 3 if g.result == "black" else 0
        weight = ctx.k_cents if (ctx.k_cents is not None and g.result == ctx.hard_result) else 100
        assert sum(a[1] for a in awards) == winners * weight
        assert len(awards) == winners
        total += winners * weight
    rows = compute_standings(t).rows
    assert sum(r.components[0] for r in rows) == total


@SETTINGS
@given(tournament_docs())
def test_totals_are_the_sum_of_the_breakdown_and_of_the_explanation(doc):
    t = parse_document(doc)
    s = compute_standings(t)
    for r in s.rows:
        b = r.breakdown
        assert r.total == sum(b.values())
        assert r.total == r.main + r.extra
        main_keys = {"win", "compensation"} if t.ruleset == "fiim" else {"win"}
        assert r.main == sum(v for k, v in b.items() if k in main_keys)
        assert r.tiebreak_extra == sum(b[k] for k in ("removal", "best_move", "judge_extra",
                                                      "penalty", "replay_penalty"))
    for r in s.rows[:3]:
        assert sum(ln.points for ln in explain_player(t, r.player)) == r.total


@SETTINGS
@given(tournament_docs())
def test_places_are_a_permutation_in_ranking_order(doc):
    s = compute_standings(parse_document(doc))
    assert [r.place for r in s.rows] == list(range(1, len(s.rows) + 1))
    keys = [(r.total_cents, r.tiebreak_extra_cents, r.wins, r.wins_as_don_or_sheriff,
             r.first_killed) for r in s.rows]
    assert keys == sorted(keys, reverse=True)
    for a, b in zip(s.rows, s.rows[1:]):
        if keys[a.place - 1] == keys[b.place - 1]:
            assert a.decided_by_lot and b.decided_by_lot


@SETTINGS
@given(tournament_docs(), st.randoms(use_true_random=False))
def test_reordering_games_players_and_seats_never_changes_the_standings(doc, rnd):
    before = compute_standings(parse_document(doc)).to_document()
    shuffled = copy.deepcopy(doc)
    rnd.shuffle(shuffled["games"])
    rnd.shuffle(shuffled["players"])
    for g in shuffled["games"]:
        rnd.shuffle(g["seats"])
    assert compute_standings(parse_document(shuffled)).to_document() == before


@SETTINGS
@given(tournament_docs(participants=21), st.data())
def test_adding_a_game_the_player_lost_never_raises_their_total(doc, data):
    """Stated precisely: with K off (21 participants > 20, so a new game cannot change the
    weight of earlier wins), add a game that the player's team lost (or drew), in which the
    player got no judge's extra and was not first-killed. Then their total cannot rise: win
    points, Ci (B unchanged), mafclub's compensation (counts only their first-killed losses)
    and the replay penalty (the game is not annulled) are unchanged, and the game itself can
    only cost them (removal, penalty)."""
    t = parse_document(doc)
    before = compute_standings(t)
    player = data.draw(st.sampled_from([r.player for r in before.rows]))
    players = [p["id"] for p in doc["players"]]
    result = data.draw(st.sampled_from(["red", "black", "draw"]))
    new = data.draw(game_docs("NEW", players, doc["tournament"]["ruleset"],
                              round_no=data.draw(st.integers(1, 20)), table=99, result=result))
    seat = next((s for s in new["seats"] if s["player"] == player), None)
    if seat is None:  # seat the player in place of seat 1's occupant
        seat = new["seats"][0]
        seat["player"] = player
    team = "red" if seat["role"] in ("red", "sheriff") else "black"
    if result == team:  # make it a loss: flip the result, drop what the flip may not fit
        new["result"] = "black" if team == "red" else "red"
        for s in new["seats"]:
            s.pop("extra", None)
            s.pop("extra_approved", None)
            s.pop("penalties", None)
    seat.pop("extra", None)
    seat.pop("extra_approved", None)
    fk = new["first_killed"]
    if fk is not None and fk["seat"] == seat["seat"]:
        new["first_killed"] = None
    grown = copy.deepcopy(doc)
    grown["games"].append(new)
    after = compute_standings(parse_document(grown))
    assert after.row(player).total_cents <= before.row(player).total_cents


@SETTINGS
@given(tournament_docs(), st.sets(st.sampled_from(["qualifying", "semifinal", "final"]),
                                  min_size=1))
def test_a_stage_selection_is_scored_as_a_file_of_those_games(doc, stages):
    t = parse_document(doc)
    restricted = copy.deepcopy(doc)
    restricted["games"] = [g for g in doc["games"] if g["stage"] in stages]
    # a replay whose annulled game is outside the selection would not be a valid file
    kept = {g["id"] for g in restricted["games"]}
    for g in restricted["games"]:
        if g.get("replay_of") not in (None, *kept):
            del g["replay_of"]
    got = compute_standings(t, sorted(stages)).to_document()
    assert got == compute_standings(parse_document(restricted)).to_document()


@SETTINGS
@given(tournament_docs())
def test_the_fast_serializer_matches_json_dumps(doc):
    s = compute_standings(parse_document(doc))
    assert dumps_standings(s) == json.dumps(s.to_document(), ensure_ascii=False, indent=1)


@SETTINGS
@given(tournament_docs())
def test_the_parser_fast_paths_build_what_the_careful_path_builds(doc):
    from engines.scoring.document_shape import DocumentReader
    from engines.scoring.model import Game

    t = parse_document(doc)
    reader = DocumentReader()
    for g_doc, g in zip(doc["games"], t.games):
        careful = [reader.seat_slow(g.id, s)
                   for s in g_doc["seats"]]
        assert tuple(careful) == g.seats
        # the parser's notable seats are those Game.notable_seats() finds by itself
        fresh = Game(g.id, g.stage, g.round, g.table, g.judge, g.result, g.replay_of,
                     g.first_killed, g.seats)
        assert fresh.notable_seats() == g.notable_seats()
    assert reader.problems == []
