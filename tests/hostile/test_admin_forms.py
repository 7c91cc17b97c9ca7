"""Hostile values in the admin's autocomplete fields (a person's club or login, a tournament's chief
judge, organisers and registered players): the form is shown again with the field's own error
("Select a valid choice"), never a server error, and nothing already saved changes."""
import pytest
from django.urls import reverse

from tournaments.models import Judge, Player, Registration, Tournament

pytestmark = pytest.mark.django_db

# not a row's key: text, a NUL, a number beyond any integer column, a superscript digit
NOT_A_KEY = ["abc", "a\x00b", str(2**63), str(10**30), "²", "1e309"]


def posted(form) -> dict:
    """What a browser posts for a bound-free form as its page shows it."""
    data = {}
    for field in form:
        value = field.value()
        if value is None or value is False:
            continue
        if value is True:
            data[field.html_name] = "on"
        elif isinstance(value, (list, tuple)):
            data[field.html_name] = [str(getattr(v, "pk", v)) for v in value]
        else:
            data[field.html_name] = str(getattr(value, "pk", value))
    return data


def page_post(response) -> dict:
    """The change page's form and its inlines as they stand, ready to be sent back."""
    data = posted(response.context["adminform"].form)
    for inline in response.context["inline_admin_formsets"]:
        data.update(posted(inline.formset.management_form))
        for form in inline.formset.forms:
            data.update(posted(form))
    data["_save"] = "Save"
    return data


def assert_refused_field(response, field: str, prefix=None):
    assert response.status_code == 200, response.status_code
    errors = response.context["adminform"].form.errors if prefix is None else None
    if prefix is None:
        assert field in errors, errors
    else:
        assert any(field in (form.errors or {}) for inline in response.context["inline_admin_formsets"]
                   for form in inline.formset.forms if form.prefix.startswith(prefix))


@pytest.mark.parametrize("value", NOT_A_KEY)
def test_a_players_club_and_login_that_are_no_rows_are_the_fields_errors(client, cast, value):
    client.force_login(cast.superuser)
    player = Player.objects.get(user=cast.player)
    url = reverse("admin:tournaments_player_change", args=[player.pk])
    data = page_post(client.get(url))
    before = Player.objects.filter(pk=player.pk).values_list("nickname", "club_id", "user_id").get()
    for field in ("club", "user"):
        response = client.post(url, {**data, field: value, "nickname": "Другой"})
        assert_refused_field(response, field)
        assert Player.objects.filter(pk=player.pk).values_list("nickname", "club_id", "user_id").get() == before


@pytest.mark.parametrize("value", NOT_A_KEY)
def test_a_judges_login_that_is_no_row_is_the_fields_error(client, cast, value):
    client.force_login(cast.superuser)
    judge = Judge.objects.get(user=cast.chief)
    url = reverse("admin:tournaments_judge_change", args=[judge.pk])
    data = page_post(client.get(url))
    response = client.post(url, {**data, "user": value, "name": "Другой"})
    assert_refused_field(response, "user")
    assert Judge.objects.get(pk=judge.pk).name == "Главный"


@pytest.mark.parametrize("value", NOT_A_KEY)
def test_a_tournaments_people_that_are_no_rows_are_the_fields_errors(client, cast, value):
    client.force_login(cast.organiser)
    tournament = cast.game.tournament
    url = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    data = page_post(client.get(url))
    before = (Tournament.objects.filter(pk=tournament.pk).values_list("name", "chief_judge_id").get(),
              sorted(Registration.objects.filter(tournament=tournament).values_list("player_id", flat=True)))
    for field, change in [("chief_judge", value), ("organisers", [value])]:
        response = client.post(url, {**data, field: change, "name": "Другое имя"})
        assert_refused_field(response, field)
    registrations = next(i for i in client.get(url).context["inline_admin_formsets"]
                         if i.formset.model is Registration).formset
    player_field = f"{registrations.prefix}-0-player"
    response = client.post(url, {**data, player_field: value, "name": "Другое имя"})
    assert_refused_field(response, "player", prefix=f"{registrations.prefix}-0")
    after = (Tournament.objects.filter(pk=tournament.pk).values_list("name", "chief_judge_id").get(),
             sorted(Registration.objects.filter(tournament=tournament).values_list("player_id", flat=True)))
    assert after == before


@pytest.mark.parametrize("value", ["abc", "0000-00-00", "x" * 300, "²"])
def test_an_add_page_asked_to_start_from_a_club_that_is_no_row_shows_an_empty_choice(client, cast, value):
    client.force_login(cast.organiser)
    response = client.get(reverse("admin:tournaments_player_add"), {"club": value})
    assert response.status_code == 200
    assert response.context["adminform"].form["club"].value() == value  # shown as no choice, not looked up


