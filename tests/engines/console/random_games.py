"""Random legal games for the property tests: every event is drawn from ``legal_events`` of the
state it is entered in, mostly ones that move the game on, sometimes a foul, a removal, an
override or an undo."""
from __future__ import annotations

import random

from engines.console import Game
from engines.console.moves import PROGRESS_TYPES, legal_events

from .table import document

SETTING_CHOICES = {
    "withdrawal": [True, False], "self_nomination": [True, False], "three_fouls_nominate": ["always", "never"],
    "silenced_turn_s": [0, 10], "silence_takes_last_words": [True, False], "vote_cancel": ["same_day", "next_vote"],
    "three_misses": ["at_four", "any", "off"], "best_move_at": ["last_words", "night"],
    "replay_allowed": [True, False], "draw_proposal_after": [None, 1, 3], "all_leave_at_four": [True, False],
    "day1_vote_eliminates": [True, False], "best_move_min_in_game": [None, 9, 10],
}
ROLE_LISTS = ["red"] * 6 + ["sheriff", "black", "black", "don"]


def random_document(rng: random.Random) -> dict:
    roles = list(ROLE_LISTS)
    rng.shuffle(roles)
    ruleset = rng.choice(["fiim", "mafclub"])
    settings = {k: rng.choice(v) for k, v in SETTING_CHOICES.items() if rng.random() < 0.3}
    if ruleset == "fiim":
        # game-log.md lets a fiim log allow the replay, but tournament-file.md refuses an annulled
        # game under fiim: such a game could never be scored
        settings.pop("replay_allowed", None)
    game = {"id": "G1", "stage": "qualifying", "round": 1, "table": 1, "judge": "J"}
    return document(ruleset, settings or None, dict(enumerate(roles, 1)), game=game)


def pick(rng: random.Random, legal: list) -> dict:
    """Mostly a move of the game (``end`` as soon as it is legal, shots that often agree)."""
    moving = [e for e in legal if e["type"] in PROGRESS_TYPES]
    ends = [e for e in moving if e["type"] == "end"]
    if ends and rng.random() < 0.9:
        return ends[0]
    if moving and rng.random() < 0.93:
        shots = [e for e in moving if e["type"] == "shot"]
        if shots and rng.random() < 0.7:
            # blacks agreeing on the lowest seat they may shoot make kills frequent
            return min(shots, key=lambda e: (e["at"] is None, e["at"] or 0))
        return rng.choice(moving)
    ending = [e for e in legal if e.get("kind") in ("team_loss", "replay") or e.get("what") == "result"]
    others = [e for e in legal if e not in ending] or legal
    return rng.choice(ending if ending and rng.random() < 0.05 else others)


def play(rng: random.Random, max_events: int = 400, check=None) -> tuple[dict, Game]:
    """A random game's log (every event accepted) and the game; ``check(game)`` runs after each."""
    doc = random_document(rng)
    game = Game.from_document(doc)
    for _ in range(max_events):
        if game.state.phase == "ended" and rng.random() < 0.8:
            break
        legal = game.legal_events()
        event = pick(rng, legal)
        game.push(event)
        doc["events"].append(event)
        if check is not None:
            check(game)
    return doc, game


# --- twin games: one public course, two private fillings -------------------------------------------
#
# The hall sees the day's events (speeches, nominations, votes, fouls, removals, overrides, undos)
# and, in the morning, what the night did (the kill or the miss, a foul or a removal at night). It
# does not see the roles, the shots, the checks or the best move. ``play_twins`` plays one public
# course twice: the same day events, the same outcome of every night, under two deals that differ
# in who is the don among the blacks and who is the sheriff among the reds (the teams stay, so the
# course can be the same), each night filled in privately and differently: the shots that give the
# planned kill or miss, the checks held with any targets, the best move made or declined, the
# night's fouls and removals entered at different moments, slips undone at once.

