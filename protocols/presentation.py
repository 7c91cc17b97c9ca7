"""How a protocol problem reads on the page: "Seat 3, fouls: …" in the page's language.

The scoring core's messages are plain English with the details (seat numbers, values); the page
puts a translated sentence for the problem's code first and keeps the core's detail after it.
"""
from __future__ import annotations

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from .models import GameResult, LeftHow, Removal, ResultKind, Role

VALUE_LABELS = {
    "role": dict(Role.choices), "left_how": dict(LeftHow.choices), "removed": dict(Removal.choices),
    "result": dict(GameResult.choices), "result_kind": dict(ResultKind.choices),
}

FIELD_LABELS = {
    "player": gettext_lazy("player"),
    "role": gettext_lazy("role"),
    "fouls": gettext_lazy("fouls"),
    "removed": gettext_lazy("removal"),
    "left_how": gettext_lazy("left the game"),
    "left_on": gettext_lazy("day/night"),
    "extra": gettext_lazy("extra points"),
    "extra_reason": gettext_lazy("reason for the extra points"),
    "extra_approved": gettext_lazy("chief judge's approval"),
    "gross_violation": gettext_lazy("gross violation"),
    "penalties": gettext_lazy("penalty"),
    "nominations": gettext_lazy("nominations"),
    "votes": gettext_lazy("votes"),
    "first_killed": gettext_lazy("first-killed"),
    "best_move": gettext_lazy("best move"),
    "result": gettext_lazy("result"),
    "awarded_reason": gettext_lazy("reason the loss was awarded"),
    "replay_of": gettext_lazy("replay of"),
    "stage": gettext_lazy("stage"),
    "first_killed_seat": gettext_lazy("first-killed"),
    "result_kind": gettext_lazy("how it ended"),
    "gross": gettext_lazy("gross violation"),
    "reason": gettext_lazy("reason for the change"),
    "point": gettext_lazy("point protested"),
    "seat": gettext_lazy("seat"),
    "text": gettext_lazy("protest"),
    "late_reason": gettext_lazy("why it is accepted late"),
    "status": gettext_lazy("decision"),
    "decision": gettext_lazy("decision text"),
    "violator": gettext_lazy("violator"),
    "protocol": gettext_lazy("protocol"),
}

ACTION_LABELS = {
    "initial": gettext_lazy("before the first save"),
    "save": gettext_lazy("saved"),
    "sign_off": gettext_lazy("signed off"),
    "amend": gettext_lazy("amended after sign-off"),
    "import": gettext_lazy("imported from a file"),
    "approve": gettext_lazy("extra points approved by the chief judge"),
}

