"""The health endpoint (/health/, django-health-check): the database and, when Celery has a real
broker, the broker. A load balancer or `docker compose` asks it; 200 when all answer, 500 otherwise.

Only staff see which check failed and why (its host, port, database and error text, in any format
django-health-check offers); everyone else gets the status and one word, in the format asked for."""
import asyncio

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.utils.cache import patch_vary_headers
from health_check.views import HealthCheckView
from redis.asyncio import Redis


def checks() -> list:
    found = ["health_check.checks.Database"]
    broker = settings.CELERY_BROKER_URL
    if broker.startswith(("redis://", "rediss://")):
        found.append(("health_check.contrib.redis.Redis", {"client_factory": lambda: Redis.from_url(broker, socket_timeout=2)}))
    return found


class QuietHealthCheckView(HealthCheckView):
    """django-health-check's view, its details for staff only."""

    async def get(self, request, *args, **kwargs):
        user = await request.auser()
        if user.is_active and user.is_staff:
            response = await super().get(request, *args, **kwargs)
        else:
            response = await self._status_only(request)
        patch_vary_headers(response, ["Cookie"])
        return response

    async def _status_only(self, request):
        with self.get_executor() as executor:
            results = await asyncio.gather(*(check.get_result(executor) for check in self.get_checks()))
        healthy = not any(result.error for result in results)
        status = 200 if healthy else 500
        word = "ok" if healthy else "unavailable"
        wants_json = request.GET.get("format") == "json" or "json" in request.headers.get("accept", "")
        if wants_json:
            return JsonResponse({"status": word}, status=status)
        return HttpResponse(word + "\n", content_type="text/plain; charset=utf-8", status=status)


health = QuietHealthCheckView.as_view(checks=checks())
