"""The ratings' public pages: a player's profile across tournaments (with others overlaid on
its chart), the leaderboards of rating and of season points, a club's page and a head-to-head
of two players. Reads are ratings.selectors' (published tournaments only; a player seen only
in drafts is a 404); charts are public.charts' SVG with their numbers in a table beside.

A filter given a value the page cannot read answers 400 with the page and a message naming the
field, never a 500."""
from __future__ import annotations

from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from engines.ratings.games import ROLES
from protocols.vocabulary import ROLE_NAMES
from ratings import selectors
from ratings.quality import METHODS, rating_quality

from . import charts

FILTER_NAMES = {"season": gettext_lazy("season"), "club": gettext_lazy("club"), "city": gettext_lazy("city"),
                "role": gettext_lazy("role"), "compare": gettext_lazy("compare"), "provisional": gettext_lazy("provisional"),
                "with": gettext_lazy("player"), "q": gettext_lazy("name")}
NAMES_SHOWN = 10  # the suggestions under a name being typed


def _player_or_404(player_id: int):
    player = selectors.public_player(player_id)
    if player is None:
        raise Http404("no such player")
    return player


def _series(history) -> list[tuple[float, float]]:
    """(x, rating after) of each game, a tournament's games spread over its days."""
    counts: dict[int, int] = {}
    for p in history:
        counts[p.tournament_id] = counts.get(p.tournament_id, 0) + 1
    seen: dict[int, int] = {}
    out = []
    for p in history:
        i = seen.get(p.tournament_id, 0)
        seen[p.tournament_id] = i + 1
        out.append((charts.game_x(p.day, p.end, i, counts[p.tournament_id]), p.after))
    return out


def _ids(text: str) -> list[int] | None:
    try:
        ids = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        return None
    return ids if all(0 < i <= selectors.MAX_ID for i in ids) else None


def _given_twice(request, names) -> list[str]:
    """A message for each of ``names`` the query string gives more than once (as the API says)."""
    return [_("%(field)s: give it once.") % {"field": FILTER_NAMES[name]}
            for name in names if len(request.GET.getlist(name)) > 1]


@require_safe
def player_profile(request, player_id):
    """Every public tournament of the player with place and total, the rating's history (a chart
    with the tournaments marked, `?compare=<id>,<id>` overlays others), per-tournament changes,
    games and win rate by role and by seat, first-killed count and best-move accuracy."""
    player = _player_or_404(player_id)
    snapshot = selectors.current_snapshot()
    history = selectors.rating_history(snapshot, player.pk)
    changes = selectors.tournament_changes(history)
    errors = _given_twice(request, ("compare", "with"))
    compared = []
    raw = request.GET.get("compare", "")
    ids: list[int] = []
    if raw:
        ids = _ids(raw)
        if ids is None:
            errors.append(_("%(field)s: give player numbers separated by commas.") % {"field": FILTER_NAMES["compare"]})
            ids = []
        elif len(ids) > selectors.MAX_COMPARED - 1:
            errors.append(_("%(field)s: at most %(n)s players beside this one.") % {
                "field": FILTER_NAMES["compare"], "n": selectors.MAX_COMPARED - 1})
            ids = ids[:selectors.MAX_COMPARED - 1]
    named = request.GET.get("with", "").strip()
    if named:
        other, error = _named_player(named)
        if error:
            errors.append(error)
        elif other.pk not in ids and len(ids) < selectors.MAX_COMPARED - 1:
            ids.append(other.pk)
    if ids:
        for other_id in ids:
            other = selectors.public_player(other_id) if other_id != player.pk else None
            if other is None:
                if other_id != player.pk:
                    errors.append(_("%(field)s: no player %(id)s.") % {"field": FILTER_NAMES["compare"], "id": other_id})
                continue
            compared.append({"player": other, "history": selectors.rating_history(snapshot, other.pk)})
    series = [{"label": player.nickname, "points": _series(history)}]
    series += [{"label": c["player"].nickname, "points": _series(c["history"])} for c in compared]
    marks = [(charts.game_x(c["start_date"], c["start_date"], 0, 1) - 0.5, c["name"]) for c in changes]
    chart = charts.line_chart(
        series, marks=marks, title=_("Rating of %(name)s, game by game") % {"name": player.nickname},
        desc=_("The rating after each rated game; dashed lines mark the tournaments, numbered as in the table."),
    ) if history or any(c["history"] for c in compared) else ""
    for c in compared:
        c["changes"] = selectors.tournament_changes(c["history"])
        c["last"] = c["history"][-1].after if c["history"] else None
    stats = selectors.play_stats(player.pk)
    rating = snapshot.player_ratings.filter(player=player).first() if snapshot else None
    roles = [{"role": role, "label": ROLE_NAMES[role], "games": stats.by_role[role][0], "wins": stats.by_role[role][1],
              "rate": stats.by_role[role][1] / stats.by_role[role][0] if stats.by_role[role][0] else None} for role in ROLES]
    seats = [{"seat": seat, "games": g, "wins": w, "rate": w / g if g else None} for seat, (g, w) in stats.by_seat.items()]
    response = render(request, "public/rating_player.html", {
        "player": player, "rating": rating, "snapshot": snapshot, "changes": changes, "chart": chart,
        "compared": compared, "compare_value": ",".join(str(c["player"].pk) for c in compared), "errors": errors,
        "tournaments": selectors.tournaments_of(player), "stats": stats, "roles": roles, "seats": seats,
        "language_params": {"compare": raw} if raw else {}, "with_value": named if errors else "",
    })
    if errors:
        response.status_code = 400
    return response


