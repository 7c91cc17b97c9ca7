"""Admin pages run a fixed number of queries, however many rows they show (no query per row)."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from demo.builder import build_tournament

pytestmark = pytest.mark.django_db

MAX_QUERIES = 25


def count_queries(client, url: str) -> int:
    client.get(url)  # warm the per-process caches (content types, session) once
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(ctx.captured_queries)


@pytest.fixture
def small_and_large():
    small = build_tournament("small", players=10, tables=1, qualifying_rounds=1, final_games=0, seed=3)
    large = build_tournament("large", players=30, tables=3, qualifying_rounds=6, final_games=4, seed=4)
    return small, large


def test_the_game_list_queries_do_not_grow_with_games(admin_client, small_and_large, django_assert_max_num_queries):
    small, large = small_and_large
    url = reverse("admin:protocols_game_changelist")
    one = count_queries(admin_client, f"{url}?tournament__id__exact={small.pk}")
    many = count_queries(admin_client, f"{url}?tournament__id__exact={large.pk}")
    assert many == one
    with django_assert_max_num_queries(MAX_QUERIES):
        admin_client.get(url)


def test_the_game_page_with_its_ten_seats_runs_a_fixed_number_of_queries(admin_client, small_and_large, django_assert_max_num_queries):
    small, large = small_and_large
    small_game = small.games.first()
    large_game = large.games.order_by("-number").first()
    first = count_queries(admin_client, reverse("admin:protocols_game_change", args=[small_game.pk]))
    second = count_queries(admin_client, reverse("admin:protocols_game_change", args=[large_game.pk]))
    assert first == second
    with django_assert_max_num_queries(MAX_QUERIES):
        response = admin_client.get(reverse("admin:protocols_game_change", args=[large_game.pk]))
    # The page shows the ten seats with their players.
    for seat in large_game.seats.select_related("player"):
        assert seat.player.nickname in response.content.decode()


def test_the_tournament_page_with_stages_and_registrations_runs_a_fixed_number_of_queries(
    admin_client, small_and_large, django_assert_max_num_queries,
):
    small, large = small_and_large
    first = count_queries(admin_client, reverse("admin:tournaments_tournament_change", args=[small.pk]))
    second = count_queries(admin_client, reverse("admin:tournaments_tournament_change", args=[large.pk]))
    assert first == second
    with django_assert_max_num_queries(MAX_QUERIES):
        response = admin_client.get(reverse("admin:tournaments_tournament_change", args=[large.pk]))
    assert response.content.decode().count('name="registrations-') >= 30


@pytest.mark.parametrize("model", ["tournament", "stage", "round", "table", "registration", "player", "club", "judge"])
def test_every_tournaments_list_is_flat_in_queries(admin_client, small_and_large, model):
    url = reverse(f"admin:tournaments_{model}_changelist")
    assert count_queries(admin_client, url) <= MAX_QUERIES


@pytest.mark.parametrize("model", ["game", "seat", "seatpenalty", "protest", "nomination", "votecount"])
def test_every_protocols_list_is_flat_in_queries(admin_client, small_and_large, model):
    url = reverse(f"admin:protocols_{model}_changelist")
    assert count_queries(admin_client, url) <= MAX_QUERIES


def test_the_admin_search_finds_a_game_by_nickname(admin_client, small_and_large):
    _small, large = small_and_large
    nickname = large.registrations.select_related("player").first().player.nickname
    response = admin_client.get(reverse("admin:protocols_game_changelist"), {"q": nickname})
    assert response.status_code == 200
    assert response.context["cl"].result_count >= 1
