"""The action log's types that the protocols app writes (registered in apps.py): sign-offs,
amendments, approvals, protests, replays, exclusions. A protocol's changes are stored as
(seat, key, old, new) and read as the protocol history words them ("Seat 4, chief judge's
approval: no → yes"), in the reader's language."""
from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _

from tournaments.action_types import ActionType

from .entry import Change
from .presentation import change_text

# how entries written before the changes were stored as values read: "seat 4 extra_approved: False → True"
_OLD_LINE = re.compile(r"^(?:seat (?P<seat>\d+) )?(?P<key>[a-z_]+): (?P<old>.*) → (?P<new>.*)$")


def _old_value(text: str):
    if text == "—":
        return None
    if text in ("True", "False"):
        return text == "True"
    if text.isdigit():
        return int(text)
    return text


def _change(stored) -> Change | None:
    if isinstance(stored, dict):
        return Change(stored.get("seat"), stored.get("key", ""), stored.get("old"), stored.get("new"))
    match = _OLD_LINE.match(str(stored))
    if match is None:
        return None
    seat = match["seat"]
    return Change(int(seat) if seat else None, match["key"], _old_value(match["old"]), _old_value(match["new"]))


def protocol_changes(data: dict) -> list[str]:
    """The protocol's changes of an entry, each as the protocol history words it."""
    lines = []
    for stored in data.get("changes") or []:
        change = _change(stored)
        lines.append(change_text(change) if change is not None else str(stored))
    return lines


def stored_changes(changes) -> list[dict]:
    """What a log entry keeps of `entry.Change`s: plain values, worded when shown."""
    return [{"seat": c.seat, "key": c.key, "old": c.old, "new": c.new} for c in changes]


SIGN_OFF = ActionType("sign_off", _("Protocol signed off"), protocol_changes)
AMEND = ActionType("amend", _("Protocol amended"), protocol_changes)
APPROVE_EXTRA = ActionType("approve_extra", _("Extra points approved"), protocol_changes)
PROTEST_FILED = ActionType("protest_filed", _("Protest filed"))
PROTEST_ACCEPTED_LATE = ActionType("protest_accepted_late", _("Late protest accepted"))
PROTEST_DECIDED = ActionType("protest_decided", _("Protest decided"))
REPLAY_ORDERED = ActionType("replay_ordered", _("Replay ordered"))
PLAYER_EXCLUDED = ActionType("player_excluded", _("Player excluded"))

ACTION_TYPES = (SIGN_OFF, AMEND, APPROVE_EXTRA, PROTEST_FILED, PROTEST_ACCEPTED_LATE, PROTEST_DECIDED, REPLAY_ORDERED,
                PLAYER_EXCLUDED)