PROVISIONAL_VALUES = {"": False, "0": False, "off": False, "false": False, "1": True, "on": True, "true": True}


def _board_filters(request, *, roles: bool) -> tuple[dict, list[str]]:
    """The leaderboards' filters from the query string and the messages for those it cannot read:
    the same bounds as the API's (api/serializers/ratings.py), so a season the database cannot
    hold as a year, or a city with a NUL, is a 400 naming the field, never a 500."""
    q = request.GET
    filters: dict = {"season": None, "club": None, "city": None}
    errors = _given_twice(request, ("season", "club", "city", *(("role", "provisional") if roles else ())))
    known = selectors.seasons()
    if q.get("season"):
        try:
            filters["season"] = int(q["season"])
            if not selectors.SEASON_MIN <= filters["season"] <= selectors.SEASON_MAX:
                raise ValueError
        except ValueError:
            filters["season"] = None
            example = known[0] if known else 2026
            errors.append(_("%(field)s: give a year, e.g. %(year)s.") % {"field": FILTER_NAMES["season"], "year": example})
    if q.get("club"):
        try:
            filters["club"] = int(q["club"])
            if not 0 < filters["club"] <= selectors.MAX_ID:
                raise ValueError
        except ValueError:
            filters["club"] = None
            errors.append(_("%(field)s: choose a club from the list.") % {"field": FILTER_NAMES["club"]})
    city = (q.get("city") or "").strip()
    if not selectors.readable_text(city, selectors.CITY_LENGTH):
        errors.append(_("%(field)s: give a city's name (at most %(n)s letters).") % {"field": FILTER_NAMES["city"],
                                                                                      "n": selectors.CITY_LENGTH})
    else:
        filters["city"] = city or None
    if roles:
        role = q.get("role") or None
        if role is not None and role not in ROLES:
            errors.append(_("%(field)s: choose a role from the list.") % {"field": FILTER_NAMES["role"]})
            role = None
        filters["role"] = role
        provisional = PROVISIONAL_VALUES.get(q.get("provisional", "").strip().lower())
        if provisional is None:
            errors.append(_("%(field)s: tick the box or leave it empty.") % {"field": FILTER_NAMES["provisional"]})
        filters["provisional"] = bool(provisional)
    return filters, errors


