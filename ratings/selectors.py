"""The ratings' reads, shared by the public pages and the API (both import ratings; ratings
imports neither). Everything comes from the newest stored snapshot (recompute.current_snapshot)
and the signed-off games of tournaments that are not drafts: a player seen only in drafts is
not public (`public_players`), a draft's games and results are never shown. Each function runs
a fixed number of queries whatever the player's history.

A rating's history is the player's GameRating rows in the snapshot: their primary keys follow
the season's order (recompute.rate writes them in that order, an incremental update appends),
so "the last row" of a player is his newest rating.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date

from django.db.models import Count, F, Max, Q, QuerySet

from engines.ratings.games import BLACK, DON, RATED_RESULTS, RED_TEAM, ROLES
from engines.ratings.params import DEFAULT as PARAMS
from engines.ratings.season import DEFAULT_BEST
from protocols.models import Game, GameStatus, Seat
from scoring.models import SCOPE_ALL, PlayerStanding
from tournaments.models import Club, Player, Publication, Registration, Tournament
from tournaments.names import name_key, sort_key

from .models import GameRating, PlayerRating, RatingSnapshot
from .season import season_table

PUBLIC = (Publication.PUBLISHED, Publication.FINISHED)
MAX_ID = 2**63 - 1
# the seasons a filter may name: years a date can hold on every database (the API's bounds too)
SEASON_MIN, SEASON_MAX = 1900, 2999
CITY_LENGTH = 120


def readable_text(text: str, limit: int) -> bool:
    """A filter's text the database can compare: within `limit` characters, with no control
    character (PostgreSQL refuses a NUL in a string) and no lone surrogate."""
    if len(text) > limit:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return not any(ord(c) < 32 or ord(c) == 127 for c in text)
MAX_COMPARED = 4  # players overlaid on one chart, the profile's own included
PROVISIONAL_SIGMA = PARAMS.provisional_sd * PARAMS.shown_scale  # in the shown points


def public_players() -> QuerySet:
    """The players the public may see: registered in a tournament that is not a draft."""
    public = Registration.objects.filter(tournament__publication__in=PUBLIC).values("player_id")
    return Player.objects.filter(pk__in=public)


def public_player(player_id: int) -> Player | None:
    if not 0 < player_id <= MAX_ID:
        return None
    return public_players().select_related("club").filter(pk=player_id).first()


def current_snapshot() -> RatingSnapshot | None:
    return RatingSnapshot.objects.order_by("-version").first()


def seasons() -> list[int]:
    """The years with a public tournament, newest first."""
    return sorted({d.year for d in Tournament.objects.filter(publication__in=PUBLIC).values_list("start_date", flat=True)},
                  reverse=True)


def _won(role: str, result: str) -> bool:
    return (role in RED_TEAM) == (result == "red")


# -- a player's history --------------------------------------------------------------------------

@dataclass
class HistoryPoint:
    game_id: int
    tournament_id: int
    tournament: str
    slug: str
    day: date
    end: date
    number: int
    before: float
    after: float


def rating_history(snapshot: RatingSnapshot | None, player_id: int) -> list[HistoryPoint]:
    """Every rated game of the player in the season's order, with his rating before and after; one query."""
    if snapshot is None:
        return []
    rows = (GameRating.objects.filter(snapshot=snapshot, player_id=player_id, game__tournament__publication__in=PUBLIC,
                                      game__stage__standings_hidden=False)
            .order_by("pk").values_list("game_id", "game__tournament_id", "game__tournament__name", "game__tournament__slug",
                                        "game__tournament__start_date", "game__tournament__end_date", "game__number", "before", "after"))
    return [HistoryPoint(*row) for row in rows]


def tournament_changes(history: list[HistoryPoint]) -> list[dict]:
    """Per tournament (in the season's order): its name, games, rating before the first game and
    after the last, and the change."""
    out: list[dict] = []
    for point in history:
        if not out or out[-1]["tournament_id"] != point.tournament_id:
            out.append({"tournament_id": point.tournament_id, "name": point.tournament, "slug": point.slug,
                        "start_date": point.day, "end_date": point.end, "games": 0, "before": point.before})
        out[-1]["games"] += 1
        out[-1]["after"] = point.after
        out[-1]["change"] = point.after - out[-1]["before"]
    return out


