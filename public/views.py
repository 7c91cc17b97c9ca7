"""Public pages (no login). Views are thin: reads are in selectors.py, and the standings come
from the stored snapshot (scoring.selectors). A rendered standings page is cached under its
snapshot version, so a hall of phones refreshing at once costs one small query per request and
never a stale page."""
import hashlib
import html
from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import cache_page
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_safe

from console import history, live
from console.models import ConsoleLog
from console.overlay import delayed_layer
from protocols.vocabulary import LEFT_WHEN, GameStatus, Removal, in_sentence, label_of
from protocols.wording import result_name, role_name, role_words
from ratings.selectors import game_forecast
from scoring import cuts
from scoring.selectors import points_text, worded
from scoring.teams import team_view
from scoring.vocabulary import COMPONENTS, NO_POINTS, SCOPES
from tournaments import game_rules
from tournaments.participants import k_verdict
from tournaments.permissions import can_file_protest, is_chief_judge, is_late, is_organiser, protest_deadline

from . import legend, live_cache, selectors
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


def _after_round(request) -> tuple[int | None, str]:
    """`?after_round=N` (scoring.cuts: a round ordinal) and the error that names the field when
    it cannot be read."""
    try:
        return cuts.parse_after(request.GET.get("after_round")), ""
    except ValueError:
        return None, _("%(field)s: choose a round from the list.") % {"field": _("standings as after")}


def _round_label(mark) -> str:
    return _("%(stage)s, round %(n)s") % {"stage": SCOPES.get(mark.stage, mark.stage), "n": mark.number}


def _standings_context(request, tournament, *, whole_page: bool) -> dict:
    version, computed_at = selectors.standings_version(tournament)
    context = {"tournament": tournament, "version": version, "computed_at": computed_at, "stage_labels": SCOPES,
               "k_verdict": k_verdict(tournament, registered=tournament.registered_at_start)}
    if whole_page:  # "find me" suggestions; the swappable block has no form
        context["names"] = [nickname for _pk, nickname in selectors.nicknames(tournament)]
    asked, context["after_error"] = _after_round(request)
    if tournament.standings_public:
        time = cuts.viewer_time(tournament, request.user, asked)
        view = selectors.standings(tournament, _scope(request), time.after)
        by_ordinal = {m.ordinal: m for m in time.marks}
        context.update(standings=view, rows=view.rows, scope=view.scope,
                       k_legend=legend.k_legend(tournament, view.snapshot),
                       lot_used=any(row.decided_by_lot for row in view.rows),
                       marks_used=any(row.mark for row in view.rows),
                       after_round=time.after,
                       after_label=_round_label(by_ordinal[time.after]) if time.after in by_ordinal else "",
                       rounds_offered=[(m.ordinal, _round_label(m)) for m in time.offered],
                       hidden_stages=[SCOPES.get(kind, kind) for kind in time.hidden_stages])
    if not context.get("rows"):
        # before the first sign-off the players look for their names: the registered participants
        context["participants"] = selectors.participants(tournament)
    # the page is cached under its scope only: the language switch keeps the stage and nothing else
    scope = _scope(request)
    query = {key: value for key, value in (("stage", scope if scope != "all" else None),
                                           ("after_round", asked)) if value is not None}
    context["language_params"] = query
    context["fragment_query"] = urlencode(query)
    return context


def _cacheable(request) -> bool:
    """Only the page's own addresses are kept (`?stage=` of a stage, `?lang=`): cache_page keys by
    the whole URL, and any other query string would fill the cache with copies of one page."""
    params = request.GET
    return (set(params) <= {"stage", "lang", "after_round"} and params.get("stage", "all") in ("all", *selectors.STAGE_KEYS)
            and params.get("lang", settings.LANGUAGE_CODE) in dict(settings.LANGUAGES) and not _after_round(request)[1])


