"""The sign-up and check-in pages as a visitor, a player and an organiser meet them: an account
made on the spot, the waitlist, a refusal beside its field with the typed values kept, a real SMTP
server receiving the e-mails, the player's check-in and his door code, the organisers' list and
scan, and the seating taking only the players checked in."""
import datetime
import re

import pytest
from django.core.cache import cache
from django.utils import timezone

from seating.selectors import seating_roster
from tests.factories import PlayerFactory, StageFactory, TournamentFactory, UserFactory
from tournaments import signups
from tournaments.models import Registration, SignUp

pytestmark = pytest.mark.django_db(transaction=True)

NOW = timezone.now()


@pytest.fixture
def cup():
    return TournamentFactory(slug="signup-cup", name="Кубок записи", language="en", capacity=1,
                             signup_opens_at=NOW - datetime.timedelta(days=1),
                             checkin_opens_at=NOW - datetime.timedelta(hours=1),
                             checkin_closes_at=NOW + datetime.timedelta(hours=1))


LATIN = {"Ворон": "voron", "Сова": "sova", "ЛИСА": "lisa", "Ёж": "yozh", "Альфа": "alfa", "Браво": "bravo",
         "Чарли": "charlie"}


def sign_up(client, nickname, /, **extra):
    data = {"email": f"{LATIN[nickname]}@example.org", "password": "a-long-password-9", "nickname": nickname,
            "real_name": "", "club": "", "city": "", **extra}
    return client.post("/t/signup-cup/signup/?lang=en", data)


def test_a_visitor_signs_up_with_a_new_account_and_the_next_is_waitlisted_and_promoted_by_real_mail(
        cup, client, smtp_server):
    first = sign_up(client, "Ворон")
    assert first.status_code == 302
    page = client.get("/t/signup-cup/signup/", {"lang": "en"}).content.decode()
    assert "You are registered as Ворон." in page
    client.logout()
    assert sign_up(client, "Сова").status_code == 302
    page = client.get("/t/signup-cup/signup/", {"lang": "en"}).content.decode()
    assert "you are number 1 on the waitlist" in page

    ворон = SignUp.objects.get(nickname="Ворон")
    signups.withdraw(ворон, by=ворон.user)
    smtp_server.wait_for(4)
    told = smtp_server.to("sova@example.org")
    assert [subject for subject, _body in told] == ["Кубок записи: your sign-up"] * 2
    assert "number 1 on the waitlist" in told[0][1] and "you are now registered for Кубок записи" in told[1][1]
    assert "http://" in told[1][1] and "/t/signup-cup/" in told[1][1]
    assert list(Registration.objects.filter(tournament=cup).values_list("player__nickname", flat=True)) == ["Сова"]


def test_a_refusal_names_its_field_and_keeps_what_was_typed(cup, client):
    PlayerFactory(nickname="Лиса", user=UserFactory())
    response = sign_up(client, "ЛИСА", city="Казань")
    body = response.content.decode()
    assert response.status_code == 400
    assert "A player with this nickname has an account of his own" in body
    assert 'value="Казань"' in body and 'value="lisa@example.org"' in body
    assert not SignUp.objects.exists() and not response.wsgi_request.user.is_authenticated

    UserFactory(username="taken@example.org", email="taken@example.org")
    body = sign_up(client, "Ёж", email="taken@example.org").content.decode()
    assert "An account with this e-mail exists: log in with it first." in body


def test_the_player_checks_in_from_his_phone_and_the_organisers_scan_his_code(cup, client):
    cup.capacity = None
    cup.save(update_fields=["capacity"])
    for name in ("Ворон", "Сова"):
        client.logout()
        sign_up(client, name)
    # Сова is logged in now: his page has the button and his door code
    page = client.get("/t/signup-cup/check-in/", {"lang": "en"}).content.decode()
    assert "I am here: check in" in page and "<svg" in page
    assert client.post("/t/signup-cup/check-in/").status_code == 302
    assert "You are checked in" in client.get("/t/signup-cup/check-in/", {"lang": "en"}).content.decode()

    ворон = Registration.objects.get(tournament=cup, player__nickname="Ворон")
    code = signups.checkin_token(ворон)
    scan = f"/desk/signup-cup/check-in/{code}/"
    assert client.get(scan).status_code == 403  # a player is not the door
    organiser = UserFactory(is_staff=True)
    cup.organisers.add(organiser)
    client.force_login(organiser)
    assert "Ворон" in client.get(scan, {"lang": "en"}).content.decode()
    assert client.get(f"/desk/signup-cup/check-in/{code[:-2]}xx/").status_code == 404
    assert client.post(scan).status_code == 302
    ворон.refresh_from_db()
    assert ворон.checked_in_at is not None

    listing = client.get("/desk/signup-cup/check-in/", {"lang": "en"}).content.decode()
    assert "Checked in: 2 of 2." in listing and "Everybody is here." in listing


