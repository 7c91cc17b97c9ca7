"""One way in for a protocol entry: the page's forms and the API hand the same plain mapping to
protocols.entry, which parses it, checks what can be stored and the rules, and reviews it."""
from decimal import Decimal

import pytest

from protocols.entry import entry_from_game, parse_entry, players_for, read_entry
from protocols.forms import ProtocolForm
from protocols.services import ProtocolInvalid, save_protocol
from tests.api.helpers import protocol
from tests.protocols.helpers import complete_post, make_cast

pytestmark = pytest.mark.django_db


def test_the_page_and_the_api_give_one_entry_for_one_protocol():
    game = make_cast().game
    stored = entry_from_game(game)
    players = players_for(game, stored)
    page = ProtocolForm(complete_post(game), base=stored, players=players)
    api, problems = parse_entry(protocol(game), base=stored, players=players)
    assert page.problems == problems == []
    assert page.entry == api
    assert page.mapping["seats"][2]["left_how"] == "voted" and page.mapping["nominations"][0] == {
        "day": 1, "by_seat": 1, "nominee_seat": "3"}  # the page's values as typed: the pipeline reads them


def test_the_page_and_the_api_word_a_bad_value_alike():
    game = make_cast().game
    stored = entry_from_game(game)
    players = players_for(game, stored)
    page = ProtocolForm(complete_post(game, **{"s3-fouls": "7", "d1-nom4": "12"}), base=stored, players=players)
    body = protocol(game, seat3={"fouls": 7})
    body["nominations"][1]["nominee_seat"] = 12
    _entry, api = parse_entry(body, base=stored, players=players)
    assert [(p.seat, p.field, p.code, p.params) for p in page.problems] == [(p.seat, p.field, p.code, p.params) for p in api] == [
        (3, "fouls", "fouls_out_of_range", {"fouls": "7"}),
        (4, "nominations", "out_of_range", {"value": "12", "low": 1, "high": 10, "day": 1}),
    ]


def test_a_disabled_approval_is_never_read_and_the_stored_one_stands():
    cast = make_cast()
    game = cast.game
    post = complete_post(game, action="save", **{"s1-extra": "0.6"})
    chief = ProtocolForm(post | {"s1-extra_approved": "on"}, base=entry_from_game(game), players=players_for(game, entry_from_game(game)),
                         may_approve=True)
    save_protocol(game=game, user=cast.chief, entry=chief.entry, expected_version=1)
    stored = entry_from_game(game)
    assert stored.seat(1).extra_approved and stored.seat(1).extra == Decimal("0.60")
    players = players_for(game, stored)
    # the judge's browser sends no disabled box: the approval stands ...
    judge = ProtocolForm(post, base=stored, players=players)
    assert judge.entry.seat(1).extra_approved
    # ... and a forged one is not read either; a changed extra needs a new approval (8.4.3)
    assert not ProtocolForm(post | {"s1-extra": "0.65"}, base=stored, players=players).entry.seat(1).extra_approved
    assert ProtocolForm(post | {"s1-extra_approved": ""}, base=stored, players=players).entry.seat(1).extra_approved
    game.refresh_from_db()
    reading = read_entry(protocol(game, seat1={"extra": "0.60", "extra_reason": "вскрыл чёрных"}), game=game, stored=stored,
                         players=players, may_approve=False, signing=True)
    assert reading.errors == [] and reading.entry.seat(1).extra_approved


def test_a_text_no_column_holds_is_an_error_before_any_service():
    game = make_cast().game
    stored = entry_from_game(game)
    reading = read_entry(protocol(game, seat1={"extra_reason": "x" * 2001}), game=game, stored=stored,
                         players=players_for(game, stored), may_approve=False, signing=False)
    assert [(p.seat, p.field, p.code) for p in reading.errors] == [(1, "extra_reason", "too_long")]


def test_the_services_refuse_an_entry_that_names_a_seat_twice():
    """Found by the hostile-entry test: seat 1 written as a second seat 2 was stored, and seat 1 lost its player."""
    cast = make_cast()
    game = cast.game
    entry = entry_from_game(game)
    entry.seats[0].number = 2
    with pytest.raises(ProtocolInvalid) as refused:
        save_protocol(game=game, user=cast.judge, entry=entry, expected_version=1)
    assert [(p.field, p.code, p.params) for p in refused.value.problems] == [("seats", "seat_repeated", {"seat": "2"})]
    game.refresh_from_db()
    assert game.version == 1 and game.seats.get(number=1).player_id is not None
