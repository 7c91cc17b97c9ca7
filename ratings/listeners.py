"""What the rating does when the apps below announce a change (tournaments.domain_events), in the
change's transaction (the stale mark commits with it; the job goes once after the commit:
services.request_recompute):

    GameRecordChanged               a sign-off, an amendment, a rejected protest, a file import:
                                    recompute (the job checks whether only later games came)
    TournamentPublicationChanged    draft -> published or finished, or back: the rated games
                                    change, the whole history is rated anew; published <->
                                    finished changes nothing
    StagesChanged                   a stage's standings hidden or revealed: its games leave or
                                    join the rated ones (recompute; the job sees which)

The merge of two players and a change of a tournament's rating settings ask for it themselves
(merge.py, admin.py).
"""
from __future__ import annotations

from tournaments.domain_events import GameRecordChanged, StagesChanged, TournamentPublicationChanged, subscribe
from tournaments.models import Publication

from .services import request_recompute


def _game_record_changed(event: GameRecordChanged) -> None:
    request_recompute()


def _stages_changed(event: StagesChanged) -> None:
    request_recompute()


def _publication_changed(event: TournamentPublicationChanged) -> None:
    if (event.before == Publication.DRAFT) != (event.after == Publication.DRAFT):
        request_recompute(full=True)


def connect() -> None:
    """Subscribe the rating's listeners (apps.py's ready)."""
    subscribe(GameRecordChanged, _game_record_changed, in_transaction=True)
    subscribe(TournamentPublicationChanged, _publication_changed, in_transaction=True)
    subscribe(StagesChanged, _stages_changed, in_transaction=True)
