"""Where organisers find the paper in the admin: actions, buttons, the booklet job and its file."""
import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from exports.models import ExportJob, JobStatus
from protocols.models import Game
from tests.factories import UserFactory
from tests.tournament_builders import add_scheduled_round
from tournaments.models import Round, Stage

from .conftest import pdf_pages

pytestmark = pytest.mark.django_db


def _staff(username: str, group: str | None):
    user = UserFactory(username=username, is_staff=True)
    if group:
        user.groups.add(Group.objects.get(name=group))
    return user


def _url(name, *args):
    return reverse(f"admin:exports_exportjob_{name}", args=args)


def test_the_stage_and_round_pages_have_the_print_buttons(cup, admin_client):
    stage = Stage.objects.get(tournament=cup, kind="qualifying")
    page = admin_client.get(reverse("admin:tournaments_stage_change", args=[stage.pk]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    rnd = stage.rounds.get(number=3)
    assert "Напечатать бланки тура 3" in page and _url("round", rnd.pk, "blank", "pdf") in page
    assert _url("stage_booklet", stage.pk) in page
    page = admin_client.get(reverse("admin:tournaments_round_change", args=[rnd.pk]), {"lang": "en"}).content.decode()
    assert "Print blank sheets for round 3" in page
    page = admin_client.get(reverse("admin:tournaments_tournament_change", args=[cup.pk])).content.decode()
    assert _url("tournament", cup.pk, "standings", "pdf") in page
    game = Game.objects.filter(tournament=cup).first()
    page = admin_client.get(reverse("admin:protocols_game_change", args=[game.pk])).content.decode()
    assert _url("game", game.pk, "protocol", "pdf") in page


def test_blank_sheets_of_a_round_stream_as_one_pdf(cup, client):
    games = add_scheduled_round(cup)
    rnd = games[0].round
    organiser = _staff("org", "Organiser")
    cup.organisers.add(organiser)
    client.force_login(organiser)
    response = client.get(_url("round", rnd.pk, "blank", "pdf"))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert 'attachment; filename="cup-protocols-qualifying-round-4-blank.pdf"' == response["Content-Disposition"]
    assert len(pdf_pages(response.content)) == 2 * len(games)


def test_who_may_print(cup, client):
    """The tournament's organisers and its chief judge (tournaments/permissions.py)."""
    rnd = Round.objects.filter(stage__tournament=cup).first()
    url = _url("round", rnd.pk, "blank", "pdf")
    assert client.get(url).status_code == 302  # to the admin's login
    client.force_login(UserFactory(username="visitor", is_staff=False))
    assert client.get(url).status_code == 302
    client.force_login(_staff("staff-without-rights", None))
    assert client.get(url).status_code == 403
    client.force_login(_staff("table-judge", "Judge"))
    assert client.get(url).status_code == 403
    organiser_elsewhere = _staff("organiser-elsewhere", "Organiser")
    client.force_login(organiser_elsewhere)
    assert client.get(url).status_code == 403  # the Organiser group alone is not this tournament's
    cup.organisers.add(organiser_elsewhere)
    assert client.get(url).status_code == 200
    client.force_login(cup.chief_judge.user)
    assert client.get(url).status_code == 200


def test_unknown_things_are_404(cup, admin_client):
    rnd = Round.objects.filter(stage__tournament=cup).first()
    for url in [_url("round", 999999, "blank", "pdf"), f"/admin/exports/exportjob/round/{rnd.pk}/blank.csv",
                _url("round", rnd.pk, "bogus", "pdf"), _url("tournament", cup.pk, "protocols", "pdf"),
                _url("stage", 999999, "seating", "pdf"), _url("game", 999999, "protocol", "pdf"), _url("status", 999999),
                _url("download", 999999), "/admin/exports/exportjob/round/99999999999999999999999/blank.pdf"]:
        assert admin_client.get(url, follow=True).status_code == 404, url


def test_nothing_to_print_goes_back_with_a_message(cup, admin_client):
    game = Game.objects.filter(tournament=cup).first()
    Game.objects.filter(pk=game.pk).update(status="in_play")
    response = admin_client.get(_url("game", game.pk, "protocol", "pdf"), follow=True)
    assert response.status_code == 200
    assert "не подписана" in response.content.decode() or "not signed off" in response.content.decode()


def test_admin_actions_return_the_files(cup, admin_client):
    games = list(Game.objects.filter(tournament=cup).order_by("number")[:3])
    response = admin_client.post(reverse("admin:protocols_game_changelist"),
                                 {"action": "export_protocol_sheets", "_selected_action": [g.pk for g in games]})
    assert response["Content-Type"] == "application/pdf" and len(pdf_pages(response.content)) == 6
    rnd = Round.objects.filter(stage__tournament=cup, number=2, stage__kind="qualifying").get()
    response = admin_client.post(reverse("admin:tournaments_round_changelist"),
                                 {"action": "export_blank_sheets", "_selected_action": [rnd.pk]})
    assert response["Content-Type"] == "application/pdf"
    for action, content_type in [("export_standings_xlsx", "spreadsheetml"), ("export_seating_pdf", "pdf"),
                                 ("export_protocols_xlsx", "spreadsheetml"), ("export_standings_pdf", "pdf")]:
        response = admin_client.post(reverse("admin:tournaments_tournament_changelist"),
                                     {"action": action, "_selected_action": [cup.pk]})
        assert content_type in response["Content-Type"], action
    stage = Stage.objects.get(tournament=cup, kind="final")
    response = admin_client.post(reverse("admin:tournaments_stage_changelist"),
                                 {"action": "export_seating_xlsx", "_selected_action": [stage.pk]})
    assert "spreadsheetml" in response["Content-Type"]


def test_a_stage_booklet_is_a_job_with_progress_and_a_kept_file(cup, client, media_root, django_capture_on_commit_callbacks):
    stage = Stage.objects.get(tournament=cup, kind="qualifying")
    chief = cup.chief_judge.user
    client.force_login(chief)
    assert client.get(_url("stage_booklet", stage.pk)).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):  # the job leaves once the request's transaction commits
        response = client.post(_url("stage_booklet", stage.pk), {"lang": "en"})
    job = ExportJob.objects.get()
    assert response.status_code == 302 and response["Location"] == _url("status", job.pk)
    assert job.status == JobStatus.DONE and job.done == job.total == stage.games.count() and job.percent == 100
    assert job.requested_by == chief and job.language == "en"
    assert (media_root / job.file.name).is_file()
    progress = client.get(_url("progress", job.pk)).json()
    assert progress["status"] == "done" and progress["percent"] == 100 and progress["download"] == _url("download", job.pk)
    page = client.get(_url("status", job.pk)).content.decode()
    assert _url("download", job.pk) in page
    download = client.get(_url("download", job.pk))
    content = b"".join(download.streaming_content)
    assert download.status_code == 200 and "attachment" in download["Content-Disposition"]
    assert len(pdf_pages(content)) == 2 * stage.games.count()
    # the kept file is not open media: only through the view, and only for those who may
    client.force_login(_staff("another-judge", "Judge"))
    assert client.get(_url("download", job.pk)).status_code == 403
    assert client.get(_url("status", job.pk)).status_code == 403
    organiser = _staff("organiser", "Organiser")
    cup.organisers.add(organiser)
    client.force_login(organiser)
    assert client.get(_url("download", job.pk)).status_code == 200
    assert client.get(reverse("admin:exports_exportjob_changelist")).status_code == 200
    client.logout()
    assert client.get(_url("download", job.pk)).status_code == 302
    assert client.get(f"/media/{job.file.name}").status_code == 404


def test_the_booklet_action_starts_a_job(cup, admin_client, media_root, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(reverse("admin:tournaments_tournament_changelist"),
                                     {"action": "export_protocol_booklet", "_selected_action": [cup.pk]})
    job = ExportJob.objects.get()
    assert response.status_code == 302 and job.stage is None and job.status == JobStatus.DONE
    assert job.total == Game.objects.filter(tournament=cup).count()


def test_a_booklet_of_nothing_starts_no_job(cup, admin_client, media_root):
    stage = Stage.objects.get(tournament=cup, kind="final")
    Game.objects.filter(stage=stage).update(status="in_play")
    response = admin_client.post(_url("stage_booklet", stage.pk), follow=True)
    assert response.status_code == 200 and not ExportJob.objects.exists()


def test_the_job_reports_its_progress_while_it_runs(cup, monkeypatch, media_root):
    from exports.exporters import ProtocolExporter
    from exports.jobs import run_job
    from exports.services import start_booklet

    seen = []
    render = ProtocolExporter.render

    def spy(self, fmt, *, progress=None):
        def report(done, total):
            progress(done, total)
            seen.append(ExportJob.objects.values_list("status", "done", "total").get())
        return render(self, fmt, progress=report)

    monkeypatch.setattr(ProtocolExporter, "render", spy)
    job = start_booklet(tournament=cup, stage=Stage.objects.get(tournament=cup, kind="qualifying"))
    run_job(job.pk)
    assert [s for s, _d, _t in seen] == ["running"] * len(seen) and len(seen) >= 3
    assert [d for _s, d, _t in seen] == sorted(d for _s, d, _t in seen) and seen[-1][1] == seen[-1][2] == 6
    job.refresh_from_db()
    assert job.status == "done" and job.file


def _booklet_with_the_broker_down(cup, admin_client, monkeypatch, capture) -> ExportJob:
    """Ask for the qualifying booklet while sending any job fails, as with Redis down."""
    from exports.tasks import build_export

    def down(*args):
        raise ConnectionError("broker down")

    monkeypatch.setattr(build_export, "delay", down)
    stage = Stage.objects.get(tournament=cup, kind="qualifying")
    with capture(execute=True):
        response = admin_client.post(_url("stage_booklet", stage.pk))
    assert response.status_code == 302
    return ExportJob.objects.get()


def test_with_the_broker_down_the_booklet_is_built_in_process(cup, admin_client, media_root, monkeypatch,
                                                               django_capture_on_commit_callbacks):
    job = _booklet_with_the_broker_down(cup, admin_client, monkeypatch, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.DONE and job.file and job.done == job.total == 6


def test_a_booklet_that_fails_in_process_marks_its_job_failed_instead_of_a_server_error(
    cup, admin_client, media_root, monkeypatch, django_capture_on_commit_callbacks,
):
    from exports.exporters import ProtocolExporter

    def broken(self, fmt, *, progress=None):
        raise RuntimeError("no fonts")

    monkeypatch.setattr(ProtocolExporter, "render", broken)
    job = _booklet_with_the_broker_down(cup, admin_client, monkeypatch, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.FAILED and "no fonts" in job.error


def test_all_blank_sheets_of_a_tournament_in_one_pdf_and_a_long_nickname_cut_to_one_line(cup, admin_client):
    from tournaments.models import Player

    from .conftest import pdf_text

    long = "Очень-длинный-никнейм-игрока-который-не-помещается-в-клетку-протокола-XY"  # 72 letters
    seat = Game.objects.filter(tournament=cup).order_by("number").first().seats.get(number=3)
    Player.objects.filter(pk=seat.player_id).update(nickname=long)
    response = admin_client.post(reverse("admin:tournaments_tournament_changelist"),
                                 {"action": "export_all_blank_sheets", "_selected_action": [cup.pk]})
    assert response["Content-Type"] == "application/pdf"
    games = Game.objects.filter(tournament=cup).count()
    pages = pdf_text(response.content)
    assert len(pages) == 2 * games  # every round's sheets, the final's too, in one file
    first = next(page for page in pages if "№ 1\n" in page or "№ 1 " in page)  # the sheet of game 1, where he sits
    flat = first.replace("\n", "")
    assert long not in flat and "…" in flat and "Очень-длинный" in flat
    stage = Stage.objects.get(tournament=cup, kind="final")
    response = admin_client.post(reverse("admin:tournaments_stage_changelist"),
                                 {"action": "export_all_blank_sheets", "_selected_action": [stage.pk]})
    assert len(pdf_text(response.content)) == 2 * Game.objects.filter(stage=stage).count()


def test_the_tournament_and_stage_pages_offer_all_blank_sheets_and_name_the_booklet_as_filled(cup, admin_client):
    from .conftest import pdf_text

    page = admin_client.get(reverse("admin:tournaments_tournament_change", args=[cup.pk]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    url = reverse("admin:exports_exportjob_tournament", args=[cup.pk, "blank", "pdf"])
    assert f'href="{url}"' in page and "Все бланки PDF" in page and "Сборник заполненных протоколов" in page
    assert "Сборник протоколов<" not in page
    assert len(pdf_text(admin_client.get(url).content)) == 2 * Game.objects.filter(tournament=cup).count()
    stage = Stage.objects.get(tournament=cup, kind="qualifying")
    stage_url = reverse("admin:exports_exportjob_stage", args=[stage.pk, "blank", "pdf"])
    assert f'href="{stage_url}"' in admin_client.get(reverse("admin:tournaments_stage_change", args=[stage.pk])).content.decode()
    assert len(pdf_text(admin_client.get(stage_url).content)) == 2 * Game.objects.filter(stage=stage).count()
