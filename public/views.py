"""Public pages (no login). Views are thin: reads are in selectors.py, and the standings come
from the stored snapshot. A rendered standings page is cached under its snapshot version, so a
hall of phones refreshing at once costs one small query per request and never a stale page."""
import gzip
import html

from django.core.cache import cache
from django.http import HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from protocols.vocabulary import LEFT_WHEN, ROLE_NAMES, GameResult, GameStatus, Removal, in_sentence, label_of
from scoring import explanations
from scoring.vocabulary import COMPONENTS, NO_POINTS, SCOPES
from tournaments.participants import k_verdict
from tournaments.permissions import can_file_protest, is_chief_judge, is_late, is_organiser, protest_deadline

from . import legend, selectors
from .game_days import day_record
from .seating_grid import grid_html

PAGE_TTL = 3600
PARTICIPANTS_TTL = 20  # seconds: the list before round 1 follows an import within that
# A game that gave the player nothing, as the player page shows it (a loss or a draw: 8.2.3).
NOTHING_SCORED = {"component": NO_POINTS, "clause": "8.2.3", "points": "0.00", "note": ""}


@require_safe
def favicon(request):
    """Browsers ask for /favicon.ico whatever the page says: send them to the SVG icon."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))


PERIOD_TITLES = {"ongoing": _("Under way"), "upcoming": _("Upcoming"), "finished": _("Finished")}


@require_safe
def tournament_list(request):
    """The home page: tournaments under way, upcoming and finished, with a search by name or city."""
    query = request.GET.get("q", "")[:80]
    groups = selectors.public_tournaments(today=timezone.localdate(), query=query)
    return render(request, "public/list.html", {
        "query": query, "groups": [(key, PERIOD_TITLES[key], groups[key]) for key in selectors.PERIODS],
        "found": any(groups.values()),
    })


def _tournament(request, slug):
    """The page's tournament, or 404; a draft only for its organisers, under a preview banner."""
    tournament = selectors.tournament_for_page(slug, request.user)
    request.tournament_preview = not tournament.is_public
    return tournament


def _scope(request) -> str:
    scope = request.GET.get("stage", "")
    return scope if scope in selectors.STAGE_KEYS else "all"


def _standings_context(request, tournament, *, whole_page: bool) -> dict:
    version, computed_at = selectors.standings_version(tournament)
    context = {"tournament": tournament, "version": version, "computed_at": computed_at, "stage_labels": SCOPES,
               "k_verdict": k_verdict(tournament, registered=tournament.registered_at_start)}
    if whole_page:  # "find me" suggestions; the swappable block has no form
        context["names"] = [nickname for _pk, nickname in selectors.nicknames(tournament)]
    if tournament.standings_public:
        view = selectors.standings(tournament, _scope(request))
        context.update(standings=view, rows=view.rows, scope=view.scope,
                       k_legend=legend.k_legend(tournament, view.snapshot),
                       lot_used=any(row["decided_by_lot"] for row in view.rows),
                       marks_used=any(row.get("mark") for row in view.rows))
    if not context.get("rows"):
        # before the first sign-off the players look for their names: the registered participants
        context["participants"] = selectors.participants(tournament)
    # the page is cached under its scope only: the language switch keeps the stage and nothing else
    scope = _scope(request)
    context["language_params"] = {"stage": scope} if scope != "all" else {}
    return context


def _cached(request, slug: str, kind: str, template: str) -> HttpResponse:
    """The standings page (or its swappable block), rendered once per snapshot version and
    language, kept plain and gzipped (a 200-player table is ~65 KB, ~8 KB gzipped: a hall's Wi-Fi)."""
    (pk, version, public, _at), preview = selectors.page_state(slug, request.user)
    request.tournament_preview = preview
    gz = "gzip" in request.META.get("HTTP_ACCEPT_ENCODING", "")
    key = f"standings-page:{kind}:{pk}:{version}:{_scope(request)}:{get_language()}:{int(public)}:{int(preview)}"
    body = cache.get(key + (":gz" if gz else ""))
    if body is None:
        tournament = selectors.tournament_for_page(slug, request.user)
        context = _standings_context(request, tournament, whole_page=kind == "page")
        plain = render_to_string(template, context, request).encode()
        packed = gzip.compress(plain, compresslevel=6, mtime=0)
        # the participants list changes with registrations, which move no snapshot version: kept briefly
        cache.set_many({key: plain, key + ":gz": packed}, PARTICIPANTS_TTL if "participants" in context else PAGE_TTL)
        body = packed if gz else plain
    response = HttpResponse(body)
    if gz:
        response["Content-Encoding"] = "gzip"
    patch_vary_headers(response, ["Accept-Encoding", "Cookie", "Accept-Language"])
    return response


