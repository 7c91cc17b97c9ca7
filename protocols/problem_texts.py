"""What every problem says, in the page's language: one translatable template per problem key.

A key is a problem's code, or `code:form` where one code has several wordings (the scoring core's
`Problem.key`). The keys are those of the scoring core's checks (`engines.scoring.messages.PROBLEMS`:
the rules of a protocol and the shape of a tournament file) and of this app's own checks (the entry
pipeline's entry/parse.py, entry/storable.py and entry/rules.py, services.py, protests.py);
tests/protocols/test_problem_texts.py holds the catalogue complete. The
templates leave out the clause: a problem carries it as data, and presentation.py shows it.
"""
from django.utils.translation import gettext_lazy as _

_OUTSIDE_SEATS = _("seat %(seat)s is outside 1..10")

PROBLEM_TEXTS = {
    # The scoring core: one game (engines/scoring/validation.py).
    "unknown_stage": _("“%(value)s” is not a stage"),
    "unknown_result": _("“%(value)s” is not a result"),
    "annulled_not_allowed": _("an annulled game (replay) exists only under the MafClub ruleset, not under “%(ruleset)s”"),
    "replay_not_allowed": _("replays exist only under the MafClub ruleset, not under “%(ruleset)s”"),
    "unknown_role": _("“%(value)s” is not a role"),
    "role_counts": _("roles: civilians %(red)s, sheriffs %(sheriff)s, mafia %(black)s, dons %(don)s; "
                     "a game has 6 civilians, 1 sheriff, 2 mafia and 1 don"),
    "unknown_player": _("%(player)s is not in the players list"),
    "fouls_out_of_range": _("fouls are 0 to 4, not %(fouls)s"),
    "unknown_removal": _("“%(value)s” is not a removal"),
    "removal_without_fourth_foul": _("a removal for the 4th foul needs 4 fouls, not %(fouls)s"),
    "gross_violation_not_allowed": _("gross violations (replays) exist only under the MafClub ruleset, not under “%(ruleset)s”"),
    "gross_violation_not_annulled": _("a gross violation is marked, but the game is not annulled"),
    "seat_count": _("a game has 10 seats, this one has %(seats)s"),
    "annulled_without_violator": _("an annulled game needs the player who caused it"),
    "extra_too_many_players": _("%(players)s players have extra points; at most 3 per game"),
    "extra_sum_over_limit": _("extra points add up to %(total)s; at most 1.00 per game"),
    "seat_out_of_range": _OUTSIDE_SEATS,
    "seat_repeated": _("seat %(seat)s appears more than once"),
    "player_repeated": _("player %(player)s sits at this table twice"),
    "extra_not_in_steps": _("%(extra)s: extra points go in steps of 0.05"),
    "extra_negative": _("%(extra)s: extra points are never negative"),
    "extra_in_draw": _("%(extra)s given in a draw; a draw gives no extra points"),
    "extra_over_winner_limit": _("%(extra)s is over 0.70, the most for a player of the winning team"),
    "extra_needs_approval": _("%(extra)s is over 0.50: it needs the chief judge's approval"),
    "extra_over_loser_limit": _("%(extra)s is over 0.40, the most for a player of the losing team"),
    "extra_over_loser_limit:annulled": _("%(extra)s is over 0.40, the most for any player of an annulled game, "
                                         "where nobody won"),
    "unknown_penalty_clause": _("“%(value)s” is not a clause of 8.5"),
    "penalty_does_not_fit": _("clause %(penalty)s does not fit the role (%(role)s) and the result (%(result)s)"),
    "first_killed_out_of_range": _OUTSIDE_SEATS,
    "best_move_too_many": _("the best move names at most 3 seats, not %(count)s"),
    "best_move_out_of_range": _OUTSIDE_SEATS,
    "best_move_own_seat": _("the best move cannot name the first-killed's own seat %(seat)s"),
    "best_move_repeated": _("the best move names seat %(seat)s twice"),
    # The scoring core: the tournament.
    "unknown_ruleset": _("“%(value)s” is not a ruleset"),
    "game_id_repeated": _("game id %(game)s appears more than once"),
    "replay_of_unknown": _("names game %(game)s, which does not exist"),
    "replay_of_not_annulled": _("names game %(game)s, which is not annulled"),
    "player_excluded": _("%(player)s was excluded from the tournament after causing a second replay (game %(game)s) "
                         "and plays no later game"),
    "participants_below_seated": _("%(participants)s is fewer than the %(seated)s players seated in the games; "
                                   "the participants are never fewer"),
    # The scoring core: the shape of a tournament file (engines/scoring/document_shape.py).
    "missing_field": _("is required but missing"),
    "missing_field:first_killed": _("is required (empty for a miss on the first shooting night)"),
    "wrong_type": _("must be %(expected)s, not %(got)s"),
    "wrong_type:items": _("must list %(expected)s, not %(got)s"),
    "wrong_type:setting": _("must be %(expected)s"),
    "wrong_type:count": _("“%(value)s” must be a whole number"),
    "not_an_object": _("must be a JSON object, not %(got)s"),
    "unknown_format": _("“%(value)s” is not “%(format)s”"),
    "unknown_format:missing": _("is missing; it must be “%(format)s”"),
    "unknown_setting": _("is not a setting; settings: %(known)s"),
    "not_a_decimal": _("“%(value)s” is not a decimal number"),
    # The scoring core: what the system can store and compute (engines/scoring/bounds.py).
    "out_of_range": _("%(value)s is not between %(low)s and %(high)s"),
    "not_in_hundredths": _("%(value)s is not a whole number of hundredths"),
    "too_many_digits": _("%(value)s has more than %(limit)s characters; no point value is that long"),
    "too_long": _("is %(length)s characters long; at most %(limit)s"),
    "empty_text": _("must not be empty"),
    "forbidden_character": _("contains the character %(character)s, which cannot be stored"),
    "too_many": _("lists %(count)s; at most %(limit)s"),
    "nickname_repeated": _("player %(player)s has the nickname “%(nickname)s” of player %(other)s; a nickname names one player"),
    "player_id_case": _("%(player)s and %(other)s differ only in case; a player's id names one player"),
    "table_taken": _("%(stage)s, round %(round)s, table %(table)s already has game %(other)s"),
    # This app: what every save needs, and sign-off (entry/rules.py).
    "result_missing": _("choose the result"),
    "role_missing": _("choose the role"),
    "player_missing": _("every seat needs a player"),
    "player_seated_twice": _("the same player also sits at seat %(seat)s"),
    "extra_without_reason": _("extra points need a written reason"),
    "penalty_without_reason": _("a penalty needs a written reason"),
    "left_without_when": _("enter the day or night the player left"),
    "awarded_without_reason": _("an awarded loss needs the reason"),
    "fourth_foul_without_removal": _("%(fouls)s fouls, but no removal: at the 4th foul the player leaves the game "
                                     "without a last word (FIIM disciplinary regulation, fouls); record the removal for the 4th foul"),
    # This app: the day/night record against itself and the result (entry/rules.py).
    "killed_on_night_zero": _("nobody is killed on night 0"),
    "left_on_day_zero": _("days are numbered from 1"),
    "left_removed_without_removal": _("a player who left as removed needs the removal recorded"),
    "killed_twice_in_night": _("another seat is killed on night %(night)s too (%(seats)s); only one player is killed in a night"),
    "removal_not_left": _("a removed player leaves the game: mark them as removed"),
    "voted_out_not_nominated": _("voted out on day %(day)s, but not nominated that day"),
    "nominated_after_leaving": _("day %(day)s: nominates after leaving the game"),
    "nominee_not_alive": _("day %(day)s: nominated by seat %(by_seat)s after leaving the game"),
    "votes_for_gone_player": _("day %(day)s: votes for a player who has left the game"),
    "votes_not_nominated": _("day %(day)s: votes for a player nobody nominated that day"),
    "too_many_votes": _("day %(day)s, ballot %(ballot)s: %(votes)s votes, but only %(alive)s players are alive"),
    "red_wins_black_alive": _("red wins only when no black player is left; black seats still in the game: %(seats)s"),
    "black_wins_without_parity": _("black wins only when black players are as many as red; in the game: red %(red)s, black %(black)s"),
    "black_wins_no_black_alive": _("black cannot win with no black player left"),
    "first_killed_not_killed": _("seat %(seat)s is not recorded as killed on night 1"),
    "first_killed_mismatch": _("seat %(killed)s was killed on night 1, not seat %(seat)s"),
    "first_killed_missing": _("seat %(seat)s was killed on night 1: that is the first-killed"),
    "best_move_without_first_killed": _("a best move needs the first-killed seat"),
    # This app: the entry's values as given (entry/parse.py).
    "not_a_whole_number": _("“%(value)s” is not a whole number"),
    "player_not_registered": _("this player is not registered in the tournament"),
    "not_a_role": _("“%(value)s” is not a role"),
    "not_a_removal": _("“%(value)s” is not a removal"),
    "not_a_way_to_leave": _("“%(value)s” is not a way to leave the game"),
    "not_an_amount": _("“%(value)s” is not an amount from 0 to 1.00 in hundredths"),
    "not_a_result": _("“%(value)s” is not a result"),
    "penalty_without_seat": _("a penalty needs the seat"),
    "penalty_without_clause": _("choose the clause"),
    "nominated_twice": _("day %(day)s: this seat nominates more than once"),
    "votes_counted_twice": _("day %(day)s, ballot %(ballot)s: the votes for this seat are given more than once"),
    "all_tied_with_nominee": _("day %(day)s: the votes for “all tied leave” name no nominee"),
    "vote_without_nominee": _("day %(day)s, ballot %(ballot)s: name the nominee's seat"),
    # This app: an amendment and an approval (services.py).
    "amendment_without_reason": _("a signed-off protocol is changed only with a written reason"),
    "nothing_to_approve": _("this seat has no extra points to approve"),
    # This app: filing and deciding a protest (protests.py).
    "protest_player_not_in_game": _("the protest is filed for a player of this game"),
    "protest_for_another_player": _("a player files a protest only for themselves"),
    "protest_point_missing": _("name the point protested"),
    "protest_seat_out_of_range": _("a seat is 1 to 10"),
    "protest_text_missing": _("write what is protested"),
    "protest_text_too_long": _("the text is too long: at most %(limit)s characters"),
    "protest_late": _("the ten minutes after the game are over: the chief judge accepts a later protest only with a "
                      "written reason"),
    "decision_status_missing": _("choose the decision"),
    "decision_text_missing": _("write the decision; it goes on the protocol"),
    "redecision_without_reason": _("the protest is already decided: a new decision needs its reason"),
    "amendment_missing": _("an upheld protest amends the protocol: change it below"),
    "replay_not_in_ruleset": _("a replay is ordered only under the MafClub ruleset"),
    "replay_without_violator": _("name the seat of the player who caused the replay"),
    "replay_already_annulled": _("this game is already annulled"),
}

# A problem whose key is missing above (tests keep that from happening) still reads in the page's language.
UNKNOWN_PROBLEM = _("this value is not accepted")
