"""Conditional GETs of the standings: the ETag is the snapshot's version (with the scope and the
language asked for: an explained line is worded in it), Last-Modified its computation time; a
request that already has them gets a 304."""
from __future__ import annotations

from datetime import datetime

from django.utils.http import http_date, parse_http_date_safe


def standings_etag(version: int, scope: str, explain: bool, language: str) -> str:
    return f'"{version}-{scope}-{language}{"-explained" if explain else ""}"'


def not_modified(request, etag: str, last_modified: datetime | None) -> bool:
    """RFC 9110: If-None-Match decides when present (weak comparison); else If-Modified-Since."""
    if_none_match = request.headers.get("If-None-Match")
    if if_none_match is not None:
        tags = [t.strip() for t in if_none_match.split(",")]
        return "*" in tags or any(t.removeprefix("W/") == etag for t in tags)
    if_modified_since = request.headers.get("If-Modified-Since")
    if if_modified_since and last_modified is not None:
        since = parse_http_date_safe(if_modified_since)
        return since is not None and int(last_modified.timestamp()) <= since
    return False


def validators(response, etag: str, last_modified: datetime | None):
    response["ETag"] = etag
    if last_modified is not None:
        response["Last-Modified"] = http_date(last_modified.timestamp())
    response["Cache-Control"] = "no-cache"  # caches may keep it, but ask again (a 304 is cheap)
    return response
