"""The incremental update: a sign-off of a game later than every rated one resumes from the
stored model state and applies only that game; the numbers are those of a full recompute. Any
other change (an earlier game's result, a merge, a tournament left out) reruns the history, and
changing a game's result changes nothing before that game."""
from unittest import mock

import pytest

from engines.ratings.bank import STATE_FORMAT
from protocols.models import Game
from ratings import recompute as job
from ratings.models import GameRating, PlayerRating, RatingSettings, RatingSnapshot, RatingState
from ratings.recompute import current_snapshot, recompute
from tests.tournament_builders import add_scheduled_round, played, sign_off

pytestmark = pytest.mark.django_db


def _stored():
    snapshot = current_snapshot()
    players = {r.player_id: (r.rating, r.skill, r.uncertainty, r.games, r.wins, r.provisional)
               for r in PlayerRating.objects.filter(snapshot=snapshot)}
    games = [tuple(r) for r in GameRating.objects.filter(snapshot=snapshot).order_by("pk").values_list(
        "game_id", "player_id", "p_red", "before", "after", "sigma_before", "sigma_after")]
    return snapshot.games, players, games


def test_later_sign_offs_are_applied_alone_and_equal_a_full_recompute():
    t = played("inc", players=20, rounds=2)
    recompute()
    for result in ("black", "red", "red"):
        games = add_scheduled_round(t)
        for game in games:
            sign_off(game, result=result)
        RatingState.raise_requested()
        with mock.patch.object(job, "rate", wraps=job.rate) as rate:
            version = recompute()
        # only the round's two games were rated, from the stored state
        assert version is not None and rate.call_count == 1 and len(rate.call_args.args[0]) == len(games) == 2
        assert rate.call_args.args[1] is not None
    incremental = _stored()
    assert incremental[0] == 10 and len(incremental[2]) == 100
    recompute(force=True)
    assert _stored() == incremental  # exactly equal: the same operations in the same order


def test_an_earlier_games_change_reruns_the_history_and_changes_nothing_before_it():
    t = played("inc-amend", players=10, rounds=6)
    recompute()
    before = _stored()
    games = list(Game.objects.filter(tournament=t).order_by("round__number"))
    changed = games[3]
    changed.result = "black" if changed.result == "red" else "red"
    changed.version += 1  # as every save of a protocol does
    changed.save(update_fields=["result", "version"])
    RatingState.raise_requested()
    with mock.patch.object(job, "rate", wraps=job.rate) as rate:
        recompute()
    assert rate.call_args.args[1:] == () and len(rate.call_args.args[0]) == 6  # the whole history, from the start
    after = _stored()
    earlier = {g.pk for g in games[:3]}
    assert [r for r in after[2] if r[0] in earlier] == [r for r in before[2] if r[0] in earlier]
    # the changed game's own forecast comes from the games before it: unchanged too
    assert {r[2] for r in after[2] if r[0] == changed.pk} == {r[2] for r in before[2] if r[0] == changed.pk}
    assert [r for r in after[2] if r[0] == changed.pk] != [r for r in before[2] if r[0] == changed.pk]


def test_a_change_marked_full_and_a_game_left_out_rerun_the_history():
    t = played("inc-full", players=10, rounds=3)
    recompute()
    RatingState.raise_requested(full=True)
    with mock.patch.object(job, "rate", wraps=job.rate) as rate:
        recompute()
    assert rate.call_args.args[1:] == () and len(rate.call_args.args[0]) == 3  # from the start
    assert RatingSnapshot.objects.count() == 2  # a full rerun stores a snapshot of its own
    assert RatingState.objects.get().full_needed is False
    RatingSettings.objects.create(tournament=t, rated=False)  # not through the admin: the fingerprint notices
    RatingState.raise_requested()
    recompute()
    assert current_snapshot().games == 0 and not GameRating.objects.filter(snapshot=current_snapshot()).exists()


def test_publishing_a_draft_asks_for_a_full_recompute():
    from tournaments.models import Publication
    from tournaments.tournament_changes import save_tournament
    t = played("inc-pub", players=10, rounds=2)
    recompute()
    t.publication = Publication.DRAFT
    save_tournament(t)  # what the admin's tournament form does
    assert RatingState.objects.get().full_needed
    recompute()
    assert current_snapshot().games == 0
    t.publication = Publication.PUBLISHED
    save_tournament(t)
    recompute()
    assert current_snapshot().games == 2


def test_finishing_a_published_tournament_rates_nothing_anew():
    """Published and finished tournaments both count: only a draft's border asks for the whole history."""
    from tournaments.models import Publication
    from tournaments.tournament_changes import save_tournament
    t = played("inc-fin", players=10, rounds=2)
    recompute()
    t.publication = Publication.FINISHED
    t.city = "Казань"
    save_tournament(t)
    assert not RatingState.objects.get().full_needed
    t.publication = Publication.DRAFT
    save_tournament(t)
    assert RatingState.objects.get().full_needed


def test_a_state_stored_by_an_earlier_model_reruns_the_history():
    t = played("inc-format", players=10, rounds=3)
    recompute()
    state = RatingState.objects.get()
    state.model_state = state.model_state["members"][0]  # as one model, before the bank, saved it
    state.save(update_fields=["model_state"])
    add_scheduled_round(t)
    for game in Game.objects.filter(tournament=t, result=""):
        sign_off(game, result="red")
    RatingState.raise_requested()
    with mock.patch.object(job, "rate", wraps=job.rate) as rate:
        recompute()
    assert rate.call_args.args[1:] == () and len(rate.call_args.args[0]) == 4  # from the start
    assert RatingState.objects.get().model_state["format"] == STATE_FORMAT