@require_safe
def tournament_detail(request, slug):
    """The tournament and its standings (snapshot), sortable, refreshing itself."""
    return _cached(request, slug, "page", "public/detail.html")


@require_safe
def standings_fragment(request, slug):
    """Only the standings block: what standings.js swaps in when a newer snapshot exists."""
    return _cached(request, slug, "fragment", "public/_standings.html")


@require_safe
def standings_version(request, slug):
    """What standings.js polls: the newest snapshot's version (tiny, never cached)."""
    (_pk, version, _public, computed_at), _preview = selectors.page_state(slug, request.user)
    response = JsonResponse({"version": version, "computed_at": computed_at.isoformat() if computed_at else None})
    response["Cache-Control"] = "no-store"
    return response


def _player_games(tournament, row) -> list[dict]:
    """The stored explanation (explain.py's compact lists) with labels, ready for the template."""
    if row is None:
        return []
    meta = row.snapshot.game_meta
    places = selectors.game_places(tournament, [number for number, *_rest in row.explanation])
    games = []
    for number, seat, role, lines in row.explanation:
        _game_id, stage, result = meta.get(str(number), ("", "", ""))
        round_number, table_number = places.get(number, (None, None))
        games.append({
            "number": number, "round": round_number, "table": table_number, "seat": seat,
            "stage_label": SCOPES.get(stage, stage),
            "role_label": ROLE_NAMES.get(role, role), "result_label": label_of(GameResult, result),
            "lines": explanations.lines(lines), "points": explanations.points(sum(line[2] for line in lines)),
        })
    return games


@require_safe
def player_detail(request, slug, player_id):
    """A player's place, breakdown and every game with the clause of each point."""
    tournament = _tournament(request, slug)
    info, row = selectors.player_page(tournament, player_id)
    next_seat = selectors.next_seat_of(tournament, player_id)
    _version, computed_at = selectors.standings_version(tournament)
    public = tournament.standings_public
    components = legend.ruleset_components(tournament.ruleset)
    breakdown = [(COMPONENTS[k], row.breakdown.get(k, "0.00")) for k in components] if row and public else []
    return render(request, "public/player.html", {
        "tournament": tournament, "player": info, "row": row if public else None, "breakdown": breakdown,
        "games": _player_games(tournament, row) if public else [], "next_seat": next_seat, "computed_at": computed_at,
        "stage_labels": SCOPES, "k_legend": legend.k_legend(tournament, row.snapshot) if row and public else None,
        "names": [nickname for _pk, nickname in selectors.nicknames(tournament)],  # "find me" on this page too
    })


@require_safe
def game_detail(request, slug, number):
    """A game's protocol once signed off; before that, only who sits where."""
    tournament = _tournament(request, slug)
    game = selectors.game_protocol(tournament, number)
    seats = []
    for seat in game.seats.all():
        left = ""
        if seat.left_how:
            left = str(LEFT_WHEN.get(seat.left_how, seat.left_how)) % {"n": seat.left_on or "?"}
        seats.append({
            "seat": seat, "role": ROLE_NAMES.get(seat.role, "—"), "left": left,
            "removed": in_sentence(label_of(Removal, seat.removed)) if seat.removed else "",
            "penalties": list(seat.penalties.all()), "first_killed": seat.number == game.first_killed_seat,
        })
    points = {}
    if game.is_signed_off and tournament.standings_public:
        points = selectors.game_points(tournament, game)
    for row in seats:
        stored = points.get(row["seat"].number)
        row["lines"] = (explanations.lines(stored) or [NOTHING_SCORED]) if stored is not None else []
        row["points"] = explanations.points(sum(line[2] for line in stored)) if stored is not None else ""
    user = request.user
    may_protest = can_file_protest(user, game) and (not is_late(game) or is_chief_judge(user, tournament))
    return render(request, "public/game.html", {
        "tournament": tournament, "game": game, "seats": seats, "protests": list(game.protests.all()),
        "may_protest": may_protest, "protest_deadline": protest_deadline(game),
        "signed_off": game.is_signed_off, "result": label_of(GameResult, game.result) if game.result else "—",
        "stage": SCOPES.get(game.stage.kind, game.stage.kind), "named": ", ".join(str(n) for n in game.best_move or []),
        "days": day_record(game, game.seats.all()) if game.is_signed_off else [],
        "amendments": selectors.game_amendments(game) if game.is_signed_off else [],
        "scored": bool(points),
    })


