"""Public reads. Every function runs a fixed number of queries whatever the tournament's size,
and the standings come from the stored snapshot (scoring), never from a recomputation.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.db.models import Count, F, Prefetch, Q
from django.http import Http404

from protocols.models import Game, GameStatus, Nomination, Protest, ProtocolVersion, Seat, SeatPenalty, VoteCount
from scoring import cuts
from scoring import selectors as scoring_read
from scoring.selectors import SCOPE_ALL, Current, GamePoints, PlayerLine, Snapshot
from tournaments.models import Publication, Registration, Tournament
from tournaments.names import matches_words, name_key, search_key, sort_key
from tournaments.participants import with_seated_count
from tournaments.permissions import can_preview, can_read_publicly
from tournaments.vocabulary import StageKind, stage_position

STAGE_KEYS = tuple(StageKind.values)
MAX_ID = 2**63 - 1  # larger numbers in a URL overflow the database driver: 404, not 500


PERIODS = ("ongoing", "upcoming", "finished")  # the home page's groups, in its order


def tournament_period(tournament: Tournament, today: date) -> str:
    """"upcoming", "ongoing" or "finished": a tournament its organisers marked finished is
    finished; otherwise its dates decide."""
    if tournament.publication == Publication.FINISHED or tournament.end_date < today:
        return "finished"
    if tournament.start_date > today:
        return "upcoming"
    return "ongoing"


def public_tournaments(*, today: date, query: str = "") -> dict[str, list[Tournament]]:
    """The home page's tournaments by period (PERIODS), drafts never listed, matching `query` in
    the name or city by words (names.matches_words: case, ё/е, quotes and a Russian word's form
    do not matter); upcoming soonest first, the others newest first. One query: a few hundred
    tournaments at most."""
    query = (query or "").strip()
    groups: dict[str, list[Tournament]] = {period: [] for period in PERIODS}
    listed = (Tournament.objects.exclude(publication=Publication.DRAFT)
              .only("slug", "name", "city", "start_date", "end_date", "publication").order_by("-start_date", "name"))
    for t in listed:
        if query and not matches_words(query, search_key(t.name) + search_key(t.city or "")):
            continue
        groups[tournament_period(t, today)].append(t)
    groups["upcoming"].reverse()
    return groups


def tournament_for_page(slug: str, user=None) -> Tournament:
    """The tournament with its standings state (version, computed at) in one query, or 404
    (also for a draft, unless `user` may preview it). `registered_at_start` counts the
    participants for K (tournaments/participants.py) in the same query, `seated_count` the players
    seated in its games (never fewer participants, RULES.md §3)."""
    tournament = (with_seated_count(Tournament.objects.select_related("standings_state").filter(slug=slug))
                  .annotate(registered_at_start=Count("registrations", filter=Q(registrations__substitute=False)))
                  .first())
    if tournament is None or not can_read_publicly(user, tournament):
        raise Http404("no such tournament")
    return tournament


def tournament_for_live(slug: str, user=None) -> Tournament:
    """The tournament of a live view, or 404 as ``tournament_for_page``: the row alone, without
    the standings' state and the counts a live view never shows (a poll every 1.5 s from every
    phone in the hall)."""
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None or not can_read_publicly(user, tournament):
        raise Http404("no such tournament")
    return tournament


def page_state(slug: str, user=None) -> tuple[Current, bool]:
    """(the tournament's current snapshot, preview?), or 404.

    What a cached standings page needs to know that its copy is current: one small statement,
    memoised for a second per process (scoring.selectors.current). A draft is found only for a
    user who may preview it (then `preview` is True)."""
    state = scoring_read.current(slug)
    if state is not None:
        return state, False
    if user is not None and user.is_authenticated:
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is not None and can_preview(user, tournament):
            return scoring_read.current(slug, drafts=True), True
    raise Http404("no such tournament")


def standings_version(tournament: Tournament) -> tuple[int, object]:
    """(computed version, computed at) of the tournament's standings; (0, None) before the first."""
    state = scoring_read.current_of(tournament)
    return state.version, state.computed_at


def sees_hidden_stages(user, tournament_id: int) -> bool:
    """Whether `user` sees the standings of a stage hidden from the public (scoring.cuts); no
    query for a visitor who is not signed in."""
    if user is None or not user.is_authenticated:
        return False
    tournament = Tournament.objects.filter(pk=tournament_id).only("pk", "chief_judge_id").first()
    return tournament is not None and cuts.sees_hidden(user, tournament)


@dataclass
class StandingsView:
    snapshot: Snapshot | None
    scope: str
    rows: list[PlayerLine] = field(default_factory=list)
    scopes: list[str] = field(default_factory=list)


def standings(tournament: Tournament, scope: str | None, after: int | None = None) -> StandingsView:
    """The current snapshot's lines for `scope` ("all" or a stage kind), or those as after round
    `after` (scoring.cuts); two queries, or the cut's cached answer. A stage without games shows
    the overall standings."""
    scope = scope if scope in STAGE_KEYS else SCOPE_ALL
    state = scoring_read.current_of(tournament)
    cut = cuts.after_round(tournament, state, after) if after is not None and state.version else None
    found = cut.scoped(scope) if cut is not None else scoring_read.scoped(tournament.pk, state.version, scope)
    if found.overall is None:
        return StandingsView(None, scope)
    snapshot = found.snapshot
    if snapshot is None:
        scope, snapshot = SCOPE_ALL, found.overall
    stages = list(found.stages)
    scopes = [SCOPE_ALL] + stages if len(stages) > 1 else []
    rows = cut.lines(snapshot) if cut is not None else scoring_read.lines(snapshot)
    return StandingsView(snapshot, scope, rows, scopes)


def player_page(tournament: Tournament, player_id: int, after: int | None = None,
                ) -> tuple[dict, PlayerLine | None, Snapshot | None]:
    """(player info, their line of the current overall snapshot, or of the standings as after
    round `after`, with every game, that snapshot), the last two None if they are not in it; 404
    if not in the tournament."""
    if not 0 < player_id <= MAX_ID:
        raise Http404("no such player")
    reg = (
        Registration.objects.filter(tournament=tournament, player_id=player_id)
        .values("player_id", "player__nickname", "player__club__name", "player__city").first()
    )
    state = scoring_read.current_of(tournament)
    if after is not None and state.version:
        placed = cuts.after_round(tournament, state, after).player(player_id)
    else:
        placed = scoring_read.player_line(tournament.pk, state.version, player_id)
    row, snapshot = placed if placed is not None else (None, None)
    if reg is None and row is None:
        raise Http404("no such player in this tournament")
    if reg is None:
        info = {"player_id": player_id, "nickname": row.nickname, "club": row.club, "city": ""}
    else:
        info = {"player_id": player_id, "nickname": reg["player__nickname"], "club": reg["player__club__name"] or "",
                "city": reg["player__city"]}
    return info, row, snapshot


def game_places(tournament: Tournament, numbers) -> dict[int, tuple[int, int]]:
    """{game number: (round number, table number)} of these games of the tournament."""
    rows = Game.objects.filter(tournament=tournament, number__in=list(numbers)).values_list(
        "number", "round__number", "table__number")
    return {number: (round_number, table_number) for number, round_number, table_number in rows}


def game_protocol(tournament: Tournament, number: int) -> Game:
    """A game with stage, round, table, judge, seats (players, penalties), protests, nominations
    and vote counts: six queries."""
    if not 0 < number <= MAX_ID:
        raise Http404("no such game")
    game = (
        Game.objects.select_related("stage", "round", "table", "judge", "replay_of")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").prefetch_related(
                Prefetch("penalties", queryset=SeatPenalty.objects.order_by("id")))),
            Prefetch("protests", queryset=Protest.objects.select_related("player").order_by("filed_at")),
            Prefetch("nominations", queryset=Nomination.objects.order_by("day", "id")),
            Prefetch("votes", queryset=VoteCount.objects.order_by("day", "ballot", "nominee_seat")),
        )
        .filter(tournament=tournament, number=number).first()
    )
    if game is None:
        raise Http404("no such game")
    return game