def tournaments_of(player: Player) -> list[dict]:
    """The player's public tournaments, newest first, with place and total of the current overall
    standings where those are public; two queries."""
    regs = list(Registration.objects.filter(player=player, tournament__publication__in=PUBLIC).select_related("tournament")
                .order_by("-tournament__start_date", "tournament__name"))
    rows = {r["snapshot__tournament_id"]: r for r in PlayerStanding.objects.filter(
        player=player, snapshot__scope=SCOPE_ALL, snapshot__tournament__standings_public=True,
        snapshot__version=F("snapshot__tournament__standings_state__computed_version"),
    ).values("snapshot__tournament_id", "place", "total", "games", "wins")}
    out = []
    for reg in regs:
        t = reg.tournament
        row = rows.get(t.pk, {})
        out.append({"tournament_id": t.pk, "slug": t.slug, "name": t.name, "city": t.city, "start_date": t.start_date,
                    "end_date": t.end_date, "place": row.get("place"), "total": row.get("total"),
                    "games": row.get("games"), "wins": row.get("wins"), "withdrawn": reg.withdrawn})
    return out


@dataclass
class PlayStats:
    """Games and wins by role and by seat, first-killed count, best-move accuracy (the share of
    black players among the seats a first-killed player named)."""
    games: int = 0
    wins: int = 0
    by_role: dict = field(default_factory=lambda: {role: [0, 0] for role in ROLES})
    by_seat: dict = field(default_factory=lambda: {seat: [0, 0] for seat in range(1, 11)})
    first_killed: int = 0
    best_moves: int = 0       # first-killed games where he named seats
    named: int = 0            # seats named in them
    named_black: int = 0      # of which black or don

    @property
    def accuracy(self) -> float | None:
        return self.named_black / self.named if self.named else None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None


def play_stats(player_id: int) -> PlayStats:
    """Over the player's signed-off, not annulled games of public tournaments; two queries."""
    stats = PlayStats()
    seats = list(Seat.objects.filter(player_id=player_id, game__status=GameStatus.SIGNED_OFF,
                                     game__result__in=RATED_RESULTS, game__tournament__publication__in=PUBLIC,
                                     game__stage__standings_hidden=False)
                 .values_list("game_id", "number", "role", "game__result", "game__first_killed_seat", "game__best_move"))
    killed_games = {}
    for game_id, number, role, result, first_killed, best_move in seats:
        if role not in ROLES:
            continue
        won = result != "draw" and _won(role, result)
        stats.games += 1
        stats.wins += won
        stats.by_role[role][0] += 1
        stats.by_role[role][1] += won
        if number in stats.by_seat:
            stats.by_seat[number][0] += 1
            stats.by_seat[number][1] += won
        if first_killed == number:
            stats.first_killed += 1
            named = [s for s in (best_move or []) if isinstance(s, int) and 1 <= s <= 10 and s != number]
            if named:
                killed_games[game_id] = named
    if killed_games:
        black = {(g, n) for g, n in Seat.objects.filter(game_id__in=list(killed_games), role__in=(BLACK, DON))
                 .values_list("game_id", "number")}
        for game_id, named in killed_games.items():
            stats.best_moves += 1
            stats.named += len(named)
            stats.named_black += sum((game_id, n) in black for n in named)
    return stats


# -- leaderboards --------------------------------------------------------------------------------

@dataclass
class BoardRow:
    place: int
    player_id: int
    nickname: str
    club: str
    club_id: int | None
    city: str
    rating: float
    uncertainty: float
    games: int
    provisional: bool
    role_games: int | None = None
    role_wins: int | None = None

    @property
    def role_rate(self) -> float | None:
        return self.role_wins / self.role_games if self.role_games else None


def _players_filtered(club: int | None, city: str | None) -> QuerySet:
    players = public_players()
    if club is not None:
        players = players.filter(club_id=club)
    if city:
        players = players.filter(city__iexact=city)
    return players


