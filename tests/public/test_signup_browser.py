"""The path of issue 37 in Chromium on the real pages, a Russian phone: a visitor signs up beyond
the places and is waitlisted; a registered player withdraws from his own page and the visitor is
promoted, the test's SMTP server receiving both e-mails; the visitor checks in on his phone; the
seating takes only the players checked in; the visitor's page shows his table and seat."""
import datetime

import pytest
from django.utils import timezone

from seating.services import preview_seating, save_seating
from tests.browser import log_in
from tests.factories import StageFactory, UserFactory
from tournaments import signups
from tournaments.models import Registration, SignUp

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 740}


def phone(chromium_browser):
    context = chromium_browser.new_context(viewport=PHONE, locale="ru-RU", is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def test_sign_up_waitlist_promotion_check_in_and_the_seat(chromium_browser, live_server, smtp_server):
    from tests.factories import TournamentFactory

    now = timezone.now()
    t = TournamentFactory(slug="open-cup", name="Открытый кубок", capacity=11,
                          signup_opens_at=now - datetime.timedelta(days=1),
                          checkin_opens_at=now - datetime.timedelta(minutes=30),
                          checkin_closes_at=now + datetime.timedelta(hours=2))
    players = []
    for n in range(1, 12):
        user = UserFactory(username=f"p{n}", email=f"p{n}@example.org")
        players.append(signups.sign_up(tournament=t, user=user, details=signups.Details(f"Игрок {n}")))
    assert all(s.status == "confirmed" for s in players)

    context, page = phone(chromium_browser)
    try:
        page.goto(f"{live_server.url}/t/open-cup/")
        page.get_by_role("link", name="Запись").click()
        assert "Занято мест: 11 из 11." in page.inner_text("main")
        page.fill("#id_email", "novichok@example.org")
        page.fill("#id_password", "long-enough-password")
        page.fill("#id_nickname", "Новичок")
        page.fill("#id_city", "Казань")
        page.get_by_role("button", name="Записаться").click()
        assert "вы 1-й в листе ожидания" in page.locator(".signup-status").inner_text()

        # player 11 withdraws from his own page
        other, leaving = phone(chromium_browser)
        log_in(leaving, live_server.url, players[10].user)
        leaving.get_by_role("link", name="Открытый кубок").click()
        leaving.get_by_role("button", name="Снять мою запись").click()
        leaving.wait_for_selector("form.form-card")  # the form again: he may sign up anew
        other.close()

        page.reload()
        assert "Вы зарегистрированы как Новичок." in page.locator(".signup-status").inner_text()
        smtp_server.wait_for(13)
        told = [body for _subject, body in smtp_server.to("novichok@example.org")]
        assert len(told) == 2 and "вы 1-й в листе ожидания" in told[0] and "Освободилось место" in told[1]

        # check-in on the phone; ten of the others are checked in by the organisers, player 10 is a no-show
        page.get_by_role("link", name="Отметка прибытия и ваш код для входа").click()
        assert page.locator("figure.qr svg").count() == 1
        page.get_by_role("button", name="Я на месте: отметиться").click()
        assert "Вы отметились" in page.locator(".check-in-done").inner_text()
        organiser = UserFactory(username="org", is_staff=True)
        for registration in Registration.objects.filter(tournament=t, player__signups__nickname__in=[
                f"Игрок {n}" for n in range(1, 10)]):
            signups.check_in(registration, by=organiser)
        stage = StageFactory(tournament=t)
        save_seating(stage=stage, seating=preview_seating(stage=stage, games=1, seed=1)[0], user=None)
        seated = set(stage.games.values_list("seats__player__nickname", flat=True))
        assert "Новичок" in seated and "Игрок 10" not in seated and len(seated) == 10

        page.goto(f"{live_server.url}/judge/")
        seat = Registration.objects.get(tournament=t, player__nickname="Новичок").player.seats.get()
        line = page.locator("#my-seats li").inner_text()
        assert f"стол 1, место {seat.number}" in line and "Открытый кубок" in line
        assert SignUp.objects.get(nickname="Новичок").status == "confirmed"
    finally:
        context.close()
