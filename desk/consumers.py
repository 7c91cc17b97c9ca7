"""The desk's socket: the chief judge's, the appeals commission's and the organisers' (as the desk's
pages). It carries notices that something changed (a table, a protest), and the desk fetches its
own blocks; no protocol travels on it."""
from __future__ import annotations

from tournaments import live_groups
from tournaments.live_consumer import LiveConsumer
from tournaments.models import Tournament
from tournaments.permissions import can_use_desk


class DeskConsumer(LiveConsumer):
    def groups_for(self, user, *, slug):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None or not can_use_desk(user, tournament):
            return None
        return [live_groups.desk(tournament.pk), live_groups.tables(tournament.pk)]