def game_points(tournament: Tournament, game: Game) -> dict[int, GamePoints]:
    """Seat number -> that player's points in this game, from the current overall snapshot ({}
    before the game is scored); two queries."""
    players = [seat.player_id for seat in game.seats.all()]
    return scoring_read.game_points(scoring_read.current_of(tournament), [game.number], player_ids=players).get(game.number, {})


def game_amendments(game: Game) -> list[dict]:
    """The chief judge's amendments of the signed-off protocol, oldest first: {"at", "reason"}."""
    return list(ProtocolVersion.objects.filter(game=game, action="amend").order_by("version")
                .values("saved_at", "reason"))


@dataclass
class SeatingTable:
    number: int
    game_number: int
    status: str
    judge: str
    seats: list[tuple]  # (seat number, player pk, nickname)


@dataclass
class SeatingRound:
    stage: str
    number: int
    starts_at: object
    tables: list[SeatingTable]


def seating(tournament: Tournament) -> list[SeatingRound]:
    """Every round of every stage with its tables and seats; two queries."""
    games = list(
        Game.objects.filter(tournament=tournament)
        .values("id", "number", "status", "stage__kind", "round__number", "round__starts_at", "table__number", "judge__name")
    )
    seats: dict[int, list[tuple]] = {}  # game pk -> [(seat number, player pk, nickname)]
    for game_id, number, player_id, nickname in (
            Seat.objects.filter(game__tournament=tournament).order_by("number")
            .values_list("game_id", "number", "player_id", "player__nickname")):
        seats.setdefault(game_id, []).append((number, player_id, nickname))
    games.sort(key=lambda g: (stage_position(g["stage__kind"]), g["round__number"], g["table__number"], g["number"]))
    rounds: list[SeatingRound] = []
    for g in games:
        if not rounds or (rounds[-1].stage, rounds[-1].number) != (g["stage__kind"], g["round__number"]):
            rounds.append(SeatingRound(g["stage__kind"], g["round__number"], g["round__starts_at"], []))
        rounds[-1].tables.append(SeatingTable(g["table__number"], g["number"], g["status"], g["judge__name"] or "",
                                              seats.get(g["id"], [])))
    return rounds


