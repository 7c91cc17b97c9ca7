"""backup → restore into an empty database gives the same tournaments, protocols, history, users,
seatings and identical standings; a restore into a database that holds data is refused."""
import io

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from exports.models import ExportJob
from operations.backups import backed_up_models
from protocols.models import Protest
from protocols.protests import file_protest
from scoring.models import StandingsSnapshot, StandingsState
from scoring.recompute import recompute
from seating.models import ManualSwap, SeatingRecord
from tests.tournament_builders import played
from tournaments.models import ActionLog, Tournament

pytestmark = pytest.mark.django_db(transaction=True)  # flush and restore need real transactions on PostgreSQL


def counts() -> dict[str, int]:
    return {label: apps.get_model(label)._base_manager.count() for label in backed_up_models()}


def run(*args) -> tuple[int, str]:
    """A command's exit code (a CommandError exits 1) and what it wrote."""
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(*args, stdout=out, stderr=err)
    except CommandError as exc:
        return 1, str(exc)
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
    stage = tournament.stages.order_by("order").first()
    seats = list(game.seats.order_by("number")[:2])
    SeatingRecord.objects.create(stage=stage, seed=7, iterations=1000, balance="near", judges=[tournament.chief_judge.pk])
    ManualSwap.objects.create(stage=stage, round_number=1, player_a=seats[0].player, player_b=seats[1].player, made_by=chief)
    ExportJob.objects.create(tournament=tournament, stage=stage, requested_by=chief)
    before = counts()
    document = standings("backed-up")
    history = sorted(Protest.history.values_list("id", "history_date", "status"))
    assert before["tournaments.actionlog"] >= 1 and before["protocols.historicalprotest"] >= 1
    assert before["seating_store.seatingrecord"] == before["seating_store.manualswap"] == before["exports.exportjob"] == 1

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
    record, swap = SeatingRecord.objects.get(), ManualSwap.objects.get()
    assert (record.stage.tournament.slug, record.seed, record.balance) == ("backed-up", 7, "near")
    assert record.judges == [tournament.chief_judge.pk]
    assert (swap.player_a_id, swap.player_b_id, swap.made_by.username) == (seats[0].player_id, seats[1].player_id, chief.username)


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
