"""A tournament day from an empty database, in a real browser, as an organiser and two judges would
run it: the organiser creates the tournament, registers 20 players from a pasted list, makes two
judges with their logins, generates the qualifying seating with a seed (the same seed again gives
the same seating) and saves it; each judge enters and signs off their game of round 1 on a 375 px
phone without the page scrolling sideways; a player finds their table on the public seating page
by a lowercase Cyrillic nickname."""
import pytest

from protocols.models import Game, GameStatus
from scoring.models import PlayerStanding, StandingsState
from tests.factories import PASSWORD, UserFactory
from tests.protocols.helpers import ROLES
from tournaments.models import Judge, Registration, Stage, Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

PHONE = {"width": 375, "height": 740}
PAGE_OVERFLOW = "document.scrollingElement.scrollWidth - window.innerWidth"
NICKNAMES = ["Марта", "Ёжик", "Сокол", "Лиса", "Бродяга", "Гром", "Полина", "Кедр", "Ворон", "Тень",
             "Рысь", "Север", "Искра", "Граф", "Комета", "Шторм", "Вега", "Дюна", "Орион", "Пилот"]
CLUBS = ["Сова", "Маяк", "Сова", "Полночь"]
SEED = 4242


def log_in(page, url, path, username, password):
    page.goto(f"{url}{path}?lang=ru")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.keyboard.press("Enter")


def organiser_creates_the_tournament(page, url):
    page.goto(f"{url}/admin/tournaments/tournament/add/")
    page.fill("#id_name", "Осенний кубок")
    page.fill("#id_city", "Казань")
    page.fill("#id_start_date", "2026-11-28")
    page.fill("#id_end_date", "2026-11-29")
    page.select_option("#id_publication", "published")
    page.check("#id_standings_public")
    page.click("#stages-group .add-row a")
    page.select_option("#id_stages-0-kind", "qualifying")
    page.fill("#id_stages-0-order", "1")
    page.click('input[name="_continue"]')
    page.wait_for_load_state()
    errors = page.locator(".errorlist").all_inner_texts()
    assert not errors, errors
    page.wait_for_selector(".messagelist .success")
    tournament = Tournament.objects.get(name="Осенний кубок")
    assert tournament.slug == "osennij-kubok"  # made from the name by the admin
    return tournament


def organiser_registers_twenty_players(page, tournament):
    pasted = "\n".join(f"{nick}\t{nick} Иванова\t{CLUBS[i % 4]}\tКазань" for i, nick in enumerate(NICKNAMES))
    page.click("text=Импорт регистраций")
    page.fill("#id_text", pasted)
    page.click('input[name="preview"]')
    page.wait_for_selector("#import-preview")
    assert page.locator("#import-preview tbody tr").count() == 20
    assert not Registration.objects.filter(tournament=tournament).exists()  # a preview saves nothing
    page.click('input[name="confirm"]')
    page.wait_for_selector(".messagelist .success")
    assert Registration.objects.filter(tournament=tournament).count() == 20


def organiser_makes_a_judge(page, url, tournament, name, username) -> str:
    page.goto(f"{url}/admin/tournaments/judge/add/")
    page.fill("#id_name", name)
    page.fill("#id_username", username)
    page.select_option("#id_tournaments", str(tournament.pk))
    page.click('input[name="_save"]')
    page.wait_for_selector("#judge-password")
    return page.inner_text("#judge-password").strip()


def preview_with_seed(page) -> str:
    page.fill("#id_games", "2")
    page.fill("#id_seed", str(SEED))
    page.click('input[name="_preview"]')
    page.wait_for_selector("table.seating-grid")
    return page.inner_text("table.seating-grid")


