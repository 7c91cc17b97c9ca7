"""A stage hidden until the organisers reveal it (Stage.standings_hidden): the anonymous standings
page, the projector, the API, the XLSX, the game pages and the live table show nothing of it; the
table judges, the chief judge and the organisers still see everything; the reveal shows it all."""
import io
import json

import pytest
from django.contrib.auth.models import Permission
from openpyxl import load_workbook

from protocols.models import Game
from scoring import cuts, selectors
from scoring.recompute import recompute
from tests.factories import TournamentJudgeFactory, UserFactory
from tests.tournament_builders import played
from tournaments.models import Stage

pytestmark = pytest.mark.django_db


@pytest.fixture
def hidden_final():
    t = played("hidden-final", players=20, rounds=3, final_games=2, seed=5)
    Stage.objects.filter(tournament=t, kind="final").update(standings_hidden=True)
    recompute(t.pk, force=True)
    return t


def _games_counted(lines) -> int:
    return sum(line.games for line in lines)


def _rating_requested() -> int:
    from ratings.models import RatingState

    return RatingState.objects.filter(pk=RatingState.SINGLETON).values_list("requested_version", flat=True).first() or 0


def _api(client, url, **params):
    response = client.get(url, params)
    assert response.status_code == 200, response.content
    return json.loads(response.content)


def test_the_public_standings_stop_before_the_hidden_final(hidden_final, client):
    t = hidden_final
    marks = cuts.round_marks(t)
    assert [m.stage for m in marks] == ["qualifying"] * 3 + ["final"] * 2
    page = client.get(f"/t/{t.slug}/", {"lang": "en"})
    assert page.status_code == 200
    html = page.content.decode()
    assert "The standings of the stage “Final” are hidden" in html
    assert _games_counted(page.context["rows"]) == 60  # six qualifying games of ten players, no final game
    assert 'href="?stage=final' not in html  # no tab of the hidden stage
    asked_final = client.get(f"/t/{t.slug}/", {"stage": "final", "after_round": "5"})
    assert asked_final.status_code == 200 and _games_counted(asked_final.context["rows"]) == 60

    document = _api(client, f"/api/v1/tournaments/{t.slug}/standings/")
    assert document["after_round"] == 3 and document["stages"] == ["qualifying"]
    assert sum(line["games"] for line in document["standings"]) == 60
    assert _api(client, f"/api/v1/tournaments/{t.slug}/standings/", stage="final")["standings"] == []
    assert _api(client, f"/api/v1/tournaments/{t.slug}/standings/", after_round=5)["after_round"] == 3

    book = load_workbook(io.BytesIO(client.get(f"/t/{t.slug}/standings.xlsx").content))
    sheet = book.worksheets[0]
    header_row = next(i for i, row in enumerate(sheet.iter_rows(values_only=True)) if row and row[0] == "Место")
    rows = list(sheet.iter_rows(min_row=header_row + 2, values_only=True))
    games_column = 11
    assert sum(row[games_column] for row in rows if isinstance(row[games_column], int)) == 60
    assert client.get(f"/t/{t.slug}/standings.xlsx", {"stage": "final"}).status_code == 404

    screen = client.get(f"/t/{t.slug}/screen/", {"lang": "en"}).content.decode()
    assert "Hidden: the standings of the stage “Final”" in screen and "screen-standings" not in screen


def test_the_hidden_finals_games_show_no_result_roles_or_points(hidden_final, client):
    t = hidden_final
    final_game = Game.objects.filter(tournament=t, stage__kind="final").order_by("number").first()
    qualifying = Game.objects.filter(tournament=t, stage__kind="qualifying").order_by("number").first()
    page = client.get(f"/t/{t.slug}/games/{final_game.number}/", {"lang": "en"}).content.decode()
    assert "its protocol appears here once the organisers reveal" in page
    assert "role-" not in page and "Sheriff" not in page and "result-" not in page
    assert "role-" in client.get(f"/t/{t.slug}/games/{qualifying.number}/").content.decode()
    assert client.get(f"/t/{t.slug}/games/{final_game.number}/protocol.pdf").status_code == 404
    numbers = [g["number"] for g in _api(client, f"/api/v1/tournaments/{t.slug}/games/")["results"]]
    assert final_game.number not in numbers and qualifying.number in numbers
    assert client.get(f"/api/v1/tournaments/{t.slug}/games/{final_game.number}/").status_code == 404
    last_final = Game.objects.filter(tournament=t, stage__kind="final").order_by("number").last()
    live = _api(client, f"/t/{t.slug}/tables/{last_final.table.number}/live.json")
    assert live["game"] == last_final.number and live["signed_off"] and live.get("sealed")
    assert "result" not in live and all("role" not in seat for seat in live["seats"])
    player = final_game.seats.get(number=1).player_id
    line = client.get(f"/t/{t.slug}/players/{player}/").context["row"]
    assert line.games == sum(1 for g in line.points) and all(
        p.number != final_game.number for p in line.points)


