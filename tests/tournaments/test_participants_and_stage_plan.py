"""Two silent traps closed: a substitute does not add a participant for K (8.7) until he plays (the
participants are never fewer than the players seated, RULES.md §3), and games before the final
follow the stage plan unless set (Ci's N, 8.6)."""
import pytest
from django.contrib import admin
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.core.exceptions import ValidationError
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation

from engines.scoring.validation import check_tournament
from protocols.models import Seat
from protocols.scoring_records import tournament_data
from scoring.recompute import recompute
from tests.factories import PlayerFactory, RegistrationFactory, TableFactory, TournamentFactory
from tests.tournament_builders import played
from tournaments.models import Registration, Round, Stage, StageKind
from tournaments.participants import k_verdict
from tournaments.stage_plan import planned_games_before_final

pytestmark = pytest.mark.django_db


@pytest.fixture
def twenty():
    """20 players, 2 qualifying rounds played; then one withdraws and a substitute takes over."""
    tournament = played("twenty", players=20, rounds=2)
    Registration.objects.filter(tournament=tournament, number=7).update(withdrawn=True)
    RegistrationFactory(tournament=tournament, player=PlayerFactory(nickname="Замена"), number=21, substitute=True)
    return tournament


def test_a_substitute_for_a_withdrawn_player_adds_no_participant(twenty):
    assert Registration.objects.filter(tournament=twenty).count() == 21
    assert twenty.participants == 20
    assert tournament_data(twenty).participants == 20  # what the scoring core is given: K stays on
    with translation.override("en"):
        verdict = k_verdict(twenty)
    assert verdict.applies and verdict.participants == 20
    assert verdict.reason == ("K applies: 20 participants (players registered at the start; substitutes do not count), "
                              "at most 20.")


def test_a_substitute_who_played_is_a_participant_and_k_goes_off_saying_why(twenty):
    """RULES.md §3: the participants are never fewer than the distinct players seated, so the
    withdrawn player (who played round 1) and the substitute who took his round-2 seat are 21."""
    withdrawn = Registration.objects.get(tournament=twenty, number=7).player
    substitute = Registration.objects.get(tournament=twenty, number=21).player
    Seat.objects.filter(game__tournament=twenty, game__round__number=2, player=withdrawn).update(player=substitute)
    with translation.override("en"):
        verdict = k_verdict(twenty)
    assert not verdict.applies and verdict.participants == 21 and twenty.participants == 21
    assert verdict.reason == ("K does not apply: 21 participants (the players seated in its games: never fewer, "
                              "RULES.md §3), more than 20.")
    data = tournament_data(twenty)  # what an export writes: a file the scoring core takes
    assert data.participants == 21 and not [p for p in check_tournament(data) if p.field == "tournament.participants"]


def test_an_override_below_the_players_seated_is_refused_naming_the_field(twenty):
    twenty.participants_override = 19
    for lang, text in (("en", "Players already seated in this tournament's games: 20."),
                       ("ru", "Игроков уже посажено в игры турнира: 20.")):
        with translation.override(lang), pytest.raises(ValidationError) as refused:
            twenty.full_clean()
        assert text in refused.value.message_dict["participants_override"][0]
    twenty.participants_override = 20
    twenty.full_clean()  # as many as seated: taken


def test_a_21st_registered_player_switches_k_off_and_says_so(twenty):
    Registration.objects.filter(tournament=twenty, number=21).update(substitute=False)
    with translation.override("en"):
        verdict = k_verdict(twenty)
    assert not verdict.applies and tournament_data(twenty).participants == 21
    assert "21 participants" in verdict.reason and "more than 20" in verdict.reason


def test_the_override_and_the_switch_are_named_as_the_reason(twenty):
    twenty.participants_override = 24  # e.g. four more registered on paper; never fewer than the 20 seated
    with translation.override("en"):
        assert k_verdict(twenty).reason == "K does not apply: 24 participants (set by the organisers), more than 20."
        twenty.k_applies = False
        assert k_verdict(twenty).reason == "K does not apply: it is switched off in the tournament's settings."


def test_the_public_page_says_whether_k_applies(client, twenty):
    recompute(twenty.pk)
    body = client.get(f"/t/{twenty.slug}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "K applies: 20 participants" in body


def test_games_before_final_follow_the_stage_plan_when_left_empty():
    tournament = played("plan", players=20, rounds=3)
    tournament.games_before_final = None
    tournament.save()
    assert planned_games_before_final(tournament) == 3 and tournament_data(tournament).games_before_final == 3
    # two planned semifinal rounds (no games yet) add two games for the players who reach it
    semifinal = Stage.objects.create(tournament=tournament, kind=StageKind.SEMIFINAL, order=2)
    Round.objects.bulk_create(Round(stage=semifinal, number=n) for n in (1, 2))
    assert tournament_data(tournament).games_before_final == 5


def test_the_plan_counts_a_share_of_the_rounds_when_not_everybody_plays_each_round():
    tournament = TournamentFactory(games_before_final=None)
    for _ in range(20):
        RegistrationFactory(tournament=tournament)
    TableFactory(tournament=tournament, number=1)
    qualifying = Stage.objects.create(tournament=tournament, kind=StageKind.QUALIFYING, order=1)
    Round.objects.bulk_create(Round(stage=qualifying, number=n) for n in (1, 2, 3))
    # one table for twenty players: each plays every other round, 1.5 games, rounded half up
    assert planned_games_before_final(tournament) == 2
    assert planned_games_before_final(TournamentFactory(games_before_final=None)) is None


def test_a_set_value_wins_and_the_admin_warns_that_it_differs(admin_client):
    tournament = played("set", players=20, rounds=3)
    tournament.games_before_final = 10
    tournament.save()
    assert tournament_data(tournament).games_before_final == 10
    body = admin_client.get(reverse("admin:tournaments_tournament_change", args=[tournament.pk]),
                            HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "3 games — differs from the value set" in body
    assert "K applies: 20 participants" in body


def test_the_api_gives_the_participants_for_k_and_the_planned_games(client, twenty):
    twenty.games_before_final = None
    twenty.save()
    body = client.get(f"/api/v1/tournaments/{twenty.slug}/").json()
    assert body["participants"] == 20 and body["games_before_final"] == 2


def test_saving_a_value_other_than_the_plan_warns(admin_user):
    tournament = played("warned", players=20, rounds=3)
    request = RequestFactory().post("/")
    request.user, request.session = admin_user, {}
    request._messages = FallbackStorage(request)
    tournament_admin = admin.site._registry[type(tournament)]
    with translation.override("en"):
        tournament.games_before_final = 3
        tournament_admin.save_model(request, tournament, None, True)
        assert list(get_messages(request)) == []  # the plan's own value: nothing to say
        tournament.games_before_final = 10
        tournament_admin.save_model(request, tournament, None, True)
        [warning] = [str(m) for m in get_messages(request)]
    assert warning.startswith("Games before the final is set to 10, but the stage plan gives 3")