def participants(tournament: Tournament) -> list[dict]:
    """Everyone registered and not withdrawn, by nickname as a Russian reader sorts (names.sort_key),
    with club and city: what the standings page lists before the first protocol is signed off. One query."""
    rows = list(Registration.objects.filter(tournament=tournament, withdrawn=False)
                .values("player_id", nickname=F("player__nickname"), club=F("player__club__name"), city=F("player__city")))
    return sorted(rows, key=lambda row: sort_key(row["nickname"]))


def nicknames(tournament: Tournament) -> list[tuple[int, str]]:
    """(player pk, nickname) of everyone registered, by nickname (names.sort_key); one query (a few hundred rows)."""
    return sorted(Registration.objects.filter(tournament=tournament).values_list("player_id", "player__nickname"),
                  key=lambda row: sort_key(row[1]))


def _match_nickname(players: list[tuple[int, str]], query: str) -> list[tuple[int, str]]:
    """The exact match (by name_key) alone, else every partial match, sorted by nickname."""
    key = name_key(query)
    exact = [p for p in players if name_key(p[1]) == key]
    if exact:
        return exact[:1]
    return sorted((p for p in players if key in name_key(p[1])), key=lambda p: name_key(p[1]))[:11]


@dataclass
class FindResult:
    query: str
    player: dict | None = None          # {"player_id", "nickname"}
    next_seat: dict | None = None       # {"stage", "round", "table", "seat", "game_number"}
    candidates: list[dict] = field(default_factory=list)


