"""Players are told where they sit: a stored seating e-mails each player with an account his
seats of the stage (round, table, seat) in the tournament's language, once; a swap e-mails only
the two it moved; his page lists the same seats."""
import re

import pytest
from django.core import mail
from django.urls import reverse

from protocols.models import Seat
from seating.services import preview_seating, save_seating, swap_players
from tests.factories import UserFactory
from tests.seating.test_services import make_stage
from tournaments.models import Registration

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quick_generator")]


def with_accounts(stage, count=3):
    regs = list(Registration.objects.filter(tournament=stage.tournament).order_by("number").select_related("player")[:count])
    for i, reg in enumerate(regs):
        reg.player.user = UserFactory(username=f"seated{i}", email=f"seated{i}@example.org")
        reg.player.save(update_fields=["user"])
    return [r.player for r in regs]


def test_a_stored_seating_tells_each_player_with_an_account_his_seats_once(django_capture_on_commit_callbacks):
    stage = make_stage()
    players = with_accounts(stage)
    seating, _report = preview_seating(stage=stage, games=3, seed=1)
    with django_capture_on_commit_callbacks(execute=True):
        save_seating(stage=stage, seating=seating, user=UserFactory(is_staff=True, is_superuser=True))
    assert sorted(m.to[0] for m in mail.outbox) == [f"seated{i}@example.org" for i in range(3)]
    first = next(m for m in mail.outbox if m.to == ["seated0@example.org"])
    mine = list(Seat.objects.filter(player=players[0]).order_by("game__round__number")
                .values_list("game__round__number", "game__table__number", "number"))
    told = re.findall(r"раунд (\d+): стол (\d+), место (\d+)", first.body)
    assert [tuple(map(int, t)) for t in told] == mine and len(mine) == 3  # in Russian: the tournament's language
    assert stage.tournament.name in first.subject

    # a swap tells the two it moved, nobody else
    mail.outbox.clear()
    a, b = players[0], Registration.objects.filter(tournament=stage.tournament).exclude(player__in=players).first().player
    seat_a = Seat.objects.get(player=a, game__stage=stage, game__round__number=1)
    seat_b = Seat.objects.get(player=b, game__stage=stage, game__round__number=1)
    with django_capture_on_commit_callbacks(execute=True):
        swap_players(seat_a=seat_a, seat_b=seat_b, user=UserFactory(is_staff=True, is_superuser=True))
    assert [m.to for m in mail.outbox] == [["seated0@example.org"]]  # b has no account


def test_the_players_page_lists_his_seats(client, django_capture_on_commit_callbacks):
    stage = make_stage()
    [player] = with_accounts(stage, 1)
    seating, _report = preview_seating(stage=stage, games=2, seed=1)
    save_seating(stage=stage, seating=seating, user=UserFactory(is_staff=True, is_superuser=True))
    client.force_login(player.user)
    html = client.get(reverse("protocols:my_games"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    shown = re.findall(r"раунд (\d+): стол (\d+), место (\d+)", html.split('id="my-seats"')[1].split("</ul>")[0])
    mine = list(Seat.objects.filter(player=player).order_by("game__round__number")
                .values_list("game__round__number", "game__table__number", "number"))
    assert [tuple(map(int, t)) for t in shown] == mine and len(mine) == 2
