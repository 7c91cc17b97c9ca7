"""Who may do what with a protocol. The services call these, and so do the entry page and the
admin, so no rule lives in a template.

- the judge of the game (its table in that round) or the tournament's chief judge may edit an
  unsigned protocol and sign it off;
- after sign-off only the chief judge may change it, and only with a written reason;
- an extra above 0.5 needs the chief judge's approval (only the chief judge may approve).

Decision: "chief judge" is the tournament's `chief_judge` (a judge linked to the user), not the
"Chief judge" group, which is tournament-independent; a superuser acts as chief judge of every
tournament. Organisers run the tournament but do not fill protocols.
"""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _


class ProtocolPermissionDenied(Exception):
    """The user may not do this to this protocol; `str()` says why, for the page."""


def _judge_user_id(judge) -> int | None:
    return judge.user_id if judge is not None else None


def is_chief_judge(user, tournament) -> bool:
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    chief = tournament.chief_judge
    return chief is not None and chief.user_id == user.pk


def is_game_judge(user, game) -> bool:
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    return game.judge_id is not None and _judge_user_id(game.judge) == user.pk


def can_view(user, game) -> bool:
    return is_game_judge(user, game) or is_chief_judge(user, game.tournament)


def can_edit(user, game) -> bool:
    """May `user` change this protocol now (an amendment after sign-off needs a reason too)?"""
    if is_chief_judge(user, game.tournament):
        return True
    return is_game_judge(user, game) and not game.is_signed_off


def check_edit(user, game, *, reason: str = "") -> None:
    if user is None or not user.is_authenticated:
        raise ProtocolPermissionDenied(_("Log in to edit protocols."))
    if game.is_signed_off:
        if not is_chief_judge(user, game.tournament):
            raise ProtocolPermissionDenied(_("This protocol is signed off; only the chief judge may change it."))
        if not reason.strip():
            raise ProtocolPermissionDenied(_("A signed-off protocol is changed only with a written reason."))
        return
    if not can_edit(user, game):
        raise ProtocolPermissionDenied(_("Only the judge of this game's table or the chief judge may edit this protocol."))


def can_approve_extra(user, game) -> bool:
    return is_chief_judge(user, game.tournament)
