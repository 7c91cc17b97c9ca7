"""Merging two player rows that are the same person, and the flag on likely duplicates."""
import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from protocols.models import Seat
from ratings.action_types import PLAYERS_MERGED
from ratings.duplicates import likely_duplicates
from ratings.merge import MergeRefused, merge_players
from ratings.models import GameRating, RatingState
from ratings.recompute import current_snapshot, recompute
from tests.factories import ClubFactory, PlayerFactory
from tests.tournament_builders import played
from tournaments.models import ActionLog, Player, Registration


def _superuser():
    return get_user_model().objects.create_superuser("root", "root@example.org", "pw")


@pytest.mark.django_db
def test_a_merge_moves_registrations_and_seats_logs_and_rerates():
    a = played("merge-a", players=10, rounds=2, seed=1)
    b = played("merge-b", players=10, rounds=2, seed=2)
    keep = a.registrations.order_by("number").first().player
    absorb = b.registrations.order_by("number").first().player
    assert keep.pk != absorb.pk
    absorb.real_name = "Иван Петров"
    absorb.save()
    seats_before = Seat.objects.filter(player=absorb).count()
    recompute()
    requested = RatingState.objects.get().requested_version
    moved = merge_players(keep=keep, absorb=absorb, user=_superuser())
    assert not Player.objects.filter(pk=absorb.pk).exists()
    assert Registration.objects.filter(tournament=b, player=keep).exists()
    assert Seat.objects.filter(player=keep).count() == 2 + seats_before
    assert moved["protocols.Seat"] == seats_before
    keep.refresh_from_db()
    assert keep.real_name == "Иван Петров"  # a blank detail is filled from the absorbed row
    [entry] = ActionLog.objects.filter(action=PLAYERS_MERGED.code)
    assert entry.tournament == b and entry.object_id == keep.pk
    assert entry.data["absorbed"]["nickname"] == absorb.nickname
    assert RatingState.objects.get().requested_version > requested
    recompute()
    assert GameRating.objects.filter(snapshot=current_snapshot(), player=keep).count() == 4


@pytest.mark.django_db
@translation.override("en")
def test_two_players_of_one_tournament_are_not_merged_and_only_a_superuser_merges():
    t = played("merge-refused", players=10, rounds=1)
    one, two = [r.player for r in t.registrations.order_by("number")[:2]]
    with pytest.raises(MergeRefused, match="two people"):
        merge_players(keep=one, absorb=two, user=_superuser())
    organiser = get_user_model().objects.create_user("org", password="pw", is_staff=True)
    other = PlayerFactory()
    with pytest.raises(MergeRefused, match="superuser"):
        merge_players(keep=one, absorb=other, user=organiser)
    assert Player.objects.filter(pk=other.pk).exists()
    assert not ActionLog.objects.filter(action=PLAYERS_MERGED.code).exists()


@pytest.mark.django_db
def test_likely_duplicates_are_flagged_and_merged_from_the_admin():
    club = ClubFactory()
    ivan = PlayerFactory(nickname="Ivan.K", club=club)
    ivan2 = PlayerFactory(nickname="ivan  k")
    petr = PlayerFactory(nickname="Pyotr", real_name="Пётр Сидоров", club=club)
    petr2 = PlayerFactory(nickname="Sidor", real_name="петр сидоров", club=club)
    elsewhere = PlayerFactory(nickname="Sid", real_name="Пётр Сидоров", club=ClubFactory())
    other = PlayerFactory(nickname="Someone else")
    found = likely_duplicates()
    assert found[ivan.pk] == {ivan2.pk} and found[ivan2.pk] == {ivan.pk}
    assert found[petr.pk] == {petr2.pk}
    assert elsewhere.pk not in found and other.pk not in found

    client = Client()
    client.force_login(_superuser())
    url = reverse("admin:ratings_playerrecord_changelist")
    page = client.get(url, {"duplicate": "yes"})
    assert page.status_code == 200
    listed = {p.pk for p in page.context["cl"].result_list}
    assert listed == {ivan.pk, ivan2.pk, petr.pk, petr2.pk}
    response = client.post(url, {"action": "merge_two", "_selected_action": [ivan.pk, ivan2.pk]}, follow=True)
    assert response.status_code == 200
    assert Player.objects.filter(pk__in=[ivan.pk, ivan2.pk]).count() == 1


@pytest.mark.django_db
def test_the_merge_page_is_closed_to_an_organiser():
    user = get_user_model().objects.create_user("org", password="pw", is_staff=True)
    client = Client()
    client.force_login(user)
    assert client.get(reverse("admin:ratings_playerrecord_changelist")).status_code == 403


@pytest.mark.django_db
def test_a_refusal_reads_in_russian():
    t = played("merge-ru", players=10, rounds=1)
    one, two = [r.player for r in t.registrations.order_by("number")[:2]]
    with translation.override("ru"), pytest.raises(MergeRefused, match="это два разных человека"):
        merge_players(keep=one, absorb=two, user=_superuser())


def test_a_nicknames_key_is_name_key_with_punctuation_read_as_spaces():
    from ratings.duplicates import nickname_key
    from tournaments.names import name_key

    assert nickname_key("Ivan.K") == nickname_key("ivan k") == nickname_key("IVAN-K") == "ivank"
    # each part keeps its own script: a Latin "o" in the Cyrillic part is the Cyrillic letter
    assert nickname_key("Max.Вoрон") == "maxворон" == name_key("max ворон").replace(" ", "")
    assert nickname_key("Во\u200bрон") == nickname_key("ВОРОН")  # an invisible character is dropped, not a space