def _board_context(request, filters, errors) -> dict:
    return {"filters": filters, "errors": errors, "seasons": selectors.seasons(),
            "clubs": list(selectors.public_clubs().values("pk", "name")),
            "roles": [(role, ROLE_NAMES[role]) for role in ROLES],
            "language_params": {k: v for k, v in request.GET.items() if k in ("season", "club", "city", "role", "provisional")}}


ESTABLISHED_ENOUGH = 10


@require_safe
def rating_board(request):
    """The rating leaderboard: best first, filtered by season, club, city and role; provisional
    players hidden unless asked (`?provisional=1`) or unless fewer than ESTABLISHED_ENOUGH players
    are established under the filters (then shown, marked)."""
    filters, errors = _board_filters(request, roles=True)
    rows = selectors.rating_board(**filters)
    filled = False
    if not filters["provisional"] and len(rows) < ESTABLISHED_ENOUGH:
        # a new rating (every player provisional, as after a club's first tournaments) is never an
        # empty page: the provisional players are shown too, marked
        every = selectors.rating_board(**{**filters, "provisional": True})
        filled = len(every) > len(rows)
        rows = every if filled else rows
    response = render(request, "public/rating_board.html", {**_board_context(request, filters, errors), "rows": rows,
                                                            "filled": filled, "enough": ESTABLISHED_ENOUGH})
    if errors:
        response.status_code = 400
    return response


@require_safe
def season_board(request):
    """The season points' standings (best N results, ties as the README says), filtered by
    club and city; the season is the newest unless `?season=` picks one."""
    filters, errors = _board_filters(request, roles=False)
    known = selectors.seasons()
    year = filters["season"] or (known[0] if known else None)
    rows = selectors.season_board(year, club=filters["club"], city=filters["city"]) if year else []
    response = render(request, "public/season_board.html", {**_board_context(request, filters, errors), "rows": rows,
                                                            "year": year})
    if errors:
        response.status_code = 400
    return response


@require_safe
def club_list(request):
    """Every club with a public player, by name."""
    return render(request, "public/club_list.html", {"clubs": list(selectors.public_clubs())})


@require_safe
def club_detail(request, club_id):
    """A club: its members with their ratings and the tournaments they played."""
    page = selectors.club_page(club_id)
    if page is None:
        raise Http404("no such club")
    return render(request, "public/club.html", page)


@require_safe
def head_to_head(request, player_id, other_id):
    """Two players: the games they sat in together, as teammates and as opponents, and who won."""
    a, b = _player_or_404(player_id), _player_or_404(other_id)
    if a.pk == b.pk:
        raise Http404("the same player")
    snapshot = selectors.current_snapshot()
    ratings = {r.player_id: r for r in snapshot.player_ratings.filter(player__in=(a, b))} if snapshot else {}
    page = selectors.head_to_head(a.pk, b.pk)
    for g in page["games"]:
        g["role_a_label"], g["role_b_label"] = ROLE_NAMES[g["role_a"]], ROLE_NAMES[g["role_b"]]
    return render(request, "public/head_to_head.html", {"a": a, "b": b, "rating_a": ratings.get(a.pk),
                                                        "rating_b": ratings.get(b.pk), **page})



def _named_player(text: str):
    """(the public player named ``text``, None), or (None, the message naming the field): the
    exact name (any case, ё as е), else the only player whose name contains it."""
    field = FILTER_NAMES["with"]
    if not selectors.readable_text(text, selectors.NICKNAME_LENGTH):
        return None, _("%(field)s: give a nickname (at most %(n)s letters).") % {"field": field, "n": selectors.NICKNAME_LENGTH}
    found = selectors.find_public_players(text, limit=NAMES_SHOWN + 1)
    if not found:
        return None, _("%(field)s: nobody is called “%(name)s”.") % {"field": field, "name": text}
    if len(found) > 1:
        names = ", ".join(nickname for _pk, nickname in found[:NAMES_SHOWN]) + (", …" if len(found) > NAMES_SHOWN else "")
        return None, _("%(field)s: “%(name)s” matches several players: %(names)s.") % {
            "field": field, "name": text, "names": names}
    return selectors.public_player(found[0][0]), None


