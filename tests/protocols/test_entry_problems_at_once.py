"""The entry page shows every problem at once, each beside its field: the values the form cannot
take with what the sign-off will refuse (as warnings on a draft), under the right part of the page."""
import re

import pytest
from django.urls import reverse

from protocols.models import GameStatus
from tests.factories import GameFactory, RoundFactory
from tests.protocols.helpers import complete_post

pytestmark = pytest.mark.django_db


def url(game, lang="en"):
    return reverse("protocols:game", args=[game.pk]) + f"?lang={lang}"


def block(html: str, start: str, end: str) -> str:
    """The page between the first `start` and the next `end` after it."""
    assert start in html, start
    tail = html.split(start, 1)[1]
    return tail.split(end, 1)[0]


def seat_row(html, n):
    return re.search(rf'<div class="line seat-row[^"]*" data-seat="{n}">(.*?)\n  </div>', html, re.S).group(1)


def extra_row(html, n):
    return re.search(rf'<div class="line extra-row[^"]*" data-seat="{n}">(.*?)\n  </div>', html, re.S).group(1)


def day_block(html, d):
    return re.search(rf'<fieldset class="day[^"]*" data-day="{d}" id="day-{d}">(.*?)</fieldset>', html, re.S).group(1)


def test_a_draft_shows_its_errors_and_the_sign_off_problems_together(client, cast):
    client.force_login(cast.judge)
    # An error of the form (fouls "x"), one every save needs (seat 4's extra without its reason),
    # and two the sign-off would refuse (seat 6 without a role; seat 4 as the first-killed, but seat 10 died).
    data = complete_post(cast.game, action="save", **{"s1-fouls": "x", "s4-extra": "0.2", "s6-role": "", "first_killed": "4"})
    response = client.post(url(cast.game), data)
    assert response.status_code == 422
    html = response.content.decode()
    errors = block(html, 'id="problems"', "</div>")
    warnings = block(html, 'id="warnings"', "</div>")
    assert "Seat 1, fouls: “x” is not a whole number" in errors
    assert "Seat 4, reason for the extra points: extra points need a written reason (9.10)" in errors
    assert "Seat 6, role: choose the role" in warnings and "seat 10 was killed on night 1, not seat 4" in warnings
    assert "choose the role" not in errors
    # Beside their fields: fouls and role in the seat's line, the reason in the extra points' line.
    assert "“x” is not a whole number" in seat_row(html, 1) and 'note-error' in seat_row(html, 1)
    assert "choose the role" in seat_row(html, 6) and "note-warning" in seat_row(html, 6)
    assert "extra points need a written reason" in extra_row(html, 4)
    assert "extra points need a written reason" not in seat_row(html, 4)
    cast.game.refresh_from_db()
    assert cast.game.version == 1  # nothing saved


def test_a_saved_draft_keeps_showing_what_the_sign_off_will_refuse(client, cast):
    client.force_login(cast.judge)
    data = complete_post(cast.game, action="save", **{"s6-role": "", "s2-fouls": "4"})
    assert client.post(url(cast.game), data).status_code == 302  # a draft may be incomplete
    cast.game.refresh_from_db()
    assert cast.game.status == GameStatus.IN_PLAY
    html = client.get(url(cast.game)).content.decode()
    warnings = block(html, 'id="warnings"', "</div>")
    assert "Seat 6, role: choose the role" in warnings
    assert "Seat 2, removal: 4 fouls, but no removal" in warnings
    assert 'id="problems"' not in html
    assert "before sign-off" in seat_row(html, 2)


def test_a_sign_off_shows_the_form_errors_and_the_checks_at_once(client, cast):
    client.force_login(cast.judge)
    data = complete_post(cast.game, **{"s1-fouls": "x", "s9-left_how": "", "pen0-seat": "4", "pen0-clause": "8.5.1"})
    response = client.post(url(cast.game), data)
    assert response.status_code == 422
    html = response.content.decode()
    errors = block(html, 'id="problems"', "</div>")
    assert "“x” is not a whole number" in errors and "red wins only when no black player is left" in errors
    assert "a penalty needs a written reason" in errors
    # The penalty's problem shows under the penalties, not in seat 4's line of the seats.
    penalties = html.split("Penalties (8.5)", 1)[1]
    assert "a penalty needs a written reason" in penalties and "a penalty needs a written reason" not in seat_row(html, 4)
    assert 'id="warnings"' not in html
    cast.game.refresh_from_db()
    assert cast.game.status == GameStatus.SCHEDULED


def test_a_day_s_problem_shows_under_that_day(client, cast):
    client.force_login(cast.judge)
    response = client.post(url(cast.game), complete_post(cast.game, **{"d2-v1-6": "3", "d3-nom1": "12"}))
    html = response.content.decode()
    assert "12 is not between 1 and 10" in day_block(html, 3)
    assert "day 2: votes for a player nobody nominated that day" in day_block(html, 2)
    assert "nobody nominated" not in day_block(html, 1)


def test_a_fourth_foul_without_a_removal_is_refused_at_sign_off_citing_the_rule(client, cast):
    client.force_login(cast.judge)
    response = client.post(url(cast.game, "ru"), complete_post(cast.game, **{"s2-fouls": "4"}))
    assert response.status_code == 422
    row = seat_row(response.content.decode(), 2)
    assert "с четвёртым фолом игрок покидает игру без последнего слова (дисциплинарный регламент ФИИМ, фолы)" in row
    removed = complete_post(cast.game, **{"s2-fouls": "4", "s2-removed": "fourth_foul", "s2-left_how": "removed",
                                          "s2-left_on": "3"})
    assert client.post(url(cast.game), removed).status_code == 302