def rating_board(*, season: int | None = None, club: int | None = None, city: str | None = None, role: str | None = None,
                 provisional: bool = False, snapshot: RatingSnapshot | None = None) -> list[BoardRow]:
    """The rating leaderboard: every public player with a rating (at the end of `season`: after
    his last game of that year, among those who played in it), best first; provisional players
    only with `provisional`. `role` keeps those who played it, with their games and wins in it.
    A fixed number of queries."""
    snapshot = snapshot or current_snapshot()
    if snapshot is None:
        return []
    chosen = _players_filtered(club, city)
    players = {p["pk"]: p for p in chosen.values("pk", "nickname", "club_id", "club__name", "city")}
    ratings: dict[int, tuple[float, float, int, bool]] = {}
    if season is None:
        for pid, rating, sigma, games, prov in PlayerRating.objects.filter(snapshot=snapshot, player__in=chosen).values_list(
                "player_id", "rating", "uncertainty", "games", "provisional"):
            ratings[pid] = (rating, sigma, games, prov)
    else:
        rows = (GameRating.objects.filter(snapshot=snapshot, player__in=chosen, game__tournament__start_date__year__lte=season,
                                          game__tournament__publication__in=PUBLIC, game__stage__standings_hidden=False)
                .values("player_id").annotate(games=Count("pk"), last=Max("pk", filter=Q(game__tournament__start_date__year=season)))
                .filter(last__isnull=False))
        lasts = {r["last"]: r for r in rows}
        for pk, pid, after, sigma in GameRating.objects.filter(pk__in=list(lasts)).values_list("pk", "player_id", "after", "sigma_after"):
            games = lasts[pk]["games"]
            ratings[pid] = (after, sigma, games, games < PARAMS.provisional_games or sigma > PROVISIONAL_SIGMA)
    by_role: dict[int, list[int]] = {}
    if role in ROLES:
        games = Seat.objects.filter(player__in=chosen, role=role, game__status=GameStatus.SIGNED_OFF,
                                    game__result__in=RATED_RESULTS, game__tournament__publication__in=PUBLIC,
                                    game__stage__standings_hidden=False)
        if season is not None:
            games = games.filter(game__tournament__start_date__year=season)
        won = Q(game__result="red") if role in RED_TEAM else Q(game__result="black")
        for r in games.values("player_id").annotate(n=Count("pk"), w=Count("pk", filter=won)):
            by_role[r["player_id"]] = [r["n"], r["w"]]
    out: list[BoardRow] = []
    for pid, (rating, sigma, games, prov) in ratings.items():
        if prov and not provisional:
            continue
        if role in ROLES and pid not in by_role:
            continue
        p = players[pid]
        rg = by_role.get(pid, [None, None])
        out.append(BoardRow(0, pid, p["nickname"], p["club__name"] or "", p["club_id"], p["city"], rating, sigma, games, prov,
                            rg[0], rg[1]))
    out.sort(key=lambda r: (-r.rating, sort_key(r.nickname)))
    for place, row in enumerate(out, 1):
        row.place = place
    return out


@dataclass
class SeasonBoardRow:
    place: int
    player_id: int
    nickname: str
    club: str
    club_id: int | None
    city: str
    points: object
    counted: tuple
    tournaments: int


def season_board(year: int, *, club: int | None = None, city: str | None = None, best: int = DEFAULT_BEST) -> list[SeasonBoardRow]:
    """The season's standings (ratings.season.season_table: best `best` results, ties as the README
    says), only public players, filtered by club and city; the places are the whole season's."""
    rows = season_table(year, best=best)
    players = {p["pk"]: p for p in _players_filtered(club, city).filter(pk__in=[int(r.player) for r in rows])
               .values("pk", "nickname", "club_id", "club__name", "city")}
    out = []
    for r in rows:
        p = players.get(int(r.player))
        if p is not None:
            out.append(SeasonBoardRow(r.place, p["pk"], p["nickname"], p["club__name"] or "", p["club_id"], p["city"],
                                      r.points, r.counted, r.tournaments))
    return out


# -- clubs ---------------------------------------------------------------------------------------

def public_clubs() -> QuerySet:
    """Clubs with at least one public player, by name, with the number of those players."""
    public = public_players().values("pk")
    return (Club.objects.annotate(members=Count("players", filter=Q(players__pk__in=public), distinct=True))
            .filter(members__gt=0).order_by("name"))


def club_page(club_id: int) -> dict | None:
    """The club, its public members with their current ratings (best first; unrated last) and the
    public tournaments its members played, newest first; None for an unknown club or one with no public player."""
    if not 0 < club_id <= MAX_ID:
        return None
    club = public_clubs().filter(pk=club_id).first()
    if club is None:
        return None
    snapshot = current_snapshot()
    members = list(public_players().filter(club=club).order_by("nickname").values("pk", "nickname", "city"))
    ratings = {}
    if snapshot is not None:
        ratings = {r["player_id"]: r for r in PlayerRating.objects.filter(snapshot=snapshot, player__club=club)
                   .values("player_id", "rating", "uncertainty", "games", "provisional")}
    for m in members:
        r = ratings.get(m["pk"])
        m.update(rating=r["rating"] if r else None, games=r["games"] if r else 0, provisional=r["provisional"] if r else True)
    members.sort(key=lambda m: (m["rating"] is None, -(m["rating"] or 0), sort_key(m["nickname"])))
    tournaments = list(Tournament.objects.filter(publication__in=PUBLIC, registrations__player__club=club)
                       .annotate(members=Count("registrations", distinct=True)).order_by("-start_date", "name")
                       .values("pk", "slug", "name", "city", "start_date", "members"))
    return {"club": club, "members": members, "tournaments": tournaments}


