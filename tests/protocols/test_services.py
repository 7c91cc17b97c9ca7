from decimal import Decimal

import pytest

from protocols.entry import entry_from_game
from protocols.forms import ProtocolForm
from protocols.models import GameStatus, ProtocolVersion
from protocols.services import PermissionRefused, ProtocolConflict, ProtocolInvalid, save_protocol, sign_off
from tests.protocols.helpers import complete_post, make_cast

pytestmark = pytest.mark.django_db


def entry_for(game, data):
    players = {s.player_id: s.player.nickname for s in game.seats.select_related("player")}
    form = ProtocolForm(data, base=entry_from_game(game), players=players, may_approve=True)  # the service decides who approves
    assert form.problems == []
    return form.entry


def test_it_signs_off_a_complete_protocol():
    cast = make_cast()
    game = cast.game
    sign_off(game=game, user=cast.judge, entry=entry_for(game, complete_post(game)), expected_version=1)
    game.refresh_from_db()
    assert game.status == GameStatus.SIGNED_OFF and game.signed_off_by == cast.judge
    assert game.result == "red" and game.first_killed_seat == 10 and game.best_move == [3, 7, 9]
    assert game.seats.get(number=1).extra == Decimal("0.30")
    assert game.nominations.count() == 4 and game.votes.count() == 2
    assert list(game.versions.values_list("version", "action")) == [(2, "sign_off"), (1, "initial")]


def test_it_refuses_a_stale_version():
    cast = make_cast()
    game = cast.game
    save_protocol(game=game, user=cast.judge, entry=entry_for(game, complete_post(game)), expected_version=1)
    with pytest.raises(ProtocolConflict) as exc:
        save_protocol(game=game, user=cast.chief, entry=entry_for(game, complete_post(game, **{"s2-fouls": "3"})), expected_version=1)
    assert exc.value.current_version == 2
    assert any(str(c) == "seat 1 role: — → red" for c in exc.value.changes)


def test_it_rejects_red_win_with_black_alive():
    cast = make_cast()
    game = cast.game
    with pytest.raises(ProtocolInvalid) as exc:
        sign_off(game=game, user=cast.judge, entry=entry_for(game, complete_post(game, **{"s9-left_how": ""})), expected_version=1)
    assert [(p.seat, p.field, p.code) for p in exc.value.problems] == [(9, "result", "red_wins_black_alive")]
    assert ProtocolVersion.objects.count() == 0


def test_it_lets_only_the_chief_judge_amend_with_a_reason():
    cast = make_cast()
    game = cast.game
    sign_off(game=game, user=cast.judge, entry=entry_for(game, complete_post(game)), expected_version=1)
    entry = entry_for(game, complete_post(game, **{"s2-fouls": "1"}))
    with pytest.raises(PermissionRefused):
        save_protocol(game=game, user=cast.judge, entry=entry, expected_version=2, reason="typo")
    with pytest.raises(ProtocolInvalid) as missing:  # a problem on the reason field, not a refusal
        save_protocol(game=game, user=cast.chief, entry=entry, expected_version=2, reason="")
    assert [(p.field, p.code) for p in missing.value.problems] == [("reason", "amendment_without_reason")]
    save_protocol(game=game, user=cast.chief, entry=entry, expected_version=2, reason="протест игрока 2")
    game.refresh_from_db()
    assert game.version == 3 and game.status == GameStatus.SIGNED_OFF
    assert game.versions.first().reason == "протест игрока 2"
    assert game.history.first().history_change_reason == "протест игрока 2"


def test_every_row_change_is_in_the_history_with_who_and_why():
    from protocols.models import Nomination, SeatPenalty

    cast = make_cast()
    game = cast.game
    data = complete_post(game, **{"pen0-seat": "4", "pen0-clause": "8.5.3", "pen0-reason": "ложная проверка"})
    with pytest.raises(ProtocolInvalid):  # 8.5.3 needs red to lose
        sign_off(game=game, user=cast.judge, entry=entry_for(game, data), expected_version=1)
    save_protocol(game=game, user=cast.judge, entry=entry_for(game, {**data, "pen0-clause": "", "pen0-seat": "", "pen0-reason": ""}),
                  expected_version=1)
    sign_off(game=game, user=cast.judge, entry=entry_for(game, complete_post(game, version="2")), expected_version=2)
    save_protocol(game=game, user=cast.chief, entry=entry_for(game, complete_post(game, **{"d1-nom4": "", "d1-v1-5": ""})),
                  expected_version=3, reason="выставление отозвано")
    assert Nomination.history.filter(history_type="-", history_user=cast.chief).count() == 4
    assert Nomination.history.filter(history_type="+", history_user=cast.chief).count() == 3
    assert game.history.filter(history_user=cast.chief).first().history_change_reason == "выставление отозвано"
    assert SeatPenalty.history.count() == 0
    assert [v.action for v in game.versions.order_by("version")] == ["initial", "save", "sign_off", "amend"]


def test_a_seat_whose_player_is_no_player_is_refused_and_nothing_is_stored():
    """A service is handed an entry, not a page: a seat pointing at no player row is refused by
    the service (it was stored until the commit's foreign-key check, a 500 on PostgreSQL)."""
    from tournaments.models import Player

    cast = make_cast()
    game = cast.game
    entry = entry_for(game, complete_post(game))
    nobody = (Player.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1000
    entry.seat(4).player_id = nobody
    before = list(game.seats.order_by("number").values_list("player_id", flat=True))
    with pytest.raises(ProtocolInvalid) as exc:
        save_protocol(game=game, user=cast.judge, entry=entry, expected_version=1)
    assert [(p.seat, p.field, p.code) for p in exc.value.problems] == [(4, "player", "player_not_registered")]
    assert list(game.seats.order_by("number").values_list("player_id", flat=True)) == before
    game.refresh_from_db()
    assert game.version == 1