def _standings_page(kind: str, template: str):
    """The standings page (or its swappable block), rendered once per snapshot version and
    language, gzipped for browsers that ask (a 200-player table is ~65 KB, ~8 KB gzipped: a hall's
    Wi-Fi): Django's cache_page around gzip_page, so the cache keeps the packed bytes.

    Ours is only the key: cache_page's own (the URL, hence the scope; the language; the
    Accept-Encoding that gzip_page varies on) gets a prefix with the snapshot's version, so a new
    snapshot is a new page at once, which no timeout can give."""

    @gzip_page
    def rendered(request, slug):
        tournament = selectors.tournament_for_page(slug, request.user)
        context = _standings_context(request, tournament, whole_page=kind == "page")
        response = render(request, template, context, status=400 if context["after_error"] else 200)
        if "participants" in context:
            # the participants list changes with registrations, which move no snapshot version: kept briefly
            patch_cache_control(response, max_age=PARTICIPANTS_TTL)
        return response

    def view(request, slug):
        state, preview = selectors.page_state(slug, request.user)
        request.tournament_preview = preview
        if _cacheable(request):
            # a hidden stage's standings are for the judges and the organisers: their copy is their own
            privileged = int(state.hides_a_stage and selectors.sees_hidden_stages(request.user, state.tournament_id))
            prefix = (f"standings-{kind}:{state.tournament_id}:{state.version}:{int(state.standings_public)}:{int(preview)}"
                      f":{privileged}")
            response = cache_page(PAGE_TTL, key_prefix=prefix)(rendered)(request, slug)
        else:
            response = rendered(request, slug)
        # The copy in the cache is current by its key, but the browser must ask every time: a new
        # version may come any second (cache_page would let it keep the page for PAGE_TTL).
        response["Cache-Control"] = "no-cache"
        del response["Expires"]
        # The language comes from the cookie or Accept-Language; in our key it is the language itself.
        patch_vary_headers(response, ["Cookie", "Accept-Language"])
        return response

    return view


_standings_page_view = _standings_page("page", "public/detail.html")
_standings_fragment_view = _standings_page("fragment", "public/_standings.html")


@require_safe
def tournament_detail(request, slug):
    """The tournament and its standings (snapshot), sortable, refreshing itself."""
    return _standings_page_view(request, slug)


@require_safe
def standings_fragment(request, slug):
    """Only the standings block: what standings.js swaps in when a newer snapshot exists."""
    return _standings_fragment_view(request, slug)


@require_safe
def standings_version(request, slug):
    """What standings.js polls: the newest snapshot's version (tiny, never cached)."""
    state, _preview = selectors.page_state(slug, request.user)
    computed_at = state.computed_at
    response = JsonResponse({"version": state.version, "computed_at": computed_at.isoformat() if computed_at else None})
    response["Cache-Control"] = "no-store"
    return response


def _player_games(tournament, row, snapshot) -> list[dict]:
    """The player's games (scoring.selectors' GamePoints) with labels, ready for the template."""
    if row is None:
        return []
    places = selectors.game_places(tournament, [game.number for game in row.points])
    games = []
    for game in row.points:
        scored = snapshot.scored.get(game.number)
        stage, result = (scored.stage, scored.result) if scored is not None else ("", "")
        round_number, table_number = places.get(game.number, (None, None))
        games.append({
            "number": game.number, "round": round_number, "table": table_number, "seat": game.seat,
            "stage_label": SCOPES.get(stage, stage),
            "role_label": role_name(game.role), "result_label": result_name(result),
            "lines": worded(game), "points": points_text(game.total),
        })
    return games


