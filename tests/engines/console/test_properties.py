"""Properties of random legal games: never stuck, every finished one scores, a prefix and then
the rest is the whole, undo's fold equals the step by step state, a view once taken stays as it was."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.console import Game, fold, game_view, progress, replay, state_json, trace_json
from engines.scoring.fileformat import read_document

from .random_games import play

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def tournament_with(game: dict, ruleset: str) -> dict:
    return {"format": "mafia-tournament/1",
            "tournament": {"name": "t", "ruleset": ruleset, "participants": 20, "games_before_final": 6,
                           "lot_seed": "s"},
            "players": [{"id": s["player"], "nickname": s["player"]} for s in game["seats"]],
            "games": [game]}


def never_stuck(game: Game) -> None:
    s = game.state
    if s.phase != "ended":
        assert progress(s), f"no legal way forward in {state_json(s)}"


@SETTINGS
@given(SEEDS)
def test_random_legal_games_never_reach_a_state_with_no_way_forward(seed):
    play(random.Random(seed), check=never_stuck)


@SETTINGS
@given(SEEDS)
def test_every_finished_game_maps_to_a_game_scoring_accepts(seed):
    doc, game = play(random.Random(seed))
    result = replay(doc)
    assert result["accepted"], result
    if game.state.phase != "ended":
        assert result["mapped"] is None
        return
    _, problems = read_document(tournament_with(result["mapped"]["game"], doc["ruleset"]))
    assert [str(p) for p in problems] == []


@SETTINGS
@given(SEEDS, st.floats(min_value=0, max_value=1))
def test_a_prefix_and_then_the_rest_gives_the_whole(seed, cut):
    doc, game = play(random.Random(seed))
    whole = replay(doc)
    k = int(cut * len(doc["events"]))
    part = Game.from_document(doc)
    for event in doc["events"][:k]:
        part.push(event)
    resumed = Game.from_document(doc)
    resumed.state = part.state.copy()
    resumed.in_force = list(part.in_force)
    for event in doc["events"][k:]:
        resumed.push(event)
    assert state_json(resumed.state) == whole["state"] == state_json(game.state)
    assert trace_json(resumed.state) == whole["trace"]
    assert state_json(part.state) == replay(dict(doc, events=doc["events"][:k]))["state"]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_the_step_by_step_state_equals_the_fold_of_the_events_in_force(seed):
    def same_as_fold(game: Game) -> None:
        folded = fold(game.header, game.in_force)
        assert state_json(folded) == state_json(game.state)
        assert trace_json(folded) == trace_json(game.state)

    play(random.Random(seed), max_events=150, check=same_as_fold)


@SETTINGS
@given(SEEDS, st.floats(min_value=0, max_value=1))
def test_a_view_once_taken_stays_as_it_was_while_the_game_goes_on(seed, cut):
    # the server keeps the replayed game for the next append while the view it answered with is
    # still being sent: the view's trace and legal events must be its own, not the game's
    doc, _ = play(random.Random(seed))
    k = int(cut * len(doc["events"]))
    game = Game.from_document(doc)
    for event in doc["events"][:k]:
        game.push(event)
    taken = game_view(game)
    sent = json.dumps(taken, sort_keys=True)
    for event in doc["events"][k:]:
        game.push(event)
    assert json.dumps(taken, sort_keys=True) == sent