# -- head to head --------------------------------------------------------------------------------

def head_to_head(a: int, b: int) -> dict:
    """The signed-off games of public tournaments where both sat: how many as teammates and as
    opponents, and who won, with each game listed (newest first); two queries."""
    seats = defaultdict(dict)
    for game_id, player_id, role in Seat.objects.filter(
            player_id__in=(a, b), game__status=GameStatus.SIGNED_OFF, game__result__in=RATED_RESULTS,
            game__tournament__publication__in=PUBLIC, game__stage__standings_hidden=False,
    ).values_list("game_id", "player_id", "role"):
        seats[game_id][player_id] = role
    shared = [g for g, s in seats.items() if len(s) == 2]
    games = list(Game.objects.filter(pk__in=shared).order_by("-tournament__start_date", "-number")
                 .values("pk", "number", "result", "tournament__slug", "tournament__name", "tournament__start_date"))
    summary = {"games": 0, "together": 0, "together_won": 0, "against": 0, "a_won": 0, "b_won": 0, "draws": 0}
    rows = []
    for g in games:
        ra, rb = seats[g["pk"]][a], seats[g["pk"]][b]
        same = (ra in RED_TEAM) == (rb in RED_TEAM)
        result = g["result"]
        summary["games"] += 1
        a_won = result != "draw" and _won(ra, result)
        b_won = result != "draw" and _won(rb, result)
        if same:
            summary["together"] += 1
            summary["together_won"] += a_won
        else:
            summary["against"] += 1
            summary["a_won"] += a_won
            summary["b_won"] += b_won
            summary["draws"] += result == "draw"
        rows.append({**g, "role_a": ra, "role_b": rb, "together": same, "a_won": a_won, "b_won": b_won})
    return {"summary": summary, "games": rows}



# -- finding a player by name, and whom he played with -------------------------------------------

NICKNAME_LENGTH = 80


def find_public_players(query: str, limit: int = 10) -> list[tuple[int, str]]:
    """(pk, nickname) of the public players whose nickname matches ``query`` as people compare
    names (tournaments.names.name_key: any case, ё as е, a Latin look-alike letter as its Cyrillic
    twin): the exact match alone when there is one, else those whose name starts with it, then
    those that contain it, each group by nickname; at most ``limit``.

    Matched in Python over the public nicknames (one query, a few thousand short rows for a big
    federation): SQLite's case-insensitive matching is ASCII-only and the key folds look-alikes."""
    key = name_key(query)
    if not key:
        return []
    players = [(pk, nickname, name_key(nickname)) for pk, nickname in public_players().values_list("pk", "nickname")]
    exact = [(pk, nickname) for pk, nickname, k in players if k == key]
    if exact:
        return exact[:1]
    found = sorted(((not k.startswith(key), sort_key(nickname), pk, nickname) for pk, nickname, k in players if key in k))
    return [(pk, nickname) for _later, _order, pk, nickname in found[:limit]]


def co_players(player_id: int, limit: int = 20) -> list[dict]:
    """The public players who sat at a rated, signed-off public game with ``player_id``, most games
    together first (then by nickname): the head-to-heads worth opening. Two queries."""
    games = Seat.objects.filter(player_id=player_id, game__status=GameStatus.SIGNED_OFF, game__result__in=RATED_RESULTS,
                                game__tournament__publication__in=PUBLIC,
                                game__stage__standings_hidden=False).values("game_id")
    rows = (Seat.objects.filter(game_id__in=games, player__isnull=False).exclude(player_id=player_id)
            .values("player_id", nickname=F("player__nickname")).annotate(games=Count("pk"))
            .order_by("-games", "nickname")[:limit])
    return list(rows)


def game_forecast(game_id: int, snapshot: RatingSnapshot | None = None) -> float | None:
    """The rating's forecast of red's win made before game ``game_id`` (from the games before it
    only), as the newest snapshot stored it; None for a game it did not rate."""
    snapshot = snapshot or current_snapshot()
    if snapshot is None:
        return None
    return GameRating.objects.filter(snapshot=snapshot, game_id=game_id).values_list("p_red", flat=True).first()
