"""Two tabs (or two worker threads of one process, sharing its replay cache) send the same index
at once on PostgreSQL: one event is stored, the other gets the conflict with the stored state,
and the cached replay stays equal to a replay of the stored log."""
import threading

import pytest
from django.db import connection, connections

from console import replay_cache, services
from console.models import ConsoleEvent, ConsoleLog
from engines import console as core
from tests.console.test_log_service import seat_roles
from tests.protocols.helpers import make_cast

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


@pytest.fixture
def postgres(require_services):
    if connection.vendor != "postgresql":
        require_services("these tests prove the row lock on PostgreSQL; run them with DATABASE_URL=postgres://…")


def test_the_same_index_from_two_threads_stores_one_event(postgres):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    replay_cache.clear()
    for index in range(12):
        services.append_event(game=cast.game, index=index, event=cast.events[index], user=cast.judge)
    for index in range(12, 20):
        barrier = threading.Barrier(2)
        outcomes = []

        def send(user, index=index, barrier=barrier, outcomes=outcomes):
            try:
                barrier.wait()
                services.append_event(game=cast.game, index=index, event=cast.events[index], user=user)
                outcomes.append("stored")
            except services.EventConflict as exc:
                outcomes.append(("conflict", exc.view["index"]))
            finally:
                connections.close_all()

        threads = [threading.Thread(target=send, args=(user,)) for user in (cast.judge, cast.chief)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes, key=str) == sorted(["stored", ("conflict", index + 1)], key=str)
    log = ConsoleLog.objects.get(game=cast.game)
    stored = list(ConsoleEvent.objects.filter(log=log).order_by("index").values_list("payload", flat=True))
    assert log.length == 20 and stored == cast.events[:20]
    view = services.console_view(game=cast.game, user=cast.judge)
    assert view["state"] == core.state_json(core.replay_game({**log.header, "events": stored})[0].state)