def _seat_items(seats: list[tuple], me_id) -> str:
    """<li> items of one table, built here: 3,000 seats through template tags cost ~40 ms a page."""
    me = ' class="me"'
    return mark_safe("".join(
        f'<li value="{number}"{me if player_id == me_id else ""}>{html.escape(nickname)}</li>'
        for number, player_id, nickname in seats
    ))


@require_safe
def seating(request, slug):
    """Every round's tables and seats, and "find me": a player's next table and seat."""
    tournament = _tournament(request, slug)
    rounds = selectors.seating(tournament)
    names = selectors.nicknames(tournament)
    found = selectors.find_player(tournament, request.GET.get("me", ""), rounds, names)
    me_id = found.player["player_id"] if found.player else None
    for rnd in rounds:
        rnd.label = SCOPES.get(rnd.stage, rnd.stage)
        rnd.title = _("round %(n)s") % {"n": rnd.number}
        for table in rnd.tables:
            table.title = _("Table %(n)s") % {"n": table.number}
            table.seats_html = _seat_items(table.seats, me_id)
    next_seat = found.next_seat
    if next_seat:
        next_seat = {**next_seat, "stage_label": SCOPES.get(next_seat["stage"], next_seat["stage"])}
    upcoming = next((r for r in rounds if any(t.status != "signed_off" for t in r.tables)), None)
    return render(request, "public/seating.html", {
        "tournament": tournament, "rounds": rounds, "found": found, "next_seat": next_seat, "upcoming": upcoming,
        "names": [nickname for _pk, nickname in names], "grid": grid_html(rounds, me_id) if rounds else "",
        # how the seating was made (seed, budget) is the organisers' business, not the players'
        "show_seeds": is_organiser(request.user, tournament),
    })


SCREEN_ROWS = 1000  # standings rows sent to the projector; screen.js pages through them, as many as fit a page
SCREEN_EVERY = (15, 4, 120)  # seconds per panel: default, least, most (`?every=`)


def _screen_every(request) -> int:
    default, least, most = SCREEN_EVERY
    try:
        every = int(request.GET.get("every", default))
    except ValueError:
        every = default
    return min(max(every, least), most)


@require_safe
def screen(request, slug):
    """The projector: the standings' top and the next round's seating (or, once every round is
    played, the last one's) in large type, no controls; screen.js rotates the two panels and
    reloads the page when the standings change. A draft answers its organisers (the preview's
    "Screen" tab), as the other pages do."""
    tournament = _tournament(request, slug)
    version, computed_at = selectors.standings_version(tournament)
    rows = []
    if tournament.standings_public:
        rows = selectors.standings(tournament, "all").rows[:SCREEN_ROWS]
    rounds = selectors.seating(tournament)
    shown = next((r for r in rounds if any(t.status != GameStatus.SIGNED_OFF for t in r.tables)), None)
    upcoming = shown is not None
    shown = shown or (rounds[-1] if rounds else None)
    if shown is not None:
        shown.label = SCOPES.get(shown.stage, shown.stage)
        shown.title = _("round %(n)s") % {"n": shown.number}
        for table in shown.tables:
            table.title = _("Table %(n)s") % {"n": table.number}
    return render(request, "public/screen.html", {
        "tournament": tournament, "rows": rows, "version": version, "computed_at": computed_at,
        "round": shown, "upcoming": upcoming, "every_ms": _screen_every(request) * 1000,
    })
