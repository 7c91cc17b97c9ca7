"""The team standings of a team tournament in the database: the same ranking as the scoring core
gives from the tournament file the site exports, the page in Russian, the standings' rules (hidden
standings, a hidden final) and the teams' own limits."""
import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError
from django.utils import translation

from engines.scoring.fileformat import parse_document
from engines.scoring.rulesets import RULESETS
from engines.scoring.standings import compute_standings
from engines.scoring.teams import read_teams, team_standings
from protocols.tournament_file import export_document
from scoring.recompute import recompute
from scoring.teams import team_view
from tests.factories import TournamentFactory
from tests.tournament_builders import played
from tournaments.models import Registration, Stage, Team

pytestmark = pytest.mark.django_db

NAMES = ["Волга", "Ока", "Кама", "Дон", "Нева"]


def with_teams(t, best=3):
    t.team_size, t.team_best = 4, best
    t.save(update_fields=["team_size", "team_best"])
    teams = [Team.objects.create(tournament=t, name=name) for name in NAMES]
    for index, registration in enumerate(Registration.objects.filter(tournament=t).order_by("number")):
        registration.team = teams[index // 4]
        registration.save(update_fields=["team"])
    recompute(t.pk, force=True)
    t.refresh_from_db()
    return t


def test_the_team_standings_are_the_cores_from_the_exported_file():
    t = with_teams(played("teams-cup", players=20, rounds=4, seed=3))
    view = team_view(t, AnonymousUser())
    document = export_document(t)
    core = parse_document(document)
    plan, problems = read_teams(document["teams"], [p.id for p in core.players])
    assert problems == [] and plan.best == 3 and len(plan.teams) == 5
    rows = team_standings(compute_standings(core), plan, RULESETS[core.ruleset].tiebreaks, core.lot_seed)
    assert [(line.name, int(line.total * 100), line.decided_by_lot) for line in view.lines] == [
        (row.name, row.total_cents, row.decided_by_lot) for row in rows]
    # each team counts its three best members: the sum of the three highest totals
    for line in view.lines:
        totals = sorted((m.total for m in line.members), reverse=True)
        assert line.total == sum(totals[:3]) and sum(m.counted for m in line.members) == 3


def test_the_page_lists_the_teams_in_russian_and_follows_the_standings_rules(client):
    t = with_teams(played("teams-page", players=20, rounds=3, final_games=2, seed=5), best=None)
    view = team_view(t, AnonymousUser())
    page = client.get(f"/t/{t.slug}/teams/", {"lang": "ru"}).content.decode()
    assert "Командный зачёт" in page and "Сумма очков всех участников команды." in page
    assert [page.index(line.name) for line in view.lines] == sorted(page.index(line.name) for line in view.lines)
    assert f'href="/t/{t.slug}/teams/"' in client.get(f"/t/{t.slug}/seating/").content.decode()

    Stage.objects.filter(tournament=t, kind="final").update(standings_hidden=True)
    recompute(t.pk, force=True)
    hidden = team_view(t, AnonymousUser())
    assert hidden.after is not None and [line.total for line in hidden.lines] != [line.total for line in view.lines]

    t.standings_public = False
    t.save(update_fields=["standings_public"])
    assert "Организаторы пока скрыли таблицу" in client.get(f"/t/{t.slug}/teams/", {"lang": "ru"}).content.decode()
    assert client.get(f"/t/{TournamentFactory().slug}/teams/").status_code == 404  # not a team tournament


def test_a_team_takes_its_size_and_its_own_tournaments_players():
    t = with_teams(played("teams-size", players=20, rounds=1, seed=1))
    fifth = Registration.objects.filter(tournament=t, team__name="Ока").first()
    fifth.team = Team.objects.get(tournament=t, name="Волга")
    with pytest.raises(ValidationError) as refused:
        fifth.full_clean()
    assert "team" in refused.value.message_dict
    other = Team.objects.create(tournament=TournamentFactory(), name="Чужая")
    fifth.team = other
    with pytest.raises(ValidationError):
        fifth.full_clean()


def test_the_team_standings_files_read_back(client):
    import io

    from openpyxl import load_workbook
    from pypdf import PdfReader

    t = with_teams(played("teams-files", players=20, rounds=3, seed=4))
    view = team_view(t, AnonymousUser())
    book = load_workbook(io.BytesIO(client.get(f"/t/{t.slug}/teams.xlsx", {"lang": "en"}).content))
    sheet = book.active
    rows = [row for row in sheet.iter_rows(values_only=True) if row and isinstance(row[0], int)]
    assert [(row[0], row[2], round(float(row[3]) * 100)) for row in rows] == [
        (line.place, line.name, int(line.total * 100)) for line in view.lines]
    pdf = client.get(f"/t/{t.slug}/teams.pdf", {"lang": "ru"})
    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert "Командный зачёт" in text and view.lines[0].name in text
    t.standings_public = False
    t.save(update_fields=["standings_public"])
    assert client.get(f"/t/{t.slug}/teams.xlsx").status_code == 404


def test_the_projector_shows_the_team_standings_as_a_panel(client):
    t = with_teams(played("teams-screen", players=20, rounds=2, seed=6))
    screen = client.get(f"/t/{t.slug}/screen/", {"lang": "ru"}).content.decode()
    panel = screen.split('id="panel-teams"')[1].split("</section>")[0]
    view = team_view(t, AnonymousUser())
    assert "Командный зачёт" in panel and [panel.index(line.name) for line in view.lines] == sorted(
        panel.index(line.name) for line in view.lines)


def test_players_are_registered_as_teams_by_the_registration_import():
    from tournaments.registration_import import preview_registrations, read_table, save_registrations

    t = TournamentFactory(team_size=2)
    rows = read_table(text="ник;команда\nВорон;Волга\nСова;Волга\nЛиса;Ока\n")
    saved = save_registrations(tournament=t, preview=preview_registrations(tournament=t, rows=rows))
    assert saved == 3
    assert {team.name: sorted(r.player.nickname for r in team.members.all()) for team in t.teams.all()} == {
        "Волга": ["Ворон", "Сова"], "Ока": ["Лиса"]}
    over = preview_registrations(tournament=t, rows=read_table(text="ник;команда\nЁж;волга\n"))
    assert over.problems == ["Строка 2, команда: в «волга» оказалось бы больше 2 игроков."]
    plain = TournamentFactory()
    with translation.override("en"):
        refused = preview_registrations(tournament=plain, rows=read_table(text="ник;команда\nЁж;Кама\n"))
    assert refused.problems == ["Row 2, team: this tournament has no teams (set its players in a team first)."]


def test_a_file_with_teams_imports_as_a_team_tournament_with_the_same_team_standings(client):
    from protocols.tournament_file import FileNotStorable, import_tournament

    t = with_teams(played("teams-out", players=20, rounds=3, seed=7), best=2)
    document = export_document(t)
    core = parse_document(document)
    copy, created = import_tournament(core, slug="teams-in", teams=document["teams"])
    assert created and copy.team_size == 4 and copy.team_best == 2
    recompute(copy.pk, force=True)
    copy.refresh_from_db()
    assert [(line.name, line.total) for line in team_view(copy, AnonymousUser()).lines] == [
        (line.name, line.total) for line in team_view(t, AnonymousUser()).lines]
    with pytest.raises(FileNotStorable) as refused:
        import_tournament(core, slug="teams-bad", teams={"best": None, "list": [{"id": "x", "name": "X", "players": ["nobody"]}]})
    assert refused.value.problems == ["teams.list[0].players[0]: no player 'nobody' in the file"]


def test_the_tournament_page_offers_each_registration_its_tournaments_teams(admin_client):
    t = with_teams(played("teams-admin", players=20, rounds=1, seed=8))
    Team.objects.create(tournament=TournamentFactory(), name="Чужая")
    page = admin_client.get(f"/admin/tournaments/tournament/{t.pk}/change/").content.decode()
    select = page.split('name="registrations-0-team"')[1].split("</select>")[0]
    assert all(name in select for name in NAMES) and "Чужая" not in select
    plain = played("no-teams", players=10, rounds=1, seed=9)
    assert "registrations-0-team" not in admin_client.get(f"/admin/tournaments/tournament/{plain.pk}/change/").content.decode()
