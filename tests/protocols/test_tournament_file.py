import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from engines.scoring.standings import compute_standings
from protocols.models import Game, GameStatus
from protocols.scoring_records import tournament_data
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

# The golden copies of ../shared/spec (tests/scoring checks that they equal the originals).
SPEC = Path(__file__).resolve().parent.parent / "engines" / "scoring" / "data"
EXAMPLE = SPEC / "example-tournament.json"
ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(*args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue(), err.getvalue()


def test_it_imports_the_example_and_the_standings_equal_the_golden_file():
    code, out, _err = run("import_tournament", str(EXAMPLE))
    assert code == 0
    slug = out.strip().splitlines()[-1]
    tournament = Tournament.objects.get(slug=slug)
    assert tournament.games.filter(status=GameStatus.SIGNED_OFF).count() == 16
    standings = compute_standings(tournament_data(tournament)).to_document()
    assert standings == json.loads(EXAMPLE.with_name("example-standings.json").read_text())


def test_it_is_idempotent(tmp_path):
    code, out, _ = run("import_tournament", str(EXAMPLE))
    slug = out.strip().splitlines()[-1]
    versions = sorted(Game.objects.filter(tournament__slug=slug).values_list("code", "version"))
    code, out, _ = run("import_tournament", str(EXAMPLE))
    assert code == 0 and out.strip().splitlines()[-1] == slug
    assert Tournament.objects.count() == 1
    assert sorted(Game.objects.filter(tournament__slug=slug).values_list("code", "version")) == versions
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    run("export_tournament", slug, str(first))
    run("import_tournament", str(first))
    run("export_tournament", slug, str(second))
    assert first.read_text() == second.read_text()


def test_the_demo_round_trips(tmp_path):
    from demo.builder import build_tournament

    demo = build_tournament("demo", name="Кубок (демо)")
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    assert run("export_tournament", demo.slug, str(first))[0] == 0
    code, out, _ = run("import_tournament", str(first), "--slug", "demo-copy")
    assert code == 0 and out.strip().splitlines()[-1] == "demo-copy"
    assert run("export_tournament", "demo-copy", str(second))[0] == 0
    assert first.read_text() == second.read_text()
    document = json.loads(first.read_text())
    assert document["format"] == "mafia-tournament/1" and len(document["games"]) == demo.games.count()


def test_it_refuses_an_invalid_file_with_the_checkers_messages(tmp_path):
    document = json.loads(EXAMPLE.read_text())
    document["games"][0]["seats"][0]["fouls"] = 7
    document["games"][1]["seats"][2]["role"] = "mayor"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document, ensure_ascii=False))
    code, out, err = run("import_tournament", str(bad))
    checker = subprocess.run([sys.executable, "-m", "scoring", "check", str(bad)], capture_output=True, text=True, cwd=ROOT)
    assert code == checker.returncode == 1
    assert err.strip() == checker.stdout.strip() and "fouls" in err
    assert out == ""
    assert Tournament.objects.count() == 0 and Game.objects.count() == 0


