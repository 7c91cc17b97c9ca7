"""The seat notices' Celery job (seating/notices.py does the work)."""
from celery import shared_task

from .notices import tell_players


@shared_task(name="seating.tell_players", acks_late=True, ignore_result=True)
def tell_players_job(stage_id: int) -> int:
    return tell_players(stage_id)
