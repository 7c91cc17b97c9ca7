"""``manage.py import_games``: a club's history from Polemica and mafiaratings (their public
records, tests/protocols/foreign_records/) into draft tournaments; a broken record refuses its
file with nothing of it stored; a look-alike name is a question, never a silent merge."""
import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from protocols.models import Game, GameStatus
from ratings.models import GameRating
from ratings.recompute import recompute as recompute_rating
from tests.factories import PlayerFactory
from tournaments.models import Player, Publication, Tournament

pytestmark = pytest.mark.django_db
RECORDS = Path(__file__).parent / "foreign_records"
POLEMICA = sorted(str(p) for p in RECORDS.glob("*_[0-9]*.json") if not p.name.startswith("game_"))
MAFIARATINGS = sorted(str(p) for p in RECORDS.glob("game_*.json"))


def run(*args) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("import_games", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def seat(game, number):
    return game.seats.select_related("player").get(number=number)


def test_mafiaratings_records_become_a_draft_tournament_of_signed_off_games():
    out, _err = run("--format", "mafiaratings", *MAFIARATINGS)
    tournament = Tournament.objects.get(name="mafiaratings, tournament 32")
    assert tournament.publication == Publication.DRAFT and "imported as a draft" in out
    games = {g.code: g for g in Game.objects.filter(tournament=tournament)}
    assert set(games) == {"mafiaratings-4842", "mafiaratings-4868", "mafiaratings-4872"}
    assert all(g.status == GameStatus.SIGNED_OFF for g in games.values())
    g = games["mafiaratings-4842"]
    assert g.result == "red" and str(g.played_on) == "2020-01-25"
    assert g.first_killed_seat == 10 and g.best_move == [4, 5, 8]  # Гудвин's legacy
    assert seat(g, 8).role == "don" and seat(g, 1).role == "red" and seat(g, 2).fouls == 1
    assert seat(g, 10).player.nickname == "Гудвин"
    removed = seat(games["mafiaratings-4872"], 10)
    assert removed.removed == "fourth_foul" and removed.fouls == 4
    # one person across games: Гудвин (id 1147) sits in 4842 and 4872
    assert Player.objects.filter(nickname="Гудвин").count() == 1
    # the same files again change nothing
    counts = (Tournament.objects.count(), Game.objects.count(), Player.objects.count())
    run("--format", "mafiaratings", *MAFIARATINGS)
    assert (Tournament.objects.count(), Game.objects.count(), Player.objects.count()) == counts


def test_polemica_records_with_the_tournament_named_and_the_first_killed_from_the_shots():
    run("--format", "polemica", "--tournament", "Клубный сезон Полемики", *POLEMICA)
    tournament = Tournament.objects.get(name="Клубный сезон Полемики")
    games = {g.code: g for g in Game.objects.filter(tournament=tournament)}
    assert len(games) == 3
    g = games["polemica-334187"]
    assert g.result == "red" and g.first_killed_seat == 4 and g.best_move == [6, 8]
    assert seat(g, 7).role == "don" and seat(g, 8).role == "sheriff" and seat(g, 6).fouls == 3
    black = games["polemica-272910"]
    assert black.result == "black" and black.first_killed_seat == 8 and seat(black, 5).removed == "fourth_foul"
    assert tournament.start_date.isoformat() == "2024-11-14" and tournament.end_date.isoformat() == "2025-04-05"


def test_a_broken_record_refuses_its_file_naming_the_game_and_the_field_and_the_others_go_in(tmp_path):
    records = [json.loads(Path(MAFIARATINGS[0]).read_text()), json.loads(Path(MAFIARATINGS[1]).read_text())]
    records[1]["players"][3]["role"] = "judge"
    bad = tmp_path / "season.json"
    bad.write_text(json.dumps(records))
    with pytest.raises(CommandError, match="1 file"):
        run("--format", "mafiaratings", str(bad), MAFIARATINGS[2])
    assert not Game.objects.filter(code__in=["mafiaratings-4842", "mafiaratings-4868"]).exists()  # nothing of that file
    assert Game.objects.filter(code="mafiaratings-4872").exists()
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_games", "--format", "mafiaratings", str(bad), stdout=StringIO(), stderr=err)
    assert "season.json: game 4868: players[3].role: 'judge' is not civ, sheriff, maf or don" in err.getvalue()


def test_a_record_the_rules_refuse_is_named_too(tmp_path):
    record = json.loads(Path(MAFIARATINGS[0]).read_text())
    record["players"][9]["legacy"] = [10, 4, 5]  # the first killed names himself
    path = tmp_path / "self.json"
    path.write_text(json.dumps(record))
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_games", "--format", "mafiaratings", str(path), stdout=StringIO(), stderr=err)
    assert "self.json: game 4842: " in err.getvalue() and Game.objects.count() == 0


def test_a_look_alike_name_is_a_question_until_answered():
    ours = PlayerFactory(nickname="ГУДВИН")
    err = StringIO()
    with pytest.raises(CommandError, match="question"):
        call_command("import_games", "--format", "mafiaratings", *MAFIARATINGS, stdout=StringIO(), stderr=err)
    assert "is 'Гудвин' our 'ГУДВИН'?" in err.getvalue() and Game.objects.count() == 0 and Tournament.objects.count() == 0
    run("--format", "mafiaratings", "--same", "Гудвин=ГУДВИН", *MAFIARATINGS)
    g = Game.objects.get(code="mafiaratings-4842")
    assert seat(g, 10).player == ours and not Player.objects.filter(nickname="Гудвин").exists()


def test_a_look_alike_answered_new_is_another_person():
    PlayerFactory(nickname="ГУДВИН")
    run("--format", "mafiaratings", "--new", "Гудвин", *MAFIARATINGS)
    assert Player.objects.filter(nickname__in=["Гудвин", "ГУДВИН"]).count() == 2


def test_imported_games_count_in_the_rating_once_published():
    run("--format", "mafiaratings", *MAFIARATINGS)
    tournament = Tournament.objects.get(name="mafiaratings, tournament 32")
    recompute_rating(force=True)
    assert not GameRating.objects.filter(game__tournament=tournament).exists()  # a draft
    tournament.publication = Publication.PUBLISHED
    tournament.save(update_fields=["publication"])
    recompute_rating(force=True)
    assert GameRating.objects.filter(game__tournament=tournament).values("game").distinct().count() == 3


def upload(path):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(Path(path).name, Path(path).read_bytes(), content_type="application/json")


def test_the_admin_page_previews_asks_who_is_who_and_imports_drafts_its_organiser_runs(client, tmp_path):
    import re

    from django.contrib.auth.models import Group

    from tests.factories import UserFactory

    organiser = UserFactory(username="bringer", is_staff=True)
    organiser.groups.add(Group.objects.get(name="Organiser"))
    client.force_login(organiser)
    ours = PlayerFactory(nickname="ГУДВИН")
    broken = tmp_path / "broken.json"
    broken.write_text('{"id": 1, "winner": "civ"}')
    games_list = client.get("/admin/protocols/game/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'href="/admin/protocols/game/import-games/"' in games_list
    url = "/admin/protocols/game/import-games/"
    html = client.post(url, {"format": "mafiaratings", "tournament": "", "preview": "1",
                             "files": [upload(p) for p in MAFIARATINGS] + [upload(broken)]},
                       HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Preview: nothing is saved yet" in html and Game.objects.count() == 0
    assert "broken.json: game 1: startTime: missing" in html
    assert re.search(r"<td>mafiaratings, tournament 32</td><td>3</td>", html)
    question = re.search(r'<select name="(answer-\d+)"[^>]*>(.*?)</select>', html, re.S)
    assert "our player ГУДВИН" in question.group(2) and "a new player" in question.group(2)
    token = re.search(r'name="token" value="([^"]+)"', html).group(1)
    # the confirmation without an answer stores nothing and asks again
    again = client.post(url, {"token": token, "confirm": "1"}, HTTP_ACCEPT_LANGUAGE="en")
    assert again.status_code == 200 and Game.objects.count() == 0
    done = client.post(url, {"token": token, "confirm": "1", question.group(1): "ГУДВИН"})
    assert done.status_code == 302
    tournament = Tournament.objects.get(name="mafiaratings, tournament 32")
    assert tournament.publication == Publication.DRAFT and organiser in tournament.organisers.all()
    assert seat(Game.objects.get(code="mafiaratings-4842"), 10).player == ours
    assert client.post(url, {"token": token[:-3] + "xyz", "confirm": "1"}).status_code == 302  # a forged preview: nothing
    assert Game.objects.count() == 3


def test_staff_who_may_not_start_a_tournament_may_not_import(client):
    from tests.factories import UserFactory

    client.force_login(UserFactory(username="helper", is_staff=True))
    assert client.get("/admin/protocols/game/import-games/").status_code == 403
