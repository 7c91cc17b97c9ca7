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
    with pytest.raises(CommandError, match="1 refused"):
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
    asked = re.search(r'name="(question-\d+)" value="([^"]+)"', html)
    assert asked.group(2) == "Гудвин"
    # the confirmation without an answer stores nothing and asks again
    again = client.post(url, {"token": token, "confirm": "1"}, HTTP_ACCEPT_LANGUAGE="en")
    assert again.status_code == 200 and Game.objects.count() == 0
    # an answer given to another question than the one asked now (a player added in between) is no answer
    stale = client.post(url, {"token": token, "confirm": "1", question.group(1): "ГУДВИН", asked.group(1): "Лиса"})
    assert stale.status_code == 200 and Game.objects.count() == 0
    # another organiser cannot confirm this one's preview
    other = UserFactory(username="other", is_staff=True)
    other.groups.add(Group.objects.get(name="Organiser"))
    client.force_login(other)
    client.post(url, {"token": token, "confirm": "1", question.group(1): "ГУДВИН", asked.group(1): "Гудвин"})
    assert Game.objects.count() == 0
    client.force_login(organiser)
    done = client.post(url, {"token": token, "confirm": "1", question.group(1): "ГУДВИН", asked.group(1): "Гудвин"})
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


def records_of(path) -> dict:
    return json.loads(Path(path).read_text())


def write(tmp_path, name, data) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False))
    return str(path)


def test_two_people_without_ids_and_with_cyrillic_names_stay_two_people(tmp_path):
    first, second = records_of(MAFIARATINGS[0]), records_of(MAFIARATINGS[1])
    for record, seat_index, name in ((first, 9, "Гудвин"), (second, 9, "Мафиози"), (second, 0, "Лиса")):
        record["players"][seat_index].pop("id", None)
        record["players"][seat_index]["name"] = name
    first["players"][0].pop("id", None)
    first["players"][0]["name"] = "Ёж"
    run("--format", "mafiaratings", write(tmp_path, "a.json", [first, second]))
    assert seat(Game.objects.get(code="mafiaratings-4842"), 10).player.nickname == "Гудвин"
    assert seat(Game.objects.get(code="mafiaratings-4868"), 10).player.nickname == "Мафиози"
    assert seat(Game.objects.get(code="mafiaratings-4868"), 1).player.nickname == "Лиса"
    assert seat(Game.objects.get(code="mafiaratings-4842"), 1).player.nickname == "Ёж"


def test_the_same_games_again_under_another_name_or_with_more_stay_one_game_each():
    run("--format", "polemica", *POLEMICA)
    run("--format", "polemica", "--tournament", "Сезон", *POLEMICA)
    run("--format", "polemica", *POLEMICA[:2])
    assert Game.objects.filter(code__startswith="polemica-").count() == 3
    assert Tournament.objects.count() == 1


def test_new_games_of_a_tournament_imported_before_join_it_in_rounds_after_its_own():
    run("--format", "mafiaratings", *MAFIARATINGS[:2])
    run("--format", "mafiaratings", MAFIARATINGS[2])
    tournament = Tournament.objects.get(name="mafiaratings, tournament 32")
    rounds = dict(Game.objects.filter(tournament=tournament).values_list("code", "round__number"))
    assert rounds == {"mafiaratings-4842": 1, "mafiaratings-4868": 2, "mafiaratings-4872": 3}
    assert tournament.registrations.count() == len({s.player_id for g in tournament.games.all() for s in g.seats.all()})


def test_a_published_tournament_is_not_changed_by_an_import_and_its_new_games_go_elsewhere(tmp_path):
    run("--format", "mafiaratings", *MAFIARATINGS[:2])
    tournament = Tournament.objects.get(name="mafiaratings, tournament 32")
    tournament.publication = Publication.PUBLISHED
    tournament.save(update_fields=["publication"])
    changed = records_of(MAFIARATINGS[0])
    changed["winner"] = "maf"
    out, _err = run("--format", "mafiaratings", write(tmp_path, "x.json", changed))
    assert "mafiaratings-4842: already in the tournament 'mafiaratings, tournament 32' (it is published" in out
    assert Game.objects.get(code="mafiaratings-4842").result == "red"
    # a new game of that tournament is not added to it, and the message says what to do
    err = StringIO()
    with pytest.raises(CommandError, match="refused"):
        call_command("import_games", "--format", "mafiaratings", write(tmp_path, "x.json", changed), MAFIARATINGS[2],
                     stdout=StringIO(), stderr=err)
    assert "import the new games under another tournament's name" in err.getvalue()
    assert not Game.objects.filter(code="mafiaratings-4872").exists()
    run("--format", "mafiaratings", "--tournament", "Дозаписанные", write(tmp_path, "x.json", changed), MAFIARATINGS[2])
    assert Game.objects.get(code="mafiaratings-4872").tournament.name == "Дозаписанные"
    assert Game.objects.get(code="mafiaratings-4842").tournament == tournament  # left where it is