@require_safe
def head_to_head_choice(request, player_id):
    """Whom to compare a player with: a nickname (with suggestions as it is typed), or one of the
    players he sat with most; `?with=<nickname>` goes to the head-to-head of the two."""
    player = _player_or_404(player_id)
    named = request.GET.get("with", "").strip()
    errors = _given_twice(request, ("with",))
    if named and not errors:
        other, error = _named_player(named)
        if other is not None and other.pk == player.pk:
            error = _("%(field)s: choose another player than %(name)s.") % {"field": FILTER_NAMES["with"], "name": player.nickname}
        if error is None:
            return redirect("public:head-to-head", player.pk, other.pk)
        errors.append(error)
    response = render(request, "public/head_to_head_choice.html", {
        "player": player, "co_players": selectors.co_players(player.pk), "errors": errors, "with_value": named,
        "language_params": {"with": named} if named else {},
    })
    if errors:
        response.status_code = 400
    return response


@require_safe
def player_names(request):
    """The suggestions under a nickname being typed: `?q=<text>` → ``{"players": [{"id", "nickname"}]}``,
    the public players whose name matches (selectors.find_public_players), at most NAMES_SHOWN."""
    query = request.GET.get("q", "").strip()
    if len(request.GET.getlist("q")) > 1:
        return JsonResponse({"errors": [{"field": "q", "message": _given_twice(request, ("q",))[0]}]}, status=400)
    if not selectors.readable_text(query, selectors.NICKNAME_LENGTH):
        return JsonResponse({"errors": [{"field": "q", "message": _("%(field)s: give a nickname (at most %(n)s letters).") % {
            "field": FILTER_NAMES["q"], "n": selectors.NICKNAME_LENGTH}}]}, status=400)
    found = selectors.find_public_players(query, limit=NAMES_SHOWN) if query else []
    response = JsonResponse({"players": [{"id": pk, "nickname": nickname} for pk, nickname in found]})
    response["Cache-Control"] = "public, max-age=60"  # the same names for everyone; a new player may wait a minute
    return response


METHOD_NAMES = {
    "ours": gettext_lazy("This rating"),
    "mafiaratings_elo": gettext_lazy("Elo as mafiaratings counts it"),
    "elo_side": gettext_lazy("Elo with red's base rate"),
    "red_share": gettext_lazy("Red's share of the games so far"),
}
CHARTED = ("ours", "mafiaratings_elo")  # the reliability chart: ours against the peers' Elo


@require_safe
def rating_method(request):
    """How the rating works, and how well it predicted the games played here: log-loss, Brier
    score and calibration of its forecasts (each made before its game), beside mafiaratings'
    Elo and the running red share computed on the same games (ratings.quality)."""
    measured = rating_quality(selectors.current_snapshot())
    rows, chart = [], ""
    if measured and measured["ours"].games:
        rows = [{"key": key, "name": METHOD_NAMES[key], "measures": measured[key]} for key in METHODS]
        chart = charts.reliability_chart(
            [{"label": str(METHOD_NAMES[key]), "groups": [(g.mean_forecast, g.red_share, g.games) for g in measured[key].groups]}
             for key in CHARTED],
            title=_("Forecast of red's win against red's share of the games"),
            desc=_("The games sorted by the forecast and cut into ten groups of equal size: each point is a group's mean "
                   "forecast (across) and the share red won (up). On the dashed line a forecast is exactly right."))
    return render(request, "public/rating_method.html", {
        "rows": rows, "chart": chart, "groups": measured["ours"].groups if rows else (),
        "games": measured["ours"].games if rows else 0,
    })
