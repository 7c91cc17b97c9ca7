"""Who may take which file.

- the public files (standings, seating, signed-off protocols) follow the public pages: anyone,
  where the page shows the same data (views.py);
- in the admin, any active staff user who may view tournaments (organisers, the chief judge,
  judges) prints sheets and exports a tournament;
- a kept file (a booklet built by a job) goes to whoever asked for it, the tournament's chief
  judge, an organiser (who may change tournaments) or a superuser.
"""
from __future__ import annotations

from protocols.permissions import is_chief_judge


def can_export(user, tournament) -> bool:
    if user is None or not user.is_authenticated or not user.is_active or not user.is_staff:
        return False
    return user.is_superuser or user.has_perm("tournaments.view_tournament")


def can_download(user, job) -> bool:
    if not can_export(user, job.tournament):
        return False
    if user.is_superuser or job.requested_by_id == user.pk or user.has_perm("tournaments.change_tournament"):
        return True
    return is_chief_judge(user, job.tournament)
