"""The judge's screen at the table (``/judge/games/<id>/console/screen/``) and the timer's door
(``POST /judge/games/<id>/console/timer/``).

The screen is one page and its scripts (static/console/): ``client.js`` (included by
templates/console/_offline.html) talks to the JSON endpoint (console/views.py) and, without a
connection, plays on by the same rules with a queue; ``screen.js`` draws the view it gets and
builds events only from the view's ``legal`` list, so the screen can never offer what the rules refuse. Its texts come from the
catalogue, rendered into the page as data (``screen_texts``), in the page's language.
"""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from console import services, timer
from console.doors import DoorError, invalid_field, json_door, roles_missing, run_denied, signed_off, taken_over
from console.refusal_texts import TEXTS
from protocols.models import Game
from protocols.vocabulary import GameResult
from protocols.wording import role_words
from tournaments.permissions import is_game_judge, may_run_console


def screen_texts() -> dict:
    """Every text the screen's script shows, translated; ``{n}``-style holes are filled there.
    Roles, their letters, results and phases are the protocol's words (protocols/wording.py)."""
    return {
        **role_words(),
        "kind": {
            "normal": _("speech"), "short": _("short speech"), "silenced": _("silenced: may only nominate"),
            "tie": _("tie speech"), "last_words": _("last words"), "night_last_words": _("last words"),
            "best_move": _("best move"), "mafia_agreement": _("the mafia agree"), "sheriff_look": _("the sheriff looks"),
        },
        "day": _("Day {n}"), "night": _("Night {n}"),
        "speaks": _("Speaks: {seat}"), "no_turn": _("No one has the floor"),
        "in_game": _("in the game"), "voted": _("voted out"), "killed": _("killed"), "removed": _("removed"),
        "speaking": _("speaks"), "nominated": _("nominated"), "picked": _("picked"), "fouls": _("fouls"),
        "foul": _("+ foul"), "foul_short": pgettext("a foul button, short", "+F"), "foul_title": _("Give seat {seat} a foul (now {n})"),
        "next": _("Next"), "undo": _("Undo"), "start": _("Start"), "stop": _("Stop"), "reset": _("Full time"),
        "show_roles": _("Hold to show roles"),
        "nominate_hint": _("Tap the seat {seat} nominates."), "nominations": _("Nominated, in order: {list}"),
        "no_nominations": _("No nominations yet."),
        "vote_call": _("Votes for seat {seat} ({i} of {n})"), "votes_left": _("Votes not yet cast: {n}"),
        "vote_rest": _("The last nominee, seat {seat}, gets the rest: {n}"),
        "vote_counts": _("Counted: {list}"), "all_leave_plain": _("“All the tied players leave?” Votes for:"),
        "all_leave": _("“Do players {list} all leave?” They leave with {needed} votes of {voters}. Votes for:"),
        "tied": _("Tied: {list}"),
        "vote_cancelled_removal": _("Day {day}'s vote will not be held: player {seats} was removed"),
        "vote_cancelled_decision": _("Day {day}'s vote will not be held: the judge's decision"),
        "vote_cancelled_nominations": _("Nominations are still taken."),
        "shooter": _("Black {n} / {of}"), "shot_hint": _("Tap the seat black {n} / {of} shoots at."),
        "all_shot": _("Every black has shot: Next (Enter) closes the shooting."),
        "shot_none": _("Several seats / no clear shot"), "shots": _("Shots: {list}"), "no_shots": _("No shot entered."),
        "close_shooting": _("Close the shooting"),
        "check_hint": _("Tap the seat checked."), "check_none": _("Showed nothing"),
        "don_answer": _("The don checked seat {seat}: {answer}"), "sheriff_answer": _("The sheriff checked seat {seat}: {answer}"),
        "is_sheriff": _("the sheriff ✔"), "not_sheriff": _("not the sheriff ✘"),
        "is_black": _("black ●"), "is_red": _("red ○"), "nothing": _("nothing shown"),
        "best_move_hint": _("Tap up to three seats named by seat {seat}, then record."),
        "best_move_record": _("Record the best move"), "best_move_named": _("Best move: {list}"),
        "best_move_decline": _("No best move"),
        "confirm_result": _("Confirm: {result}"), "open_protocol": _("Open the protocol: extra points and sign-off"),
        "online": _("online"), "offline": _("offline — {n} waiting"), "sending": _("sending…"),
        "session_expired": _("session expired — waiting to be sent: {n}"),
        "taken_over": _("The chief judge {name} has taken over this console."),
        "taken_over_self": _("Console taken over by {name}."),
        "taken_over_reason": _("Reason: {reason}."),
        "taken_over_watch": _("You follow the game; the controls are off until the console is handed back."),
        "conflict": _("Another screen stored an event first; this is the game now."),
        "network": _("No connection: the event was not stored."),
        "unchecked": _("No connection, and the rules could not be loaded here: "
                       "the event is kept and the server checks it when it is sent."),
        "stopped_conflict": _("Another screen moved the game on while this one was offline: "
                              "this is the game as the server has it. Not stored ({n}):"),
        "stopped_refused": _("The server refused an event of this screen's queue: {reason}. "
                             "This is the game as the server has it. Not stored ({n}):"),
        "close": _("Close"),
        "timer_over": _("time is up"), "events": _("events stored: {n}"),
        "remove": _("Remove"), "override": _("Judge's decision"), "reason": _("Reason"), "seat": _("Seat"),
        "send": _("Enter"), "none": _("—"),
        "removal": {"disqualifying": _("disqualifying foul"), "team_loss": _("team loss"), "replay": _("replay (game annulled)")},
        "overrides": {"cancel_vote": _("cancel today's vote"), "hold_vote": _("hold today's vote"),
                      "fouls": _("set the fouls of a seat to"), "result": _("award the result")},
    }


