"""The stored rating: recomputed after a sign-off, versioned, never overwritten by a stale
job, and leaving out the tournaments that do not count."""
from unittest import mock

import pytest
from django.db import transaction

from protocols.models import Game
from ratings.models import GameRating, PlayerRating, RatingSettings, RatingSnapshot, RatingState
from ratings.recompute import current_snapshot, recompute
from ratings.tasks import recompute_ratings
from tests.tournament_builders import add_scheduled_round, as_if_committed, played, sign_off
from tournaments.domain_events import GameAmended, publish
from tournaments.models import Publication


def _announce(tournament):
    game = Game.objects.filter(tournament=tournament).first()
    with transaction.atomic():
        publish(GameAmended(tournament.pk, game.pk))


@pytest.mark.django_db
def test_every_game_stores_each_players_rating_before_and_after():
    t = played("rated", players=10, rounds=3)
    assert recompute() == 1
    snapshot = current_snapshot()
    assert snapshot.games == 3 and snapshot.players == 10
    rows = GameRating.objects.filter(snapshot=snapshot)
    assert rows.count() == 30
    # the chain is explained: a player's rating after one game is his rating before the next
    # (the same day: no time away widens it)
    player = t.registrations.first().player_id
    chain = list(rows.filter(player_id=player).order_by("game__round__number").values_list("before", "after"))
    assert len(chain) == 3
    for (_b1, a1), (b2, _a2) in zip(chain, chain[1:]):
        assert b2 == pytest.approx(a1)
    assert any(b != a for b, a in chain)
    last = PlayerRating.objects.get(snapshot=snapshot, player_id=player)
    assert last.rating == pytest.approx(chain[-1][1]) and last.games == 3 and last.provisional


@pytest.mark.django_db
def test_a_sign_off_sends_the_job_after_commit_and_the_new_game_is_rated(django_capture_on_commit_callbacks):
    t = played("sign-off", players=10, rounds=2)
    recompute()
    [game] = add_scheduled_round(t)
    with mock.patch.object(recompute_ratings, "delay") as delay:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            sign_off(game, result="black")
            _announce(t)
            _announce(t)  # a second change in the same transaction sends no second job
            assert not delay.called
        for callback in callbacks:  # the commit: each callback runs, one of them sends the job
            callback()
        delay.assert_called_once_with()
    as_if_committed()
    with django_capture_on_commit_callbacks(execute=True):
        _announce(t)  # eager Celery: the job runs at the commit
    state = RatingState.objects.get()
    assert state.computed_version == state.requested_version
    assert GameRating.objects.filter(snapshot=current_snapshot(), game=game).count() == 10


@pytest.mark.django_db
def test_a_stale_job_never_overwrites_a_newer_result():
    played("stale", players=10, rounds=2)
    assert recompute() == 1
    RatingState.raise_requested(full=True)  # a full rerun stores a new snapshot beside the old one
    assert recompute() == 2
    # a job sent for version 2 (or earlier) that runs late finds version 2 stored: nothing changes
    assert recompute() is None
    assert list(RatingSnapshot.objects.values_list("version", flat=True)) == [2, 1]
    assert RatingState.objects.get().computed_version == 2


@pytest.mark.django_db
def test_a_friendly_game_and_a_draft_are_not_rated():
    rated = played("counts", players=10, rounds=2, seed=1)
    friendly = played("friendly", players=10, rounds=3, seed=2)
    draft = played("draft", players=10, rounds=1, seed=3)
    RatingSettings.objects.create(tournament=friendly, rated=False)
    draft.publication = Publication.DRAFT
    draft.save()
    recompute()
    rated_games = set(GameRating.objects.filter(snapshot=current_snapshot()).values_list("game__tournament_id", flat=True))
    assert rated_games == {rated.pk}
    assert current_snapshot().games == 2


@pytest.mark.django_db
def test_the_sweep_recomputes_what_a_lost_job_left_stale():
    from datetime import timedelta

    from django.utils import timezone

    from ratings.recompute import sweep

    played("lost-job", players=10, rounds=1)
    RatingState.raise_requested()  # the job was never sent
    assert sweep() is None  # too recent: its job may still be on its way
    assert sweep(now=timezone.now() + timedelta(minutes=2)) == 1
    assert current_snapshot().games == 1
    assert sweep(now=timezone.now() + timedelta(minutes=5)) is None


@pytest.mark.django_db
def test_each_tournaments_ruleset_has_its_own_part_of_the_side_term():
    from tournaments.models import Ruleset, Tournament
    first = played("rules-a", players=10, rounds=3)
    second = played("rules-b", players=10, rounds=3, seed=2)
    Tournament.objects.filter(pk=second.pk).update(ruleset=Ruleset.MAFCLUB)
    assert first.ruleset == Ruleset.FIIM
    recompute()
    rates = current_snapshot().summary["red_base_rate_by_ruleset"]
    assert set(rates) == {Ruleset.FIIM, Ruleset.MAFCLUB}
    assert rates[Ruleset.FIIM] != rates[Ruleset.MAFCLUB]  # the second's part learned from its own games