@pytest.mark.parametrize("name, value", [("d²-nom1", "3"), ("d¹²-v1-3", "2"), ("s²-fouls", "1")])
def test_a_superscript_field_name_beside_an_invalid_field_is_no_500(client, cast, name, value):
    client.force_login(cast.judge)
    response = client.post(url(cast.game), {**complete_post(cast.game, **{"s1-fouls": "x"}), name: value})
    assert response.status_code == 422
    assert "Seat 1, fouls: “x” is not a whole number" in seat_row(response.content.decode(), 1)


@pytest.mark.parametrize("value", ["²", "٣", "３", "1²"])
def test_a_number_in_other_digits_is_refused_by_name(client, cast, value):
    client.force_login(cast.judge)
    response = client.post(url(cast.game), complete_post(cast.game, **{"d1-nom4": value}))
    assert response.status_code == 422
    assert f"Seat 4, nominations: “{value}” is not a whole number" in day_block(response.content.decode(), 1)


def test_the_page_offers_ten_days_and_stores_a_late_day_without_an_earlier_save(client, cast):
    client.force_login(cast.judge)
    html = client.get(url(cast.game)).content.decode()
    assert 'name="d10-nom1"' in html and 'name="d10-v2-10"' in html
    assert 'data-day="4"' in html and "day spare" in html  # days 4..10 wait behind "Add a day"
    data = complete_post(cast.game, action="save", **{"d9-nom5": "6", "d9-v1-6": "4"})
    assert client.post(url(cast.game), data).status_code == 302
    assert cast.game.nominations.filter(day=9, by_seat=5, nominee_seat=6).exists()
    html = client.get(url(cast.game)).content.decode()
    assert 'value="6"' in day_block(html, 9)
    assert '<fieldset class="day" data-day="10"' in html  # the day after the last filled one is open


def test_the_day_record_lists_nominations_in_speaking_order_and_votes_per_nominee(client, cast):
    client.force_login(cast.judge)
    client.post(url(cast.game), complete_post(cast.game, action="save"))
    html = client.get(url(cast.game)).content.decode()
    day2 = day_block(html, 2)
    # Day 2 starts one living seat after seat 1: seat 2; seat 3 (voted out on day 1) is struck out.
    speakers = re.findall(r'data-by="(\d+)"', day2)
    assert speakers == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "1"]
    assert '<li class="nom gone"><label><span class="who">3</span>' in day2
    # Votes: one line per nominee, the nominees first, with who nominated them.
    day1 = day_block(html, 1)
    candidates = re.findall(r'<tr class="candidate" data-seat="(\d+)"><th>№\d+ <span class="by muted">([^<]*)</span>', day1)
    assert candidates[:2] == [("3", "← 1"), ("5", "← 4")]
    assert 'name="d1-v1-3" value="6"' in day1 and 'name="d1-v1-5" value="4"' in day1


def test_role_buttons_speak_the_page_s_language(client, cast):
    client.force_login(cast.judge)
    english = client.get(url(cast.game, "en")).content.decode()
    row = seat_row(english, 1)
    assert re.findall(r'<span>(\w)</span></label>', row) == ["R", "S", "B", "D"]
    assert "<strong>R</strong> civilian" in english
    assert not re.search(r"<span>[КШЧД]</span>", english)
    russian = client.get(url(cast.game, "ru")).content.decode()
    assert re.findall(r'<span>(\w)</span></label>', seat_row(russian, 1)) == ["К", "Ш", "Ч", "Д"]


def test_judge_lists_the_games_to_enter_before_the_signed_off_ones(client, cast):
    signed = GameFactory(tournament=cast.game.tournament, stage=cast.game.stage, table=cast.game.table,
                         round=RoundFactory(stage=cast.game.stage, number=2), number=7, judge=cast.game.judge,
                         status=GameStatus.SIGNED_OFF, result="red")
    client.force_login(cast.judge)
    html = client.get(reverse("protocols:my_games") + "?lang=en").content.decode()
    to_enter, rest = block(html, 'id="to-enter"', "</ul>"), html.split('id="signed"', 1)[1]
    assert reverse("protocols:game", args=[cast.game.pk]) in to_enter and "Game 1" in to_enter
    assert reverse("protocols:game", args=[signed.pk]) not in to_enter
    assert reverse("protocols:game", args=[signed.pk]) in rest.split("</ul>", 1)[0]
    assert html.index('id="to-enter"') < html.index('id="signed"')


def test_a_day_s_problem_names_its_day_and_a_mistake_found_twice_is_listed_once(client, cast):
    client.force_login(cast.judge)
    post = complete_post(cast.game, **{"d3-nom1": "12", "named1": "5", "named2": "5", "named3": "5"})
    html = client.post(url(cast.game, "ru"), post).content.decode()
    errors = block(html, 'id="problems"', "</div>")
    assert "День 3, место 1, выставления: 12 — не от 1 до 10" in errors
    sentences = re.findall(r"<li>([^<]*)</li>", errors)
    assert len(sentences) == len(set(sentences))
    assert sum("место 5 дважды" in s for s in sentences) == 1  # the seat named twice: once
