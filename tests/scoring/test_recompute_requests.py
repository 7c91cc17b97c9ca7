"""Who asks for a recompute: the services that change what the standings read, explicitly, once
per tournament and transaction; no model signal, no state left behind by a rolled-back delete."""
from unittest import mock

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.models import StandingsState
from scoring.services import request_recompute
from scoring.tasks import recompute_standings
from tests.tournament_builders import played
from tournaments.models import Registration, Round, Stage, StageKind, Tournament
from tournaments.tournament_changes import save_tournament

pytestmark = pytest.mark.django_db


def test_a_rolled_back_delete_does_not_stop_later_recomputes(django_capture_on_commit_callbacks):
    t = played("rolled-back-delete", players=10, rounds=1)
    with mock.patch.object(recompute_standings, "delay") as delay:
        with django_capture_on_commit_callbacks(execute=True):
            with pytest.raises(RuntimeError):
                with transaction.atomic():
                    Tournament.objects.get(pk=t.pk).delete()  # its registrations and rounds go in the cascade
                    raise RuntimeError("the delete was refused")
        assert Registration.objects.filter(tournament=t).count() == 10
        with django_capture_on_commit_callbacks(execute=True):
            t.best_move_three = "0.50"
            save_tournament(t)
        assert [call.args for call in delay.call_args_list] == [(t.pk,)]


def test_a_rolled_back_request_does_not_stop_the_next_one(django_capture_on_commit_callbacks):
    t = played("rolled-back-request", players=10, rounds=1)
    with mock.patch.object(recompute_standings, "delay") as delay:
        with django_capture_on_commit_callbacks(execute=True):
            with pytest.raises(RuntimeError):
                with transaction.atomic():
                    request_recompute(t)
                    raise RuntimeError("the sign-off failed")
        assert not delay.called
        with django_capture_on_commit_callbacks(execute=True):
            request_recompute(t)
        assert [call.args for call in delay.call_args_list] == [(t.pk,)]


def test_one_job_per_tournament_and_transaction(django_capture_on_commit_callbacks):
    a = played("once-a", players=10, rounds=1)
    b = played("once-b", players=10, rounds=1)
    with mock.patch.object(recompute_standings, "delay") as delay:
        with django_capture_on_commit_callbacks(execute=True):
            with transaction.atomic():
                request_recompute(a)
                with pytest.raises(RuntimeError):
                    with transaction.atomic():  # a savepoint rolled back takes only its own request
                        request_recompute(a)
                        request_recompute(b)
                        raise RuntimeError
                request_recompute(a)
                request_recompute(b.pk)
                request_recompute(a)
        assert sorted(call.args for call in delay.call_args_list) == [(a.pk,), (b.pk,)]
        with django_capture_on_commit_callbacks(execute=True):
            request_recompute(a)  # the next transaction sends again
        assert delay.call_count == 3


def test_a_savepoint_rolled_back_alone_still_sends_the_job(django_capture_on_commit_callbacks):
    t = played("savepoint", players=10, rounds=1)
    with mock.patch.object(recompute_standings, "delay") as delay:
        with django_capture_on_commit_callbacks(execute=True):
            with transaction.atomic():
                with pytest.raises(RuntimeError):
                    with transaction.atomic():
                        request_recompute(t)
                        raise RuntimeError
                request_recompute(t)
        assert [call.args for call in delay.call_args_list] == [(t.pk,)]


def test_saving_a_registration_runs_its_update_alone():
    """No model signal reads the tournament (EXISTS) or raises the standings version (UPDATE)
    behind a plain save; the service that changes a registration asks, once."""
    t = played("plain-save", players=10, rounds=1)
    registration = Registration.objects.filter(tournament=t).first()
    registration.withdrawn = True
    with CaptureQueriesContext(connection) as queries:
        registration.save(update_fields=["withdrawn"])
    assert len(queries) == 1 and queries[0]["sql"].startswith("UPDATE")


def test_the_admin_edit_of_a_registration_asks_once(admin_client, django_capture_on_commit_callbacks):
    t = played("admin-registration", players=10, rounds=1)
    registration = Registration.objects.filter(tournament=t).order_by("number").first()
    before = StandingsState.objects.get(pk=t.pk).requested_version
    url = reverse("admin:tournaments_registration_change", args=[registration.pk])
    data = {"tournament": t.pk, "player": registration.player_id, "number": registration.number, "code": registration.code,
            "withdrawn": "on"}
    with mock.patch.object(recompute_standings, "delay") as delay:
        with django_capture_on_commit_callbacks(execute=True):
            response = admin_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    registration.refresh_from_db()
    assert registration.withdrawn
    assert [call.args for call in delay.call_args_list] == [(t.pk,)]
    assert StandingsState.objects.get(pk=t.pk).requested_version == before + 1


def test_deleting_a_tournament_asks_for_nothing(django_capture_on_commit_callbacks):
    t = played("deleted", players=10, rounds=1)
    with mock.patch.object(recompute_standings, "delay") as delay:
        with django_capture_on_commit_callbacks(execute=True):
            Tournament.objects.get(pk=t.pk).delete()
    assert not delay.called
    assert not StandingsState.objects.filter(tournament_id=t.pk).exists()


def test_a_round_of_the_plan_asks_only_when_the_plan_counts(admin_client, django_capture_on_commit_callbacks):
    t = played("round-plan", players=10, rounds=1)
    stage = Stage.objects.get(tournament=t, kind=StageKind.QUALIFYING)
    url = reverse("admin:tournaments_round_add")
    with mock.patch.object(recompute_standings, "delay") as delay:
        with django_capture_on_commit_callbacks(execute=True):
            assert admin_client.post(url, {"stage": stage.pk, "number": 5}).status_code == 302
        assert not delay.called  # games before the final are set: the plan does not count
        Tournament.objects.filter(pk=t.pk).update(games_before_final=None)
        with django_capture_on_commit_callbacks(execute=True):
            assert admin_client.post(url, {"stage": stage.pk, "number": 6}).status_code == 302
        assert [call.args for call in delay.call_args_list] == [(t.pk,)]
    assert Round.objects.filter(stage=stage, number__in=[5, 6]).count() == 2



def test_hiding_the_standings_or_deleting_the_tournament_drops_the_memo_after_the_commit(
        settings, admin_client, django_capture_on_commit_callbacks):
    """Pages memoise the current snapshot; a tournament saved (its standings hidden) or deleted
    through the admin's paths is not shown as it was once the change is committed."""
    from scoring import selectors

    settings.STANDINGS_POINTER_TTL = 60
    t = played("memo", players=10, rounds=1)
    assert selectors.current(t.slug).standings_public  # memoised for a minute
    t.standings_public = False
    with mock.patch.object(recompute_standings, "delay") as delay:
        with django_capture_on_commit_callbacks(execute=True):
            save_tournament(t)
    assert not delay.called  # not a scoring setting: nothing to recompute
    assert not selectors.current(t.slug).standings_public
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(reverse("admin:tournaments_tournament_delete", args=[t.pk]), {"post": "yes"})
    assert response.status_code == 302 and not Tournament.objects.filter(pk=t.pk).exists()
    assert selectors.current(t.slug) is None
