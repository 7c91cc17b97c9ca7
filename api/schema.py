"""The OpenAPI 3 schema (drf-spectacular): /api/schema/ (`?format=json`), Swagger UI at /api/docs/,
Redoc at /api/redoc/. Every operation lists its error responses (the `Error` shape of api/errors.py)
and carries an example; this module holds both."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse

from .serializers.errors import ConflictSerializer, ErrorSerializer

DESCRIPTION = """
Public data of sports mafia tournaments for clubs, rating sites and stream overlays, and protocols
and protests for judges' apps. Russian is the default language of every message; send
`Accept-Language: en` (or `?lang=en`) for English.

**Reading** needs no login: tournaments, stages, seating, signed-off games with their protocols,
standings (ETag and Last-Modified from the snapshot's version: send them back and get a 304), players.
Unsigned games are not public. A tournament whose standings are not public answers its standings
with 404 (`standings_not_public`).

**Writing** needs a token (`POST /api/v1/auth/token/`, then `Authorization: Token <token>`) or the
site's session. The permission model is the pages': a table judge changes only their own table's
games until the sign-off; the chief judge amends after it (with a reason), approves extras above 0.5
and decides protests with the appeals commission; organisers import and export the tournament file.

**Errors** are one shape: `{"detail", "code", "errors": [{"field", "code", "message", "seat"}]}`;
the codes and messages of protocol problems are the judge's entry page's. A query parameter an
operation does not take is refused (400, `unknown_parameter`, naming those it takes) rather than
ignored, so a misspelt filter never answers with everything. A stale protocol write
(the `version` or `If-Match` it sends is not the stored one) gets a 409 with the other side's change.
Requests are throttled per client (429 with `retry_after`); after 5 wrong passwords for one username
from one address, `POST /api/v1/auth/token/` answers 429 `locked_out` for 15 minutes.
"""

TAGS = [
    {"name": "tournaments", "description": "Tournaments, stages, rounds and seating."},
    {"name": "games", "description": "Signed-off games with their whole protocols."},
    {"name": "standings", "description": "The stored standings (mafia-standings/1), with conditional requests."},
    {"name": "players", "description": "Players and their results."},
    {"name": "auth", "description": "Tokens for judges' apps."},
    {"name": "protocols", "description": "Protocols for judges: read, save, sign off, approve extras."},
    {"name": "protests", "description": "Filing and deciding protests (8.9)."},
    {"name": "tournament file", "description": "mafia-tournament/1 import and export."},
    {"name": "ratings", "description": "The rating across tournaments and the season points (published tournaments only)."},
    {"name": "clubs", "description": "Clubs, their members' ratings and tournaments."},
]


def only_the_api(endpoints, **kwargs):
    return [e for e in endpoints if e[0].startswith("/api/v1/")]


VALIDATORS = {
    "ETag": {"description": "The snapshot's version, the scope and the language asked for; send it back as If-None-Match.",
             "schema": {"type": "string"}},
    "Last-Modified": {"description": "When the snapshot was computed (absent before the first computation).",
                      "schema": {"type": "string"}},
}
PROTOCOL_ETAG = {"ETag": {"description": 'The protocol\'s version ("3"); send it back as If-Match with a change.',
                          "schema": {"type": "string"}}}


def finish(result, generator, request, public):
    result["info"]["description"] = DESCRIPTION.strip()
    result["tags"] = TAGS
    paths = result["paths"]
    for code in ("200", "304"):
        paths["/api/v1/tournaments/{slug}/standings/"]["get"]["responses"][code]["headers"] = VALIDATORS
    for method in ("get", "put"):
        paths["/api/v1/protocols/{id}/"][method]["responses"]["200"]["headers"] = PROTOCOL_ETAG
    for operations in paths.values():
        for operation in operations.values():
            # A public read takes no login (a token or a session only adds the drafts one may
            # preview): no lock on it in Swagger UI, which drew one for an optional login too.
            if isinstance(operation, dict) and {} in operation.get("security", []):
                operation["security"] = []
    return result


def _error(detail, code, errors=(), **extra):
    return {"detail": detail, "code": code, "errors": list(errors), **extra}


ERROR_EXAMPLES = {
    400: _error("Запрос неверен: см. errors.", "invalid", [
        {"field": "seats[3].fouls", "code": "fouls_out_of_range", "message": "Место 3, фолы: фолов бывает от 0 до 4, а не 5",
         "seat": 3}]),
    401: _error("Учетные данные не были предоставлены.", "not_authenticated"),
    403: _error("Заполнять этот протокол может только судья этого стола или главный судья.", "permission_denied"),
    404: _error("Страница не найдена.", "not_found"),
    409: _error("Протокол сохранили после версии, которую вы прислали: ничего не записано. Загрузите протокол заново, "
                "чтобы увидеть чужое изменение.", "conflict", conflict={
        "expected_version": 2, "current_version": 3, "saved_by": "chief", "saved_at": "2026-11-01T18:42:10+03:00",
        "changes": [{"seat": 2, "field": "fouls", "old": 1, "new": 2, "text": "Место 2, фолы: 1 → 2"}]}),
    415: _error("Неподдерживаемый тип данных \"text/plain\" в запросе.", "unsupported_media_type"),
    429: _error("Слишком много запросов: повторите через 42 секунды.", "throttled", retry_after=42),
}
DESCRIPTIONS = {
    400: "The request is invalid: `errors` names each field with its code and message.",
    401: "No credentials, or wrong ones.",
    403: "The permission model refuses it.",
    404: "No such object (or not public).",
    409: "A stale write: `conflict` holds the stored version, who saved it, when and what changed.",
    415: "The body is not JSON (send Content-Type: application/json).",
    429: "Too many requests: wait `retry_after` seconds.",
}


def _error_response(code: int) -> OpenApiResponse:
    return OpenApiResponse(ConflictSerializer if code == 409 else ErrorSerializer, description=DESCRIPTIONS[code],
                           examples=[OpenApiExample(f"{code}", value=ERROR_EXAMPLES[code], response_only=True,
                                                    status_codes=[str(code)])])


def _responses(body, codes, ok, extra) -> dict:
    out = {ok: body}
    for code in sorted(set(codes)):
        out[code] = _error_response(code)
    out.update(extra or {})
    return out


def public_errors(body, *codes, paged=False, extra=None, auth=True) -> dict:
    """Responses of a public operation: its body, and 400, 401 (a wrong token sent), 429 and `codes`."""
    return _responses(body, {400, 429, *([401] if auth else []), *([404] if paged else []), *codes}, 200, extra)


def judge_errors(body, *codes, paged=False, ok=200) -> dict:
    """Responses of an operation that needs a login: its body, 400, 401, 403, 429 and `codes`."""
    return _responses(body, {400, 401, 403, 429, *([404] if paged else []), *codes}, ok, None)


SEATS = [{"number": n, "player": 100 + n, "role": r, "fouls": 0, "removed": None, "left_how": None, "left_on": None,
          "extra": "0", "extra_reason": "", "extra_approved": False, "gross_violation": False}
         for n, r in zip(range(1, 11), ["red", "sheriff", "black", "red", "red", "red", "black", "red", "don", "red"])]
SEATS[0].update(extra="0.3", extra_reason="нашёл обоих чёрных")
SEATS[2].update(left_how="voted", left_on=1)
SEATS[9].update(left_how="killed", left_on=1)
SEATS[6].update(left_how="voted", left_on=2)
SEATS[7].update(left_how="killed", left_on=2)
SEATS[8].update(left_how="voted", left_on=3)
PROTOCOL = {
    "seats": SEATS,
    "nominations": [{"day": 1, "by_seat": 1, "nominee_seat": 3, "withdrawn": False},
                    {"day": 1, "by_seat": 4, "nominee_seat": 5, "withdrawn": False},
                    {"day": 2, "by_seat": 2, "nominee_seat": 7, "withdrawn": False},
                    {"day": 3, "by_seat": 1, "nominee_seat": 9, "withdrawn": False}],
    "votes": [{"day": 1, "ballot": 1, "nominee_seat": 3, "votes": 6}, {"day": 1, "ballot": 1, "nominee_seat": 5, "votes": 4}],
    "penalties": [],
    "first_killed_seat": 10, "best_move": [3, 7, 9], "result": "red", "result_kind": "normal", "awarded_reason": "",
}
GAME_REF = {"id": 17, "tournament": "osenniy-kubok", "number": 1, "stage": "qualifying", "round": 1, "table": 1,
            "judge": "Петров", "status": "in_play", "version": 3, "signed_off_at": None, "can_edit": True,
            "can_approve_extra": False}
BREAKDOWN = {"win": "6.40", "compensation": "0.00", "removal": "0.00", "best_move": "0.25", "judge_extra": "1.00",
             "penalty": "-0.40", "replay_penalty": "0.00"}
STANDING = {"place": 1, "player": "p01", "player_id": 12, "nickname": "Ворон", "club": "Красная площадь", "games": 10,
            "wins": 6, "wins_as_don_or_sheriff": 2, "first_killed": 1, "main": "6.40", "extra": "0.85", "total": "7.25",
            "tiebreak_extra": "0.85", "decided_by_lot": False, "left": "", "breakdown": BREAKDOWN}
EXPLAINED = [{"number": 1, "game": "Q1-T1", "stage": "qualifying", "result": "red", "seat": 4, "role": "red", "points": "1.30",
              "lines": [{"component": "win", "clause": "8.2.1", "points": "1.00", "code": "red_win", "params": {},
                         "note": "red win"},
                        {"component": "judge_extra", "clause": "8.4", "points": "0.30", "code": "judge_extra",
                         "params": {"points": "0.30"}, "note": "judge's extra points +0.30"}]}]
TOURNAMENT = {"slug": "osenniy-kubok", "name": "Осенний кубок", "city": "Москва", "start_date": "2026-11-01",
              "end_date": "2026-11-02", "status": "finished", "ruleset": "fiim", "standings_public": True}
GAME = {"number": 1, "id": "Q1-T1", "stage": "qualifying", "round": 1, "table": 1, "judge": "Петров", "played_on": "2026-11-01",
        "status": "signed_off", "result": "red", "result_kind": "normal", "awarded_reason": "", "replay_of": None,
        "first_killed": {"seat": 10, "named": [3, 7, 9]}, "signed_off_at": "2026-11-01T12:40:00+03:00", "version": 4,
        "seats": [{"seat": 1, "player_id": 101, "nickname": "Ворон", "role": "red", "fouls": 1, "removed": None,
                   "left_how": None, "left_on": None, "extra": "0.30", "extra_reason": "нашёл обоих чёрных",
                   "extra_approved": False, "gross_violation": False, "penalties": []}],
        "nominations": PROTOCOL["nominations"][:1], "votes": PROTOCOL["votes"][:1], "protests": []}
FILE = {"format": "mafia-tournament/1",
        "tournament": {"name": "Осенний кубок", "ruleset": "fiim", "participants": 10, "games_before_final": 10,
                       "lot_seed": "osenniy-kubok-2026"},
        "players": [{"id": f"p{n:02}", "nickname": f"Игрок {n}"} for n in range(1, 11)],
        "games": [{"id": "Q1-T1", "stage": "qualifying", "round": 1, "table": 1, "judge": "Петров", "result": "red",
                   "first_killed": None,
                   "seats": [{"seat": s["number"], "player": f"p{s['number']:02}", "role": s["role"], "fouls": 0}
                             for s in SEATS]}]}

PROTEST = {"id": 5, "game_number": 1, "player_id": 103, "nickname": "Лиса", "point": "result", "seat": 7,
           "text": "Седьмое место не выставлялось на второй день.", "filed_at": "2026-11-01T12:44:00+03:00",
           "late_reason": "", "status": "pending", "decision": "", "decided_at": None}

EXAMPLES = {
    "tournament_list": [OpenApiExample("Tournaments", value=[TOURNAMENT], response_only=True)],
    "tournament": [OpenApiExample("A tournament", response_only=True, value={
        **TOURNAMENT, "games_before_final": 10, "participants": 20, "chief_judge": "Главный судья",
        "settings": {"k_applies": True, "k_max_participants": 20, "best_move_three": "0.40", "best_move_two": "0.25",
                     "fourth_foul_removal_counts": True},
        "stages": [{"kind": "qualifying", "order": 1, "rounds": [{"number": 1, "starts_at": "2026-11-01T11:00:00+03:00"}]}],
        "standings": {"version": 12, "computed_at": "2026-11-02T19:05:11+03:00"}})],
    "seating": [OpenApiExample("Seating", response_only=True, value=[{
        "stage": "qualifying", "round": 1, "starts_at": None, "tables": [{
            "table": 1, "game_number": 1, "status": "scheduled", "judge": "Петров", "replay_of": None,
            "seats": [{"seat": 1, "player_id": 101, "nickname": "Ворон"}]}]}])],
    "game": [OpenApiExample("A signed-off game", response_only=True, value=GAME)],
    "standings": [OpenApiExample("Standings", response_only=True, value={
        "format": "mafia-standings/1", "tournament": "osenniy-kubok", "scope": "all", "stages": ["qualifying"], "version": 12,
        "after_round": None, "computed_at": "2026-11-02T19:05:11+03:00", "ruleset": "fiim", "k": "1.40", "standings": [STANDING]})],
    "tournament_player": [OpenApiExample("A player's line", response_only=True, value={
        "player_id": 12, "nickname": "Ворон", "club": "Красная площадь", "standing": {**STANDING, "explanation": EXPLAINED}})],
    "player": [OpenApiExample("A player", response_only=True, value={
        "id": 12, "nickname": "Ворон", "club": "Красная площадь", "city": "Москва", "results": [{
            "tournament": "osenniy-kubok", "name": "Осенний кубок", "start_date": "2026-11-01", "end_date": "2026-11-02",
            "withdrawn": False, "excluded": False, "place": 1, "total": "7.25", "games": 10, "wins": 6}]})],
    "token": [OpenApiExample("Credentials", request_only=True, value={"username": "petrov", "password": "…"}),
              OpenApiExample("A token", response_only=True, value={"token": "9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b"})],
    "protocol": [OpenApiExample("A protocol", response_only=True, value={**GAME_REF, **PROTOCOL})],
    "protocol_input": [OpenApiExample("A protocol to save", request_only=True, value={"version": 3, "reason": "", **PROTOCOL})],
    "sign_off": [OpenApiExample("Sign off the stored protocol", request_only=True, value={"version": 4}),
                 OpenApiExample("Save and sign off", request_only=True, value={"version": 3, "protocol": PROTOCOL}),
                 OpenApiExample("Signed off", response_only=True,
                                value={**GAME_REF, **PROTOCOL, "status": "signed_off", "version": 5, "can_edit": False,
                                       "signed_off_at": "2026-11-01T12:40:00+03:00"})],
    "protest_input": [OpenApiExample("A protest", request_only=True, value={
        "point": "result", "seat": 7, "text": "Седьмое место не выставлялось на второй день."}),
        OpenApiExample("Filed", response_only=True, status_codes=["201"], value=PROTEST)],
    "decision": [OpenApiExample("Rejected", request_only=True, value={"status": "rejected", "decision": "Протокол верен."}),
                 OpenApiExample("Amended", request_only=True, value={
                     "status": "amended", "decision": "Фол второго места снят.", "version": 5, "protocol": PROTOCOL}),
                 OpenApiExample("Decided", response_only=True, value={
                     **PROTEST, "status": "rejected", "decision": "Протокол верен.", "decided_at": "2026-11-01T13:02:00+03:00"})],
    "file": [OpenApiExample("A tournament file", value=FILE)],
    "stages": [OpenApiExample("Stages", response_only=True, value=[
        {"kind": "qualifying", "order": 1, "rounds": [{"number": 1, "starts_at": "2026-11-01T11:00:00+03:00"}]},
        {"kind": "final", "order": 3, "rounds": [{"number": 1, "starts_at": None}]}])],
    "games": [OpenApiExample("Signed-off games", response_only=True, value=[GAME])],
    "registrations": [OpenApiExample("Registered players", response_only=True, value=[
        {"number": 1, "player": "p01", "player_id": 12, "nickname": "Ворон", "club": "Красная площадь", "withdrawn": False,
         "excluded": False}])],
    "players": [OpenApiExample("Players", response_only=True, value=[
        {"id": 12, "nickname": "Ворон", "club": "Красная площадь", "city": "Москва"}])],
    "protocols": [OpenApiExample("Your games", response_only=True, value=[GAME_REF])],
    "protests": [OpenApiExample("Protests", response_only=True, value=[PROTEST])],
    "approve": [OpenApiExample("Approve seat 1", request_only=True, value={"seat": 1, "version": 4}),
                OpenApiExample("Approved", response_only=True, value={**GAME_REF, **PROTOCOL, "version": 5})],
    "import": [OpenApiExample("Imported", response_only=True, status_codes=["200", "201"], value={
        "tournament": "osenniy-kubok", "created": True, "players": 10, "games": 1}),
               OpenApiExample("A large file: imported by a job", response_only=True, status_codes=["202"], value={
                   "job": 7, "status": "pending", "url": "/api/v1/tournaments/import/jobs/7/"})],
    "import_job": [OpenApiExample("Importing", response_only=True, value={
        "job": 7, "status": "running", "done": 650, "total": 1500, "tournament": None, "created": False, "errors": []}),
                   OpenApiExample("Imported", response_only=True, value={
        "job": 7, "status": "done", "done": 1500, "total": 1500, "tournament": "osenniy-kubok", "created": True,
        "errors": []})],
}

RATING_ROW = {"place": 1, "player_id": 12, "nickname": "Ворон", "club": "Красная площадь", "club_id": 3, "city": "Москва",
              "rating": 1612.4, "uncertainty": 38.2, "games": 64, "provisional": False, "role_games": None, "role_wins": None}
EXAMPLES.update({
    "ratings": [OpenApiExample("The rating", response_only=True, value=[RATING_ROW])],
    "season_points": [OpenApiExample("The season's standings", response_only=True, value=[
        {"place": 1, "player_id": 12, "nickname": "Ворон", "club": "Красная площадь", "club_id": 3, "city": "Москва",
         "points": "583.3", "counted": ["350.0", "233.3"], "tournaments": 3}])],
    "rating_history": [OpenApiExample("A player's rating", response_only=True, value={
        "player_id": 12, "nickname": "Ворон", "version": 41,
        "current": {"rating": 1612.4, "skill": 1688.8, "uncertainty": 38.2, "games": 64, "wins": 37, "provisional": False},
        "tournaments": [{"tournament": "osenniy-kubok", "name": "Осенний кубок", "start_date": "2026-11-01", "games": 10,
                         "before": 1590.1, "after": 1612.4, "change": 22.3}],
        "games": [{"game_id": 17, "tournament": "osenniy-kubok", "number": 1, "date": "2026-11-01", "before": 1590.1,
                   "after": 1594.0}]})],
    "awards": [OpenApiExample("The awards", response_only=True, value={
        "tournament": "osenniy-kubok", "withheld": "", "awards": [
            {"kind": "sheriff", "title": "Лучший шериф",
             "rule": "Больше всего очков в играх шерифом среди игроков хотя бы с 2 играми в этой роли; "
                     "при равенстве — меньше игр, затем лучшее место.",
             "winner": {"player_id": 12, "nickname": "Ворон", "points": "4.40", "games": 2, "place": 1},
             "runners_up": [{"player_id": 15, "nickname": "Лиса", "points": "3.25", "games": 2, "place": 4}]},
            {"kind": "hand", "title": "Приз зрительских симпатий", "rule": "",
             "winner": {"player_id": 18, "nickname": "Сова", "points": None, "games": 0, "place": 0}, "runners_up": []}]})],
    "teams": [OpenApiExample("Team standings", response_only=True, value={
        "tournament": "osenniy-kubok", "best": 3, "after_round": None, "teams": [{
            "place": 1, "team_id": 4, "name": "Волга", "total": "21.35", "games": 30, "tiebreak_extra": "1.20", "wins": 19,
            "wins_as_don_or_sheriff": 4, "first_killed": 3, "decided_by_lot": False, "members": [
                {"player_id": 12, "nickname": "Ворон", "total": "7.25", "counted": True},
                {"player_id": 15, "nickname": "Лиса", "total": "3.10", "counted": False}]}]})],
    "clubs": [OpenApiExample("Clubs", response_only=True, value=[
        {"id": 3, "name": "Красная площадь", "city": "Москва", "members": 24}])],
    "club": [OpenApiExample("A club", response_only=True, value={
        "id": 3, "name": "Красная площадь", "city": "Москва",
        "members": [{"player_id": 12, "nickname": "Ворон", "city": "Москва", "rating": 1612.4, "games": 64, "provisional": False}],
        "tournaments": [{"slug": "osenniy-kubok", "name": "Осенний кубок", "city": "Москва", "start_date": "2026-11-01",
                         "members": 6}]})],
})


def examples(*names) -> list[OpenApiExample]:
    return [e for name in names for e in EXAMPLES[name]]
