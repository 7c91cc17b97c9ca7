"""A tournament file of many games through the API: checked in the request, imported by a job
(202 and the job's address) instead of inside the request that gunicorn would kill at 30 s; the
job reports its progress, and its address tells the sender (and nobody else) how far it is and
the result, or every problem."""
import time

import pytest
from django.contrib.auth.models import Permission
from rest_framework.test import APIClient

from protocols import import_jobs
from protocols.models import FileImportJob, Game
from tests.engines.scoring.builders import document, game
from tests.factories import TournamentFactory, UserFactory
from tournaments.models import Publication, Tournament

pytestmark = pytest.mark.django_db

PLAYERS = [f"p{i:03d}" for i in range(1, 101)]


def many_games(rounds: int = 150) -> dict:
    """rounds x 10 tables of a 100-player qualifying stage: 1,500 games that `check` accepts."""
    games = []
    for r in range(1, rounds + 1):
        order = PLAYERS[r * 3 % 100:] + PLAYERS[:r * 3 % 100]
        for t in range(1, 11):
            games.append(game(f"R{r}-T{t}", "red" if (r + t) % 3 else "black", round=r, table=t,
                              players=order[(t - 1) * 10:t * 10]))
    doc = document(games, participants=100, games_before_final=rounds)
    doc["tournament"]["name"] = "Большой турнир"
    return doc


def organiser(name="organiser") -> tuple:
    user = UserFactory(username=name)
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    client = APIClient()
    client.force_authenticate(user)
    return user, client


def test_a_1500_game_file_is_imported_by_a_job_with_progress(django_capture_on_commit_callbacks, monkeypatch):
    user, client = organiser()
    reported = []
    real_report = import_jobs._report
    monkeypatch.setattr(import_jobs, "_report", lambda job_id, done, total: (reported.append((done, total)),
                                                                              real_report(job_id, done, total)))
    doc = many_games()
    began = time.monotonic()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = client.post("/api/v1/tournaments/import/", doc, format="json")
    answered = time.monotonic() - began
    assert response.status_code == 202, response.content[:500]
    assert answered < 20, answered  # checked in the request; imported elsewhere
    url = response.json()["url"]
    assert response["Location"] in url and not Tournament.objects.exists()
    waiting = client.get(url).json()
    assert (waiting["status"], waiting["done"], waiting["total"], waiting["tournament"]) == ("pending", 0, 1500, None)
    _other, stranger = organiser("stranger")
    assert stranger.get(url).status_code == 404
    for callback in callbacks:  # the transaction commits: the job is sent (and run, Celery being eager here)
        callback()
    done = client.get(url).json()
    new = Tournament.objects.get()
    assert (done["status"], done["done"], done["total"], done["tournament"], done["created"]) == (
        "done", 1500, 1500, new.slug, True)
    assert Game.objects.filter(tournament=new, status="signed_off").count() == 1500
    assert new.publication == Publication.DRAFT and user in new.organisers.all()
    assert reported[:3] == [(0, 1500), (50, 1500), (100, 1500)] and len(reported) == 30


def test_a_small_file_is_still_imported_in_the_request():
    _user, client = organiser()
    response = client.post("/api/v1/tournaments/import/", many_games(rounds=2), format="json")
    assert response.status_code == 201 and response.json()["games"] == 20
    assert not FileImportJob.objects.exists()


def test_a_job_that_cannot_import_reports_why(django_capture_on_commit_callbacks):
    _user, client = organiser()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = client.post("/api/v1/tournaments/import/?slug=bolshoy", many_games(rounds=11), format="json")
    assert response.status_code == 202
    TournamentFactory(slug="bolshoy")  # taken meanwhile: the job must not import into it
    for callback in callbacks:
        callback()
    failed = client.get(response.json()["url"]).json()
    assert failed["status"] == "failed" and failed["tournament"] is None
    assert [(e["field"], e["code"]) for e in failed["errors"]] == [("slug", "slug_taken")]
    assert not Game.objects.exists()


def test_a_put_of_many_games_into_a_tournament_is_a_job_too(django_capture_on_commit_callbacks):
    user, client = organiser()
    tournament = TournamentFactory(slug="kubok")
    tournament.organisers.add(user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.put("/api/v1/tournaments/kubok/file/", many_games(rounds=11), format="json")
    assert response.status_code == 202
    done = client.get(response.json()["url"]).json()
    assert (done["status"], done["tournament"], done["created"]) == ("done", "kubok", False)
    assert tournament.games.count() == 110
