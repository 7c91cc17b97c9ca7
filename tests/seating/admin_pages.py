"""What the seating admin tests share: a 20-player stage and the pages' URLs (the staff client is in conftest.py)."""
import re

from django.urls import reverse

from tests.factories import PlayerFactory, RegistrationFactory, StageFactory, TournamentFactory, TournamentJudgeFactory
from tournaments.models import StageKind


def make_qualifying_stage(**tournament_fields):
    """A qualifying stage of 20 registered players and 2 judges."""
    tournament = TournamentFactory(**tournament_fields)
    for number in range(1, 21):
        RegistrationFactory(tournament=tournament, player=PlayerFactory(), number=number)
    for order in (1, 2):
        TournamentJudgeFactory(tournament=tournament, order=order)
    return StageFactory(tournament=tournament, kind=StageKind.QUALIFYING)


def generate_url(stage):
    return reverse("admin:tournaments_stage_seating_generate", args=[stage.pk])


def change_url(stage):
    return reverse("admin:tournaments_stage_change", args=[stage.pk])


def reseat_url(stage):
    return reverse("admin:tournaments_stage_seating_reseat", args=[stage.pk])


def preview(client, stage, **fields):
    data = {"games": 10, "seed": 1, "time_limit": "", "tables": "", "_preview": "1", **fields}
    return client.post(generate_url(stage), data)


def token_of(response):
    return re.search(r'name="preview" value="([^"]+)"', response.content.decode()).group(1)


def reseat_token(response):
    return re.search(r'name="reseat" value="([^"]+)"', response.content.decode()).group(1)
