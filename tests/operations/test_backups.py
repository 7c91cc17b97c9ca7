"""backup → restore into an empty database gives the same tournaments, protocols, history, users
and identical standings; a restore into a database that holds data is refused."""
import io

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command

from operations.backups import BACKED_UP, NOT_BACKED_UP
from protocols.models import Protest
from protocols.protests import file_protest
from scoring.models import StandingsSnapshot, StandingsState
from scoring.recompute import recompute
from tests.tournament_builders import played
from tournaments.models import ActionLog, Tournament

pytestmark = pytest.mark.django_db(transaction=True)  # flush and restore need real transactions on PostgreSQL


def counts() -> dict[str, int]:
    return {model._meta.label: model.objects.count() for label in BACKED_UP if label in {c.label for c in apps.get_app_configs()}
            for model in apps.get_app_config(label).get_models() if model._meta.label_lower not in NOT_BACKED_UP}


def run(*args) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(*args, stdout=out, stderr=err)
    except SystemExit as exc:
        return exc.code, err.getvalue()
    return 0, out.getvalue()


def standings(slug: str) -> dict:
    tournament = Tournament.objects.get(slug=slug)
    state = StandingsState.objects.get(pk=tournament.pk)
    return StandingsSnapshot.objects.get(tournament=tournament, version=state.computed_version, scope="all").document


def test_backup_then_restore_into_an_empty_database_gives_identical_standings(tmp_path):
    tournament = played("backed-up", players=20, rounds=2, final_games=2)
    game = tournament.games.order_by("number").first()
    chief = tournament.chief_judge.user
    file_protest(game=game, user=chief, player_id=game.seats.get(number=1).player_id, point="fouls", seat=1, text="фол не тот")
    recompute(tournament.pk)
    before = counts()
    document = standings("backed-up")
    history = sorted(Protest.history.values_list("id", "history_date", "status"))
    assert before["tournaments.ActionLog"] >= 1 and before["protocols.HistoricalProtest"] >= 1

    path = tmp_path / "backup.json.gz"
    code, out = run("backup", str(path))
    assert code == 0 and path.stat().st_size > 0

    code, err = run("restore", str(path))  # the database still holds it all
    assert code == 1 and "not restored" in err

    call_command("flush", interactive=False, verbosity=0)
    assert not Tournament.objects.exists() and not get_user_model().objects.exists()
    code, out = run("restore", str(path))
    assert code == 0, out
    assert counts() == before
    assert standings("backed-up") == document
    assert sorted(Protest.history.values_list("id", "history_date", "status")) == history
    assert Protest.objects.get().text == "фол не тот" and ActionLog.objects.filter(action="protest_filed").exists()
    # the restored protocols score to the same standings as before
    recompute(Tournament.objects.get(slug="backed-up").pk, force=True)
    assert standings("backed-up")["standings"] == document["standings"]
    # and the users can log in again with their passwords
    assert get_user_model().objects.get(username=chief.username).check_password("chief-mafia")


def test_restore_replaces_a_database_only_when_told(tmp_path):
    played("first", players=10, rounds=1)
    path = tmp_path / "first.json"
    assert run("backup", str(path))[0] == 0
    played("second", players=10, rounds=1)
    assert run("restore", str(path))[0] == 1
    assert Tournament.objects.filter(slug="second").exists()
    assert run("restore", str(path), "--replace")[0] == 0
    assert list(Tournament.objects.values_list("slug", flat=True)) == ["first"]


@pytest.mark.parametrize("content", [b"not a backup", b"\x1f\x8b\x08garbage", b""])
def test_a_file_that_is_not_a_backup_is_refused_with_a_message(tmp_path, content):
    path = tmp_path / "odd.bak"
    path.write_bytes(content)
    code, err = run("restore", str(path))
    assert code == 1 and err.startswith("not restored")
    assert run("restore", str(tmp_path / "missing.bak"))[0] == 1
