"""The domain events: after-commit listeners hear an event once its transaction commits, never
after a rollback, once per key; in-transaction listeners hear every publish at once; a failing
listener stops neither the others nor the change. Real transactions (the test database commits)."""
import logging
from dataclasses import dataclass, replace

import pytest
from django.db import transaction

from tournaments.domain_events import (
    DomainEvent,
    TournamentPublicationChanged,
    TournamentSettingsChanged,
    publish,
    subscribe,
    unsubscribe,
)
from tournaments.models import Club

pytestmark = pytest.mark.django_db(transaction=True)


@dataclass(frozen=True)
class Noted(DomainEvent):
    """A test's event: one per `thing`, what was noted merged."""

    thing: int
    notes: frozenset = frozenset()

    @property
    def key(self):
        return (self.thing,)

    def merged_with(self, later):
        return replace(self, notes=self.notes | later.notes)


@dataclass(frozen=True)
class NotedLoudly(Noted):
    pass


@dataclass(frozen=True)
class Counted(DomainEvent):
    """Another test's event, of a type apart from Noted."""

    thing: int

    @property
    def key(self):
        return (self.thing,)


@pytest.fixture
def heard():
    """Record what the after-commit and the in-transaction listeners hear, in order."""
    record = {"after": [], "now": []}

    def after(event):
        record["after"].append(event)

    def now(event):
        record["now"].append(event)

    subscribe(Noted, after)
    subscribe(Noted, now, in_transaction=True)
    yield record
    unsubscribe(Noted, after)
    unsubscribe(Noted, now, in_transaction=True)


def test_an_event_is_heard_after_the_commit_and_not_before(heard):
    with transaction.atomic():
        publish(Noted(1))
        assert heard["after"] == []  # nothing leaves before the rows exist
        assert heard["now"] == [Noted(1)]
    assert heard["after"] == [Noted(1)]


def test_outside_a_transaction_it_is_heard_at_once(heard):
    publish(Noted(1))
    assert heard["after"] == [Noted(1)]


def test_a_rolled_back_transaction_sends_nothing_and_stops_no_later_one(heard):
    with pytest.raises(RuntimeError), transaction.atomic():
        publish(Noted(1))
        raise RuntimeError("the change was refused")
    assert heard["after"] == []
    with transaction.atomic():
        publish(Noted(2))
    assert heard["after"] == [Noted(2)]
    with transaction.atomic():
        publish(Noted(1))
    assert [event.thing for event in heard["after"]] == [2, 1]


def test_one_event_per_key_and_transaction_with_what_each_publish_said(heard):
    with transaction.atomic():
        publish(Noted(1, frozenset({"name"})))
        publish(Noted(2))
        publish(Noted(1, frozenset({"ruleset"})))
        publish(Noted(1, frozenset({"name"})))
    assert heard["after"] == [Noted(1, frozenset({"name", "ruleset"})), Noted(2)]
    assert len(heard["now"]) == 4  # in the transaction, each publish is heard
    with transaction.atomic():
        publish(Noted(1))
    assert len(heard["after"]) == 3  # the next transaction sends again


def test_a_savepoint_rolled_back_drops_only_its_own_publish(heard):
    with transaction.atomic():
        with pytest.raises(RuntimeError), transaction.atomic():
            publish(Noted(1))
            publish(Noted(2))
            raise RuntimeError
        publish(Noted(2))
    assert [event.thing for event in heard["after"]] == [2]


def test_a_listener_of_a_type_hears_its_subtypes(heard):
    with transaction.atomic():
        publish(NotedLoudly(1))
        publish(Noted(1))  # another type: another event, though the key is the same
    assert heard["after"] == [NotedLoudly(1), Noted(1)]


def test_a_failing_listener_stops_neither_the_others_nor_the_change(heard, caplog):
    def failing(event):
        raise RuntimeError("the listener broke")

    subscribe(Noted, failing)
    subscribe(Noted, failing, in_transaction=True)
    try:
        with caplog.at_level(logging.ERROR, logger="tournaments.domain_events"), transaction.atomic():
            Club.objects.create(name="Стойкий")
            publish(Noted(1))
    finally:
        unsubscribe(Noted, failing)
        unsubscribe(Noted, failing, in_transaction=True)
    assert heard["now"] == [Noted(1)] and heard["after"] == [Noted(1)]
    assert Club.objects.filter(name="Стойкий").exists()
    failures = [record for record in caplog.records if "failing" in record.getMessage()]
    assert len(failures) == 2 and all(record.exc_info for record in failures)


def test_a_failing_listener_in_the_transaction_takes_back_only_its_own_writes(heard):
    def half_done(event):
        Club.objects.create(name="Половина")
        Club.objects.create(name=None)  # a database error: the listener broke after writing

    subscribe(Noted, half_done, in_transaction=True)
    try:
        with transaction.atomic():
            Club.objects.create(name="Изменение")
            publish(Noted(1))
            # the transaction goes on: without the listener's savepoint, PostgreSQL would refuse
            # every statement after the error
            Club.objects.create(name="После")
    finally:
        unsubscribe(Noted, half_done, in_transaction=True)
    assert set(Club.objects.values_list("name", flat=True)) == {"Изменение", "После"}
    assert heard["after"] == [Noted(1)]


def test_a_tournaments_changes_merge_into_one_event():
    """Two saves of one tournament in a transaction: one event naming both fields; a publication
    that went there and back keeps where it started and where it ended."""
    first = TournamentSettingsChanged(1, frozenset({"name"}))
    merged = first.merged_with(TournamentSettingsChanged(1, frozenset({"ruleset"})))
    assert merged == TournamentSettingsChanged(1, frozenset({"name", "ruleset"}))
    assert first.merged_with(TournamentSettingsChanged(1, frozenset(), created=True)).created
    went = TournamentPublicationChanged(1, "draft", "published").merged_with(TournamentPublicationChanged(1, "published", "draft"))
    assert (went.before, went.after) == ("draft", "draft")
    assert first.key == TournamentSettingsChanged(1, frozenset({"city"})).key != TournamentSettingsChanged(2, frozenset()).key


def test_a_listener_unsubscribed_from_one_type_stays_off_the_request_for_the_others(settings):
    import threading

    from tournaments import after_response
    settings.DOMAIN_EVENTS_OFF_REQUEST = True
    threads = []

    def listener(event):
        threads.append(threading.current_thread().name)

    subscribe(Noted, listener, off_request=True)
    subscribe(Counted, listener, off_request=True)
    try:
        unsubscribe(Counted, listener)
        publish(Noted(thing=1))
        assert after_response.drain(10)
        assert threads == ["after-response"]
    finally:
        unsubscribe(Noted, listener)
        after_response.drain(10, close=True)
