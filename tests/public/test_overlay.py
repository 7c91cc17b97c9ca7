"""The stream overlay (/t/<slug>/tables/<n>/overlay/): the public view live, and, only when the
organiser switches it on, the roles, shots and checks as they were the delay ago (at least three
minutes), never sooner: no role reaches the overlay before its delay."""
import datetime
import json

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from console import services
from console.models import ConsoleEvent
from tests.console.test_log_service import seat_roles
from tests.protocols.helpers import make_cast

pytestmark = pytest.mark.django_db

ROLE_WORDS = ('"sheriff"', '"don"', '"black"', "Шериф", "Дон", "Мафия")


@pytest.fixture
def cast():
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    for index, event in enumerate(cast.events[:25]):  # through night 1: shots, the don's and the sheriff's checks
        services.append_event(game=cast.game, index=index, event=event, user=cast.judge)
    return cast


def reveal(cast, minutes=3):
    tournament = cast.game.tournament
    tournament.overlay_reveal, tournament.overlay_delay_minutes = True, minutes
    tournament.save(update_fields=["overlay_reveal", "overlay_delay_minutes"])


def stored_ago(cast, minutes: float, *, first: int = 0, last: int | None = None):
    """Date the stored events back: as if they had been entered `minutes` ago."""
    events = ConsoleEvent.objects.filter(log__game=cast.game, index__gte=first)
    if last is not None:
        events = events.filter(index__lte=last)
    events.update(created_at=timezone.now() - datetime.timedelta(minutes=minutes))


def initial_view(page: str) -> str:
    """The first view the overlay page carries (its live-initial script), as text."""
    start = page.index('id="live-initial"')
    return page[page.index(">", start) + 1:page.index("</script>", start)]


def overlay_json(client, cast) -> dict:
    answer = client.get(f"/t/{cast.game.tournament.slug}/tables/1/overlay.json")
    assert answer.status_code == 200
    return answer.json()


def test_the_overlay_shows_no_role_when_the_organiser_has_not_switched_it_on(client, cast):
    stored_ago(cast, 60)
    assert overlay_json(client, cast) == {"reveal": False}
    page = client.get(f"/t/{cast.game.tournament.slug}/tables/1/overlay/").content.decode()
    assert "overlay.js" not in page and "overlay-delayed" not in page
    assert '"role"' not in initial_view(page)


def test_no_role_shot_or_check_reaches_the_overlay_before_its_delay(client, cast):
    reveal(cast, minutes=3)
    layer = overlay_json(client, cast)  # everything was entered just now
    assert layer["reveal"] is True and layer["roles"] is None and layer["nights"] == [] and layer["events"] == 0
    stored_ago(cast, 2.9)
    assert overlay_json(client, cast)["roles"] is None
    text = json.dumps(overlay_json(client, cast), ensure_ascii=False)
    assert not any(word in text for word in ROLE_WORDS)
    page = client.get(f"/t/{cast.game.tournament.slug}/tables/1/overlay/").content.decode()
    assert '"role"' not in initial_view(page)  # the page's own first view is the public one


def test_after_the_delay_the_roles_and_the_nights_as_they_were_then(client, cast):
    reveal(cast, minutes=5)
    stored_ago(cast, 6, last=18)  # day 1: six minutes ago
    stored_ago(cast, 1, first=19)  # night 1's shots and checks: a minute ago
    layer = overlay_json(client, cast)
    assert layer["events"] == 19 and layer["roles"]["5"] == "sheriff" and layer["roles"]["7"] == "don"
    # the night has begun, nothing of it is old enough
    assert [(n["shots"], n["killed"], n["don_check"], n["sheriff_check"]) for n in layer["nights"]] == [([], None, None, None)]
    stored_ago(cast, 6, first=19, last=22)  # the shots are old enough, the checks not yet
    [night] = overlay_json(client, cast)["nights"]
    assert night["killed"] == 5 and night["don_check"] is None and night["sheriff_check"] is None
    stored_ago(cast, 6, first=23)
    [night] = overlay_json(client, cast)["nights"]
    assert night["don_check"] == [5, True] and night["sheriff_check"] == [7, "black"]


def test_the_delay_is_at_least_three_minutes(cast):
    tournament = cast.game.tournament
    tournament.overlay_delay_minutes = 2
    with pytest.raises(ValidationError) as refused:
        tournament.full_clean()
    assert "overlay_delay_minutes" in refused.value.message_dict


def test_the_overlay_page_is_transparent_full_hd_and_follows_the_table(client, cast):
    reveal(cast)
    page = client.get(f"/t/{cast.game.tournament.slug}/tables/1/overlay/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'data-socket="/ws/t/' in page and "overlay.css" in page and "overlay.js" in page
    assert "Как было 3 минуты назад" in page
