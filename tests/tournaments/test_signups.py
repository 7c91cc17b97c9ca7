"""Sign-up, the waitlist and check-in as the rules of tournaments/signups.py say: places counted
from the registrations, a waitlist in order promoted when a place frees, a look-alike nickname a
question for the organisers, check-in only within its window for the player himself."""
import datetime

import pytest
from django.core import mail
from django.utils import timezone

from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory, UserFactory
from tournaments import signups
from tournaments.models import Player, Registration, SignUp

pytestmark = pytest.mark.django_db(transaction=True)  # the e-mails go after the commit

NOW = timezone.now()


def open_tournament(**fields):
    defaults = {"signup_opens_at": NOW - datetime.timedelta(days=1), "signup_closes_at": NOW + datetime.timedelta(days=5),
                "capacity": 2, "language": "en"}
    return TournamentFactory(**{**defaults, **fields})


def join(tournament, nickname, **details):
    user = UserFactory(username=f"{nickname}@example.org", email=f"{nickname}@example.org")
    return signups.sign_up(tournament=tournament, user=user, details=signups.Details(nickname, **details))


def test_places_then_the_waitlist_in_order_and_a_withdrawal_promotes_the_first():
    t = open_tournament()
    a, b, c, d = (join(t, name) for name in ("Alpha", "Bravo", "Charlie", "Delta"))
    assert [s.status for s in (a, b, c, d)] == ["confirmed", "confirmed", "waitlisted", "waitlisted"]
    assert sorted(Registration.objects.filter(tournament=t).values_list("player__nickname", flat=True)) == ["Alpha", "Bravo"]
    assert [signups.waitlist_position(s) for s in (c, d)] == [1, 2]

    promoted = signups.withdraw(b, by=b.user)
    assert [s.nickname for s in promoted] == ["Charlie"]
    c.refresh_from_db()
    d.refresh_from_db()
    assert c.status == "confirmed" and signups.waitlist_position(d) == 1
    assert sorted(Registration.objects.filter(tournament=t).values_list("player__nickname", flat=True)) == ["Alpha", "Charlie"]
    subjects = {(m.to[0], m.body.splitlines()[0]) for m in mail.outbox}
    assert ("Charlie@example.org", f"{t.name} is full: you are number 1 on the waitlist. We will write when a place "
                                   "frees up.") in subjects
    assert ("Charlie@example.org", f"A place has freed up: you are now registered for {t.name}.") in subjects
    assert ("Bravo@example.org", f"Your sign-up for {t.name} is withdrawn.") in subjects


def test_an_organisers_registration_takes_a_place_too():
    t = open_tournament(capacity=1)
    RegistrationFactory(tournament=t, player=PlayerFactory(), number=1)
    assert join(t, "Echo").status == "waitlisted"


def test_a_look_alike_waits_for_the_organisers_and_an_owned_nickname_is_refused():
    t = open_tournament(capacity=None)
    stored = PlayerFactory(nickname="Ворон")  # no account: a question
    signup = join(t, "ВОРОН")
    assert signup.status == "pending" and signup.player is None and signup.look_alike == stored
    assert not Registration.objects.filter(tournament=t).exists()
    organiser = UserFactory(is_superuser=True, is_staff=True)
    signup = signups.approve(signup, by=organiser)
    stored.refresh_from_db()
    assert stored.user == signup.user and signup.status == "confirmed"
    assert Registration.objects.filter(tournament=t, player=stored).exists()
    assert Player.objects.filter(nickname__in=["Ворон", "ВОРОН"]).count() == 1  # never a second one

    owned = PlayerFactory(nickname="Сова", user=UserFactory())
    with pytest.raises(signups.SignUpRefused) as refused:
        join(t, "Cова")  # a Latin C: the same name to a reader
    assert refused.value.field == "nickname"
    assert not SignUp.objects.filter(nickname="Cова").exists() and owned.signups.count() == 0


