"""The Celery application. A real worker starts with `celery -A config worker`.

Without CELERY_BROKER_URL the settings switch Celery to eager mode, so `make run` and the
SQLite test run execute tasks in-process.
"""
import os

from celery import Celery
from celery.signals import celeryd_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

WORKER_SOCKET_TIMEOUT = 5.0

app = Celery("mafia")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.conf.include = ["config.tasks"]


@celeryd_init.connect
def _a_worker_waits_longer_for_redis(conf=None, **kwargs):
    """The settings' 0.5 s socket timeouts are for web processes, which send a job and must not
    hang on a hung Redis; a worker lives on its broker connection (BRPOP, acknowledgements, the
    visibility sweep) and gives a busy Redis 5 s before it reconnects."""
    conf.broker_transport_options = {**(conf.broker_transport_options or {}), "socket_timeout": WORKER_SOCKET_TIMEOUT,
                                     "socket_connect_timeout": WORKER_SOCKET_TIMEOUT}
    conf.redis_socket_timeout = conf.redis_socket_connect_timeout = WORKER_SOCKET_TIMEOUT