def test_an_organiser_cannot_overwrite_another_organisers_tournament_from_the_admin(client, tmp_path):
    from django.contrib.auth.models import Group

    from tests.factories import UserFactory

    run("--format", "mafiaratings", *MAFIARATINGS)
    intruder = UserFactory(username="intruder", is_staff=True)
    intruder.groups.add(Group.objects.get(name="Organiser"))
    client.force_login(intruder)
    changed = records_of(MAFIARATINGS[0])
    changed["winner"] = "maf"
    html = client.post("/admin/protocols/game/import-games/",
                       {"format": "mafiaratings", "tournament": "", "preview": "1",
                        "files": [upload(write(tmp_path, "x.json", changed))]},
                       HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "(you do not organise it), left there" in html and 'name="confirm"' not in html
    assert Game.objects.get(code="mafiaratings-4842").result == "red"


def test_a_person_imported_before_is_the_same_player_whatever_the_name_matching_would_say(tmp_path):
    path = two_people_named_alike(tmp_path, 777001, 777002)
    run("--format", "mafiaratings", "--new", "Гудвин", path)
    later = records_of(MAFIARATINGS[2])
    later["players"][1]["name"] = "Другой"  # 1147, new here
    later["players"][9].update(id=777002, name="Гудвин")
    later["players"][0].update(id=777001, name="Гудвин")
    out, _err = run("--format", "mafiaratings", write(tmp_path, "later.json", later))
    g = Game.objects.get(code="mafiaratings-4872")
    assert seat(g, 10).player.nickname == "Гудвин (mafiaratings 777002)" and seat(g, 1).player.nickname == "Гудвин"


def test_a_new_person_under_the_name_of_one_imported_from_another_account_is_a_question(tmp_path):
    first = records_of(MAFIARATINGS[0])
    first["players"][9].update(id=777001, name="Гудвин")
    run("--format", "mafiaratings", write(tmp_path, "a.json", first))
    later = records_of(MAFIARATINGS[2])
    later["players"][1]["name"] = "Другой"  # 1147, new here
    later["players"][9].update(id=777003, name="Гудвин")
    err = StringIO()
    with pytest.raises(CommandError, match="question"):
        call_command("import_games", "--format", "mafiaratings", write(tmp_path, "b.json", later),
                     stdout=StringIO(), stderr=err)
    assert "our 'Гудвин' came from another account of the platform" in err.getvalue()
    run("--format", "mafiaratings", "--new", "Гудвин", write(tmp_path, "b.json", later))
    assert seat(Game.objects.get(code="mafiaratings-4872"), 10).player.nickname == "Гудвин (mafiaratings 777003)"


def test_a_corrected_answer_moves_the_games_of_a_draft_to_the_player_it_names():
    PlayerFactory(nickname="ГУДВИН")
    run("--format", "mafiaratings", "--same", "Гудвин=ГУДВИН", *MAFIARATINGS)
    assert seat(Game.objects.get(code="mafiaratings-4842"), 10).player.nickname == "ГУДВИН"
    out, _err = run("--format", "mafiaratings", "--new", "Гудвин", *MAFIARATINGS)
    assert "1 new" in out
    assert seat(Game.objects.get(code="mafiaratings-4842"), 10).player.nickname == "Гудвин"
    assert Player.objects.filter(nickname__in=["Гудвин", "ГУДВИН"]).count() == 2


def test_two_people_of_a_long_name_stay_two_within_the_nicknames_length(tmp_path):
    long = "Я" * 80
    path = two_people_named_alike(tmp_path, 501, 502, name=long)
    run("--format", "mafiaratings", "--new", long, path)
    first, second = (seat(Game.objects.get(code=code), 10).player.nickname
                     for code in ("mafiaratings-4842", "mafiaratings-4868"))
    assert first == long and second.endswith(" (mafiaratings 502)") and len(second) == 80 and first != second


def test_two_people_of_one_name_at_one_table_are_a_question_not_a_refusal(tmp_path):
    record = records_of(MAFIARATINGS[0])
    record["players"][0].update(id=601, name="Близнец")
    record["players"][1].update(id=602, name="Близнец")
    err = StringIO()
    with pytest.raises(CommandError, match="question"):
        call_command("import_games", "--format", "mafiaratings", write(tmp_path, "t.json", record),
                     stdout=StringIO(), stderr=err)
    assert "two people of the records are called 'Близнец'" in err.getvalue() and "refused" not in err.getvalue()
    run("--format", "mafiaratings", "--new", "Близнец", write(tmp_path, "t.json", record))
    g = Game.objects.get(code="mafiaratings-4842")
    assert {seat(g, 1).player.nickname, seat(g, 2).player.nickname} == {"Близнец", "Близнец (mafiaratings 602)"}


def test_a_long_latin_name_without_an_id_is_read(tmp_path):
    record = records_of(MAFIARATINGS[0])
    record["players"][0].pop("id", None)
    record["players"][0]["name"] = "AlexanderTheGreatFromMoscowAndFarBeyond"
    run("--format", "mafiaratings", write(tmp_path, "l.json", record))
    assert seat(Game.objects.get(code="mafiaratings-4842"), 1).player.nickname == "AlexanderTheGreatFromMoscowAndFarBeyond"


@pytest.mark.parametrize("start", [-62135596800, 253402300000, 0])
def test_a_game_on_no_day_a_game_was_played_is_refused(tmp_path, start):
    record = records_of(MAFIARATINGS[0])
    record["startTime"] = start
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_games", "--format", "mafiaratings", write(tmp_path, "d.json", record),
                     stdout=StringIO(), stderr=err)
    assert "d.json: game 4842: startTime: " in err.getvalue() and Game.objects.count() == 0