def keyboard_help() -> list[tuple[str, str]]:
    return [
        (_("1 … 9, 0"), _("pick a seat (0 = seat 10); in a vote, type the count")),
        ("F", _("a foul to the picked seat")), ("N", _("nominate the picked seat")),
        ("Enter", _("next; in a vote, at night and for the best move: enter what was typed or picked")),
        ("−", _("a shot at several seats, or a check that shows nothing")),
        (_("Space"), _("start / stop the timer")), ("↑ ↓", _("add / take 5 seconds")),
        ("Backspace", _("undo the last event")), ("R", _("hold to show the roles")),
    ]


@login_required(login_url="protocols:login")
def screen(request, pk: int):
    game = get_object_or_404(Game.objects.select_related("tournament", "round", "table", "stage"), pk=pk)
    if not may_run_console(request.user, game):
        if game.is_signed_off and is_game_judge(request.user, game):
            # his own game, closed: not "no access", but where it is now
            return render(request, "console/signed_off.html", {"game": game, "tournament": game.tournament})
        return render(request, "protocols/denied.html", {
            "game": game, "message": run_denied(),
        }, status=403)
    seats = list(game.seats.select_related("player").order_by("number"))
    roles_dealt = len(seats) == 10 and all(s.role for s in seats)
    data = {
        "game": game.pk,
        "urls": {"console": reverse("console:console", args=[game.pk]), "timer": reverse("console:timer", args=[game.pk]),
                 "protocol": reverse("protocols:game", args=[game.pk])},
        "seats": [{"seat": s.number, "player": s.player.nickname if s.player_id else "", "role": s.role} for s in seats],
        "texts": screen_texts(),
    }
    return render(request, "console/screen.html", {
        "game": game, "tournament": game.tournament, "roles_dealt": roles_dealt, "screen_data": data,
        "keys": keyboard_help(), "seat_numbers": range(1, 11),
        # the refusals' sentences in the page's language, for a refusal of the browser's engine offline
        "refusals": {code: str(text) for code, text in TEXTS.items()},
        # the result a judge may award (7.16.2): a team's win or a draw, never an annulment
        "award_results": [(value, label) for value, label in GameResult.choices if value != GameResult.ANNULLED],
    })


@json_door(may=may_run_console, denied=run_denied)
def timer_door(request, game, body):
    """``POST {"action": start|stop|add|reset, "turn": "D1#3", "seconds": ±n}`` → 200 the timer |
    409 another turn (with the current timer) | 400 naming the field | 403."""
    action, turn, seconds = body.get("action"), body.get("turn"), body.get("seconds", 0)
    if action not in timer.ACTIONS:
        raise invalid_field("action", "unknown_action", _("action: one of start, stop, add, reset."))
    if not isinstance(turn, str):
        raise invalid_field("turn", "not_a_turn", _("turn: the turn's name the timer belongs to, as the view gives it."))
    if not isinstance(seconds, int) or isinstance(seconds, bool):
        raise invalid_field("seconds", "not_an_integer", _("seconds: a whole number."))
    try:
        log, view = services.console_state(game=game, user=request.user)
    except services.ConsoleRefused as exc:
        raise roles_missing(exc.refused) from None
    if game.is_signed_off:
        raise signed_off()
    if view["taken_over_by"] is not None and not view["may_append"]:
        raise taken_over()  # the table's judge watches while the chief judge holds the console, its timer included
    try:
        return {"clock": timer.change_timer(log=log, view=view, action=action, turn=turn, seconds=seconds)}
    except timer.TimerStale:
        raise DoorError(409, "conflict", _("The game has moved on: this is its timer now."),
                        beside={"clock": timer.timer_json(log, view)}) from None
