"""The admin's Russian is grammatical: titles and the add button name the model in the accusative
("Добавить игру"), the admin's other messages read right whatever the noun's gender, the working
roles' group names and every help text are translated."""
import gettext as python_gettext
import re
from pathlib import Path

import django.contrib.admin
import pytest
from django.apps import apps
from django.conf import settings
from django.contrib import admin
from django.contrib.auth.models import Group, User
from django.urls import reverse
from django.utils import translation

from config.admin_wording import MESSAGES, PLURAL_MESSAGES
from protocols.groups import GROUP_LABELS
from tests.protocols.helpers import make_cast
from tournaments.admin_titles import AccusativeTitles
from tournaments.models import Club

OUR_APPS = {"tournaments", "protocols", "scoring", "seating", "public", "demo", "desk", "operations", "exports", "api"}


def _ours(model) -> bool:
    return model._meta.app_label in OUR_APPS or model in (Group, User)


def test_every_admin_of_ours_names_its_model_in_the_accusative():
    admins = {model: model_admin for model, model_admin in admin.site._registry.items() if _ours(model)}
    assert len(admins) == 22  # every ModelAdmin of ours: a new one without an accusative fails here
    for model, model_admin in admins.items():
        assert isinstance(model_admin, AccusativeTitles), model
        assert model_admin.verbose_name_accusative is not None, model
        with translation.override("en"):
            english = str(model_admin.verbose_name_accusative)
            assert english == str(model._meta.verbose_name), model
        with translation.override("ru"):
            assert str(model_admin.verbose_name_accusative) not in ("", english), model


@pytest.mark.django_db
@pytest.mark.parametrize("model, accusative", [
    ("protocols.game", "игру"), ("tournaments.player", "игрока"), ("tournaments.registration", "регистрацию"),
    ("tournaments.judge", "судью"), ("tournaments.stage", "этап"), ("auth.group", "группу"), ("auth.user", "пользователя"),
])
def test_titles_and_the_add_button_in_the_accusative(admin_client, model, accusative):
    app_label, name = model.split(".")
    page = admin_client.get(reverse(f"admin:{app_label}_{name}_changelist"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert f"Выберите {accusative} для изменения" in page
    assert f"Добавить {accusative}" in page
    page = admin_client.get(reverse(f"admin:{app_label}_{name}_add")).content.decode()
    assert f"<title>Добавить {accusative} |" in page and f"&rsaquo; Добавить {accusative}" in page


@pytest.mark.django_db
def test_a_list_counts_its_rows_as_a_label(admin_client):
    # Django writes "2 клубы"; Russian wants "2 клуба", "5 клубов": the count follows the name instead
    for name in ("Север", "Юг"):
        Club.objects.create(name=name)
    page = admin_client.get(reverse("admin:tournaments_club_changelist"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    paginator = re.search(r'<p class="paginator">(.*?)</p>', page, re.S).group(1)
    assert " ".join(paginator.split()) == "Клубы: 2"


@pytest.mark.django_db
def test_english_titles_stay_english(admin_client):
    admin_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = admin_client.get(reverse("admin:protocols_game_changelist")).content.decode()
    assert "Select game to change" in page and "Add game" in page


@pytest.mark.django_db
def test_the_change_page_and_the_messages(admin_client):
    page = admin_client.post(reverse("admin:tournaments_club_add"), {"name": "Северное сияние", "city": "Мурманск"}, follow=True)
    assert "Добавлено: клуб «Северное сияние»." in re.sub(r"<[^>]+>", "", page.content.decode())
    club = Club.objects.get(name="Северное сияние")
    page = admin_client.get(reverse("admin:tournaments_club_change", args=[club.pk])).content.decode()
    assert "| Изменить клуб |" in page
    page = admin_client.get(reverse("admin:tournaments_club_delete", args=[club.pk])).content.decode()
    assert "Вы уверены, что хотите удалить «Северное сияние» (клуб)?" in page
    cast = make_cast()
    page = admin_client.get(reverse("admin:protocols_game_change", args=[cast.game.pk])).content.decode()
    assert "| Изменить игру |" in page and "<h1>Изменить игру</h1>" in page


def test_the_reworded_admin_messages_override_djangos():
    django_ru = python_gettext.translation("django", Path(django.contrib.admin.__file__).parent / "locale", ["ru"])
    for msgid in MESSAGES:
        with translation.override("ru"):
            ours = translation.gettext(msgid)
        assert ours != django_ru.gettext(msgid) and ours != msgid, msgid
        assert "был успешно" not in ours and "один " not in ours, ours
    singular, plural = PLURAL_MESSAGES[0]
    for n in (1, 2, 5):
        with translation.override("ru"):
            ours = translation.ngettext(singular, plural, n)
        assert ours == "Изменено объектов (%(name)s): %(count)s." != django_ru.ngettext(singular, plural, n)


@pytest.mark.django_db
def test_group_names_in_the_admin(admin_client):
    cast = make_cast()
    page = admin_client.get(reverse("admin:auth_group_changelist")).content.decode()
    assert all(label in page for label in ("Организатор", "Главный судья", "Судья"))
    assert ">Organiser<" not in page and ">Chief judge<" not in page
    page = admin_client.get(reverse("admin:auth_user_change", args=[cast.judge.pk])).content.decode()
    assert ">Главный судья</option>" in page and ">Organiser</option>" not in page
    page = admin_client.get(reverse("admin:auth_user_changelist")).content.decode()
    assert "Главный судья" in page
    with translation.override("en"):
        assert [str(label) for label in GROUP_LABELS.values()] == list(GROUP_LABELS)


def test_every_help_text_is_translated():
    fields = [field for model in apps.get_models() if model._meta.app_label in OUR_APPS
              for field in model._meta.get_fields() if getattr(field, "help_text", "")]
    assert len(fields) > 15
    for field in fields:
        with translation.override("en"):
            english = str(field.help_text)
        with translation.override("ru"):
            assert str(field.help_text) != english, f"{field.model.__name__}.{field.name}: {english}"


@pytest.mark.django_db
def test_the_change_history_of_a_game_is_russian(admin_client):
    # django-simple-history's own Russian lacks these (config/history_wording.py)
    cast = make_cast()
    page = admin_client.get(reverse("admin:protocols_game_history", args=[cast.game.pk]),
                            HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", page[page.find('id="content"'):]).split())
    assert text.startswith('id="content" class="colM"> История изменений: Игра 1')
    assert "Причина изменения Изменения" in text and "1 запись" in text
    assert "View history" not in text and "Changes" not in text and "entry" not in text


@pytest.mark.django_db
def test_the_tournament_form_names_its_title_the_standings_switch_and_where_judges_come_from(admin_client):
    html = admin_client.get("/admin/tournaments/tournament/add/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    label = re.search(r'<label[^>]*for="id_name"[^>]*>([^<]+)</label>', html).group(1)
    assert label.startswith("Название")  # not «Имя»: django.contrib.auth's word for a person's name
    assert "Турнирная таблица открыта для всех" in html and "Рейтинг открыт для всех" not in html
    assert "Судьи сначала создаются в разделе «Судьи»" in html
    club = admin_client.get("/admin/tournaments/club/add/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert re.search(r'<label[^>]*for="id_name"[^>]*>([^<]+)</label>', club).group(1).startswith("Название")