NIGHT_TAG, PUBLIC_TAG, PRIVATE_TAG = "night", "public", "private"


def twin_roles(rng: random.Random, roles: dict) -> dict:
    """The same teams; the don and the sheriff drawn again among them."""
    blacks = [s for s, r in roles.items() if r in ("black", "don")]
    reds = [s for s, r in roles.items() if r in ("red", "sheriff")]
    don, sheriff = rng.choice(blacks), rng.choice(reds)
    twin = {s: "don" if s == don else "black" for s in blacks}
    twin.update({s: "sheriff" if s == sheriff else "red" for s in reds})
    return twin


def _at_night(s) -> bool:
    from engines.console.public import is_night

    return is_night(s)


def _ends_night(s, event) -> bool:
    from engines.console.machine import apply

    t = s.copy()
    apply(t, event)
    return not _at_night(t)


class Judge:
    """One of the twins: its log, its game, why each event in force was entered (public, night or
    a private day event), and the public projection after every event entered."""

    def __init__(self, doc: dict, rng: random.Random):
        from engines.console import public_state

        self.public_state = public_state
        self.doc, self.rng = doc, rng
        self.game = Game.from_document(doc)
        self.tags: list = []
        self.seen = [public_state(self.game.state)]

    @property
    def state(self):
        return self.game.state

    def push(self, event: dict, tag: str) -> None:
        undone = self.game.in_force[-1] if event["type"] == "undo" else None
        self.game.push(event)
        self.doc["events"].append(event)
        if event["type"] == "undo":
            self.tags.pop()
        else:
            self.tags.append(tag)
        self.seen.append(self.public_state(self.game.state))
        return undone

    # --- a night, filled privately
    def night(self, plan: dict) -> None:
        items, before_close = list(plan["items"]), plan["before_close"]
        pushed = 0
        miss = self.rng.choice(["null", "none", "out"])
        while _at_night(self.state):
            s = self.state
            if self.rng.random() < 0.1:
                self._slip()
                continue
            if pushed < len(items) and self.rng.random() < 0.3:
                self.push(items[pushed], NIGHT_TAG)
                pushed += 1
                continue
            step = self._step(plan["kill"], miss)
            due = len(items) if _ends_night(s, step) else before_close if (
                s.phase == "shooting" and step["type"] == "next") else 0
            if pushed < due:
                self.push(items[pushed], NIGHT_TAG)
                pushed += 1
                continue
            self.push(step, NIGHT_TAG)

    def _step(self, kill, miss) -> dict:
        s, rng = self.state, self.rng
        if s.phase == "shooting":
            shooters = [b for b in s.blacks_in_game() if b not in s.shots]
            if kill is not None:
                return {"type": "shot", "by": rng.choice(shooters), "at": kill} if shooters else {"type": "next"}
            out = sorted(set(range(1, 11)) - s.in_game)
            if miss == "null" and shooters and (not s.shots or rng.random() < 0.5):
                at = None if not s.shots else rng.choice([None, *range(1, 11)])
                return {"type": "shot", "by": rng.choice(shooters), "at": at}
            if miss == "out" and shooters and out:
                return {"type": "shot", "by": rng.choice(shooters), "at": out[0]}
            if miss == "out" and not s.shots and not out and shooters:
                return {"type": "shot", "by": rng.choice(shooters), "at": None}
            return {"type": "next"}
        if s.phase in ("don_check", "sheriff_check"):
            checker = s.seat_of("don" if s.phase == "don_check" else "sheriff")
            return {"type": s.phase, "target": rng.choice([None, *(x for x in range(1, 11) if x != checker)])}
        if s.phase == "best_move" and rng.random() < 0.5:
            return {"type": "best_move", "seats": rng.sample([x for x in range(1, 11) if x != s.first_killed],
                                                             rng.randint(0, 3))}
        return {"type": "next"}  # night 0's turns, a best move declined

    def _slip(self) -> None:
        """A wrong event the judge undoes at once (one that keeps the night: the rest would show)."""
        s = self.state
        slips = [e for e in legal_events(s) if not _ends_night(s, e)]
        if slips:
            self.push(self.rng.choice(slips), NIGHT_TAG)
            self.push({"type": "undo"}, NIGHT_TAG)

    def private_day(self) -> None:
        """``best_move_at: last_words``: the first-killed names seats in his night last words, or not."""
        s = self.state
        if (s.phase == "night_last_words" and s.first_killed_named is None and self.rng.random() < 0.5
                and any(e["type"] == "best_move" for e in self.game.legal_events())):
            seats = self.rng.sample([x for x in range(1, 11) if x != s.first_killed], self.rng.randint(0, 3))
            self.push({"type": "best_move", "seats": seats}, PRIVATE_TAG)