def test_approval_holds_every_sign_up_and_an_approval_beyond_the_places_waitlists():
    t = open_tournament(capacity=1, signup_approval=True)
    first, second = join(t, "Foxtrot"), join(t, "Golf")
    assert first.status == second.status == "pending" and not Registration.objects.filter(tournament=t).exists()
    organiser = UserFactory(is_superuser=True, is_staff=True)
    assert signups.approve(second, by=organiser).status == "confirmed"
    assert signups.approve(first, by=organiser).status == "waitlisted"


def test_closed_windows_and_bad_fields_are_refused_naming_the_field():
    later = open_tournament(signup_opens_at=NOW + datetime.timedelta(days=1))
    with pytest.raises(signups.SignUpRefused):
        join(later, "Hotel")
    t = open_tournament()
    with pytest.raises(signups.SignUpRefused) as refused:
        join(t, "India", city="Мо\u200bсква")
    assert refused.value.field == "city"
    with pytest.raises(signups.SignUpRefused) as refused:
        join(t, "   ")
    assert refused.value.field == "nickname"


def test_check_in_by_the_player_within_the_window_by_the_organiser_at_any_time_and_the_no_shows():
    t = open_tournament(capacity=None, checkin_opens_at=NOW + datetime.timedelta(hours=1),
                       checkin_closes_at=NOW + datetime.timedelta(hours=2))
    a, b = join(t, "Juliet"), join(t, "Kilo")
    ra = Registration.objects.get(tournament=t, player=a.player)
    rb = Registration.objects.get(tournament=t, player=b.player)
    with pytest.raises(signups.SignUpRefused):
        signups.check_in(ra, by=a.user)  # not open yet
    assert signups.check_in(ra, by=a.user, now=NOW + datetime.timedelta(minutes=90)) is True
    assert signups.check_in(ra, by=a.user, now=NOW + datetime.timedelta(minutes=91)) is False
    assert [r.player.nickname for r in signups.no_shows(t)] == ["Kilo"]
    organiser = UserFactory(is_superuser=True, is_staff=True)
    assert signups.check_in(rb, by=organiser) is True  # the door is never closed to the organisers
    assert list(signups.no_shows(t)) == []


def test_the_door_code_names_one_registration_of_one_tournament():
    t, other = open_tournament(capacity=None), open_tournament(capacity=None)
    a = join(t, "Lima")
    registration = Registration.objects.get(tournament=t, player=a.player)
    token = signups.checkin_token(registration)
    assert signups.registration_of_token(t, token) == registration
    assert signups.registration_of_token(other, token) is None
    assert signups.registration_of_token(t, token[:-1] + ("A" if token[-1] != "A" else "B")) is None


def test_the_organisers_decide_in_the_admin_and_nobody_else_reads_the_sign_ups(client):
    from django.contrib.auth.models import Group

    t = open_tournament(capacity=None, signup_approval=True)
    waiting = join(t, "Mike")
    organiser = UserFactory(username="org", is_staff=True)
    organiser.groups.add(Group.objects.get(name="Organiser"))
    t.organisers.add(organiser)
    other = UserFactory(username="org-b", is_staff=True)
    other.groups.add(Group.objects.get(name="Organiser"))
    client.force_login(other)
    response = client.get("/admin/tournaments/signup/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200, response.get("Location")
    assert "Mike@example.org" not in response.content.decode()  # another tournament's organiser
    client.force_login(organiser)
    listing = client.get("/admin/tournaments/signup/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Mike@example.org" in listing
    response = client.post("/admin/tournaments/signup/", {"action": "approve_selected", "_selected_action": [waiting.pk]})
    assert response.status_code == 302
    waiting.refresh_from_db()
    assert waiting.status == "confirmed" and Registration.objects.filter(tournament=t, player=waiting.player).exists()
    assert "You are registered for" in mail.outbox[-1].body