def test_new_games_go_after_a_game_added_by_hand():
    from tournaments.models import Round, Table

    run("--format", "mafiaratings", *MAFIARATINGS[:2])
    tournament = Tournament.objects.get(name="mafiaratings, tournament 32")
    stage = tournament.stages.get(kind="qualifying")
    hand = Game.objects.create(tournament=tournament, stage=stage, round=Round.objects.create(stage=stage, number=3),
                               table=Table.objects.get(tournament=tournament, number=1), number=99)
    run("--format", "mafiaratings", MAFIARATINGS[2])
    assert Game.objects.get(code="mafiaratings-4872").round.number == 4 and Game.objects.filter(pk=hand.pk).exists()


@pytest.mark.parametrize("change, says", [
    (lambda r: r.__setitem__("id", 987654321), "not JSON"),  # written with 5,000 digits below
    (lambda r: r.__setitem__("id", 2**70), "record 1: id: a number too large to be one"),
    (lambda r: r["players"][3].__setitem__("role", ["maf"]), "players[3].role: ['maf'] is not civ"),
    (lambda r: r.__setitem__("winner", ["civ"]), "winner: ['civ'] is not civ, maf or tie"),
    (lambda r: r["players"][9]["death"].__setitem__("type", ["night"]), "players[9].death.type"),
    (lambda r: r["players"][9]["death"].__setitem__("round", "1"), "players[9].death.round: '1' is not a round"),
    (lambda r: r["players"][9].__setitem__("legacy", "4,5,8"), "players[9].legacy: '4,5,8' is not a list of seats"),
    (lambda r: r["players"][9].__setitem__("legacy", [4, 0, 8]), "players[9].legacy: [4, 0, 8] is not a list"),
    (lambda r: r.__setitem__("tournamentId", "32"), "tournamentId: '32' is not an id"),
    (lambda r: r["players"][2].__setitem__("name", "\u200b"), "players[2].name: contains U+200B"),
    (lambda r: r["players"][2].__setitem__("id", "1147"), "players[2].id: '1147' is not a user id"),
])
def test_a_mafiaratings_value_of_the_wrong_kind_is_refused_naming_its_field(tmp_path, change, says):
    record = records_of(MAFIARATINGS[0])
    change(record)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record).replace("987654321", "1" * 5000))
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_games", "--format", "mafiaratings", str(path), stdout=StringIO(), stderr=err)
    assert "bad.json: " in err.getvalue() and says in err.getvalue(), err.getvalue()
    assert Game.objects.count() == 0 and Tournament.objects.count() == 0


@pytest.mark.parametrize("change, says", [
    (lambda r: r.__setitem__("result", True), "result: True: not a finished game"),
    (lambda r: r.__setitem__("result", [0]), "result: [0]: not a finished game"),
    (lambda r: r["shots"][0].__setitem__("victim", 0), "shots[0].victim: 0 is not a seat 1-10"),
    (lambda r: r["players"][0].__setitem__("player", "48336"), "players[0].player.id: '48336' is not an account id"),
])
def test_a_polemica_value_of_the_wrong_kind_is_refused_naming_its_field(tmp_path, change, says):
    record = records_of(POLEMICA[-1])
    change(record)
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_games", "--format", "polemica", write(tmp_path, "bad.json", record),
                     stdout=StringIO(), stderr=err)
    assert says in err.getvalue(), err.getvalue()
    assert Game.objects.count() == 0


