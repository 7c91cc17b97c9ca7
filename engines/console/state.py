"""The game's state: what the events so far have produced (RULES.md 7.2, 7.3).

A ``State`` is plain data plus the queries the rules share (who is in the game, at the table,
the label of the phase). It is changed only by ``machine.apply``; the rules of rules/ read and
write it. ``copy()`` gives an independent state (the undo-free fold keeps one per event only
when asked to).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from .header import Header

BLACK_ROLES = ("black", "don")
RED_ROLES = ("red", "sheriff")

NIGHT0_PHASES = ("night0_mafia", "night0_sheriff")
NIGHT_PHASES = ("shooting", "don_check", "sheriff_check", "best_move")
DAY_PHASES = ("night_last_words", "day_speech", "voting", "tie_speech", "all_leave_vote", "last_words")
VOTE_PHASES = ("voting", "tie_speech", "all_leave_vote")
PHASES = NIGHT0_PHASES + ("day_speech", "voting", "tie_speech", "all_leave_vote", "last_words") + NIGHT_PHASES + (
    "night_last_words", "over", "ended")


@dataclass
class Turn:
    """Who has the floor and for how long (game-log.md "Phases": seat, kind, seconds)."""

    seat: int | None
    kind: str
    seconds: int


@dataclass
class Round:
    """A running ballot of 7.7: its nominees in vote order and the counts entered so far."""

    kind: str  # vote | revote
    seats: list
    voters: int
    counts: dict = field(default_factory=dict)  # seat -> votes, in the order entered
    record: dict = field(default_factory=dict)  # its entry in trace.days[].rounds

    @property
    def uncast(self) -> int:
        return self.voters - sum(self.counts.values())

    @property
    def called(self) -> int:
        return self.seats[len(self.counts)]


@dataclass
class State:
    header: Header
    phase: str = "night0_mafia"
    day: int = 0  # day N, or night N (which follows day N); 0 = night 0
    turn: Turn | None = None
    in_game: set = field(default_factory=set)
    at_table: set = field(default_factory=set)
    fouls: dict = field(default_factory=dict)
    silence_due: set = field(default_factory=set)  # 7.11.2
    left: dict = field(default_factory=dict)  # seat -> (how, label)
    removed: dict = field(default_factory=dict)  # seat -> fourth_foul | disqualifying_foul
    violation: dict | None = None
    result: str | None = None
    result_how: str | None = None
    awarded_reason: str = ""
    first_killed: int | None = None
    first_killed_named: list | None = None
    best_move_right: bool = False  # 7.10.1: the first-killed may make it
    # the day
    opener: int | None = None
    speech_queue: list = field(default_factory=list)
    standing: list = field(default_factory=list)  # [by, seat] standing nominations, in order
    voted_today: bool = False
    override_cancelled_today: bool = False
    hold_today: bool = False
    round: Round | None = None
    tied: list = field(default_factory=list)
    tie_queue: list = field(default_factory=list)
    all_leave_seats: list = field(default_factory=list)
    last_words_queue: list = field(default_factory=list)  # [seat, seconds]
    # the night
    shots: dict = field(default_factory=dict)  # by -> at, in the order entered
    victim: int | None = None  # tonight's victim until his night last words end
    in_game_at_night: int = 0
    # what the hall saw as this night fell (7.12.3: the table learns what the night did only in the
    # morning): the public facts ``public.public_state`` shows for the whole night
    dusk: dict = field(default_factory=dict)
    # across the game
    miss_streak: int = 0
    cancel_pending: int = 0
    cancel_days: set = field(default_factory=set)
    pending_by: list = field(default_factory=list)  # next_vote: the removed seat of each pending cancellation
    cancel_by: dict = field(default_factory=dict)  # same_day: day -> the removed seats that cancel its vote
    quiet_cycles: int = 0
    speeches: dict = field(default_factory=dict)  # label -> [[seat, kind, seconds]]
    days: list = field(default_factory=list)
    nights: list = field(default_factory=list)
    acts: list = field(default_factory=list)  # protocol nominations: {day, by_seat, nominee_seat, withdrawn}

    @classmethod
    def start(cls, header: Header) -> State:
        """Night 0 begins: the mafia's agreement (7.3.2)."""
        s = cls(header=header, in_game=set(header.roles), at_table=set(header.roles))
        s.set_turn(None, "mafia_agreement", s.timer("mafia_agreement"))
        s.mark_dusk()
        return s

    def mark_dusk(self) -> None:
        """A night falls (night 0 at the start, night N after day N): keep who is in the game, who
        left and how, who is removed and the fouls as the hall sees them now. Nothing of them is
        private; the night's own changes (a kill, a foul, a removal) wait for the morning."""
        self.dusk = {"in_game": sorted(self.in_game), "left": dict(self.left), "removed": sorted(self.removed),
                     "fouls": dict(self.fouls)}

    # --- settings and roles
    def setting(self, key):
        return self.header.settings[key]

    def timer(self, name) -> int:
        return self.header.settings["timers"][name]

    def role(self, seat) -> str:
        return self.header.roles[seat]

    def seat_of(self, role) -> int:
        return next(s for s, r in self.header.roles.items() if r == role)

    # --- who is where (7.2.2)
    def blacks_in_game(self) -> list:
        return sorted(s for s in self.in_game if self.role(s) in BLACK_ROLES)

    def reds_in_game(self) -> list:
        return sorted(s for s in self.in_game if self.role(s) in RED_ROLES)

    @property
    def label(self) -> str | None:
        """7.2.3: ``N0``, ``Dn``, ``Nn``; none once the game is over."""
        if self.phase in NIGHT0_PHASES:
            return "N0"
        if self.phase in NIGHT_PHASES:
            return f"N{self.day}"
        if self.phase in DAY_PHASES:
            return f"D{self.day}"
        return None

    @property
    def is_day(self) -> bool:
        return self.phase in DAY_PHASES

    @property
    def day_record(self) -> dict:
        return self.days[-1]

    @property
    def night_record(self) -> dict:
        return self.nights[-1]

    def set_turn(self, seat, kind, seconds) -> None:
        """Give the floor (a trace entry under the phase's label, game-log.md "Replay result")."""
        self.turn = Turn(seat, kind, seconds)
        self.speeches.setdefault(self.label, []).append([seat, kind, seconds])

    def trace_skipped(self, seat) -> None:
        self.speeches.setdefault(self.label, []).append([seat, "skipped", 0])

    def player_turn(self) -> Turn | None:
        """The turn if a player has it (night 0's turns have none)."""
        return self.turn if self.turn is not None and self.turn.seat is not None else None

    def copy(self) -> State:
        header, self.header = self.header, None
        try:
            clone = copy.deepcopy(self)
        finally:
            self.header = header
        clone.header = header
        return clone
