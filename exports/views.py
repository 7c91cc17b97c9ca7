"""Public downloads, where the public pages already show the same data: the standings when the
tournament publishes them, the seating, a protocol once signed off. Anything unknown is a 404.

Each file is built once per version of what it shows (the standings snapshot, the protocol's
version, the seating's fingerprint) and language, then served from the cache.
"""
from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.http import Http404
from django.views.decorators.http import require_safe

from protocols.models import GameStatus, Seat
from scoring import cuts
from scoring import selectors as scoring_read
from tournaments.permissions import can_read_publicly

from .exporters import FORMATS, DiplomasExporter, ProtocolExporter, SeatingExporter, StandingsExporter, TeamStandingsExporter
from .responses import file_response
from .selectors import MAX_ID, NotFound, NothingToExport, game_by_number, stage_of, tournament_by_slug
from .texts import export_language

FILE_TTL = 3600


def _tournament(slug: str, user):
    """The tournament of a public file, or 404 (a draft: for its organisers only)."""
    try:
        tournament = tournament_by_slug(slug)
    except NotFound:
        raise Http404("no such tournament") from None
    if not can_read_publicly(user, tournament):
        raise Http404("no such tournament")
    return tournament


def _serve(key: str, build):
    exported = cache.get(key)
    if exported is None:
        try:
            exported = build()
        except (NotFound, NothingToExport):
            raise Http404("nothing to export") from None
        cache.set(key, exported, FILE_TTL)
    return file_response(exported)


def _check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        raise Http404("no such format")


def _stage(request, tournament):
    try:
        return stage_of(tournament, request.GET.get("stage") or None)
    except NotFound:
        raise Http404("no such stage") from None


@require_safe
def standings_file(request, slug, fmt):
    _check_format(fmt)
    tournament = _tournament(slug, request.user)
    if not tournament.standings_public:
        raise Http404("the standings are not public")
    stage = _stage(request, tournament)
    try:
        asked = cuts.parse_after(request.GET.get("after_round"))
    except ValueError:
        raise Http404("no such round") from None
    # a hidden stage (scoring/cuts.py): the public's file is the standings as before it
    after = cuts.viewer_time(tournament, request.user, asked).after
    language = export_language(tournament, request.GET.get("lang"))
    version = scoring_read.current_by_id(tournament.pk).version
    key = f"export:standings:{tournament.pk}:{version}:{stage.kind if stage else 'all'}:{after}:{language}:{fmt}"
    return _serve(key, lambda: StandingsExporter(tournament, stage=stage, language=language, after=after).render(fmt))


@require_safe
def team_standings_file(request, slug, fmt):
    """The team standings (exports/exporters/teams.py) under the standings' rules."""
    _check_format(fmt)
    tournament = _tournament(slug, request.user)
    if tournament.team_size is None or not tournament.standings_public:
        raise Http404("no public team standings")
    after = cuts.viewer_time(tournament, request.user).after
    language = export_language(tournament, request.GET.get("lang"))
    version = scoring_read.current_by_id(tournament.pk).version
    teams = hashlib.blake2b(repr(list(tournament.teams.order_by("pk").values_list("pk", "name", "members__player_id"))).encode(),
                            digest_size=12).hexdigest()
    key = f"export:teams:{tournament.pk}:{version}:{teams}:{tournament.team_best}:{after}:{language}:{fmt}"
    return _serve(key, lambda: TeamStandingsExporter(tournament, language=language, user=request.user).render(fmt))


@require_safe
def seating_file(request, slug, fmt):
    _check_format(fmt)
    tournament = _tournament(slug, request.user)
    stage = _stage(request, tournament)
    language = export_language(tournament, request.GET.get("lang"))
    seats = Seat.objects.filter(game__tournament=tournament).order_by("game_id", "number")
    fingerprint = hashlib.blake2b(repr(list(seats.values_list("game_id", "number", "player_id", "game__judge_id"))).encode(),
                                  digest_size=12).hexdigest()
    key = f"export:seating:{tournament.pk}:{fingerprint}:{stage.kind if stage else 'all'}:{language}:{fmt}"
    return _serve(key, lambda: SeatingExporter(tournament, stage=stage, language=language).render(fmt))


@require_safe
def protocol_file(request, slug, number):
    tournament = _tournament(slug, request.user)
    if not 0 < number <= MAX_ID:
        raise Http404("no such game")
    try:
        game = game_by_number(tournament, number)
    except NotFound:
        raise Http404("no such game") from None
    if game.status != GameStatus.SIGNED_OFF:
        raise Http404("the protocol is not signed off yet")
    if game.stage.standings_hidden and not cuts.sees_hidden(request.user, tournament):
        raise Http404("the protocol's stage is hidden until the organisers reveal it")
    language = export_language(tournament, request.GET.get("lang"))
    version = scoring_read.current_by_id(tournament.pk).version
    protests = hashlib.blake2b(repr(list(game.protests.order_by("id").values_list("id", "status", "decided_at"))).encode(),
                               digest_size=8).hexdigest()
    key = f"export:protocol:{game.pk}:{game.version}:{version}:{protests}:{language}"
    return _serve(key, lambda: ProtocolExporter(tournament, game=game, language=language).render("pdf"))


@require_safe
def diplomas_file(request, slug):
    """The diplomas of the awards the viewer may see (scoring.awards.awards_for): 404 while the
    standings or a stage are hidden from him, or before any award has a winner."""
    tournament = _tournament(slug, request.user)
    language = export_language(tournament, request.GET.get("lang"))
    version = scoring_read.current_by_id(tournament.pk).version
    hand = hashlib.blake2b(repr(list(tournament.hand_awards.order_by("order", "id").values_list(
        "title", "player__nickname"))).encode(), digest_size=8).hexdigest()
    sees_all = cuts.sees_hidden(request.user, tournament)
    key = (f"export:diplomas:{tournament.pk}:{version}:{tournament.standings_public}:{tournament.award_min_share}:{hand}:"
           f"{sees_all}:{language}")
    return _serve(key, lambda: DiplomasExporter(tournament, user=request.user, language=language).render("pdf"))
