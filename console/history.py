"""A console game's log as its history shows it: one line per stored event, in order, with the
phase label it was entered in (N0, D1, N1, ...), who entered it and when.

Shown on the judge's entry page (the protocol's history) and on the public game page, to those
``can_see_console_log`` lets: everyone once the protocol is signed off (the night's shots and
checks become public with it), before that only those who may run the game's console. The Game
admin's change page shows it to staff who may open the protocol (``staff_lines``).
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from console.models import ConsoleLog
from engines import console as core
from tournaments.permissions import can_read_console_log, can_see_console_log

REMOVE_KINDS = {"disqualifying": _lazy("a disqualifying foul"), "team_loss": _lazy("with a team loss"),
                "replay": _lazy("with a replay")}


def _seat(value) -> str:
    return str(value) if value is not None else "—"


def event_text(event: dict) -> str:
    """The event in words (the page's language); an unknown shape is shown as its type."""
    kind = event.get("type")
    e = {k: _seat(v) if k in ("seat", "by", "at", "target") else v for k, v in event.items()}
    if kind == "next":
        return _("next: seat %(seat)s's turn ends") % e if "seat" in event else _("next")
    if kind == "nominate":
        return _("seat %(by)s nominates seat %(seat)s") % e
    if kind == "withdraw":
        return _("seat %(by)s withdraws the nomination of seat %(seat)s") % e
    if kind == "vote":
        return _("%(count)s votes for seat %(seat)s") % e
    if kind == "vote_all":
        return _("%(n)s vote that all leave") % {"n": event.get("for")}
    if kind == "shot":
        return _("seat %(by)s shoots seat %(at)s") % e if event.get("at") is not None else _("seat %(by)s does not shoot") % e
    if kind == "don_check":
        return _("the don checks seat %(target)s") % e
    if kind == "sheriff_check":
        return _("the sheriff checks seat %(target)s") % e
    if kind == "best_move":
        return _("best move: %(seats)s") % {"seats": ", ".join(str(x) for x in event.get("seats") or []) or "—"}
    if kind == "foul":
        return _("foul: seat %(seat)s") % e
    if kind == "remove":
        text = _("seat %(seat)s removed (%(kind)s)") % {**e, "kind": REMOVE_KINDS.get(event.get("kind"), event.get("kind"))}
        return f"{text}: {event['reason']}" if event.get("reason") else text
    if kind == "override":
        what = event.get("what")
        if what == "fouls":
            text = _("override: seat %(seat)s's fouls set to %(fouls)s") % e
        elif what == "result":
            text = _("override: the result is %(result)s") % e
        else:
            text = _("override: %(what)s") % e
        return f"{text} ({event['reason']})" if event.get("reason") else text
    if kind == "undo":
        return _("undo the last event")
    if kind == "end":
        return _("end: %(result)s") % e
    return str(kind)


def lines(log: ConsoleLog) -> list[dict]:
    """Every stored event with its index, the label of the phase it was entered in, its text,
    who entered it and when. A stored event the core refuses (never expected) is shown as stored."""
    rows = list(log.events.select_related("author__judge").order_by("index"))
    try:
        game = core.Game(core.read_header({**log.header, "events": []}))
    except core.Refused:
        game = None
    out = []
    for row in rows:
        label = game.state.label if game is not None else None
        if game is not None:
            try:
                game.push(row.payload)
            except core.Refused:
                game = None
        author = row.author
        judge = getattr(author, "judge", None) if author is not None else None
        out.append({"index": row.index, "label": label or "", "text": event_text(row.payload) if isinstance(row.payload, dict) else "",
                    "author": judge.name if judge is not None else (author.get_username() if author else ""),
                    "at": row.created_at})
    return out


def visible_lines(user, game) -> list[dict]:
    """The game's console log as ``user`` may see it: all of it, or nothing (no log, or not yet)."""
    if not can_see_console_log(user, game):
        return []
    log = ConsoleLog.objects.filter(game=game).first()
    return lines(log) if log is not None and log.length else []


def staff_lines(user, game) -> list[dict]:
    """The log for a staff page beside the protocol (the Game admin's change page): as
    ``visible_lines``, and only to those who may open the game's protocol (``can_read_console_log``)."""
    if not can_read_console_log(user, game):
        return []
    log = ConsoleLog.objects.filter(game=game).first()
    return lines(log) if log is not None and log.length else []
