"""No lost updates (issue 4, point 5), on PostgreSQL: two people save the same protocol from
pages loaded at the same version; one wins, the other gets a conflict naming the first's change."""
import threading

import pytest
from django.db import connection, connections
from django.urls import reverse

from protocols.models import Game, ProtocolVersion
from protocols.services import ProtocolConflict, save_protocol
from tests.protocols.helpers import complete_post, make_cast
from tests.protocols.test_services import entry_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


@pytest.fixture
def postgres(require_services):
    if connection.vendor != "postgresql":
        require_services("these tests prove the lock on PostgreSQL; run them with DATABASE_URL=postgres://…")


def test_two_stale_pages_on_postgres_the_second_gets_a_conflict(postgres, client):
    cast = make_cast()
    url = reverse("protocols:game", args=[cast.game.pk])
    page = complete_post(cast.game, action="save")  # both loaded version 1
    client.force_login(cast.judge)
    assert client.post(url, {**page, "s2-fouls": "1"}).status_code == 302
    client.force_login(cast.chief)
    response = client.post(url, {**page, "s2-fouls": "3"})
    assert response.status_code == 422
    body = response.content.decode()
    assert "Место 2, фолы: 0 → 1" in body and cast.judge.username in body
    assert Game.objects.get(pk=cast.game.pk).seats.get(number=2).fouls == 1


def test_two_simultaneous_saves_on_postgres_never_both_win(postgres):
    cast = make_cast()
    game = cast.game
    entries = {
        cast.judge: entry_for(game, complete_post(game, action="save", **{"s2-fouls": "1"})),
        cast.chief: entry_for(game, complete_post(game, action="save", **{"s2-fouls": "3"})),
    }
    for _round in range(5):
        version = Game.objects.get(pk=game.pk).version
        barrier = threading.Barrier(2)
        outcomes = []

        def save(user, barrier=barrier, version=version, outcomes=outcomes):
            try:
                barrier.wait()
                save_protocol(game=Game.objects.get(pk=game.pk), user=user, entry=entries[user], expected_version=version)
                outcomes.append("saved")
            except ProtocolConflict as exc:
                outcomes.append(("conflict", exc.current_version))
            finally:
                connections.close_all()

        threads = [threading.Thread(target=save, args=(user,)) for user in entries]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes, key=str) == sorted(["saved", ("conflict", version + 1)], key=str)
        assert Game.objects.get(pk=game.pk).version == version + 1
    assert ProtocolVersion.objects.filter(game=game).count() == 6  # the initial state and one per round
