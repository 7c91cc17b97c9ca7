"""The chief judge's desk: what it lists, the standings effect shown before a decision is written,
an upheld protest whose amendment the public standings follow, and mafclub's replays."""
from decimal import Decimal

import pytest
from django.urls import reverse

from protocols.models import Game, GameResult, GameStatus, Protest, ProtestStatus
from protocols.protests import decide_protest, file_protest
from protocols.services import save_protocol, sign_off
from scoring.models import PlayerStanding, StandingsState
from scoring.recompute import recompute
from tests.protocols.helpers import complete_post, make_cast
from tests.protocols.test_services import entry_for
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def sign(game, user):
    sign_off(game=game, user=user, entry=entry_for(game, complete_post(game)), expected_version=game.version)
    game.refresh_from_db()
    return game


@pytest.fixture
def played():
    """Both tables of the cast signed off (red won each), standings stored, a protest on table 1."""
    cast = make_cast()
    sign(cast.game, cast.judge)
    sign(cast.other_game, cast.other_judge)
    recompute(cast.game.tournament_id)
    cast.protest = file_protest(game=cast.game, user=cast.player, player_id=None, point="result",
                                text="чёрные не проиграли: судья засчитал победу не той команде")
    return cast


def desk(client, cast, name, args):
    client.force_login(cast.chief)
    return reverse(name, args=args)


def standings(tournament) -> dict[str, tuple[int, Decimal]]:
    state = StandingsState.objects.get(pk=tournament.pk)
    rows = PlayerStanding.objects.filter(snapshot__tournament=tournament, snapshot__version=state.computed_version,
                                         snapshot__scope="all")
    return {row.nickname: (row.place, row.total) for row in rows}


def test_the_desk_lists_open_protests_and_games_not_yet_signed_off(client, played):
    cast = played
    url = desk(client, cast, "desk:home", [cast.game.tournament.slug])
    body = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert cast.protest.player.nickname in body and "the result" in body
    assert "Every game is signed off." in body and "Nothing waits for approval." in body


def test_a_game_not_yet_signed_off_is_listed_with_its_table_and_judge(client):
    cast = make_cast()
    sign(cast.game, cast.judge)  # table 1 signed off; table 2 not yet
    url = desk(client, cast, "desk:home", [cast.game.tournament.slug])
    body = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    unsigned = body.split('<section id="unsigned"', 1)[1].split("</section>", 1)[0]
    other = cast.other_game
    assert reverse("protocols:game", args=[other.pk]) in unsigned and f"table {other.table.number}" in unsigned
    assert str(other.judge) in unsigned and reverse("protocols:game", args=[cast.game.pk]) not in unsigned
    assert "Every game is signed off." not in unsigned


