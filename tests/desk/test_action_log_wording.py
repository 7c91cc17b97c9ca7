"""The action log reads as the protocol history does, in the reader's language: its entries keep
values, and each app's registered action type words them when the log is shown (the desk's page,
its CSV, the admin's list), old entries written as English lines included."""
import pytest
from django.urls import reverse

from protocols import action_types
from protocols.entry import Change
from tests.desk.test_desk import desk, played  # noqa: F401  (the fixture)
from tournaments.action_log import log_action
from tournaments.action_types import action_type, registered
from tournaments.models import ActionLog

pytestmark = pytest.mark.django_db

OLD_LINES = ["seat 4 extra_approved: False → True", "left_how: — → voted", "first_killed_seat: — → 6"]


def _log(cast, changes):
    return log_action(tournament=cast.game.tournament, user=cast.chief, action=action_types.AMEND, obj=cast.game,
                      reason="протест", data={"version": 3, "changes": changes})


def test_every_action_is_registered_by_its_app():
    codes = {action.code for action in registered()}
    assert {"sign_off", "amend", "approve_extra", "protest_filed", "seating_saved", "seats_swapped", "reseated",
            "players_merged"} <= codes
    assert action_type("no_such_action").label == "no_such_action"  # an unknown code reads as itself


def test_a_sign_off_keeps_its_changes_as_values(played):  # noqa: F811
    entry = ActionLog.objects.filter(action="sign_off").latest("pk")
    assert entry.data["changes"] and all(set(change) == {"seat", "key", "old", "new"} for change in entry.data["changes"])


def test_the_desk_log_words_changes_in_the_readers_language(client, played):  # noqa: F811
    cast = played
    _log(cast, action_types.stored_changes([Change(4, "extra_approved", False, True), Change(None, "left_how", None, "voted")]))
    url = desk(client, cast, "desk:log", [cast.game.tournament.slug])
    russian = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Место 4, одобрение главного судьи: нет → да" in russian
    assert "Выбыл: — → Заголосован" in russian or "Выбыл: — → " in russian
    assert "extra_approved" not in russian and "left_how" not in russian and "Протокол исправлен" in russian
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Seat 4, chief judge&#x27;s approval: no → yes" in english and "Protocol amended" in english


def test_entries_written_as_english_lines_read_labelled_too(client, played):  # noqa: F811
    cast = played
    _log(cast, OLD_LINES)
    url = desk(client, cast, "desk:log", [cast.game.tournament.slug])
    body = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Seat 4, chief judge&#x27;s approval: no → yes" in body
    assert "Left the game: — → Voted out" in body and "First-killed: — → 6" in body
    assert not any(line in body for line in OLD_LINES)


def test_the_csv_words_the_changes_as_the_page_does(client, played):  # noqa: F811
    cast = played
    _log(cast, OLD_LINES)
    url = desk(client, cast, "desk:log", [cast.game.tournament.slug])
    text = client.get(url + "?format=csv", HTTP_ACCEPT_LANGUAGE="ru").content.decode("utf-8-sig")
    assert "Место 4, одобрение главного судьи: нет → да" in text and "Протокол исправлен" in text
    assert "extra_approved" not in text and "left_how" not in text


def test_the_admin_log_shows_the_label_and_the_worded_changes(client, played):  # noqa: F811
    cast = played
    _log(cast, OLD_LINES)
    client.force_login(cast.superuser)
    body = client.get(reverse("admin:tournaments_actionlog_changelist") + "?action=amend", HTTP_ACCEPT_LANGUAGE="en")
    assert body.status_code == 200
    text = body.content.decode()
    assert "Protocol amended" in text and "Seat 4, chief judge&#x27;s approval: no → yes" in text
