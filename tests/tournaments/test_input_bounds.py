"""The columns and settings hold exactly what engines/scoring/bounds.py lets in, and the admin refuses
the rest with the field named (docs/input-bounds.md)."""
from decimal import Decimal

import pytest
from django.contrib import admin
from django.test import RequestFactory
from django.urls import reverse

from engines.scoring import bounds
from protocols.models import Game, Seat, SeatPenalty
from tournaments import models as tm
from tournaments.models import Club, Judge, Player, Registration, Tournament

pytestmark = pytest.mark.django_db


def length(model, field) -> int:
    return model._meta.get_field(field).max_length


def test_the_columns_are_the_bounds():
    assert length(Tournament, "name") == bounds.TOURNAMENT_NAME_MAX
    assert length(Tournament, "lot_seed") == bounds.LOT_SEED_MAX
    assert length(Player, "nickname") == bounds.NICKNAME_MAX
    assert length(Registration, "code") == bounds.PLAYER_ID_MAX
    assert length(Game, "code") == bounds.GAME_ID_MAX
    assert length(Judge, "name") == bounds.JUDGE_NAME_MAX
    assert length(Club, "name") == bounds.CLUB_NAME_MAX
    assert length(Seat, "extra_reason") == length(SeatPenalty, "reason") == length(Game, "awarded_reason") == bounds.REASON_MAX
    assert (tm.PARTICIPANTS_MAX, tm.GAMES_BEFORE_FINAL_MAX) == (bounds.PARTICIPANTS_RANGE[1], bounds.GAMES_BEFORE_FINAL_RANGE[1])
    assert tm.PARTICIPANTS_MAX == bounds.K_MAX_PARTICIPANTS_RANGE[1]
    assert tm.BEST_MOVE_MAX == bounds.BEST_MOVE_RANGE[1]
    assert max(bounds.PLAYERS_MAX, bounds.PARTICIPANTS_RANGE[1], bounds.TABLE_RANGE[1], bounds.ROUND_RANGE[1]) <= 32767


def tournament_form(admin_user, data):
    model_admin = admin.site._registry[Tournament]
    request = RequestFactory().post("/")
    request.user = admin_user
    form_class = model_admin.get_form(request, None)
    base = {"slug": "t", "name": "Турнир", "start_date": "2026-01-01", "end_date": "2026-01-02", "ruleset": "fiim",
            "games_before_final": "10", "lot_seed": "s", "k_max_participants": "20", "best_move_three": "0.40",
            "best_move_two": "0.25", "language": "ru", "k_applies": "on", "fourth_foul_removal_counts": "on",
            "publication": "published", "overlay_delay_minutes": "3", "award_min_share": "0.50"}
    base.update(data)
    return form_class(data=base)


@pytest.mark.parametrize("field, value", [
    ("best_move_three", "100"), ("best_move_three", "1.01"), ("best_move_two", "-0.25"), ("k_max_participants", "40000"),
    ("games_before_final", "100000"), ("games_before_final", "0"), ("participants_override", "30001"),
    ("name", "Тур\x00нир"), ("lot_seed", "s" * 121), ("overlay_delay_minutes", "2"), ("overlay_delay_minutes", "241"),
    ("timer_speech", "0"), ("rule_best_move_min_in_game", "11"), ("award_min_share", "1.01"), ("award_min_share", "-0.5"),
])
def test_the_admin_refuses_a_setting_out_of_its_range_naming_it(admin_user, field, value):
    form = tournament_form(admin_user, {field: value})
    assert not form.is_valid()
    assert field in form.errors


def test_the_admin_takes_the_settings_at_their_bounds(admin_user):
    form = tournament_form(admin_user, {"best_move_three": "1.00", "best_move_two": "0", "k_max_participants": "30000",
                                        "games_before_final": "1000", "participants_override": "30000", "award_min_share": "1"})
    assert form.is_valid(), form.errors
    assert tournament_form(admin_user, {"award_min_share": "0"}).is_valid()
    assert form.cleaned_data["best_move_three"] == Decimal("1.00")


def test_a_nul_in_a_club_name_is_a_form_error_not_a_server_error(admin_client):
    response = admin_client.post(reverse("admin:tournaments_club_add"), {"name": "Клуб\x00", "city": ""})
    assert response.status_code == 200 and "name" in response.context["adminform"].form.errors
    assert not Club.objects.exists()
