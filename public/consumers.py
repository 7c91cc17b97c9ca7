"""The public pages' sockets: a live table, the projector's tables, the standings. Whoever may
read the tournament's public pages may follow them (a draft: its organisers, as the pages)."""
from __future__ import annotations

from tournaments import live_groups
from tournaments.live_consumer import LiveConsumer
from tournaments.models import Tournament
from tournaments.permissions import can_read_publicly


def _readable(user, slug: str) -> Tournament | None:
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None or not can_read_publicly(user, tournament):
        return None
    return tournament


class TableConsumer(LiveConsumer):
    """``/ws/t/<slug>/tables/<n>/``: the table's game as the hall sees it, at every stored event."""

    def groups_for(self, user, *, slug, number):
        tournament = _readable(user, slug)
        return [live_groups.table(tournament.pk, number)] if tournament else None


class TablesConsumer(LiveConsumer):
    """``/ws/t/<slug>/tables/``: every table of the tournament (the projector), and its standings."""

    def groups_for(self, user, *, slug):
        tournament = _readable(user, slug)
        return [live_groups.tables(tournament.pk), live_groups.standings(tournament.pk)] if tournament else None


class StandingsConsumer(LiveConsumer):
    """``/ws/t/<slug>/standings/``: the standings' new version after each recompute."""

    def groups_for(self, user, *, slug):
        tournament = _readable(user, slug)
        return [live_groups.standings(tournament.pk)] if tournament else None