def test_the_organisers_list_checks_in_marks_paid_and_the_seating_takes_only_those_checked_in(cup, client):
    cup.capacity = None
    cup.save(update_fields=["capacity"])
    for name in ("Альфа", "Браво", "Чарли"):
        client.logout()
        sign_up(client, name)
    organiser = UserFactory(is_staff=True)
    cup.organisers.add(organiser)
    client.force_login(organiser)
    registrations = {r.player.nickname: r for r in Registration.objects.filter(tournament=cup).select_related("player")}
    client.post("/desk/signup-cup/check-in/", {"action": "check_in", "id": registrations["Браво"].pk})
    client.post("/desk/signup-cup/check-in/", {"action": "paid", "id": registrations["Браво"].pk})
    listing = client.get("/desk/signup-cup/check-in/", {"lang": "en"}).content.decode()
    no_shows = re.search(r'id="no-shows".*?<p>(.*?)</p>', listing, re.S).group(1)
    assert "Альфа" in no_shows and "Чарли" in no_shows and "Браво" not in no_shows
    assert Registration.objects.get(pk=registrations["Браво"].pk).paid
    stage = StageFactory(tournament=cup)
    assert [p.nickname for p in seating_roster(stage=stage).players] == ["Браво"]
    cup.checkin_opens_at = cup.checkin_closes_at = None
    cup.save(update_fields=["checkin_opens_at", "checkin_closes_at"])
    stage.tournament.refresh_from_db()
    assert len(seating_roster(stage=stage).players) == 3  # no check-in: every registered player

    client.force_login(UserFactory())
    assert client.get("/desk/signup-cup/check-in/").status_code == 403
    assert client.post("/desk/signup-cup/check-in/", {"action": "check_in", "id": registrations["Альфа"].pk}).status_code == 403


def test_sign_up_is_closed_without_dates_and_the_header_offers_it_only_with_them(client):
    TournamentFactory(slug="plain-cup")
    assert "Sign-up for this tournament is not open." in client.get("/t/plain-cup/signup/", {"lang": "en"}).content.decode()
    assert "/signup/" not in client.get("/t/plain-cup/seating/", {"lang": "en"}).content.decode()


def test_the_sign_up_and_check_in_pages_speak_russian(cup, client):
    from tests.languages import english_runs

    cup.signup_approval, cup.fee = True, "1500 ₽"
    cup.save(update_fields=["signup_approval", "fee"])
    pages = {"form": client.get("/t/signup-cup/signup/", {"lang": "ru"}),
             "refused": client.post("/t/signup-cup/signup/?lang=ru", {"email": "x", "password": "1", "nickname": ""})}
    PlayerFactory(nickname="Сова")  # a look-alike: his sign-up waits for the organisers
    sign_up(client, "Сова")
    pages["waiting"] = client.get("/t/signup-cup/signup/", {"lang": "ru"})
    organiser = UserFactory(is_staff=True)
    cup.organisers.add(organiser)
    client.force_login(organiser)
    pages["door"] = client.get("/desk/signup-cup/check-in/", {"lang": "ru"})
    signups.approve(SignUp.objects.get(), by=organiser)
    registration = Registration.objects.get(tournament=cup)
    pages["scan"] = client.get(f"/desk/signup-cup/check-in/{signups.checkin_token(registration)}/", {"lang": "ru"})
    client.force_login(registration.player.user)
    pages["check-in"] = client.get("/t/signup-cup/check-in/", {"lang": "ru"})
    pages["registered"] = client.get("/t/signup-cup/signup/", {"lang": "ru"})
    found = {name: english_runs(r.content.decode(), leave_out=["Сова", "signup-cup"]) for name, r in pages.items()}
    assert {name: runs for name, runs in found.items() if runs} == {}
    assert "Записи, ждущие решения" in pages["door"].content.decode()
    assert "Вы зарегистрированы как Сова." in pages["registered"].content.decode()


def test_hostile_input_gets_a_field_error_and_a_script_cannot_fill_the_places(cup, client):
    cup.capacity = None
    cup.save(update_fields=["capacity"])
    for bad in ({"nickname": "Ник\x00"}, {"nickname": "x" * 500}, {"city": "Мо\u200bсква"}, {"email": "not-an-address"}):
        response = sign_up(client, "Ворон", **bad)
        assert response.status_code == 400, bad
        assert 'role="alert"' in response.content.decode()
    # a lone surrogate, as a browser cannot send it: bytes that are no UTF-8
    body = "email=w%40example.org&password=a-long-password-9&nickname=%ED%A0%80&city="
    response = client.post("/t/signup-cup/signup/", body, content_type="application/x-www-form-urlencoded")
    assert response.status_code in (302, 400)
    SignUp.objects.all().delete()
    client.logout()
    cache.clear()  # that account counted towards the address's hour
    assert not SignUp.objects.exists()
    made = [sign_up(client, name, email=f"bot{n}@example.org").status_code
            for n, name in enumerate(["Альфа", "Браво", "Чарли", "Ворон", "Сова", "Ёж", "ЛИСА"])
            if client.logout() is None]
    assert made == [302] * 5 + [400] * 2
    assert SignUp.objects.count() == 5


def test_a_team_tournaments_sign_up_names_the_team_up_to_its_size(cup, client):
    cup.capacity, cup.team_size = None, 2
    cup.save(update_fields=["capacity", "team_size"])
    assert sign_up(client, "Ворон").status_code == 400  # no team named
    assert sign_up(client, "Ворон", team="Волга").status_code == 302
    client.logout()
    assert sign_up(client, "Сова", team="ВОЛГА").status_code == 302  # the same team, as people write it
    client.logout()
    full = sign_up(client, "ЛИСА", team="волга")
    assert full.status_code == 400 and "This team has 2 players already." in full.content.decode()
    assert {r.player.nickname: r.team.name for r in Registration.objects.filter(tournament=cup)} == {
        "Ворон": "Волга", "Сова": "Волга"}


def test_a_player_logs_in_with_his_e_mail_as_he_types_it(cup, client):
    sign_up(client, "Ворон", email="Voron@Example.org")
    client.logout()
    response = client.post("/judge/login/", {"username": "VORON@example.ORG", "password": "a-long-password-9"})
    assert response.status_code == 302 and response.wsgi_request.user.username == "voron@example.org"