def test_it_refuses_a_file_that_is_not_json(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, _out, err = run("import_tournament", str(bad))
    checker = subprocess.run([sys.executable, "-m", "scoring", "check", str(bad)], capture_output=True, text=True, cwd=ROOT)
    assert code == checker.returncode != 0
    assert err.strip() == (checker.stdout + checker.stderr).strip() and "JSON" in err
    assert Tournament.objects.count() == 0


def test_export_refuses_an_unknown_slug(tmp_path):
    code, _out, err = run("export_tournament", "no-such", str(tmp_path / "x.json"))
    assert code == 1 and "no-such" in err


def test_a_mafclub_file_with_a_replay_and_settings_round_trips(tmp_path):
    import copy

    document = json.loads(EXAMPLE.read_text())
    document["tournament"]["ruleset"] = "mafclub"
    document["tournament"]["settings"] = {"best_move_three": "0.5", "fourth_foul_removal_counts": False}
    document["tournament"] |= {"date": "2026-10-03", "city": "Казань"}  # the optional details go both ways
    annulled = document["games"][0]
    replay = copy.deepcopy(annulled)
    annulled["result"] = "annulled"
    for seat in annulled["seats"]:
        seat.pop("extra", None), seat.pop("extra_approved", None), seat.pop("penalties", None)
    annulled["seats"][0]["gross_violation"] = True
    replay["id"], replay["replay_of"] = annulled["id"] + "-R", annulled["id"]
    document["games"].insert(1, replay)
    source = tmp_path / "mafclub.json"
    source.write_text(json.dumps(document, ensure_ascii=False))
    code, out, err = run("import_tournament", str(source), "--slug", "mafclub-cup")
    assert code == 0, err
    exported = tmp_path / "exported.json"
    assert run("export_tournament", "mafclub-cup", str(exported))[0] == 0
    again = json.loads(exported.read_text())
    from engines.scoring.fileformat import parse_document

    assert {**again["tournament"], "settings": None} == {**document["tournament"], "settings": None}
    assert parse_document(again).settings == parse_document(document).settings  # "0.50" reads as "0.5"
    by_id = lambda doc: {g["id"]: g for g in doc["games"]}  # noqa: E731
    assert by_id(again).keys() == by_id(document).keys()
    ours = {g.id: g for g in parse_document(again).games}
    theirs = {g.id: g for g in parse_document(document).games}
    assert ours == theirs
    game = Game.objects.get(tournament__slug="mafclub-cup", code=replay["id"])
    assert game.replay_of.code == annulled["id"] and game.round_id == game.replay_of.round_id


def test_a_replay_of_a_replay_imports_whatever_its_id(tmp_path):
    # the second replay's id sorts before the first replay's: the import follows replay_of
    import copy

    document = json.loads(EXAMPLE.read_text())
    document["tournament"]["ruleset"] = "mafclub"
    first = document["games"][0]
    for seat in first["seats"]:
        seat.pop("extra", None), seat.pop("extra_approved", None), seat.pop("penalties", None)
    played = copy.deepcopy(first)
    first["result"] = "annulled"
    first["seats"][0]["gross_violation"] = True
    replay = {**copy.deepcopy(first), "id": "Z-replay", "replay_of": first["id"]}
    # another player causes the second annulment: two by one player would exclude him (RULES.md §4)
    replay["seats"][0]["gross_violation"], replay["seats"][1]["gross_violation"] = False, True
    again = {**played, "id": "A-replay", "replay_of": "Z-replay"}
    document["games"][1:1] = [again, replay]
    source = tmp_path / "replays.json"
    source.write_text(json.dumps(document, ensure_ascii=False))
    code, _out, err = run("import_tournament", str(source), "--slug", "replays")
    assert code == 0, err
    game = Game.objects.get(tournament__slug="replays", code="A-replay")
    assert game.replay_of.code == "Z-replay" and game.replay_of.replay_of.code == first["id"]


def test_an_imported_game_is_amended_without_the_reasons_and_day_record_the_file_does_not_carry():
    from protocols.entry import entry_from_game
    from protocols.forms import ProtocolForm
    from protocols.services import save_protocol
    from tests.factories import JudgeFactory

    code, out, _ = run("import_tournament", str(EXAMPLE))
    tournament = Tournament.objects.get(slug=out.strip().splitlines()[-1])
    tournament.chief_judge = JudgeFactory()
    tournament.save()
    game = tournament.games.filter(seats__extra__gt=0).order_by("number").first()
    assert game is not None and not game.nominations.exists()  # extras without written reasons, no day record
    stored = entry_from_game(game)
    players = {s.player_id: s.nickname for s in stored.seats}
    values = ProtocolForm(base=stored, players=players).page_values()  # the page as it opens
    seat = next(s for s in stored.seats if not s.extra)
    values[f"s{seat.number}-fouls"] = str(min(seat.fouls + 1, 3))
    form = ProtocolForm(values, base=stored, players=players)
    assert form.problems == []
    save_protocol(game=game, user=tournament.chief_judge.user, entry=form.entry, expected_version=game.version,
                  reason="протест: фол записан не тому месту")
    game.refresh_from_db()
    assert game.seats.get(number=seat.number).fouls == min(seat.fouls + 1, 3)
    # what is entered now still needs its reason: a new extra without one is refused
    values[f"s{seat.number}-extra"] = "0.1"
    form = ProtocolForm(values, base=entry_from_game(game), players=players)
    from protocols.services import ProtocolInvalid

    with pytest.raises(ProtocolInvalid) as exc:
        save_protocol(game=game, user=tournament.chief_judge.user, entry=form.entry, expected_version=game.version,
                      reason="ещё одна правка")
    assert (seat.number, "extra_without_reason") in [(p.seat, p.code) for p in exc.value.problems]
    assert not any(p.code == "extra_without_reason" and p.seat != seat.number for p in exc.value.problems)


def _import_with(tmp_path, name: str, **details):
    document = json.loads(EXAMPLE.read_text())
    document["tournament"] |= details
    source = tmp_path / f"{name}.json"
    source.write_text(json.dumps(document, ensure_ascii=False))
    return run("import_tournament", str(source), "--slug", name)


def test_the_files_date_and_city_are_the_tournaments_and_an_export_writes_them(tmp_path):
    """tournament-file.md: `date` is the first day (ISO 8601) and orders a season's files; a
    season imported file by file keeps its order in the database, not the day of the import."""
    code, _out, err = _import_with(tmp_path, "autumn", date="2026-W40-6", city="Казань")  # a week date: 3 October
    assert code == 0, err
    autumn = Tournament.objects.get(slug="autumn")
    assert (autumn.start_date.isoformat(), autumn.end_date.isoformat(), autumn.city) == ("2026-10-03", "2026-10-03", "Казань")
    exported = tmp_path / "out.json"
    assert run("export_tournament", "autumn", str(exported))[0] == 0
    head = json.loads(exported.read_text())["tournament"]
    assert (head["date"], head["city"]) == ("2026-10-03", "Казань")
    # the same file again, a day later: the tournament now starts, and ends, that day
    assert _import_with(tmp_path, "autumn", date="2026-277")[0] == 0  # an ordinal date: 4 October
    autumn.refresh_from_db()
    assert (autumn.start_date.isoformat(), autumn.end_date.isoformat(), autumn.city) == ("2026-10-04", "2026-10-04", "Казань")


@pytest.mark.parametrize("details, named", [({"date": "2026-02-30"}, "tournament.date"), ({"date": "2026-10"}, "tournament.date"),
                                            ({"date": "2026-W40"}, "tournament.date"), ({"date": "٢٠٢٦-٢٧٦"}, "tournament.date"),
                                            ({"city": "К" * 121}, "tournament.city")])
def test_a_date_that_names_no_day_or_a_city_too_long_is_refused_and_nothing_is_written(tmp_path, details, named):
    code, _out, err = _import_with(tmp_path, "refused", **details)
    assert code == 1 and named in err
    assert not Tournament.objects.filter(slug="refused").exists()
