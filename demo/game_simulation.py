"""A plausible game of sports mafia, played out by a seeded random generator.

Used by the demo tournament and by benchmarks: it produces protocols that satisfy RULES.md
(roles 6/1/2/1, eliminations that agree with the result, the first-killed killed on night 1,
extras within 8.4, penalties whose clause fits the role and the result). Pure Python, no Django.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from decimal import Decimal

ROLES = ["red"] * 6 + ["sheriff", "black", "black", "don"]
BLACK_TEAM = {"black", "don"}


@dataclass
class SimulatedSeat:
    number: int
    role: str
    fouls: int = 0
    removed: str = ""
    left_how: str = ""          # "voted" | "killed" | "removed" | "" (alive at the end)
    left_on: int | None = None  # day (voted, removed) or night (killed)
    extra: Decimal = Decimal("0")
    extra_reason: str = ""
    extra_approved: bool = False
    penalties: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class SimulatedGame:
    seats: list[SimulatedSeat]
    result: str
    first_killed: int | None
    best_move: list[int]
    nominations: list[tuple[int, int, int]] = field(default_factory=list)   # (day, by seat, nominee seat)
    votes: list[tuple[int, int, int]] = field(default_factory=list)         # (day, nominee seat, votes)


def _winner(alive: set[int], roles: dict[int, str]) -> str | None:
    blacks = sum(1 for s in alive if roles[s] in BLACK_TEAM)
    reds = len(alive) - blacks
    if blacks == 0:
        return "red"
    if blacks >= reds:
        return "black"
    return None


def simulate_game(rng: random.Random) -> SimulatedGame:
    roles_list = ROLES[:]
    rng.shuffle(roles_list)
    seats = [SimulatedSeat(number=i + 1, role=r, fouls=rng.choice([0, 0, 0, 1, 1, 2, 3])) for i, r in enumerate(roles_list)]
    by_number = {s.number: s for s in seats}
    roles = {s.number: s.role for s in seats}
    alive = set(by_number)
    nominations: list[tuple[int, int, int]] = []
    votes: list[tuple[int, int, int]] = []
    first_killed = None
    # One game in ten has a removal: a 4th foul or a disqualifying foul, on some day.
    removal_day = rng.randint(1, 3) if rng.random() < 0.1 else None
    result = None
    day = 0
    while result is None:
        day += 1
        if removal_day == day:
            victim = rng.choice(sorted(alive))
            seat = by_number[victim]
            if rng.random() < 0.6:
                seat.fouls, seat.removed = 4, "fourth_foul"
            else:
                seat.removed = "disqualifying_foul"
            seat.left_how, seat.left_on = "removed", day
            alive.discard(victim)
            result = _winner(alive, roles)
            if result:
                break
        else:
            # Day: a few speakers nominate; on day 1 a single candidate is not voted on.
            speakers = sorted(alive)
            candidates: list[int] = []
            for speaker in rng.sample(speakers, k=min(len(speakers), rng.randint(2, 4))):
                nominee = rng.choice([s for s in speakers if s != speaker and s not in candidates] or [speaker])
                if nominee != speaker:
                    nominations.append((day, speaker, nominee))
                    candidates.append(nominee)
            if candidates and not (day == 1 and len(candidates) == 1):
                # Black players are voted out more often than red ones, the more so as the days go on.
                weights = [6 + 6 * day if roles[c] in BLACK_TEAM else 2 for c in candidates]
                out = rng.choices(candidates, weights=weights)[0]
                voters = len(alive)
                others = [c for c in candidates if c != out]
                # The one voted out has a majority; the rest of the votes spread over the others
                # (with no other candidate every vote goes to them: nobody abstains, 001).
                rest = voters - (voters // 2 + 1) if others else 0
                for i, c in enumerate(others):
                    share = rest if i == len(others) - 1 else rng.randint(0, rest)
                    votes.append((day, c, share))
                    rest -= share
                votes.append((day, out, voters - sum(v for d, _c, v in votes if d == day)))
                seat = by_number[out]
                seat.left_how, seat.left_on = "voted", day
                alive.discard(out)
                result = _winner(alive, roles)
                if result:
                    break
        # Night `day`: the black team shoots; most nights they agree on a red-team target.
        targets = [s for s in sorted(alive) if roles[s] not in BLACK_TEAM]
        if targets and rng.random() < 0.85:
            victim = rng.choice(targets)
            seat = by_number[victim]
            seat.left_how, seat.left_on = "killed", day
            alive.discard(victim)
            if day == 1:
                first_killed = victim
            result = _winner(alive, roles)
    best_move: list[int] = []
    if first_killed is not None:
        others = [s for s in by_number if s != first_killed]
        blacks = [s for s in others if roles[s] in BLACK_TEAM]
        guess = rng.sample(blacks, k=rng.choice([1, 2, 2, 3])) if rng.random() < 0.6 else []
        rest = [s for s in others if s not in guess]
        best_move = sorted(guess + rng.sample(rest, k=3 - len(guess)))
    _give_extras(rng, seats, result)
    _give_penalty(rng, seats, result)
    return SimulatedGame(seats=seats, result=result, first_killed=first_killed, best_move=best_move,
                         nominations=nominations, votes=votes)


def _give_extras(rng: random.Random, seats: list[SimulatedSeat], result: str) -> None:
    """Judge's extra points within 8.4: ≤ 3 players, ≤ 1.0 in all, winner ≤ 0.7, loser ≤ 0.4."""
    budget = Decimal("1.00")
    for seat in rng.sample(seats, k=rng.choice([0, 1, 1, 2, 2, 3])):
        won = (seat.role in BLACK_TEAM) == (result == "black")
        cap = Decimal("0.40") if not won else (Decimal("0.70") if rng.random() < 0.15 else Decimal("0.50"))
        value = Decimal(rng.randint(1, int(cap * 20))) / 20
        value = min(value, budget)
        if value <= 0:
            break
        seat.extra = value.quantize(Decimal("0.01"))
        seat.extra_reason = "Точный анализ ситуации и сильная игра" if won else "Хорошая игра в проигравшей команде"
        seat.extra_approved = value > Decimal("0.5")
        budget -= value


def _give_penalty(rng: random.Random, seats: list[SimulatedSeat], result: str) -> None:
    """Now and then a penalty of 8.5 whose clause fits the role and the result."""
    if rng.random() >= 0.08:
        return
    if result == "black":
        seat = rng.choice([s for s in seats if s.role in ("red", "sheriff")])
        seat.penalties.append(("8.5.1", "Сломал красного игрока при 10 игроках, красные проиграли"))
    else:
        seat = rng.choice([s for s in seats if s.role in BLACK_TEAM])
        seat.penalties.append(("8.5.4", "Вскрылся шерифом с красной проверкой настоящего шерифа, версия развалилась"))