def night_plan(rng: random.Random, s) -> dict:
    """The night's public outcome: the kill (a seat in the game) or a miss, and the fouls and
    removals the judge gives during it, in their order (``before_close`` of them, those up to the
    last removal, before the shooting closes: a removal decides who must shoot)."""
    kill = rng.choice(sorted(s.in_game)) if s.phase == "shooting" and rng.random() < 0.65 else None
    items, fouls, gone, before_close = [], dict(s.fouls), set(), 0
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        seats = sorted(s.at_table - gone)
        if not seats:
            break
        seat = rng.choice(seats)
        if rng.random() < 0.15:
            items.append({"type": "remove", "seat": seat, "kind": "disqualifying"})
        else:
            items.append({"type": "foul", "seat": seat})
            fouls[seat] = fouls.get(seat, 0) + 1
            if fouls[seat] < 4:
                continue
        gone.add(seat)
        before_close = len(items)
    return {"kill": kill, "items": items, "before_close": before_close}


def distinct(seen: list) -> list:
    """The projections as the hall saw them change: consecutive repeats dropped."""
    return [p for i, p in enumerate(seen) if i == 0 or p != seen[i - 1]]


def play_twins(rng: random.Random, max_events: int = 300) -> tuple[Judge, Judge, list]:
    """Two games of one public course (see above), and the pair of projections after every public
    event (each must be the same in both)."""
    doc = random_document(rng)
    roles = {seat["seat"]: seat["role"] for seat in doc["seats"]}
    twin = twin_roles(rng, roles)
    doc_b = {**doc, "seats": [{**seat, "role": twin[seat["seat"]]} for seat in doc["seats"]], "events": []}
    a = Judge(doc, random.Random(rng.random()))
    b = Judge(doc_b, random.Random(rng.random()))
    checkpoints = []
    while True:
        if _at_night(a.state):
            plan = night_plan(rng, a.state)
            a.night(plan)
            b.night(plan)
            checkpoints.append((a.seen[-1], b.seen[-1]))
            continue
        if a.state.phase == "ended" and rng.random() < 0.8 or len(a.doc["events"]) >= max_events:
            break
        a.private_day()
        b.private_day()
        if a.game.in_force and a.tags[-1] == b.tags[-1] != PRIVATE_TAG and rng.random() < 0.05:
            tag = a.tags[-1]
            undone = a.push({"type": "undo"}, tag), b.push({"type": "undo"}, tag)
            checkpoints.append((a.seen[-1], b.seen[-1]))
            if tag == NIGHT_TAG:  # back into the night: each judge enters his event again
                a.push(undone[0], NIGHT_TAG)
                b.push(undone[1], NIGHT_TAG)
                checkpoints.append((a.seen[-1], b.seen[-1]))
            continue
        public = [e for e in a.game.legal_events() if e["type"] not in ("best_move", "undo")]
        if not public:  # ended: only an undo was left
            break
        event = pick(rng, public)
        a.push(event, PUBLIC_TAG)
        b.push(event, PUBLIC_TAG)
        checkpoints.append((a.seen[-1], b.seen[-1]))
    return a, b, checkpoints
