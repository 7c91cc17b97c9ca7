"""What the tournament file's import does beyond `check`: a point value of 5,000 digits is a problem
naming its field at every door (`python -m scoring check`, `manage.py import_tournament`, the API),
never a traceback or a 500; player ids that differ only in case are refused by the import; a new
tournament is a draft; a game's judge is matched within its tournament only."""
import io
import json
from pathlib import Path

import pytest
from django.contrib.auth.models import Permission
from django.core.management import call_command
from rest_framework.test import APIClient

from engines.scoring.cli import main as scoring_main
from tests.factories import UserFactory
from tournaments.models import Judge, Publication, Tournament

pytestmark = pytest.mark.django_db

EXAMPLE = Path(__file__).resolve().parent.parent / "engines" / "scoring" / "data" / "example-tournament.json"
HUGE = "1" + "0" * 5000


def example() -> dict:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def huge_extra_texts() -> dict[str, str]:
    """The file's text with seat 1's extra as a 5,000-digit string, integer literal and decimal literal."""
    doc = example()
    doc["games"][0]["seats"][0]["extra"] = "@"
    text = json.dumps(doc, ensure_ascii=False)
    return {"string": text.replace('"@"', f'"{HUGE}"'), "integer": text.replace('"@"', HUGE),
            "decimal": text.replace('"@"', HUGE + ".5")}


def run_import(path, *args) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_tournament", str(path), *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue(), err.getvalue()


def organiser_client() -> APIClient:
    user = UserFactory(username="organiser")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize("form", ["string", "integer", "decimal"])
def test_a_5000_digit_extra_is_a_problem_naming_the_field_at_every_door(tmp_path, capsys, form):
    path = tmp_path / "huge.json"
    text = huge_extra_texts()[form]
    path.write_text(text, encoding="utf-8")
    expected = "game Q1-T1, seat 1, extra: 10000000000000000000… has more than 40 characters; no point value is that long"
    assert scoring_main(["check", str(path)]) == 1
    assert capsys.readouterr().out == expected + "\n"
    assert scoring_main(["standings", str(path)]) == 2
    assert capsys.readouterr().err == expected + "\n"
    code, _out, err = run_import(path)
    assert code == 1 and err.strip() == expected and not Tournament.objects.exists()
    response = organiser_client().post("/api/v1/tournaments/import/", text, content_type="application/json")
    assert response.status_code == 400, response.content[:300]
    [error] = response.json()["errors"]
    assert (error["game"], error["seat"], error["field"], error["code"]) == ("Q1-T1", 1, "extra", "too_many_digits")
    assert not Tournament.objects.exists()


def test_a_5000_digit_setting_is_a_problem_naming_the_setting(tmp_path, capsys):
    doc = example()
    doc["tournament"]["settings"] = {"best_move_three": HUGE}
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert scoring_main(["check", str(path)]) == 1
    assert capsys.readouterr().out.startswith("tournament.settings.best_move_three: 10000000000000000000… has more than 40")


def test_player_ids_that_differ_only_in_case_are_refused_by_the_import(tmp_path, capsys):
    doc = example()
    doc["players"][1]["id"] = doc["players"][0]["id"].upper()
    for game in doc["games"]:
        for seat in game["seats"]:
            if seat["player"] == "p002":
                seat["player"] = "P001"
    path = tmp_path / "case.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    assert scoring_main(["check", str(path)]) == 0  # the file format compares ids exactly
    code, _out, err = run_import(path)
    assert code == 1 and "players[1].id: P001 and p001 differ only in case" in err
    assert not Tournament.objects.exists()
    response = organiser_client().post("/api/v1/tournaments/import/", doc, format="json")
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("players[1].id", "player_id_case")]
    assert not Tournament.objects.exists()


def test_an_imported_tournament_is_a_draft(tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps(example(), ensure_ascii=False), encoding="utf-8")
    assert run_import(path)[0] == 0
    created = organiser_client().post("/api/v1/tournaments/import/", example(), format="json")
    assert created.status_code == 201
    assert set(Tournament.objects.values_list("publication", flat=True)) == {Publication.DRAFT}
    # An update leaves the organisers' choice alone.
    Tournament.objects.update(publication=Publication.PUBLISHED)
    slug = Tournament.objects.order_by("pk").first().slug
    assert run_import(path, "--slug", slug)[0] == 0
    assert set(Tournament.objects.values_list("publication", flat=True)) == {Publication.PUBLISHED}
    assert Tournament.objects.count() == 2


def test_a_judge_is_matched_within_the_tournament_only(tmp_path):
    elsewhere = Judge.objects.create(name="Судья 1")  # a judge with a login, of another tournament
    doc = example()
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    doc["tournament"]["name"] = "Другой турнир"
    second.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    assert run_import(first)[0] == 0 and run_import(second)[0] == 0
    a, b = Tournament.objects.get(name="Тестовый турнир 2026"), Tournament.objects.get(name="Другой турнир")
    judges_a = {g.judge for g in a.games.select_related("judge")}
    judges_b = {g.judge for g in b.games.select_related("judge")}
    assert {j.name for j in judges_a} == {j.name for j in judges_b} == {"Судья 1", "Судья 2"}
    assert not judges_a & judges_b and elsewhere not in judges_a | judges_b
    assert set(a.judge_links.values_list("judge__name", flat=True)) == {"Судья 1", "Судья 2"}
    # Importing the file again keeps the tournament's own judges.
    assert run_import(first)[0] == 0
    assert {g.judge for g in a.games.select_related("judge")} == judges_a
    assert Judge.objects.filter(name="Судья 1").count() == 3