def inline_prefix(response, model) -> str:
    return next(i for i in response.context["inline_admin_formsets"] if i.formset.model is model).formset.prefix


def test_a_stage_or_registration_added_meanwhile_is_the_new_rows_error_not_a_server_error(client, cast):
    """Two organisers at one tournament: the second page, opened before the first saved, adds the same
    stage order and registers the same player; its rows are refused with the reason, nothing saved."""
    from tests.factories import PlayerFactory
    from tournaments.models import Stage

    client.force_login(cast.organiser)
    tournament = cast.game.tournament
    url = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    page = client.get(url)
    data = page_post(page)
    newcomer = PlayerFactory(nickname="Новичок")
    # meanwhile, the first organiser's save: a final of order 2 and the newcomer registered
    Stage.objects.create(tournament=tournament, kind="final", order=2)
    Registration.objects.create(tournament=tournament, player=newcomer)
    stages_before = sorted(Stage.objects.filter(tournament=tournament).values_list("kind", "order"))
    registrations_before = Registration.objects.filter(tournament=tournament).count()

    stages, registrations = inline_prefix(page, Stage), inline_prefix(page, Registration)
    n_stages, n_regs = int(data[f"{stages}-TOTAL_FORMS"]), int(data[f"{registrations}-TOTAL_FORMS"])
    for sent in (
        {f"{stages}-TOTAL_FORMS": str(n_stages + 1), f"{stages}-{n_stages}-kind": "final",
         f"{stages}-{n_stages}-order": "2"},
        {f"{registrations}-TOTAL_FORMS": str(n_regs + 1), f"{registrations}-{n_regs}-player": str(newcomer.pk)},
        # a stored row sent again as a new one (the count of stored rows posted as 0)
        {f"{stages}-INITIAL_FORMS": "0"},
    ):
        response = client.post(url, {**data, **sent, "name": "Другое имя"})
        assert response.status_code == 200
        errors = [form.errors for inline in response.context["inline_admin_formsets"] for form in inline.formset.forms]
        assert any("уже существует" in str(e) for e in errors), errors  # "... already exists", in Russian
        assert sorted(Stage.objects.filter(tournament=tournament).values_list("kind", "order")) == stages_before
        assert Registration.objects.filter(tournament=tournament).count() == registrations_before
        assert Tournament.objects.get(pk=tournament.pk).name != "Другое имя"


@pytest.mark.parametrize("value", [str(2**63), str(10**30)])
def test_a_groups_permissions_and_a_users_groups_beyond_any_id_are_the_fields_errors(client, cast, value):
    from django.contrib.auth.models import Group, User

    client.force_login(cast.superuser)
    group = Group.objects.get(name="Judge")
    permissions = sorted(group.permissions.values_list("pk", flat=True))
    url = reverse("admin:auth_group_change", args=[group.pk])
    response = client.post(url, {**page_post(client.get(url)), "permissions": [value]})
    assert_refused_field(response, "permissions")
    assert sorted(group.permissions.values_list("pk", flat=True)) == permissions
    chief = User.objects.get(pk=cast.chief.pk)
    groups = sorted(chief.groups.values_list("pk", flat=True))
    url = reverse("admin:auth_user_change", args=[chief.pk])
    data = page_post(client.get(url))
    for field in ("groups", "user_permissions"):
        response = client.post(url, {**data, field: [value]})
        assert_refused_field(response, field)
    assert sorted(chief.groups.values_list("pk", flat=True)) == groups


@pytest.mark.parametrize("value", ["abc", str(2**63), "²"])
def test_a_registrations_player_that_is_no_row_is_the_fields_error(client, cast, value):
    client.force_login(cast.organiser)
    registration = Registration.objects.filter(tournament=cast.game.tournament).order_by("pk").first()
    url = reverse("admin:tournaments_registration_change", args=[registration.pk])
    response = client.post(url, {**page_post(client.get(url)), "player": value})
    assert_refused_field(response, "player")
    assert Registration.objects.get(pk=registration.pk).player_id == registration.player_id


def test_a_stored_round_posted_as_new_is_the_rows_error(client, cast):
    from tournaments.models import Round

    client.force_login(cast.organiser)
    stage = cast.game.stage
    url = reverse("admin:tournaments_stage_change", args=[stage.pk])
    page = client.get(url)
    rounds = inline_prefix(page, Round)
    before = sorted(Round.objects.filter(stage=stage).values_list("number", flat=True))
    response = client.post(url, {**page_post(page), f"{rounds}-INITIAL_FORMS": "0"})
    assert response.status_code == 200
    errors = [form.errors for inline in response.context["inline_admin_formsets"] for form in inline.formset.forms]
    assert any("уже существует" in str(e) for e in errors), errors  # "... already exists", in Russian
    assert sorted(Round.objects.filter(stage=stage).values_list("number", flat=True)) == before
