"""A judge at a table, for the rule tests: pushes events through ``engines.console.Game`` and reads
the replay state, with shortcuts for the parts of a game a test does not look at."""
from __future__ import annotations

from engines.console import Game, Refused, replay, state_json, trace_json

# the examples' deal: blacks 3 and 9, don 7, sheriff 5
ROLES = {1: "red", 2: "red", 3: "black", 4: "red", 5: "sheriff", 6: "red", 7: "don", 8: "red", 9: "black", 10: "red"}
BLACKS = (3, 7, 9)


def document(ruleset="fiim", settings=None, roles=None, events=None, game=None) -> dict:
    roles = roles or ROLES
    doc = {"format": "mafia-game-log/1", "ruleset": ruleset,
           "seats": [{"seat": s, "player": f"p{s:02d}", "role": roles[s]} for s in range(1, 11)],
           "events": list(events or [])}
    if settings is not None:
        doc["settings"] = settings
    if game is not None:
        doc["game"] = game
    return doc


class Table:
    def __init__(self, ruleset="fiim", settings=None, roles=None):
        self.doc = document(ruleset, settings, roles)
        self.game = Game.from_document(self.doc)

    # --- raw events
    def push(self, type_, **fields) -> Table:
        event = {"type": type_, **fields}
        self.game.push(event)
        self.doc["events"].append(event)
        return self

    def refuses(self, type_, **fields) -> tuple[str, str]:
        """(code, rule) of an event the rules refuse; the game is unchanged."""
        before = state_json(self.game.state)
        try:
            self.game.push({"type": type_, **fields})
        except Refused as exc:
            assert state_json(self.game.state) == before
            return exc.code, exc.rule
        raise AssertionError(f"{type_} {fields} was accepted")

    # --- what a test reads
    @property
    def state(self) -> dict:
        return state_json(self.game.state)

    @property
    def trace(self) -> dict:
        return trace_json(self.game.state)

    @property
    def phase(self) -> str:
        return self.game.state.phase

    @property
    def speaker(self) -> int | None:
        turn = self.game.state.player_turn()
        return turn.seat if turn else None

    def day(self, n: int) -> dict:
        return next(d for d in self.trace["days"] if d["day"] == n)

    def night_record(self, n: int) -> dict:
        return next(x for x in self.trace["nights"] if x["night"] == n)

    def replayed(self) -> dict:
        return replay(self.doc)

    # --- shortcuts
    def to_day1(self) -> Table:
        return self.push("next").push("next")

    def speeches(self, nominations=None, *, stop_at=None) -> Table:
        """Every day-speech turn: the speaker nominates ``nominations[speaker]`` if given, then
        ``next``; stops before ``stop_at``'s ``next`` (he is speaking)."""
        nominations = nominations or {}
        while self.phase == "day_speech":
            seat = self.speaker
            if seat in nominations:
                self.push("nominate", by=seat, seat=nominations[seat])
            if seat == stop_at:
                return self
            self.push("next", seat=seat)
        return self

    def votes(self, *counts) -> Table:
        for count in counts:
            self.push("vote", seat=self.game.state.round.called, count=count)
        return self

    def words(self) -> Table:
        """Let every tie speech, last words and night last words run out."""
        while self.phase in ("tie_speech", "last_words", "night_last_words"):
            self.push("next", seat=self.speaker)
        return self

    def night(self, at=None, shots=None, don=None, sheriff=None) -> Table:
        """The shooting (every black in the game at ``at``, or ``shots``), then the checks held,
        and a night best move (``mafclub``) declined."""
        if shots is None:
            shots = {b: at for b in self.game.state.blacks_in_game()} if at is not None else {}
        for by, target in shots.items():
            self.push("shot", by=by, at=target)
        self.push("next")
        if self.phase == "don_check":
            self.push("don_check", target=don)
        if self.phase == "sheriff_check":
            self.push("sheriff_check", target=sheriff)
        if self.phase == "best_move":
            self.push("next", seat=self.speaker)
        return self
