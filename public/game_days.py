"""A signed-off game's days as the public protocol shows them: each day's nominations in
speaking order ("seat → nominee"), the votes per nominee of each ballot, and who left the table
that day or the night after it. (The entry page's day record, from the form's values, is
protocols/day_record.py; this one reads the stored rows.)"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from protocols.day_record import speaking_order
from protocols.vocabulary import LEFT_WHEN, LeftHow

BALLOTS = {1: _("vote"), 2: _("revote after a tie"), 3: _("do all the tied leave?")}


@dataclass
class Day:
    number: int
    nominations: list[dict] = field(default_factory=list)  # {"by", "nominee", "withdrawn"}
    ballots: list[dict] = field(default_factory=list)      # {"label", "counts": [(nominee or None, votes)]}
    left: list[dict] = field(default_factory=list)         # {"seat", "nickname", "how"}


def day_record(game, seats) -> list[Day]:
    """The game's days in order, from its prefetched nominations, votes and seats."""
    days: dict[int, Day] = {}

    def day(n: int) -> Day:
        return days.setdefault(n, Day(n))

    for nom in game.nominations.all():
        day(nom.day).nominations.append({"by": nom.by_seat, "nominee": nom.nominee_seat, "withdrawn": nom.withdrawn})
    for vote in game.votes.all():
        ballots = day(vote.day).ballots
        if not ballots or ballots[-1]["ballot"] != vote.ballot:
            ballots.append({"ballot": vote.ballot, "label": BALLOTS.get(vote.ballot, vote.ballot), "counts": []})
        ballots[-1]["counts"].append((vote.nominee_seat, vote.votes))
    # the day's departures first, then the night's that follows it (night N comes after day N)
    for seat in sorted(seats, key=lambda s: (s.left_how == LeftHow.KILLED, s.number)):
        if seat.left_how and seat.left_on:
            how = str(LEFT_WHEN.get(seat.left_how, seat.left_how)) % {"n": seat.left_on}
            day(seat.left_on).left.append({"seat": seat.number, "nickname": seat.player.nickname, "how": how})
    # stored in seat order; shown as the table heard them: nominations in the day's speaking
    # order, each ballot's nominees in the order they were nominated
    gone = {s.number: s.left_on + 1 for s in seats if s.left_how and s.left_on}
    for d in days.values():
        spoke = {seat: i for i, seat in enumerate(speaking_order(d.number, gone))}
        d.nominations.sort(key=lambda n: spoke.get(n["by"], 10))
        named = {}
        for n in d.nominations:
            named.setdefault(n["nominee"], len(named))
        for ballot in d.ballots:
            ballot["counts"].sort(key=lambda count: (named.get(count[0], len(named)), count[0] or 0))
    return [days[n] for n in sorted(days)]