def test_the_judges_and_the_organisers_still_see_the_hidden_final(hidden_final, client):
    t = hidden_final
    judge_link = TournamentJudgeFactory(tournament=t)
    client.force_login(judge_link.judge.user)
    page = client.get(f"/t/{t.slug}/")
    assert _games_counted(page.context["rows"]) == 80  # with the final's two games
    assert _api(client, f"/api/v1/tournaments/{t.slug}/standings/")["after_round"] is None
    final_game = Game.objects.filter(tournament=t, stage__kind="final").order_by("number").first()
    assert "role-" in client.get(f"/t/{t.slug}/games/{final_game.number}/").content.decode()
    client.logout()
    stranger = UserFactory()  # signed in, but no role in the tournament: the public's view
    client.force_login(stranger)
    assert _games_counted(client.get(f"/t/{t.slug}/").context["rows"]) == 60


def test_the_organisers_reveal_shows_the_final_to_everyone(hidden_final, client, django_capture_on_commit_callbacks):
    t = hidden_final
    organiser = UserFactory(is_staff=True)
    organiser.user_permissions.add(*Permission.objects.filter(codename__in=["view_stage", "change_stage"]))
    t.organisers.add(organiser)
    final = Stage.objects.get(tournament=t, kind="final")
    client.force_login(organiser)
    rating_asked = _rating_requested()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/admin/tournaments/stage/", {"action": "reveal_standings", "_selected_action": [final.pk]})
    assert response.status_code == 302
    assert _rating_requested() > rating_asked  # the final's games join the rating
    assert not Stage.objects.get(pk=final.pk).standings_hidden
    client.logout()
    assert selectors.current(t.slug).version > 1  # the reveal recomputed: every cached page is new
    assert _games_counted(client.get(f"/t/{t.slug}/").context["rows"]) == 80
    assert _api(client, f"/api/v1/tournaments/{t.slug}/standings/")["after_round"] is None


def test_after_round_on_the_page_and_in_the_api(hidden_final, client):
    t = hidden_final
    Stage.objects.filter(tournament=t).update(standings_hidden=False)
    recompute(t.pk, force=True)
    document = _api(client, f"/api/v1/tournaments/{t.slug}/standings/", after_round=2)
    assert document["after_round"] == 2 and sum(line["games"] for line in document["standings"]) == 40
    cut = cuts.after_round(t, selectors.current_by_id(t.pk), 2)
    assert [(line["player_id"], line["total"]) for line in document["standings"]] == [
        (line.player_id, f"{line.total:.2f}") for line in cut.lines(cut.scoped().snapshot)]
    page = client.get(f"/t/{t.slug}/", {"after_round": "2", "lang": "en"})
    assert _games_counted(page.context["rows"]) == 40
    assert "Standings as after: Qualifying, round 2." in page.content.decode()
    options = page.content.decode().split('name="after_round"')[1].split("</select>")[0]
    assert options.count("<option") == 1 + 5  # "the last round played" and every played round
    bad = client.get(f"/t/{t.slug}/", {"after_round": "two", "lang": "en"})
    assert bad.status_code == 400 and "standings as after: choose a round from the list." in bad.content.decode()
    api_bad = client.get(f"/api/v1/tournaments/{t.slug}/standings/", {"after_round": "-1"})
    assert api_bad.status_code == 400 and "after_round" in api_bad.content.decode()


def test_the_rating_the_season_and_a_players_results_wait_for_the_reveal(hidden_final, client):
    from ratings.models import RatingSettings
    from ratings.recompute import rated_queryset
    from ratings.season import season_results
    from tournaments.models import Publication

    t = hidden_final
    t.publication = Publication.FINISHED
    t.save(update_fields=["publication"])
    RatingSettings.objects.update_or_create(tournament=t, defaults={"stars": 3})
    final_games = set(Game.objects.filter(tournament=t, stage__kind="final").values_list("pk", flat=True))
    rated = set(rated_queryset().values_list("pk", flat=True))
    assert len(final_games) == 2 and not final_games & rated and len(rated) == 6  # the qualifying's games only
    assert season_results(t.start_date.year) == []  # the final places are not told

    finalist = Game.objects.get(pk=min(final_games)).seats.first().player
    results = _api(client, f"/api/v1/players/{finalist.pk}/")["results"]
    (line,) = [r for r in results if r["tournament"] == t.slug]
    assert line["games"] == 3  # as after the qualifying: one game a round, the final's left out

    Stage.objects.filter(tournament=t, kind="final").update(standings_hidden=False)
    recompute(t.pk, force=True)
    assert final_games <= set(rated_queryset().values_list("pk", flat=True))
    assert {r.tournament for r in season_results(t.start_date.year)} == {str(t.pk)}
    (line,) = [r for r in _api(client, f"/api/v1/players/{finalist.pk}/")["results"] if r["tournament"] == t.slug]
    assert line["games"] == 5