def judge_signs_off_on_a_phone(browser, url, username, password) -> int:
    context = browser.new_context(viewport=PHONE, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        log_in(page, url, "/judge/login/", username, password)
        page.wait_for_url("**/judge/")
        assert page.evaluate(PAGE_OVERFLOW) <= 0
        link = page.locator("#to-enter a[href^='/judge/games/']").first
        game_id = int(link.get_attribute("href").rstrip("/").split("/")[-1])
        link.click()
        page.wait_for_selector("#protocol-form")
        assert page.evaluate(PAGE_OVERFLOW) <= 0
        for n in range(1, 11):
            page.click(f'.seat-row[data-seat="{n}"] label.role-{ROLES[n]} span')
        for n, how, when in ((3, "voted", 1), (10, "killed", 1), (7, "voted", 2), (8, "killed", 2), (9, "voted", 3)):
            page.select_option(f'select[name="s{n}-left_how"]', how)
            page.fill(f'input[name="s{n}-left_on"]', str(when))
        page.fill('input[name="d1-nom1"]', "3")
        page.fill('input[name="d1-nom4"]', "5")
        page.fill('input[name="d1-v1-3"]', "6")
        page.fill('input[name="d1-v1-5"]', "4")
        page.fill('input[name="d2-nom2"]', "7")
        page.fill('input[name="d3-nom1"]', "9")
        page.fill("#first_killed", "10")
        for k, seat in enumerate(("3", "7", "9"), start=1):
            page.fill(f'input[name="named{k}"]', seat)
        page.select_option("#outcome", "red")
        assert page.evaluate(PAGE_OVERFLOW) <= 0
        page.click("#sign-off")
        page.click("#sign-off-yes")
        page.wait_for_selector('#game-status[data-status="signed_off"]')
        assert page.evaluate(PAGE_OVERFLOW) <= 0
        return game_id
    finally:
        context.close()


def test_a_tournament_day_from_an_empty_database(live_server, browser_page, chromium_browser):
    url = live_server.url
    organiser = UserFactory(username="organiser", is_superuser=True, is_staff=True)
    page = browser_page
    log_in(page, url, "/admin/login/", organiser.username, PASSWORD)
    page.wait_for_url("**/admin/")

    tournament = organiser_creates_the_tournament(page, url)
    organiser_registers_twenty_players(page, tournament)
    passwords = {username: organiser_makes_a_judge(page, url, tournament, name, username)
                 for name, username in (("Судья Анна", "anna"), ("Судья Борис", "boris"))}
    assert Judge.objects.filter(tournaments=tournament).count() == 2

    stage = Stage.objects.get(tournament=tournament, kind="qualifying")
    page.goto(f"{url}/admin/tournaments/stage/{stage.pk}/seating/generate/")
    first = preview_with_seed(page)
    page.goto(f"{url}/admin/tournaments/stage/{stage.pk}/seating/generate/")
    assert preview_with_seed(page) == first  # the same seed, the same seating
    page.click('#seating-save-form input[name="_save"]')
    page.wait_for_selector(".messagelist .success")
    round_one = Game.objects.filter(tournament=tournament, round__number=1)
    assert round_one.count() == 2 and {game.judge.user.username for game in round_one} == {"anna", "boris"}

    signed = {judge_signs_off_on_a_phone(chromium_browser, url, username, password)
              for username, password in passwords.items()}
    assert signed == set(round_one.values_list("pk", flat=True))
    assert set(round_one.all().values_list("status", flat=True)) == {GameStatus.SIGNED_OFF}
    current = StandingsState.objects.get(pk=tournament.pk).computed_version
    rows = PlayerStanding.objects.filter(snapshot__tournament=tournament, snapshot__scope="all", snapshot__version=current)
    assert rows.count() == 20 and set(rows.values_list("games", flat=True)) == {1}  # both games in the standings

    # a player on their phone, typing their nickname in lowercase
    visitor = chromium_browser.new_context(viewport=PHONE, is_mobile=True)
    phone = visitor.new_page()
    try:
        phone.goto(f"{url}/t/osennij-kubok/seating/?lang=ru")
        phone.fill('input[name="me"]', "марта")
        phone.keyboard.press("Enter")
        phone.wait_for_url("**me=*")
        marta = Registration.objects.get(tournament=tournament, player__nickname="Марта").player
        next_seat = marta.seats.filter(game__round__number=2).select_related("game__table").get()
        assert phone.inner_text(".found .found-name") == "Марта"
        assert phone.inner_text(".found .next-seat").endswith(f"стол {next_seat.game.table.number}, место {next_seat.number}")
        assert phone.evaluate(PAGE_OVERFLOW) <= 0
    finally:
        visitor.close()
