"""The hall shares one table's live.json answer for up to a second (public/live_cache.py): a
second poll costs no query, and an event, the judge's clock or a sign-off is seen by the next
poll after its commit, not a second later. A draft's preview is never kept."""
import pytest

from tests.console.test_live import cast, live_json, live_response, play, push  # noqa: F401  (the fixture)
from tests.console.test_screen import timer
from tournaments.models import Publication

pytestmark = pytest.mark.django_db(transaction=True)  # the kept answer is forgotten after a commit


@pytest.fixture(autouse=True)
def kept(settings):
    settings.LIVE_JSON_KEEP_SECONDS = 1


def test_a_second_poll_costs_no_query_and_an_event_is_seen_at_once(client, cast, django_assert_max_num_queries):  # noqa: F811
    play(client, cast, 4)  # day 1: seat 2 speaks
    first = live_json(client, cast)
    with django_assert_max_num_queries(1):  # the session's, at most: the view itself is kept
        assert live_json(client, cast) == first
    push(client, cast, 4, 5)  # the next speaker
    assert live_json(client, cast)["state"] != first["state"]


def test_the_judges_clock_reaches_the_next_poll(client, cast):  # noqa: F811
    play(client, cast, 4)
    client.force_login(cast.judge)
    timer(client, cast.game, {"action": "start", "turn": "D1#2"})
    client.logout()
    assert live_json(client, cast)["state"]["timer"]["clock"]["running"]
    client.force_login(cast.judge)
    timer(client, cast.game, {"action": "stop", "turn": "D1#2"})
    client.logout()
    assert not live_json(client, cast)["state"]["timer"]["clock"]["running"]


def test_a_drafts_preview_is_never_kept(client, cast):  # noqa: F811
    from django.core.cache import cache

    from public import live_cache

    play(client, cast, 2)
    tournament = cast.game.tournament
    tournament.publication = Publication.DRAFT
    tournament.save(update_fields=["publication"])
    client.force_login(cast.organiser)
    assert live_response(client, cast).status_code == 200
    assert cache.get(live_cache.key(tournament.slug, cast.game.table.number, "en")) is None
    client.logout()
    assert live_response(client, cast).status_code == 404


def test_another_process_copy_lasts_a_quarter_of_a_second_this_process_forgets_its_own_at_the_event(
        client, cast, settings, monkeypatch):  # noqa: F811
    from django.core.cache import cache

    from public import live_cache

    play(client, cast, 4)
    first = live_json(client, cast)
    kept = live_cache.key(cast.game.tournament.slug, cast.game.table.number, "en")
    assert live_cache._LOCAL[kept][1] == cache.get(kept)
    # another process stores an event: the shared copy is gone, this process's copy is not told
    cache.delete(kept)
    push_elsewhere = live_cache._LOCAL[kept]
    clock = [push_elsewhere[0] - 0.01]
    monkeypatch.setattr(live_cache.time, "monotonic", lambda: clock[0])
    assert live_cache.get(kept) == push_elsewhere[1]  # within its quarter of a second
    clock[0] = push_elsewhere[0] + 0.01
    assert live_cache.get(kept) is None  # past it: the shared cache is asked, and has nothing
    monkeypatch.undo()
    assert live_json(client, cast) == first
    push(client, cast, 4, 5)  # stored here: this process forgets its own copy at once
    assert kept not in live_cache._LOCAL
    assert live_json(client, cast)["state"] != first["state"]
    settings.LIVE_JSON_LOCAL_SECONDS = 0  # no copy of its own: every poll asks the shared cache
    live_cache._LOCAL.clear()
    live_json(client, cast)
    assert kept not in live_cache._LOCAL and cache.get(kept) is not None
