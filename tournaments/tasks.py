"""The sign-up e-mails' Celery job (tournaments/signup_mail.py does the work)."""
from celery import shared_task

from .signup_mail import tell_signup


@shared_task(name="tournaments.tell_signup", acks_late=True, ignore_result=True, autoretry_for=(OSError,),
             retry_backoff=30, max_retries=5)
def tell_signup_job(signup_id: int, change: str) -> bool:
    return tell_signup(signup_id, change)