@require_safe
def player_detail(request, slug, player_id):
    """A player's place, breakdown and every game with the clause of each point."""
    tournament = _tournament(request, slug)
    # while a stage is hidden the public sees the player as before it (scoring/cuts.py)
    after = cuts.viewer_time(tournament, request.user).after
    info, row, snapshot = selectors.player_page(tournament, player_id, after)
    next_seat = selectors.next_seat_of(tournament, player_id)
    _version, computed_at = selectors.standings_version(tournament)
    public = tournament.standings_public
    components = legend.ruleset_components(tournament.ruleset)
    breakdown = [(COMPONENTS[k], row.breakdown.get(k, "0.00")) for k in components] if row and public else []
    return render(request, "public/player.html", {
        "tournament": tournament, "player": info, "row": row if public else None, "breakdown": breakdown,
        "games": _player_games(tournament, row, snapshot) if public else [], "next_seat": next_seat, "computed_at": computed_at,
        "stage_labels": SCOPES, "k_legend": legend.k_legend(tournament, snapshot) if row and public else None,
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
            "seat": seat, "role": role_name(seat.role), "left": left,
            "removed": in_sentence(label_of(Removal, seat.removed)) if seat.removed else "",
            "penalties": list(seat.penalties.all()), "first_killed": seat.number == game.first_killed_seat,
        })
    # a stage whose standings are hidden keeps its games' results and points from the public too
    sealed = game.is_signed_off and game.stage.standings_hidden and not cuts.sees_hidden(request.user, tournament)
    points = {}
    if game.is_signed_off and tournament.standings_public and not sealed:
        points = selectors.game_points(tournament, game)
    for row in seats:
        scored = points.get(row["seat"].number)
        row["lines"] = (worded(scored) or [NOTHING_SCORED]) if scored is not None else []
        row["points"] = points_text(scored.total) if scored is not None else ""
    user = request.user
    may_protest = can_file_protest(user, game) and (not is_late(game) or is_chief_judge(user, tournament))
    return render(request, "public/game.html", {
        "tournament": tournament, "game": game, "seats": seats, "protests": list(game.protests.all()),
        "may_protest": may_protest and not sealed, "protest_deadline": protest_deadline(game), "sealed": sealed,
        "signed_off": game.is_signed_off and not sealed, "result": result_name(game.result) if game.result else "—",
        "stage": SCOPES.get(game.stage.kind, game.stage.kind), "named": ", ".join(str(n) for n in game.best_move or []),
        "days": day_record(game, game.seats.all()) if game.is_signed_off and not sealed else [],
        "amendments": selectors.game_amendments(game) if game.is_signed_off and not sealed else [],
        "scored": bool(points),
        # the rating's forecast made before the game (a signed-off game of a public tournament only)
        "forecast": game_forecast(game.pk) if game.is_signed_off and tournament.is_public and not sealed else None,
        # a console game's events: public with the protocol, before sign-off only for who runs it
        "console_log": [] if sealed else history.visible_lines(user, game),
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
    # the projector is the hall's: while a stage is hidden it says so and shows no standings at all
    time = cuts.viewer_time(tournament, None)
    teams = []
    if tournament.standings_public and not time.hidden_stages:
        rows = selectors.standings(tournament, "all").rows[:SCREEN_ROWS]
        if tournament.team_size is not None:
            teams = team_view(tournament, None).lines[:SCREEN_ROWS]
    rounds = selectors.seating(tournament)
    shown = next((r for r in rounds if any(t.status != GameStatus.SIGNED_OFF for t in r.tables)), None)
    upcoming = shown is not None
    shown = shown or (rounds[-1] if rounds else None)
    if shown is not None:
        shown.label = SCOPES.get(shown.stage, shown.stage)
        shown.title = _("round %(n)s") % {"n": shown.number}
        for table in shown.tables:
            table.title = _("Table %(n)s") % {"n": table.number}
    # the tables of the round live, once a game of it is run on the console
    live_games = selectors.live_round_games(tournament) if upcoming else []
    has_live = ConsoleLog.objects.filter(game__in=[g.pk for g in live_games], length__gt=0).exists() if live_games else False
    return render(request, "public/screen.html", {
        "tournament": tournament, "rows": rows, "teams": teams, "version": version, "computed_at": computed_at,
        "hidden_stages": [SCOPES.get(kind, kind) for kind in time.hidden_stages],
        "round": shown, "upcoming": upcoming, "every_ms": _screen_every(request) * 1000,
        "live": has_live, "live_texts": _live_texts() if has_live else None, "poll_ms": LIVE_POLL_MS,
    })


# -- the live views of the tables (console/live.py decides what the hall sees) -------------------

LIVE_POLL_MS = 1500  # live.js asks this often: a change shows within 2 s


def _live_tournament(request, slug):
    """``_tournament`` for the live views: the same 404 and preview, a lighter read."""
    tournament = selectors.tournament_for_live(slug, request.user)
    request.tournament_preview = not tournament.is_public
    return tournament


def _live_json(request, data: dict) -> HttpResponse:
    """A live.json answer: the body, an ETag that is a digest of the body itself, and a 304 when
    the client already has it (If-None-Match). The tag changes exactly when what the hall sees
    changes: never with the number of events the judge entered at night, which a tag made of the
    log's length would give away. ``no-cache``: a browser or a proxy may keep it but must ask
    again each time, and the 304 makes that cheap; a draft's preview is its organisers' alone
    (``private``). The words follow the language (cookie or Accept-Language): ``Vary``."""
    # keys sorted: a projection read back from PostgreSQL's jsonb has its keys in another order than
    # the one just computed, and the tag must be the same for the same view
    response = JsonResponse(data, json_dumps_params={"sort_keys": True})
    response["ETag"] = f'"{hashlib.sha256(response.content).hexdigest()[:32]}"'
    response["Cache-Control"] = "private, no-cache" if getattr(request, "tournament_preview", False) else "no-cache"
    patch_vary_headers(response, ["Cookie", "Accept-Language"])
    return get_conditional_response(request, etag=response["ETag"], response=response)


def _live_texts() -> dict:
    """The words live.js writes, from the catalogue (the page's language)."""
    return {
        "seat": str(_("Seat")), "speaker": str(_("Speaking")), "fouls": str(_("fouls")), "out": str(_("out")),
        "nominees": str(_("Nominated")), "vote": str(_("The vote")), "uncast": str(_("votes left")),
        "no_console": str(_("This game is not run on the console.")), "seconds": str(_("s")),
        "signed_off": str(_("Signed off")), "result": str(_("Result")), "table": str(_("Table %(n)s")),
        "offline": str(_("No connection: the last known state is shown.")), "none": str(_("none")),
        # the protocol's words for roles and results (protocols/wording.py), as the console's screen has them
        "roles": role_words()["role"], "results": role_words()["result"],
    }


@require_safe
def table_live(request, slug, number):
    """One table live, for a stream or a projector: seats, who is out, fouls, the speaker and the
    timer, the nominees and the vote (no roles, shots or checks before sign-off). live.js polls
    the JSON below every LIVE_POLL_MS."""
    tournament = _tournament(request, slug)
    game = selectors.table_game(tournament, number)
    return render(request, "public/live.html", {
        "tournament": tournament, "game": game, "number": number, "poll_ms": LIVE_POLL_MS,
        "json_url": f"/t/{tournament.slug}/tables/{number}/live.json", "texts": _live_texts(),
        "view": live.table_view(game),
    })


@require_safe
def table_live_json(request, slug, number):
    """One table's public view, shared by the hall for up to a second (public/live_cache.py)."""
    kept = live_cache.key(slug, number, get_language())
    view = live_cache.get(kept)
    if view is None:
        tournament = _live_tournament(request, slug)
        view = live.table_view(selectors.table_game(tournament, number))
        if not request.tournament_preview:
            live_cache.put(kept, view)
    return _live_json(request, live_cache.stamped(view))


@require_safe
def round_live_json(request, slug):
    """Every table of the round the projector shows, live (the projector's "tables" panel)."""
    tournament = _live_tournament(request, slug)
    games = selectors.live_round_games(tournament)
    return _live_json(request, {"round": games[0].round.number if games else None,
                                "tables": [live.table_view(g) for g in games]})


@require_safe
def table_overlay(request, slug, number):
    """A table for a stream (OBS's browser source: 1920 x 1080, transparent, large type): the public
    view live, as the live page; with the tournament's overlay reveal on, the roles, shots and
    checks as they were the organiser's delay ago (console/overlay.py), never sooner."""
    tournament = _live_tournament(request, slug)
    game = selectors.table_game(tournament, number)
    return render(request, "public/overlay.html", {
        "tournament": tournament, "game": game, "number": number, "poll_ms": LIVE_POLL_MS,
        "json_url": f"/t/{tournament.slug}/tables/{number}/live.json",
        "overlay_url": f"/t/{tournament.slug}/tables/{number}/overlay.json", "texts": _live_texts(),
        "view": live.table_view(game), "reveal": tournament.overlay_reveal, "delay": tournament.overlay_delay_minutes,
        "overlay_texts": {
            "killed": str(_("Night %(n)s: seat %(seat)s killed")), "miss": str(_("Night %(n)s: a miss")),
            "don": str(_("Night %(n)s: the don checked seat %(seat)s")),
            "sheriff": str(_("Night %(n)s: the sheriff checked seat %(seat)s: %(answer)s")),
            "black": str(_("black")), "red": str(_("red")),
        },
    })


@require_safe
def table_overlay_json(request, slug, number):
    """The overlay's delayed layer (console/overlay.py): nothing newer than the delay, ever."""
    tournament = _live_tournament(request, slug)
    game = selectors.table_game(tournament, number)
    game.tournament = tournament
    return _live_json(request, delayed_layer(game))


@require_safe
def rules_of_play(request, slug):
    """The rules the tournament's games run by (RULES.md §7.1.3), in words: the ruleset's preset
    and each setting, the ones the organisers changed marked."""
    tournament = _tournament(request, slug)
    return render(request, "public/rules.html", {
        "tournament": tournament, "ruleset_name": tournament.get_ruleset_display(),
        "lines": game_rules.described(tournament.ruleset, tournament.game_settings),
    })