CODE_TEXT = {
    "role_counts": gettext_lazy("roles must be 6 red, 1 sheriff, 2 black and 1 don"),
    "role_missing": gettext_lazy("choose the role"),
    "result_missing": gettext_lazy("choose the result"),
    "player_missing": gettext_lazy("every seat needs a player"),
    "player_repeated": gettext_lazy("the same player sits twice"),
    "fouls_out_of_range": gettext_lazy("fouls are 0 to 4"),
    "removal_without_fourth_foul": gettext_lazy("a removal for the 4th foul needs 4 fouls"),
    "extra_not_in_steps": gettext_lazy("extra points go in steps of 0.05"),
    "extra_too_many_players": gettext_lazy("extra points for at most 3 players (8.4)"),
    "extra_sum_over_limit": gettext_lazy("extra points add up to more than 1.0 (8.4)"),
    "extra_over_winner_limit": gettext_lazy("a winner gets at most 0.7 (8.4)"),
    "extra_needs_approval": gettext_lazy("more than 0.5 needs the chief judge's approval (8.4)"),
    "extra_over_loser_limit": gettext_lazy("a player of the losing team gets at most 0.4 (8.4)"),
    "extra_in_draw": gettext_lazy("no extra points in a draw (8.4)"),
    "extra_without_reason": gettext_lazy("extra points need a written reason (9.10)"),
    "penalty_without_reason": gettext_lazy("a penalty needs a written reason (9.10)"),
    "penalty_does_not_fit": gettext_lazy("this penalty clause does not fit the role and the result (8.5)"),
    "best_move_own_seat": gettext_lazy("the best move cannot name the first-killed's own seat"),
    "best_move_repeated": gettext_lazy("the best move names a seat twice"),
    "best_move_without_first_killed": gettext_lazy("a best move needs the first-killed seat"),
    "first_killed_not_killed": gettext_lazy("the first-killed must be the player killed on night 1"),
    "first_killed_mismatch": gettext_lazy("the first-killed must be the player killed on night 1"),
    "first_killed_missing": gettext_lazy("a player was killed on night 1: enter them as the first-killed"),
    "killed_on_night_zero": gettext_lazy("nobody is killed on night 0"),
    "killed_twice_in_night": gettext_lazy("only one player is killed in a night"),
    "left_without_when": gettext_lazy("enter the day or night the player left"),
    "left_removed_without_removal": gettext_lazy("a player who left as removed needs the removal recorded"),
    "removal_not_left": gettext_lazy("a removed player leaves the game: mark them as removed"),
    "voted_out_not_nominated": gettext_lazy("a player voted out must have been nominated that day"),
    "nominated_after_leaving": gettext_lazy("a player who has left cannot nominate"),
    "nominee_not_alive": gettext_lazy("a player who has left cannot be nominated"),
    "votes_for_gone_player": gettext_lazy("votes for a player who has left the game"),
    "votes_not_nominated": gettext_lazy("votes for a player nobody nominated that day"),
    "too_many_votes": gettext_lazy("more votes than living players"),
    "red_wins_black_alive": gettext_lazy("red wins only when no black player is left"),
    "black_wins_without_parity": gettext_lazy("black wins only when black players are as many as red"),
    "black_wins_no_black_alive": gettext_lazy("black cannot win with no black player left"),
    "awarded_without_reason": gettext_lazy("an awarded loss needs the reason"),
    "annulled_without_violator": gettext_lazy("an annulled game needs the player who caused it"),
    "amendment_without_reason": gettext_lazy("a signed-off protocol is changed only with a written reason"),
    "nothing_to_approve": gettext_lazy("this seat has no extra points to approve"),
    "protest_player_not_in_game": gettext_lazy("the protest is filed for a player of this game"),
    "protest_for_another_player": gettext_lazy("a player files a protest only for themselves"),
    "protest_point_missing": gettext_lazy("name the point protested"),
    "protest_seat_out_of_range": gettext_lazy("a seat is 1 to 10"),
    "protest_text_missing": gettext_lazy("write what is protested"),
    "protest_text_too_long": gettext_lazy("the text is too long"),
    "protest_late": gettext_lazy("the ten minutes after the game are over: the chief judge accepts a later protest "
                                 "only with a written reason"),
    "decision_status_missing": gettext_lazy("choose the decision"),
    "decision_text_missing": gettext_lazy("write the decision; it goes on the protocol (9.10)"),
    "redecision_without_reason": gettext_lazy("the protest is already decided: a new decision needs its reason"),
    "amendment_missing": gettext_lazy("an upheld protest amends the protocol: change it below"),
    "replay_not_in_ruleset": gettext_lazy("a replay is ordered only under the mafclub rules"),
    "replay_without_violator": gettext_lazy("name the seat of the player who caused the replay"),
    "replay_already_annulled": gettext_lazy("this game is already annulled"),
}


def problem_text(p) -> str:
    """'Seat 3, fouls: <sentence> (<detail>)' in the active language."""
    where = []
    if p.seat is not None:
        where.append(_("Seat %(n)s") % {"n": p.seat})
    label = FIELD_LABELS.get(p.field)
    if label is not None:
        where.append(str(label))
    elif p.field:
        where.append(p.field)
    sentence = CODE_TEXT.get(p.code)
    english = (get_language() or "en").startswith("en")
    if sentence is None:
        text = p.message
    elif english:
        text = p.message if p.code not in ("role_missing", "result_missing") else str(sentence)
    else:
        text = f"{sentence} ({p.message})" if p.message and p.code not in ("role_missing", "result_missing") else str(sentence)
    head = ", ".join(where)
    head = head[:1].upper() + head[1:]
    return f"{head}: {text}" if head else text


def _value(key, value) -> str:
    if value in (None, "", []):
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(VALUE_LABELS.get(key, {}).get(value, value))


def change_text(change) -> str:
    """'Seat 2, fouls: 0 → 1' in the page's language."""
    label = str(FIELD_LABELS.get(change.key, change.key))
    head = f"{_('Seat %(n)s') % {'n': change.seat}}, {label}" if change.seat is not None else label[:1].upper() + label[1:]
    return f"{head}: {_value(change.key, change.old)} → {_value(change.key, change.new)}"