def test_one_game_twice_in_a_file_or_in_two_files_refuses_the_file_with_it(tmp_path):
    record = records_of(MAFIARATINGS[0])
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_games", "--format", "mafiaratings", write(tmp_path, "twice.json", [record, record]),
                     stdout=StringIO(), stderr=err)
    assert "twice.json: game 4842: id: the same game is in this file twice" in err.getvalue()
    err = StringIO()
    with pytest.raises(CommandError, match="1 refused"):
        call_command("import_games", "--format", "mafiaratings", MAFIARATINGS[0], write(tmp_path, "again.json", record),
                     stdout=StringIO(), stderr=err)
    assert "again.json: game 4842: id: also in game_4842.json" in err.getvalue()
    assert Game.objects.filter(code="mafiaratings-4842").count() == 1


def test_a_byte_order_mark_is_read_past(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + Path(MAFIARATINGS[0]).read_bytes())
    run("--format", "mafiaratings", str(path))
    assert Game.objects.filter(code="mafiaratings-4842").exists()


def two_people_named_alike(tmp_path, one=501, other=502, name="Гудвин") -> str:
    first, second = records_of(MAFIARATINGS[0]), records_of(MAFIARATINGS[1])
    first["players"][9].update(id=one, name=name)
    second["players"][9].update(id=other, name=name)
    return write(tmp_path, "two.json", [first, second])


def test_two_people_of_one_name_is_a_question_answered_one_person_or_two(tmp_path):
    path = two_people_named_alike(tmp_path)
    err = StringIO()
    with pytest.raises(CommandError, match="question"):
        call_command("import_games", "--format", "mafiaratings", path, stdout=StringIO(), stderr=err)
    assert "two people of the records are called 'Гудвин'" in err.getvalue() and Game.objects.count() == 0
    run("--format", "mafiaratings", "--new", "Гудвин", path)
    assert seat(Game.objects.get(code="mafiaratings-4842"), 10).player.nickname == "Гудвин"
    assert seat(Game.objects.get(code="mafiaratings-4868"), 10).player.nickname == "Гудвин (mafiaratings 502)"


def test_two_people_answered_one_person_are_one_player(tmp_path):
    run("--format", "mafiaratings", "--same", "Гудвин=Гудвин", two_people_named_alike(tmp_path))
    assert (seat(Game.objects.get(code="mafiaratings-4842"), 10).player
            == seat(Game.objects.get(code="mafiaratings-4868"), 10).player)


def test_look_alike_names_within_the_records_are_a_question_too(tmp_path):
    first, second = records_of(MAFIARATINGS[0]), records_of(MAFIARATINGS[1])
    first["players"][9].update(id=501, name="Гудвин")
    second["players"][9].update(id=502, name="ГУДВИН")
    err = StringIO()
    with pytest.raises(CommandError, match="question"):
        call_command("import_games", "--format", "mafiaratings", write(tmp_path, "alike.json", [first, second]),
                     stdout=StringIO(), stderr=err)
    assert "is 'Гудвин' our 'ГУДВИН'?" in err.getvalue() and Player.objects.count() == 0


def test_the_admin_preview_in_russian_asks_about_two_people_in_russian(client, tmp_path):
    from django.contrib.auth.models import Group

    from tests.factories import UserFactory
    from tests.languages import english_runs

    organiser = UserFactory(username="bringer", is_staff=True)
    organiser.groups.add(Group.objects.get(name="Organiser"))
    client.force_login(organiser)
    path = two_people_named_alike(tmp_path)
    broken = tmp_path / "broken.json"
    broken.write_text('{"id": 1, "winner": "civ"}')
    wrong = records_of(MAFIARATINGS[2])
    wrong["players"][3]["role"] = "judge"
    response = client.post("/admin/protocols/game/import-games/",
                           {"format": "mafiaratings", "tournament": "", "preview": "1",
                            "files": [upload(path), upload(broken), upload(write(tmp_path, "wrong.json", wrong))]},
                           HTTP_ACCEPT_LANGUAGE="ru")
    html = response.content.decode()
    assert "broken.json: игра 1: startTime: отсутствует" in html
    assert "wrong.json: игра 4872: players[3].role: &#x27;judge&#x27; — не civ, sheriff, maf и не don" in html
    assert "в записях так зовут двух разных людей" in html and "один и тот же человек" in html
    assert "разные люди (у каждого после первого — его id на платформе)" in html
    form = html[html.index("Предпросмотр: пока ничего не сохранено"):html.index("Другие файлы")]
    assert english_runs(form, leave_out=("mafiaratings, tournament 32", "civ, sheriff, maf")) == []  # the platform's codes


def test_two_people_named_as_a_look_alike_of_ours_are_one_question_that_says_both(tmp_path):
    PlayerFactory(nickname="ГУДВИН")
    path = two_people_named_alike(tmp_path)
    err = StringIO()
    with pytest.raises(CommandError, match="1 question"):
        call_command("import_games", "--format", "mafiaratings", path, stdout=StringIO(), stderr=err)
    assert "is 'Гудвин' our 'ГУДВИН'? (two people of the records have this name)" in err.getvalue()
    run("--format", "mafiaratings", "--new", "Гудвин", path)
    assert {seat(Game.objects.get(code=code), 10).player.nickname for code in ("mafiaratings-4842", "mafiaratings-4868")} \
        == {"Гудвин", "Гудвин (mafiaratings 502)"}


