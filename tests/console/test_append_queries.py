"""What one accepted event costs the database: a fixed number of queries however long the log
is, so a change that adds a query to the judge's every tap fails here (bench/console.py gives
the time)."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from console import control, replay_cache, services
from tests.console.test_log_service import seat_roles
from tests.protocols.helpers import make_cast

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast(django_capture_on_commit_callbacks):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    with django_capture_on_commit_callbacks(execute=True):  # as committed: the replayed game is kept
        for index in range(5):
            append(cast, index)
    return cast


def append(cast, index, user=None):
    return services.append_event(game=cast.game, index=index, event=cast.events[index], user=user or cast.judge)


def statements(ctx) -> list[str]:
    """The SQL sent, without the transaction's own BEGIN / COMMIT / SAVEPOINT."""
    skip = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK")
    return [q["sql"] for q in ctx.captured_queries if not q["sql"].upper().startswith(skip)]


def test_it_stores_an_event_with_four_queries_while_the_game_is_cached(cast):
    with CaptureQueriesContext(connection) as ctx:
        appended = append(cast, 5)
    assert appended.view["index"] == 6
    sent = statements(ctx)
    # the log's row locked with its game read in the same query, who holds the console, the event, the length
    assert len(sent) == 4, "\n".join(sent)


def test_it_reads_the_stored_events_once_after_a_restart(cast):
    replay_cache.clear()  # a freshly started process: the log's events are read and replayed once
    with CaptureQueriesContext(connection) as ctx:
        appended = append(cast, 5)
    assert appended.view["index"] == 6 and appended.view["state"] == services.console_view(game=cast.game, user=cast.judge)["state"]
    assert len(statements(ctx)) == 5, "\n".join(statements(ctx))


def test_the_chief_judge_who_took_the_console_over_is_named_in_the_view_he_gets(cast):
    control.take_over(game=cast.game, user=cast.chief, reason="судья заболел")
    with CaptureQueriesContext(connection) as ctx:
        appended = append(cast, 5, user=cast.chief)
    assert appended.view["taken_over_by"]["user_id"] == cast.chief.pk
    assert appended.view["taken_over_by"]["reason"] == "судья заболел"
    assert len(statements(ctx)) == 5, "\n".join(statements(ctx))
