"""The health endpoint (/health/, django-health-check): the database and, when Celery has a real
broker, the broker. A load balancer or `docker compose` asks it; 200 when all answer, 500 otherwise."""
from django.conf import settings
from health_check.views import HealthCheckView
from redis.asyncio import Redis


def checks() -> list:
    found = ["health_check.checks.Database"]
    broker = settings.CELERY_BROKER_URL
    if broker.startswith(("redis://", "rediss://")):
        found.append(("health_check.contrib.redis.Redis", {"client_factory": lambda: Redis.from_url(broker, socket_timeout=2)}))
    return found


health = HealthCheckView.as_view(checks=checks())
