"""Hostile values at the judge's entry page and at the protocol services: a form error (422) or a
refusal with the problems listed, never a server error, and nothing already saved changes."""
from decimal import Decimal

import pytest
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocols.entry import NominationEntry, PenaltyEntry, VoteEntry, check_entry, entry_from_game
from protocols.models import Game, Nomination, ProtocolVersion, Seat, SeatPenalty, VoteCount
from protocols.services import ProtocolConflict, ProtocolInvalid, save_protocol, sign_off
from tests.protocols.helpers import complete_post

from .values import HUGE, hostile_number, hostile_text

pytestmark = pytest.mark.django_db
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                           HealthCheck.data_too_large])
FIELDS = ["s1-player", "s1-role", "s1-fouls", "s1-removed", "s1-left_how", "s1-left_on", "s1-extra", "s1-extra_reason",
          "s3-extra_approved", "s4-gross", "d1-nom1", "d1-v1-3", "d2-v3", "pen0-seat", "pen0-clause", "pen0-reason",
          "first_killed", "named1", "named3", "outcome", "awarded_reason", "version", "reason", "action", "unknown-field"]


def snapshot(game) -> tuple:
    return (Game.objects.filter(pk=game.pk).values_list("version", "status", "result", "awarded_reason", "first_killed_seat",
                                                        "best_move").get(),
            sorted(Seat.objects.filter(game=game).values_list("number", "player", "role", "fouls", "extra", "extra_reason")),
            sorted(SeatPenalty.objects.filter(seat__game=game).values_list("seat__number", "clause", "reason")),
            Nomination.objects.filter(game=game).count(), VoteCount.objects.filter(game=game).count(),
            ProtocolVersion.objects.filter(game=game).count())


def as_form_text(value) -> str:
    """A value as a browser posts it: UTF-8 bytes, so a lone surrogate arrives as "?" (a form cannot carry it)."""
    text = value if isinstance(value, str) else str(value)
    return text.encode("utf-8", "replace").decode("utf-8")


@SETTINGS
@given(changes=st.dictionaries(st.sampled_from(FIELDS), st.one_of(hostile_text, hostile_number.map(str)), min_size=1,
                               max_size=4),
       missing=st.lists(st.sampled_from(FIELDS), max_size=3))
def test_the_entry_page_answers_hostile_posts(client, cast, changes, missing):
    client.force_login(cast.judge)
    data = complete_post(cast.game, **{k: as_form_text(v) for k, v in changes.items()})
    for name in missing:
        data.pop(name, None)
    with transaction.atomic():  # every example starts from the same stored protocol
        before = snapshot(cast.game)
        response = client.post(reverse("protocols:game", args=[cast.game.pk]), data)
        assert response.status_code in (302, 422)
        if response.status_code == 422:
            assert snapshot(cast.game) == before
        else:
            assert_stored_protocol_passes_the_checks(cast.game)
        transaction.set_rollback(True)


def assert_stored_protocol_passes_the_checks(game):
    """What a door let through is what its checks allow: the stored protocol has no problem of a
    draft, and none of a signed-off protocol once it is signed off."""
    game = Game.objects.get(pk=game.pk)
    stored = entry_from_game(game)
    assert check_entry(stored, game, complete=game.is_signed_off, stored=stored) == []


# The services are typed (keyword-only, ProtocolEntry's fields): a caller hands them values of the
# declared types, and the hostile part is what those values say: 10^30 fouls, a seat -5, a NUL reason.
INT_SEAT_FIELDS = ["fouls", "left_on", "player_id"]
TEXT_SEAT_FIELDS = ["role", "removed", "left_how", "extra_reason"]
extras = st.sampled_from([Decimal(HUGE), Decimal("-1"), Decimal("0.001"), Decimal("1E+30"), Decimal("0.3")])


@st.composite
def hostile_entries(draw, game):
    entry = entry_from_game(game)
    for _ in range(draw(st.integers(1, 3))):
        seat = entry.seats[draw(st.integers(0, 9))]
        what = draw(st.sampled_from(["int", "text", "extra", "number", "fk", "named", "result", "awarded", "nom", "vote",
                                     "penalty"]))
        if what == "int":
            setattr(seat, draw(st.sampled_from(INT_SEAT_FIELDS)), draw(hostile_number))
        elif what == "text":
            setattr(seat, draw(st.sampled_from(TEXT_SEAT_FIELDS)), draw(hostile_text))
        elif what == "extra":
            seat.extra = draw(extras)
        elif what == "number":
            seat.number = draw(hostile_number)
        elif what == "fk":
            entry.first_killed_seat = draw(hostile_number)
        elif what == "named":
            entry.best_move = draw(st.lists(hostile_number, max_size=4))
        elif what == "result":
            entry.result, entry.result_kind = draw(hostile_text), draw(st.sampled_from(["normal", "awarded", "x"]))
        elif what == "awarded":
            entry.awarded_reason = draw(hostile_text)
        elif what == "nom":
            entry.nominations.append(NominationEntry(draw(hostile_number), draw(hostile_number), draw(hostile_number)))
        elif what == "vote":
            entry.votes.append(VoteEntry(draw(hostile_number), draw(hostile_number), draw(st.one_of(st.none(), hostile_number)),
                                         draw(hostile_number)))
        else:
            entry.penalties.append(PenaltyEntry(draw(hostile_number), draw(st.sampled_from(["8.5.1", "8.5.4", "x"])),
                                                draw(hostile_text)))
    return entry


@SETTINGS
@given(data=st.data(), reason=hostile_text, sign=st.booleans())
def test_the_services_refuse_hostile_entries(cast, data, reason, sign):
    entry = data.draw(hostile_entries(cast.game))
    with transaction.atomic():
        before = snapshot(cast.game)
        service = sign_off if sign else save_protocol
        try:
            service(game=cast.game, user=cast.judge, entry=entry, expected_version=cast.game.version, reason=reason)
        except (ProtocolInvalid, ProtocolConflict):
            assert snapshot(cast.game) == before
        else:
            assert_stored_protocol_passes_the_checks(cast.game)
        transaction.set_rollback(True)


def _break(entry, how):
    seat = entry.seats[2]
    if how == "fouls":
        seat.fouls = 5
    elif how == "role":
        seat.role = "mafia"
    elif how == "extra":
        seat.extra, seat.extra_reason = Decimal("0.33"), "вскрыл чёрных"
    elif how == "named":
        entry.first_killed_seat, entry.best_move = 3, [3, 5]
    elif how == "nomination":
        entry.nominations.append(NominationEntry(1, 2, 11))
    return entry


@pytest.mark.parametrize("how,sign", [
    # what every save refuses, a draft's included
    ("fouls", False), ("role", False), ("nomination", False), ("fouls", True), ("role", True), ("nomination", True),
    # what a draft may hold for now (the page warns) and the sign-off refuses
    ("extra", True), ("named", True),
])
def test_the_services_refuse_values_that_fit_the_columns_but_break_the_rules(cast, how, sign):
    # storable values (small numbers, short text), each against a rule the checks hold
    entry = _break(entry_from_game(cast.game), how)
    before = snapshot(cast.game)
    service = sign_off if sign else save_protocol
    with pytest.raises(ProtocolInvalid):
        service(game=cast.game, user=cast.judge, entry=entry, expected_version=cast.game.version)
    assert snapshot(cast.game) == before
