"""Taking a table's console over from the desk: the chief judge types why, the console is theirs
(the table's judge sees who and why and enters nothing) until they hand it back from the same
card; nobody else may, and the form fits a phone."""
import json
import re

import pytest
from django.urls import reverse

from console.action_types import CONSOLE_HANDED_BACK, CONSOLE_TAKEN_OVER
from tests.console.test_log_service import seat_roles
from tests.protocols.helpers import make_cast
from tournaments.models import ActionLog

pytestmark = pytest.mark.django_db


def control(client, cast, lang="ru", **data):
    return client.post(reverse("desk:console_control", args=[cast.game.tournament.slug, cast.game.pk]), data,
                       HTTP_ACCEPT_LANGUAGE=lang)


def console(client, cast):
    return client.get(reverse("console:console", args=[cast.game.pk])).json()


def test_the_chief_takes_over_from_the_desk_with_a_reason_and_hands_it_back(client):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")  # roles dealt: the console opens
    client.force_login(cast.chief)
    home = reverse("desk:home", args=[cast.game.tournament.slug])
    page = client.get(home, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Take over table 1" in page and 'name="reason"' in page and "required" in page

    response = control(client, cast, action="takeover", reason="судья стола ушёл на апелляцию")
    assert response.status_code == 302 and response["Location"] == home + "#unsigned"
    entry = ActionLog.objects.get(action=CONSOLE_TAKEN_OVER.code, object_id=cast.game.pk)
    assert entry.user == cast.chief and entry.reason == "судья стола ушёл на апелляцию"
    page = client.get(home, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Стол 1: пульт теперь у вас." in page
    assert "судья стола ушёл на апелляцию" in page and "Вернуть пульт стола 1" in page

    client.force_login(cast.judge)
    seen = console(client, cast)
    assert seen["taken_over_by"]["reason"] == "судья стола ушёл на апелляцию" and seen["may_append"] is False

    client.force_login(cast.chief)
    assert control(client, cast, action="handback").status_code == 302
    assert ActionLog.objects.filter(action=CONSOLE_HANDED_BACK.code, object_id=cast.game.pk).count() == 1
    client.force_login(cast.judge)
    assert console(client, cast)["may_append"] is True


def test_without_a_reason_nothing_is_taken_over_and_the_desk_says_why(client):
    cast = make_cast()
    client.force_login(cast.chief)
    response = control(client, cast, lang="en", action="takeover", reason="   ")
    assert response.status_code == 302 and response["Location"] == reverse("desk:home", args=[cast.game.tournament.slug])
    assert not ActionLog.objects.filter(action=CONSOLE_TAKEN_OVER.code).exists()
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Table 1: reason: say why you take over this game" in page


@pytest.mark.parametrize("who", ["judge", "other_judge", "appeals"])
def test_a_table_judge_or_the_appeals_commission_cannot_take_over_from_the_desk(client, who):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    client.force_login(getattr(cast, who))
    response = control(client, cast, action="takeover", reason="хочу вести сам")
    assert response.status_code == 403
    assert not ActionLog.objects.filter(action=CONSOLE_TAKEN_OVER.code).exists()
    client.force_login(cast.judge)
    assert console(client, cast)["taken_over_by"] is None


def test_only_the_chief_sees_the_buttons_and_the_refreshed_section_keeps_them(client):
    cast = make_cast()
    client.force_login(cast.appeals)
    assert "console-control" not in client.get(reverse("desk:home", args=[cast.game.tournament.slug])).content.decode()
    client.force_login(cast.chief)
    section = client.get(reverse("desk:tables", args=[cast.game.tournament.slug]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Взять пульт стола 1" in section and "Взять пульт стола 2" in section
    assert len(re.findall(r'class="console-control"', section)) == 2
    assert json.dumps("csrfmiddlewaretoken")[1:-1] in section