def test_an_answer_may_name_a_look_alike_of_the_same_records_whichever_sorts_first(tmp_path):
    first, second = records_of(MAFIARATINGS[0]), records_of(MAFIARATINGS[1])
    first["players"][9].update(id=501, name="Гудвин")
    second["players"][9].update(id=502, name="ГУДВИН")
    run("--format", "mafiaratings", "--same", "ГУДВИН=Гудвин", "--same", "Гудвин=Гудвин",
        write(tmp_path, "alike.json", [first, second]))
    assert {seat(Game.objects.get(code=code), 10).player.nickname for code in ("mafiaratings-4842", "mafiaratings-4868")} \
        == {"Гудвин"}


def nicknames_at_seat_10(*codes):
    return [seat(Game.objects.get(code=code), 10).player.nickname for code in codes]


def test_the_same_answer_again_changes_nothing(tmp_path):
    path = two_people_named_alike(tmp_path)
    run("--format", "mafiaratings", "--new", "Гудвин", path)
    before = (nicknames_at_seat_10("mafiaratings-4842", "mafiaratings-4868"), Player.objects.count())
    run("--format", "mafiaratings", "--new", "Гудвин", path)
    assert (nicknames_at_seat_10("mafiaratings-4842", "mafiaratings-4868"), Player.objects.count()) == before
    assert before[0] == ["Гудвин", "Гудвин (mafiaratings 502)"]


def test_an_answer_about_a_new_person_leaves_the_people_imported_before_where_they_are(tmp_path):
    run("--format", "mafiaratings", "--new", "Гудвин", two_people_named_alike(tmp_path))
    later = records_of(MAFIARATINGS[2])
    later["players"][1]["name"] = "Другой"  # 1147, new here
    later["players"][9].update(id=503, name="Гудвин")
    path = write(tmp_path, "later.json", later)
    err = StringIO()
    with pytest.raises(CommandError, match="question"):
        call_command("import_games", "--format", "mafiaratings", path, stdout=StringIO(), stderr=err)
    assert "(two people" not in err.getvalue()  # one new person is asked about
    run("--format", "mafiaratings", "--new", "Гудвин", path)
    assert nicknames_at_seat_10("mafiaratings-4842", "mafiaratings-4868", "mafiaratings-4872") == [
        "Гудвин", "Гудвин (mafiaratings 502)", "Гудвин (mafiaratings 503)"]


def test_a_correction_that_makes_two_registered_people_one_moves_the_games_without_a_failure(tmp_path):
    first, second = records_of(MAFIARATINGS[0]), records_of(MAFIARATINGS[1])
    first["players"][9].update(id=501, name="Альфа")
    second["players"][9].update(id=502, name="Бета")
    path = write(tmp_path, "ab.json", [first, second])
    run("--format", "mafiaratings", path)
    run("--format", "mafiaratings", "--same", "Альфа=Бета", path)
    assert nicknames_at_seat_10("mafiaratings-4842", "mafiaratings-4868") == ["Бета", "Бета"]


def test_a_registration_added_by_hand_stays_through_a_later_import():
    run("--format", "mafiaratings", *MAFIARATINGS[:2])
    tournament = Tournament.objects.get(name="mafiaratings, tournament 32")
    from tournaments.models import Registration

    hand = Registration.objects.create(tournament=tournament, player=PlayerFactory(nickname="Записан вручную"))
    run("--format", "mafiaratings", MAFIARATINGS[2])
    assert Registration.objects.filter(pk=hand.pk).exists()


def test_a_name_answered_as_one_whose_people_are_answered_different_is_a_question(tmp_path):
    first, second, third = records_of(MAFIARATINGS[0]), records_of(MAFIARATINGS[1]), records_of(MAFIARATINGS[2])
    first["players"][9].update(id=501, name="Волк")
    second["players"][9].update(id=502, name="ВОЛК")
    third["players"][1]["name"] = "Другой"
    third["players"][9].update(id=503, name="ВОЛК")
    err = StringIO()
    with pytest.raises(CommandError, match="question"):
        call_command("import_games", "--format", "mafiaratings", "--new", "ВОЛК", "--same", "Волк=ВОЛК",
                     write(tmp_path, "w.json", [first, second, third]), stdout=StringIO(), stderr=err)
    assert "'ВОЛК' is answered as different people" in err.getvalue() and Game.objects.count() == 0


