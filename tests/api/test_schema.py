"""Schemathesis against the live schema (/api/schema/?format=json), in-process through WSGI: every
operation with generated valid and invalid requests (seeded, a bounded number each), anonymously
and with a table judge's token, on a tournament with signed-off and unsigned games, standings and a
protest. No response is a server error, and each conforms to the schema (status code, content type,
headers, body); invalid requests are refused."""
import zlib

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, seed, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from config.wsgi import application
from protocols.protests import file_protest
from protocols.services import sign_off
from scoring.recompute import recompute
from tests.factories import GameFactory, RoundFactory, SeatFactory
from tests.protocols.helpers import complete_post, make_cast
from tests.protocols.test_services import entry_for
from tests.tournament_builders import played

EXAMPLES = 25  # per operation and persona
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance, negative_data_rejection]

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module", autouse=True)
def keep_the_connection():
    """Schemathesis calls the WSGI application itself, so each request ends with Django's
    close_old_connections, which would close the test's connection (in its transaction) on
    PostgreSQL; Django's own test client switches it off the same way."""
    for signal in (signals.request_started, signals.request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (signals.request_started, signals.request_finished):
        signal.connect(close_old_connections)


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """The cast's tournament (table 1 signed off with a protest, table 2 unsigned, the table judge's
    next game) and a played one with standings; built once for the module in a transaction rolled
    back after it."""
    with django_db_blocker.unblock(), transaction.atomic():
        cast = make_cast()
        sign_off(game=cast.game, user=cast.judge, entry=entry_for(cast.game, complete_post(cast.game)), expected_version=1)
        cast.game.refresh_from_db()
        protest = file_protest(game=cast.game, user=cast.player, player_id=None, point="result", text="не согласен")
        # the table judge's next game, not played yet: what the judge's requests may change
        mine = GameFactory(tournament=cast.game.tournament, stage=cast.game.stage, table=cast.game.table, judge=cast.game.judge,
                           round=RoundFactory(stage=cast.game.stage, number=2), number=3)
        for seat in cast.game.seats.all():
            SeatFactory(game=mine, number=seat.number, player=seat.player)
        cup = played("fuzz-cup", players=10, rounds=2)
        recompute(cup.pk)
        recompute(cast.game.tournament_id)
        yield {
            "token": Token.objects.create(user=cast.judge).key,
            "slug": [cup.slug, cast.game.tournament.slug],
            "number": [1, 2, cast.game.number],
            "id": [mine.pk, mine.pk, cast.game.pk, cast.other_game.pk, protest.pk],
            "player_id": [cast.game.seats.get(number=3).player_id, cup.registrations.first().player_id],
        }
        transaction.set_rollback(True)


schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
schema.config.generation.update(max_examples=EXAMPLES, deterministic=True, allow_x00=True, database="none")


def aim(case, world) -> None:
    """Point three generated requests in four at the tournament's real objects (which the seeded
    choice picks), so that operations get past the 404 and into their validation and services."""
    for name, value in list((case.path_parameters or {}).items()):
        pick = zlib.crc32(repr(value).encode())
        if name in world and pick % 4:
            case.path_parameters[name] = world[name][pick % len(world[name])]


FUZZ = settings(deadline=None, suppress_health_check=list(HealthCheck), max_examples=EXAMPLES, derandomize=True, database=None)


@schema.parametrize()
@FUZZ
@seed(19)
def test_anonymous_clients(case, world):
    aim(case, world)
    case.call_and_validate(checks=CHECKS)


@schema.parametrize()
@FUZZ
@seed(19)
def test_a_table_judge(case, world):
    aim(case, world)
    case.call_and_validate(headers={"Authorization": f"Token {world['token']}"}, checks=CHECKS)
