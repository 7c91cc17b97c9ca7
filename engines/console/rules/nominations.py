"""7.5 Nominations: who may nominate whom, once, and withdrawing (``mafclub``)."""
from __future__ import annotations

from ..codes import Refused
from ..state import State


def _standing_by(s: State, by: int):
    return next((n for n in s.standing if n[0] == by), None)


def check_nominate(s: State, ev: dict) -> None:
    """7.5.1 only the speaker of a day-speech turn, during it (``NOMINATE_NOT_NOW``,
    ``NOMINATE_NOT_SPEAKER``); 7.5.5 ``three_fouls_nominate: never`` bars a player with 3 fouls
    (001 rule 24); 7.5.2 one standing nomination per speaker and day; 7.5.3 the nominee is in the
    game and not already standing nominated; 7.5.4 ``self_nomination``."""
    if s.phase != "day_speech":
        raise Refused("NOMINATE_NOT_NOW")
    by, seat = ev["by"], ev["seat"]
    if s.turn is None or s.turn.seat != by:
        raise Refused("NOMINATE_NOT_SPEAKER", by=by)
    if s.setting("three_fouls_nominate") == "never" and s.fouls.get(by, 0) >= 3:
        raise Refused("NOMINATE_THREE_FOULS", by=by)
    standing = _standing_by(s, by)
    if standing is not None:
        raise Refused("NOMINATE_TWICE", by=by, nominee=standing[1])
    if seat not in s.in_game:
        raise Refused("NOMINEE_NOT_IN_GAME", seat=seat)
    if any(n[1] == seat for n in s.standing):
        raise Refused("NOMINEE_TAKEN", seat=seat)
    if not s.setting("self_nomination") and seat == by:
        raise Refused("NOMINATE_SELF", by=by)


def nominate(s: State, ev: dict) -> None:
    """The judge's "Принято" (001 rule 31): the nomination stands, in the order accepted (7.5.7);
    also on a day whose vote will not be held (7.5.8)."""
    s.standing.append([ev["by"], ev["seat"]])
    s.day_record["nominations"].append([ev["by"], ev["seat"]])
    _record_act(s, ev["by"], ev["seat"], withdrawn=False)


def check_withdraw(s: State, ev: dict) -> None:
    """7.5.6: ``withdrawal: false`` refuses it (001 rule 5); otherwise the speaker, during his own
    turn, withdraws his own standing nomination (003 item 4 "Отзываю N")."""
    if not s.setting("withdrawal"):
        raise Refused("WITHDRAW_NOT_ALLOWED")
    if s.phase != "day_speech":
        raise Refused("WITHDRAW_NOT_NOW")
    if s.turn is None or s.turn.seat != ev["by"] or _standing_by(s, ev["by"]) != [ev["by"], ev["seat"]]:
        raise Refused("WITHDRAW_NOT_OWN", by=ev["by"], seat=ev["seat"])


def withdraw(s: State, ev: dict) -> None:
    """The nomination no longer stands; the speaker may nominate again (7.5.2)."""
    pair = [ev["by"], ev["seat"]]
    s.standing.remove(pair)
    s.day_record["nominations"].remove(pair)
    s.day_record["withdrawn"].append(pair)
    _record_act(s, ev["by"], ev["seat"], withdrawn=True)


def _record_act(s: State, by: int, seat: int, *, withdrawn: bool) -> None:
    """7.5.6: the protocol keeps one row per speaker and day, his last act."""
    s.acts = [a for a in s.acts if not (a["day"] == s.day and a["by_seat"] == by)]
    s.acts.append({"day": s.day, "by_seat": by, "nominee_seat": seat, "withdrawn": withdrawn})


def nominees(s: State) -> list:
    """The standing nominees still in the game, in vote order (7.5.7, 7.6)."""
    return [seat for _, seat in s.standing if seat in s.in_game]