def test_a_run_whose_first_games_are_left_out_is_named_by_the_games_it_imports(tmp_path):
    run("--format", "polemica", *POLEMICA[:2])
    Tournament.objects.update(publication=Publication.PUBLISHED)
    out, _err = run("--format", "polemica", *POLEMICA)
    added = Game.objects.get(code="polemica-334187").tournament
    assert added.name == "Polemica: 2025-04-05" and "left there" in out


def test_an_incomplete_answer_is_shown_again_with_the_choices_made(client):
    import re

    from django.contrib.auth.models import Group

    from tests.factories import UserFactory

    organiser = UserFactory(username="bringer", is_staff=True)
    organiser.groups.add(Group.objects.get(name="Organiser"))
    client.force_login(organiser)
    PlayerFactory(nickname="ГУДВИН")
    PlayerFactory(nickname="ЯРОСЛАВНА")
    url = "/admin/protocols/game/import-games/"
    html = client.post(url, {"format": "mafiaratings", "tournament": "", "preview": "1",
                             "files": [upload(MAFIARATINGS[0])]}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    token = re.search(r'name="token" value="([^"]+)"', html).group(1)
    asked = dict((value, name) for name, value in re.findall(r'name="(question-\d+)" value="([^"]+)"', html))
    answer = {"token": token, "confirm": "1", asked["Гудвин"]: "Гудвин", asked["Гудвин"].replace("question", "answer"): "ГУДВИН"}
    again = client.post(url, answer, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert Game.objects.count() == 0
    assert '<option value="ГУДВИН" selected>' in again and '<option value="ЯРОСЛАВНА" selected>' not in again


def alpha_and_beta(tmp_path) -> str:
    first, second = records_of(MAFIARATINGS[0]), records_of(MAFIARATINGS[1])
    first["players"][9].update(id=501, name="Альфа")
    second["players"][9].update(id=502, name="Бета")
    return write(tmp_path, "ab.json", [first, second])


def test_a_merge_answered_once_holds_for_every_later_import(tmp_path):
    path = alpha_and_beta(tmp_path)
    run("--format", "mafiaratings", path)
    run("--format", "mafiaratings", "--same", "Альфа=Бета", path)
    later = records_of(MAFIARATINGS[2])
    later["players"][1]["name"] = "Другой"
    later["players"][9].update(id=501, name="Альфа")
    run("--format", "mafiaratings", path, write(tmp_path, "later.json", later))
    assert nicknames_at_seat_10("mafiaratings-4842", "mafiaratings-4868", "mafiaratings-4872") == ["Бета"] * 3
    tournament = Tournament.objects.get(name="mafiaratings, tournament 32")
    sitting = {s.player_id for g in tournament.games.all() for s in g.seats.all()}
    assert set(tournament.registrations.values_list("player_id", flat=True)) == sitting  # Альфа's registration gone


def test_two_people_answered_one_are_not_asked_about_again(tmp_path):
    path = two_people_named_alike(tmp_path)
    run("--format", "mafiaratings", "--same", "Гудвин=Гудвин", path)
    run("--format", "mafiaratings", path)  # no question
    assert nicknames_at_seat_10("mafiaratings-4842", "mafiaratings-4868") == ["Гудвин", "Гудвин"]


def test_new_undoes_a_match_to_one_of_ours_by_the_exact_name():
    PlayerFactory(nickname="Гудвин")
    run("--format", "mafiaratings", *MAFIARATINGS)
    assert nicknames_at_seat_10("mafiaratings-4842") == ["Гудвин"]
    run("--format", "mafiaratings", "--new", "Гудвин", *MAFIARATINGS)
    assert nicknames_at_seat_10("mafiaratings-4842") == ["Гудвин (mafiaratings 1147)"]
    run("--format", "mafiaratings", "--new", "Гудвин", *MAFIARATINGS)  # and again: nothing moves
    assert nicknames_at_seat_10("mafiaratings-4842") == ["Гудвин (mafiaratings 1147)"]


def test_a_renamed_draft_still_takes_its_platform_tournaments_new_games():
    run("--format", "mafiaratings", *MAFIARATINGS[:2])
    Tournament.objects.update(name="Осенний турнир клуба")
    run("--format", "mafiaratings", MAFIARATINGS[2])
    assert Tournament.objects.count() == 1
    assert Game.objects.get(code="mafiaratings-4872").tournament.name == "Осенний турнир клуба"


def test_a_game_the_organisers_moved_stays_where_they_put_it():
    from tournaments.models import Round, Table

    run("--format", "mafiaratings", *MAFIARATINGS)
    tournament = Tournament.objects.get(name="mafiaratings, tournament 32")
    stage = tournament.stages.get(kind="qualifying")
    Game.objects.filter(code="mafiaratings-4868").update(
        round=Round.objects.get(stage=stage, number=1), table=Table.objects.create(tournament=tournament, number=2))
    run("--format", "mafiaratings", *MAFIARATINGS)
    moved = Game.objects.get(code="mafiaratings-4868")
    assert (moved.round.number, moved.table.number) == (1, 2) and Game.objects.count() == 3


def test_a_later_import_keeps_the_organisers_settings_of_the_draft():
    run("--format", "mafiaratings", *MAFIARATINGS[:2])
    Tournament.objects.update(k_applies=False, k_max_participants=30, participants_override=25)
    run("--format", "mafiaratings", *MAFIARATINGS)
    tournament = Tournament.objects.get()
    assert (tournament.k_applies, tournament.k_max_participants, tournament.participants_override) == (False, 30, 25)
    assert Game.objects.count() == 3


def test_a_merge_of_the_player_an_import_made_holds_when_the_import_runs_again():
    from ratings.merge import merge_players
    from tests.factories import UserFactory

    ours = PlayerFactory(nickname="ГУДВИН")
    run("--format", "mafiaratings", "--new", "Гудвин", *MAFIARATINGS)
    merge_players(keep=ours, absorb=Player.objects.get(nickname="Гудвин"), user=UserFactory(is_superuser=True))
    run("--format", "mafiaratings", "--new", "Гудвин", *MAFIARATINGS)
    assert nicknames_at_seat_10("mafiaratings-4842") == ["ГУДВИН"] and not Player.objects.filter(nickname="Гудвин").exists()


def test_same_as_another_name_of_the_records_is_whoever_that_name_is_here(tmp_path):
    PlayerFactory(nickname="Bee")
    run("--format", "mafiaratings", "--same", "Гудвин=Bee", MAFIARATINGS[0])
    later = records_of(MAFIARATINGS[1])
    later["players"][9].update(id=777, name="Гудвинъ")
    run("--format", "mafiaratings", "--same", "Гудвинъ=Гудвин", MAFIARATINGS[0], write(tmp_path, "later.json", later))
    assert nicknames_at_seat_10("mafiaratings-4842", "mafiaratings-4868") == ["Bee", "Bee"]
    assert not Player.objects.filter(nickname="Гудвин").exists()


def test_the_upgrade_links_the_people_imported_before_so_the_same_command_changes_nothing():
    import importlib

    from django.apps import apps

    from protocols.models import ForeignPerson

    PlayerFactory(nickname="ГУДВИН")
    run("--format", "mafiaratings", "--new", "Гудвин", *MAFIARATINGS)
    ForeignPerson.objects.all().delete()  # as before the table
    migration = importlib.import_module("protocols.migrations.0009_foreign_person")
    migration.link_people_imported_before(apps, None)
    assert ForeignPerson.objects.get(key="mafiaratings:1147").made_for_him
    players = Player.objects.count()
    run("--format", "mafiaratings", "--new", "Гудвин", *MAFIARATINGS)
    assert Player.objects.count() == players and nicknames_at_seat_10("mafiaratings-4842") == ["Гудвин"]


def test_our_player_chosen_is_ours_even_when_the_records_have_his_name_for_someone_else(tmp_path):
    ours = PlayerFactory(nickname="ГУДВИН")
    first = records_of(MAFIARATINGS[0])
    first["players"][9].update(id=501, name="Гудвин")
    run("--format", "mafiaratings", "--new", "Гудвин", write(tmp_path, "a.json", first))
    later, other = records_of(MAFIARATINGS[1]), records_of(MAFIARATINGS[2])
    later["players"][9].update(id=501, name="ГУДВИН")  # 501 has renamed himself
    other["players"][1]["name"] = "Другой"
    other["players"][9].update(id=502, name="Гудвин")
    run("--format", "mafiaratings", "--same", "Гудвин=ГУДВИН", write(tmp_path, "b.json", [later, other]))
    assert seat(Game.objects.get(code="mafiaratings-4872"), 10).player == ours
    assert seat(Game.objects.get(code="mafiaratings-4868"), 10).player.nickname == "Гудвин"  # 501 stays his own


def test_new_undoes_an_answer_that_made_two_names_of_the_records_one(tmp_path):
    path = alpha_and_beta(tmp_path)
    run("--format", "mafiaratings", "--same", "Альфа=Бета", path)
    assert nicknames_at_seat_10("mafiaratings-4842", "mafiaratings-4868") == ["Бета", "Бета"]
    run("--format", "mafiaratings", "--new", "Альфа", path)
    assert nicknames_at_seat_10("mafiaratings-4842", "mafiaratings-4868") == ["Альфа", "Бета"]


def test_the_first_killed_is_killed_on_the_first_night_or_there_is_none(tmp_path):
    record = records_of(MAFIARATINGS[0])
    record["players"][9]["death"] = {"round": 2, "type": "day"}  # seat 10 not killed on night 1: a miss
    run("--format", "mafiaratings", write(tmp_path, "miss.json", record))
    g = Game.objects.get(code="mafiaratings-4842")
    assert g.first_killed_seat is None and g.best_move == []


def test_polemica_a_first_night_shot_by_every_black_player_in_the_game_is_a_kill(tmp_path):
    record = records_of(POLEMICA[-1])  # 334187: blacks 2, 7 (don), 9 shoot seat 4 on night 1
    # 9 voted out on day 1: he never shoots, nor votes on a later day
    record["shots"] = [shot for shot in record["shots"] if shot["shooter"] != 9]
    record["votes"] = [vote for vote in record["votes"] if vote["voter"] != 9 or vote["day"] < 2]
    run("--format", "polemica", write(tmp_path, "voted.json", record))
    assert Game.objects.get(code="polemica-334187").first_killed_seat == 4
    record = records_of(POLEMICA[-1])
    record["shots"] = [shot for shot in record["shots"] if not (shot["shooter"] == 9 and shot["night"] == 1)]
    run("--format", "polemica", write(tmp_path, "skipped.json", record))  # 9 skipped night 1, shoots later: a miss
    assert Game.objects.get(code="polemica-334187").first_killed_seat is None


def test_polemica_a_black_player_who_skipped_night_1_and_left_on_day_2_makes_it_a_miss(tmp_path):
    record = records_of(POLEMICA[-1])  # 334187: blacks 2, 7 (don), 9 shoot seat 4 on night 1
    record["shots"] = [shot for shot in record["shots"] if shot["shooter"] != 9]  # 9 never shoots...
    record["votes"] = [{"day": 2, "num": 0, "voter": 9, "candidate": 3}]  # ...but votes on day 2: he was in the game
    run("--format", "polemica", write(tmp_path, "skip.json", record))
    assert Game.objects.get(code="polemica-334187").first_killed_seat is None


def test_one_humans_accounts_on_two_platforms_stay_one_player_under_new():
    from protocols.models import ForeignPerson

    run("--format", "mafiaratings", "--new", "Гудвин", *MAFIARATINGS)  # 1147 Гудвин, made for him
    made = Player.objects.get(nickname="Гудвин")
    ForeignPerson.objects.create(key="polemica:424242", player=made)  # his Polemica account, answered the same
    run("--format", "mafiaratings", "--new", "Гудвин", *MAFIARATINGS)
    assert nicknames_at_seat_10("mafiaratings-4842") == ["Гудвин"]
    assert Player.objects.filter(nickname__startswith="Гудвин").count() == 1


def state():
    """Everything an import writes, to compare two runs."""
    from protocols.models import ForeignPerson
    from tournaments.models import Registration

    return (sorted(Player.objects.values_list("nickname", flat=True)),
            sorted(Registration.objects.values_list("tournament_id", "code", "player__nickname", "number")),
            sorted(Game.objects.values_list("code", "tournament_id")),
            sorted((s.game.code, s.number, s.player.nickname) for g in Game.objects.all() for s in g.seats.all()),
            sorted(ForeignPerson.objects.values_list("key", "player__nickname", "made_for_him")))


def alphas(tmp_path) -> tuple[str, str]:
    first, third = records_of(MAFIARATINGS[0]), records_of(MAFIARATINGS[2])
    first["players"][9].update(id=501, name="Альфа")
    third["players"][1]["name"] = "Другой"
    third["players"][9].update(id=503, name="Альфа")
    return write(tmp_path, "m1.json", first), write(tmp_path, "m3.json", third)


def test_every_seated_player_keeps_his_registration_through_a_correction_of_some_files(tmp_path):
    from tournaments.models import Registration

    PlayerFactory(nickname="Ours")
    m1, m3 = alphas(tmp_path)
    run("--format", "mafiaratings", "--same", "Альфа=Ours", m1, m3)
    run("--format", "mafiaratings", "--new", "Альфа", m1)
    tournament = Tournament.objects.get()
    for g in tournament.games.all():
        for s in g.seats.all():
            assert Registration.objects.filter(tournament=tournament, player=s.player).count() == 1, s.player.nickname
    assert nicknames_at_seat_10("mafiaratings-4842", "mafiaratings-4872") == ["Альфа", "Ours"]


@pytest.mark.parametrize("answer", [["--same", "Альфа=Ours"], ["--new", "Альфа"]])
def test_the_last_command_again_changes_nothing_when_a_name_has_people_old_and_new(tmp_path, answer):
    PlayerFactory(nickname="Ours")
    PlayerFactory(nickname="Альфа")
    m1, m3 = alphas(tmp_path)
    run("--format", "mafiaratings", m1)
    run("--format", "mafiaratings", *answer, m1, m3)
    before = state()
    run("--format", "mafiaratings", *answer, m1, m3)
    assert state() == before