def test_an_extra_above_half_is_flagged_to_the_judge_and_approved_on_the_desk(client):
    cast = make_cast()
    game = cast.game
    draft = entry_for(game, complete_post(game, action="save", **{"s1-extra": "0.6", "s1-extra_reason": "вскрыл чёрных"}))
    save_protocol(game=game, user=cast.judge, entry=draft, expected_version=1)
    client.force_login(cast.judge)
    judge_list = client.get(reverse("protocols:my_games"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "extra points wait for the chief judge" in judge_list
    url = desk(client, cast, "desk:home", [game.tournament.slug])
    body = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "вскрыл чёрных" in body and "0.60" in body
    seat = game.seats.get(number=1)
    client.force_login(cast.judge)  # a table judge cannot approve, not even by posting
    assert client.post(reverse("desk:approve", args=[game.tournament.slug, seat.pk])).status_code == 403
    client.force_login(cast.chief)
    assert client.post(reverse("desk:approve", args=[game.tournament.slug, seat.pk])).status_code == 302
    seat.refresh_from_db()
    assert seat.extra_approved
    assert "Nothing waits for approval." in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert game.tournament.actions.filter(action="approve_extra").exists()
    game.refresh_from_db()  # now the judge can sign off the 0.6
    final = complete_post(game, **{"s1-extra": "0.6", "s1-extra_reason": "вскрыл чёрных"})
    sign_off(game=game, user=cast.judge, entry=entry_for(game, final), expected_version=game.version)
    game.refresh_from_db()
    assert game.is_signed_off and game.seats.get(number=1).extra == Decimal("0.60")


def test_the_preview_shows_exactly_what_the_upheld_protest_then_does_to_the_public_standings(client, played):
    cast = played
    game, tournament = cast.game, cast.game.tournament
    before = standings(tournament)
    url = desk(client, cast, "desk:protest", [tournament.slug, cast.protest.pk])
    post = complete_post(game, version=str(game.version), outcome="awarded_red", awarded_reason="подсказка игрокам",
                         status="amended", decision="Протест удовлетворён: поражение присуждено красным")
    preview = client.post(url, {**post, "action": "preview"}, HTTP_ACCEPT_LANGUAGE="en")
    assert preview.status_code == 200
    effect = preview.context["effect"]
    assert effect, "a changed result must move somebody"
    assert "What the decision does to the standings" in preview.content.decode()
    game.refresh_from_db()
    assert game.result == GameResult.RED and game.version == 2  # nothing written by the preview

    applied = client.post(url, {**post, "action": "apply"})
    assert applied.status_code == 302
    game.refresh_from_db()
    cast.protest.refresh_from_db()
    assert game.result == GameResult.BLACK and cast.protest.status == ProtestStatus.AMENDED
    assert game.versions.first().reason.endswith("поражение присуждено красным")
    recompute(tournament.pk)
    after = standings(tournament)
    moved = {name for name in after if after[name] != before[name]}
    assert moved == {row.nickname for row in effect}
    for row in effect:
        assert before[row.nickname] == (row.place_before, row.total_before)
        assert after[row.nickname] == (row.place_after, row.total_after)
    # the public standings page shows the new totals
    page = client.get(f"/t/{tournament.slug}/?lang=en").content.decode()
    for row in effect:
        assert f"{row.total_after:.2f}" in page
    assert tournament.actions.filter(action="protest_decided").exists()


def test_a_decision_without_its_text_is_an_error_that_keeps_the_input(client, played):
    cast = played
    url = desk(client, cast, "desk:protest", [cast.game.tournament.slug, cast.protest.pk])
    post = complete_post(cast.game, version=str(cast.game.version), status="amended", decision="", **{"s2-fouls": "3"})
    response = client.post(url, {**post, "action": "apply"}, HTTP_ACCEPT_LANGUAGE="en")
    body = response.content.decode()
    assert response.status_code == 422
    assert "write the decision" in body
    assert 'name="s2-fouls" value="3"' in body and 'value="amended" required id="id_status_1" checked' in body
    cast.protest.refresh_from_db()
    assert cast.protest.status == ProtestStatus.PENDING


def test_a_decision_changes_only_by_a_new_decision_with_a_reason(played):
    cast = played
    decide_protest(protest=cast.protest, user=cast.chief, status=ProtestStatus.REJECTED, decision="победа верна")
    with pytest.raises(Exception) as exc:
        decide_protest(protest=cast.protest, user=cast.appeals, status=ProtestStatus.REJECTED, decision="всё же нет")
    assert [p.code for p in exc.value.problems] == ["redecision_without_reason"]
    decide_protest(protest=cast.protest, user=cast.appeals, status=ProtestStatus.REJECTED, decision="всё же нет",
                   reason="апелляция пересмотрела")
    cast.protest.refresh_from_db()
    assert cast.protest.decision == "всё же нет" and cast.protest.history.count() >= 3


def test_the_action_log_downloads_as_csv(client, played):
    cast = played
    url = desk(client, cast, "desk:log", [cast.game.tournament.slug])
    response = client.get(url + "?format=csv", HTTP_ACCEPT_LANGUAGE="en")
    text = response.content.decode("utf-8-sig")
    assert response["Content-Type"].startswith("text/csv")
    lines = text.strip().splitlines()
    assert lines[0].startswith("When,Tournament,Who,Action")
    assert any("Protocol signed off" in line for line in lines) and any("Protest filed" in line for line in lines)


def test_the_log_names_objects_in_the_tournament_s_language_whoever_wrote_the_entry(client, played):
    # the protest was filed and the games signed off with Russian active; an English decision now
    from django.utils import translation

    from tournaments.models import ActionLog

    cast = played
    with translation.override("en"):
        decide_protest(protest=cast.protest, user=cast.chief, status=ProtestStatus.REJECTED, decision="нет")
    labels = set(ActionLog.objects.filter(tournament=cast.game.tournament).values_list("object_label", flat=True))
    assert f"Игра {cast.game.number}: {cast.protest.player}" in labels
    assert not any(label.startswith("Game ") for label in labels)


# -- mafclub: a replay after a gross violation (003 item 10) --------------------------------------

def test_a_replay_gives_the_violator_minus_three_keeps_the_prima_nota_and_a_second_one_excludes(played):
    cast = played
    tournament = cast.game.tournament
    tournament.ruleset = "mafclub"
    tournament.save()
    game = cast.game
    violator = game.seats.get(number=5).player
    first_killed = game.seats.get(number=10).player  # named 3, 7, 9: black, black, don -> Prima Nota 0.40
    decide_protest(protest=cast.protest, user=cast.chief, status=ProtestStatus.REPLAY, decision="грубое нарушение",
                   violator_seat=5)
    game.refresh_from_db()
    assert game.result == GameResult.ANNULLED and game.seats.get(number=5).gross_violation
    replay = Game.objects.get(replay_of=game)
    assert (replay.round_id, replay.table_id, replay.judge_id, replay.status) == (game.round_id, game.table_id, game.judge_id,
                                                                                    GameStatus.SCHEDULED)
    assert list(replay.seats.values_list("number", "player_id")) == list(game.seats.values_list("number", "player_id"))
    recompute(tournament.pk)
    rows = {r.player_id: r for r in PlayerStanding.objects.filter(snapshot__tournament=tournament, snapshot__scope="all",
                                                                  snapshot__version=StandingsState.objects.get(pk=tournament.pk).computed_version)}
    assert rows[violator.pk].breakdown["replay_penalty"] == "-3.00"
    assert rows[first_killed.pk].breakdown["best_move"] == "0.40"  # the annulled game's Prima Nota stays
    assert not Registration.objects.get(tournament=tournament, player=violator).excluded

    # the replay is played, protested, and replayed again for the same player's violation
    sign(replay, cast.judge)
    second = file_protest(game=replay, user=cast.judge, player_id=violator.pk, point="violation", seat=5, text="снова")
    decide_protest(protest=second, user=cast.chief, status=ProtestStatus.REPLAY, decision="второе грубое нарушение",
                   violator_seat=5)
    recompute(tournament.pk)
    state = StandingsState.objects.get(pk=tournament.pk)
    row = PlayerStanding.objects.get(snapshot__tournament=tournament, snapshot__scope="all", snapshot__version=state.computed_version,
                                     player=violator)
    assert row.breakdown["replay_penalty"] == "-8.00"  # -3, then -3 and the red card's -2
    assert Registration.objects.get(tournament=tournament, player=violator).excluded
    assert tournament.actions.filter(action="player_excluded").count() == 1


def test_a_replay_is_refused_under_fiim(played):
    cast = played
    with pytest.raises(Exception) as exc:
        decide_protest(protest=cast.protest, user=cast.chief, status=ProtestStatus.REPLAY, decision="нарушение", violator_seat=5)
    assert "replay_not_in_ruleset" in [p.code for p in exc.value.problems]
    assert Protest.objects.get(pk=cast.protest.pk).status == ProtestStatus.PENDING


def test_the_russian_desk_pages_have_no_english_sentence(client, played):
    from tests.languages import english_runs

    cast = played
    slug = cast.game.tournament.slug
    client.force_login(cast.chief)
    names = list(cast.game.tournament.registrations.values_list("player__nickname", flat=True)) + [cast.game.tournament.name]
    names += [cast.chief.username, cast.judge.username, cast.player.username]
    protest_url = reverse("desk:protest", args=[slug, cast.protest.pk])
    # the decision page with its problems shown, and the preview of an amendment
    refused = client.post(protest_url, {**complete_post(cast.game, version=str(cast.game.version)), "status": "amended",
                                        "decision": "", "action": "apply"}, HTTP_ACCEPT_LANGUAGE="ru")
    assert refused.status_code == 422
    preview = client.post(protest_url, {**complete_post(cast.game, version=str(cast.game.version), outcome="awarded_red",
                                                        awarded_reason="подсказка"), "status": "amended",
                                        "decision": "удовлетворить", "action": "preview"}, HTTP_ACCEPT_LANGUAGE="ru")
    pages = {"home": client.get(reverse("desk:home", args=[slug]), HTTP_ACCEPT_LANGUAGE="ru"),
             "log": client.get(reverse("desk:log", args=[slug]), HTTP_ACCEPT_LANGUAGE="ru"),
             "refused": refused, "preview": preview,
             "protest form": client.get(reverse("protocols:protest_new", args=[cast.game.pk]), HTTP_ACCEPT_LANGUAGE="ru")}
    found = {name: english_runs(page.content.decode(), leave_out=names) for name, page in pages.items()}
    assert {name: runs for name, runs in found.items() if runs} == {}