def find_player(tournament: Tournament, query: str, rounds: list[SeatingRound] | None = None,
                names: list[tuple[int, str]] | None = None) -> FindResult:
    """"Find me": the player by nickname (exact, else the only partial match) and their next seat.
    Case- and ё/е-insensitive on every database (name_key).

    `rounds` is the already loaded seating and `names` the already loaded nicknames(), so the
    seating page needs no more queries."""
    query = "".join(ch for ch in (query or "") if ch.isprintable()).strip()[:80]  # no NUL for PostgreSQL
    result = FindResult(query)
    if not query:
        return result
    matches = _match_nickname(names if names is not None else nicknames(tournament), query)
    if len(matches) != 1:
        result.candidates = [{"player_id": pk, "nickname": nick} for pk, nick in matches[:10]]
        return result
    player_id, nickname = matches[0]
    result.player = {"player_id": player_id, "nickname": nickname}
    if rounds is None:
        result.next_seat = next_seat_of(tournament, player_id)
        return result
    for rnd in rounds:
        for table in rnd.tables:
            if table.status == GameStatus.SIGNED_OFF:
                continue
            for number, seated, _nickname in table.seats:
                if seated == player_id:
                    result.next_seat = {"stage": rnd.stage, "round": rnd.number, "table": table.number,
                                        "seat": number, "game_number": table.game_number}
                    return result
    return result


def next_seat_of(tournament: Tournament, player_id: int) -> dict | None:
    """The player's first seat in a game not yet signed off, in playing order; one query."""
    seat = (
        Seat.objects.filter(game__tournament=tournament, player_id=player_id)
        .exclude(game__status=GameStatus.SIGNED_OFF)
        .order_by("game__stage__order", "game__round__number", "game__table__number", "game__number")
        .values("number", "game__number", "game__stage__kind", "game__round__number", "game__table__number")
        .first()
    )
    if seat is None:
        return None
    return {"stage": seat["game__stage__kind"], "round": seat["game__round__number"], "table": seat["game__table__number"],
            "seat": seat["number"], "game_number": seat["game__number"]}


# -- the live views (console/live.py builds what they show) --------------------------------------

def _with_live_parts(games):
    # the console's log comes with its game: its stored public projection is what the live views serve
    return (games.select_related("stage", "round", "table", "console_log")
            .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number"))))


def _live_games(tournament: Tournament):
    return _with_live_parts(Game.objects.filter(tournament=tournament)).order_by(
        "stage__order", "round__number", "table__number", "number")


def live_game(game_id: int) -> Game | None:
    """One game as the live views read it (its stage, round, table, log and seats)."""
    return _with_live_parts(Game.objects.filter(pk=game_id)).first()


def table_game(tournament: Tournament, number: int) -> Game:
    """The game now at table ``number``: the first in playing order not yet signed off, else the
    table's last game; 404 for a table with no game."""
    if not 0 < number <= MAX_ID:
        raise Http404("no such table")
    games = list(_live_games(tournament).filter(table__number=number))
    if not games:
        raise Http404("no such table")
    return next((g for g in games if g.status != GameStatus.SIGNED_OFF), games[-1])


def table_game_id(tournament_id: int, number: int) -> int | None:
    """The id of ``table_game``'s game, in one or two light queries (no seats read): what a push
    after each stored event asks, in the judge's request."""
    games = (Game.objects.filter(tournament_id=tournament_id, table__number=number)
             .order_by("stage__order", "round__number", "table__number", "number").values_list("pk", flat=True))
    return games.exclude(status=GameStatus.SIGNED_OFF).first() or games.last()


def live_round_games(tournament: Tournament) -> list[Game]:
    """The games of the round the projector shows: the first round with a game not yet signed
    off, else the last round."""
    games = list(_live_games(tournament))
    if not games:
        return []
    current = next((g for g in games if g.status != GameStatus.SIGNED_OFF), games[-1])
    return [g for g in games if g.round_id == current.round_id]
