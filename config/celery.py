"""The Celery application. A real worker starts with `celery -A config worker`.

Without CELERY_BROKER_URL the settings switch Celery to eager mode, so `make run` and the
SQLite test run execute tasks in-process.
"""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("mafia")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.conf.include = ["config.tasks"]
