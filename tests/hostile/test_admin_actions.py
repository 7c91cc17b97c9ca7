"""A list action posted with selected rows that cannot be keys of the list's model (text for a
number, a NUL, a number beyond any integer column) is a 400 and deletes nothing, on our lists and
a third party's (django-axes); it was a 500. A real selection still runs the action."""
import pytest
from axes.models import AccessAttempt

from tests.factories import PlayerFactory
from tournaments.models import Player

pytestmark = pytest.mark.django_db

LISTS = ["/admin/axes/accessattempt/", "/admin/tournaments/player/"]


@pytest.mark.parametrize("url", LISTS)
@pytest.mark.parametrize("selected", ["abc", "1\x00", str(2**63), "1e309", "²"])
def test_a_selection_that_is_no_row_is_a_400_and_deletes_nothing(admin_client, url, selected):
    PlayerFactory()
    AccessAttempt.objects.create(username="x", ip_address="127.0.0.1", user_agent="t", failures_since_start=1)
    response = admin_client.post(url, {"action": "delete_selected", "_selected_action": [selected, "1"], "post": "yes"})
    assert response.status_code == 400
    assert Player.objects.count() == 1 and AccessAttempt.objects.count() == 1


def test_a_real_selection_still_runs_the_action(admin_client):
    kept, gone = PlayerFactory(nickname="Остаётся"), PlayerFactory(nickname="Уходит")
    AccessAttempt.objects.create(username="x", ip_address="127.0.0.1", user_agent="t", failures_since_start=1)
    response = admin_client.post("/admin/tournaments/player/", {"action": "delete_selected", "_selected_action": [gone.pk],
                                                                "post": "yes"})
    assert response.status_code == 302
    assert list(Player.objects.values_list("nickname", flat=True)) == [kept.nickname]
