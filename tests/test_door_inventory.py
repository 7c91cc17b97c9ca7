"""The door inventory: every URL pattern of the site and of its admin, for every member of one
cast, answers as the README's "Who may do what" table says.

Each route of the URLconf (the admin's included: every registered model's list, add, change,
delete, history and history-version pages, the autocomplete, the custom pages and export
buttons, and every admin action) has a rule below. A route without a rule fails
`test_every_door_has_a_rule`, so a view added later cannot go unasked.

What a member meets at a door, as the test tells it apart:
- "ok"       200 (a page, a file);
- "change"   an admin change page with its form (may change);
- "view"     an admin change page, read-only;
- "listed"   an admin list that shows the target row; "unlisted" one that does not;
- "hidden"   404, or the admin's "no such object" redirect to its index: the row is not theirs;
- "denied"   403 (the test does not tell "hidden" and "denied" apart, nor "refused": which a
             closed door answers depends on whether the row is in the member's scope);
- "login"    a redirect to a login page (401 from the API);
- "refused"  a POST that changes nothing (403, 404 or 405).

The targets are rows of tournament A, chosen where the rules cut finest: the unsigned saved
draft of table 2 (the judge of table 1 must not see its roles), the signed-off game of table 1
with a protest, A's player and A's chief judge (people an organiser of B must not change).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from tests.protocols.helpers import complete_post
from tests.protocols.test_services import entry_for

CAST = ["superuser", "organiser_a", "organiser_b", "chief", "appeals", "judge_1", "judge_2", "player", "anonymous"]
STAFF_OF_A = {"superuser", "organiser_a", "chief", "appeals", "judge_1", "judge_2"}  # any role in A
ORGANISERS = {"superuser", "organiser_a"}                                           # runs A
STAFF = STAFF_OF_A | {"organiser_b"}
OUTSIDE = {"player", "anonymous"}                                                    # no admin at all


# -- the cast --------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """The cast of tests/protocols/helpers.py, an organiser of tournament B, and one row of A for
    every registered model; made once, rolled back after the module."""
    from axes.models import AccessAttempt, AccessFailureLog, AccessLog
    from django.db import transaction
    from rest_framework.authtoken.models import Token

    from exports.models import ExportJob
    from protocols.models import FileImportJob, Game, SeatPenalty
    from protocols.protests import file_protest
    from protocols.services import save_protocol, sign_off
    from ratings.models import PlayerRecord, RatingSettings, RatingSnapshot
    from scoring.models import StandingsState
    from scoring.recompute import recompute
    from tests.factories import ClubFactory, UserFactory
    from tests.protocols.helpers import make_cast
    from tests.tournament_builders import as_if_committed
    from tournaments.models import ActionLog, Judge, Player, SignUp, Team

    with django_db_blocker.unblock(), transaction.atomic():
        c = make_cast()
        game, other = c.game, c.other_game
        sign_off(game=game, user=c.judge, entry=entry_for(game, complete_post(game)), expected_version=1)
        save_protocol(game=other, user=c.other_judge, entry=entry_for(other, complete_post(other, action="save")),
                      expected_version=1)
        game.refresh_from_db()
        other.refresh_from_db()
        player = Player.objects.get(user=c.player)
        player.club = ClubFactory(name="Клуб А")
        player.save(update_fields=["club"])
        protest = file_protest(game=game, user=c.player, player_id=player.pk, point="fouls", seat=3, text="фол не мой")
        organiser_b = UserFactory(username="organiser_b", is_staff=True)
        organiser_b.groups.add(Group.objects.get(name="Organiser"))
        tournament_b = Game.objects.get(judge__user=c.foreign_judge).tournament
        tournament_b.organisers.add(organiser_b)
        tournament = game.tournament
        seat = other.seats.get(number=9)
        access = {"user_agent": "probe", "ip_address": "10.0.0.1", "username": "x", "http_accept": "*/*", "path_info": "/"}
        targets = {
            "tournaments.tournament": tournament, "tournaments.stage": game.stage, "tournaments.round": game.round,
            "tournaments.table": other.table, "tournaments.registration": player.registrations.get(tournament=tournament),
            "tournaments.player": player, "tournaments.judge": Judge.objects.get(user=c.chief), "tournaments.club": player.club,
            "tournaments.actionlog": ActionLog.objects.filter(tournament=tournament).first(),
            "tournaments.team": Team.objects.create(tournament=tournament, name="Проба"),
            "tournaments.signup": SignUp.objects.create(tournament=tournament, user=UserFactory(username="signed_up"),
                                                        nickname="Проба", status="pending"),
            "protocols.game": other, "protocols.seat": seat, "protocols.protocolversion": other.versions.first(),
            "protocols.nomination": other.nominations.first(), "protocols.votecount": other.votes.first(),
            "protocols.seatpenalty": SeatPenalty.objects.create(seat=seat, clause="8.2", reason="probe"),
            "protocols.protest": protest,
            "scoring.standingsstate": StandingsState.objects.get_or_create(tournament=tournament)[0],
            "exports.exportjob": ExportJob.objects.create(tournament=tournament, requested_by=c.organiser),
            "auth.user": c.chief, "auth.group": Group.objects.get(name="Judge"),
            "authtoken.tokenproxy": Token.objects.create(user=c.superuser),
            "axes.accessattempt": AccessAttempt.objects.create(**access, get_data="", post_data="", failures_since_start=1),
            "axes.accesslog": AccessLog.objects.create(**access),
            "axes.accessfailurelog": AccessFailureLog.objects.create(**access),
            "ratings.ratingsettings": RatingSettings.objects.create(tournament=tournament, rated=False, stars=2),
            "ratings.playerrecord": PlayerRecord.objects.get(pk=player.pk),
            "ratings.ratingsnapshot": RatingSnapshot.objects.create(version=1, computed_at=timezone.now(), games=0, players=0),
        }
        import_job = FileImportJob.objects.create(document={}, requested_by=c.organiser)
        users = {"superuser": c.superuser, "organiser_a": c.organiser, "organiser_b": organiser_b, "chief": c.chief,
                 "appeals": c.appeals, "judge_1": c.judge, "judge_2": c.other_judge, "player": c.player, "anonymous": None}
        recompute(tournament.pk, force=True)
        as_if_committed()
        yield World(users=users, targets=targets, game=game, other=other, protest=protest, tournament=tournament,
                    import_job=import_job)
        transaction.set_rollback(True)


@dataclass
class World:
    users: dict
    targets: dict
    game: object       # table 1, signed off, with a protest
    other: object      # table 2, a saved draft with its roles
    protest: object
    tournament: object
    import_job: object  # a tournament file import sent by A's organiser


# -- the rules: who meets what, from the README's table ---------------------------------------------

def outcome(who: str, *, ok: set, hidden: set = frozenset(), api: bool = False, login="login") -> str:
    if who in ok:
        return "ok"
    if who == "anonymous" or (who == "player" and login == "staff"):
        return "login"
    return "hidden" if who in hidden else "denied"


@dataclass(frozen=True)
class ModelRule:
    """An admin model's doors: who sees the target row, who changes it, who adds, who deletes."""

    sees: frozenset
    changes: frozenset = frozenset({"superuser"})
    adds: frozenset = frozenset({"superuser"})
    deletes: frozenset = frozenset({"superuser"})
    staff_with_perm: frozenset = frozenset({"superuser"})  # the rest of the staff: a 403 at every door
    change_redirects: bool = False                          # its change page sends on to another page
    delete_redirects: frozenset = frozenset()               # sent back with a message instead (a public tournament)

    def door(self, kind: str, who: str) -> str:
        if who in OUTSIDE:
            return "login"
        if kind == "change" and self.change_redirects:
            return "redirect"  # to a page of its own, which asks
        if who not in self.staff_with_perm:
            return "denied"
        if kind == "changelist":
            return "listed" if who in self.sees else "unlisted"
        if kind == "add":
            return "ok" if who in self.adds else "denied"
        if who not in self.sees:
            return "hidden"
        if kind == "change":
            return "change" if who in self.changes else "view"
        if kind == "delete":
            return "ok" if who in self.deletes else "redirect" if who in self.delete_redirects else "denied"
        if kind in ("history", "history_version"):
            return "ok"
        if kind == "revert":
            return "refused"  # nobody reverts from history, the superuser neither
        raise AssertionError(kind)


def f(*names) -> frozenset:
    return frozenset(names)


# A row of tournament A: everyone with a role in A sees it, its organisers run it.
OF_A = ModelRule(sees=f(*STAFF_OF_A), changes=f(*ORGANISERS), adds=f(*ORGANISERS, "organiser_b"),
                 deletes=f(*ORGANISERS), staff_with_perm=f(*STAFF))
# The unsigned draft of table 2: its judge, the chief, the appeals commission, A's organisers.
SEES_TABLE_2 = f("superuser", "organiser_a", "chief", "appeals", "judge_2")
PROTOCOL_ROW = ModelRule(sees=SEES_TABLE_2, changes=f(), adds=f(), deletes=f(), staff_with_perm=f(*STAFF))
SUPERUSER_ONLY = ModelRule(sees=f("superuser"), changes=f("superuser"), adds=f("superuser"), deletes=f("superuser"))

MODEL_RULES: dict[str, ModelRule] = {
    # a tournament: anyone may start one of their own; a published one is deleted by a superuser only
    "tournaments.tournament": ModelRule(sees=f(*STAFF_OF_A), changes=f(*ORGANISERS), adds=f(*ORGANISERS, "organiser_b"),
                                        deletes=f("superuser"), delete_redirects=f("organiser_a"), staff_with_perm=f(*STAFF)),
    "tournaments.stage": OF_A, "tournaments.round": OF_A, "tournaments.table": OF_A, "tournaments.registration": OF_A,
    "tournaments.team": OF_A,
    # people every tournament shares: every staff member sees them; an organiser of every tournament
    # they take part in (of A here) changes them
    "tournaments.player": ModelRule(sees=f(*STAFF), changes=f(*ORGANISERS), adds=f(*ORGANISERS, "organiser_b"),
                                    deletes=f(*ORGANISERS), staff_with_perm=f(*STAFF)),
    "tournaments.club": ModelRule(sees=f(*STAFF), changes=f(*ORGANISERS), adds=f(*ORGANISERS, "organiser_b"),
                                  deletes=f(*ORGANISERS), staff_with_perm=f(*STAFF)),
    "tournaments.judge": ModelRule(sees=f(*STAFF), changes=f(*ORGANISERS), adds=f(*ORGANISERS, "organiser_b"),
                                   deletes=f(*ORGANISERS), staff_with_perm=f(*STAFF)),
    # the sign-ups hold e-mail addresses: A's organisers read them and decide them by the actions
    "tournaments.signup": ModelRule(sees=f(*ORGANISERS), changes=f(), adds=f(), deletes=f(), staff_with_perm=f(*STAFF)),
    # the action log and the protocol versions are records the services write: a superuser reads them
    "tournaments.actionlog": ModelRule(sees=f("superuser"), changes=f(), adds=f(), deletes=f()),
    "protocols.protocolversion": ModelRule(sees=f("superuser"), changes=f(), adds=f(), deletes=f()),
    # the game: its organisers schedule it; nobody changes its protocol here
    "protocols.game": ModelRule(sees=SEES_TABLE_2, changes=f(*ORGANISERS), adds=f(*ORGANISERS, "organiser_b"),
                                deletes=f(*ORGANISERS), staff_with_perm=f(*STAFF)),
    "protocols.seat": PROTOCOL_ROW, "protocols.nomination": PROTOCOL_ROW, "protocols.votecount": PROTOCOL_ROW,
    "protocols.seatpenalty": PROTOCOL_ROW,
    # the protest on table 1's signed-off game: the chief and the appeals commission decide it
    "protocols.protest": ModelRule(sees=f("superuser", "organiser_a", "chief", "appeals", "judge_1"),
                                   changes=f("superuser", "chief", "appeals"), adds=f(), deletes=f("superuser"),
                                   staff_with_perm=f(*STAFF)),
    "scoring.standingsstate": ModelRule(sees=f("superuser"), changes=f("superuser"), adds=f(), deletes=f("superuser")),
    # a booklet job: its page (the status) and its file ask can_download_export
    "exports.exportjob": ModelRule(sees=f("superuser", "organiser_a", "chief", "appeals"), changes=f(), adds=f(),
                                   deletes=f(*ORGANISERS), change_redirects=True,
                                   staff_with_perm=f("superuser", "organiser_a", "organiser_b", "chief", "appeals")),
    # the ratings: a tournament's rating settings are its organisers' (left out, category); the stored
    # snapshots are the superuser's; the player records are the merge's page, a superuser's to read and act on
    "ratings.ratingsettings": ModelRule(sees=f(*ORGANISERS), changes=f(*ORGANISERS), adds=f(*ORGANISERS, "organiser_b"),
                                        deletes=f(*ORGANISERS), staff_with_perm=f(*ORGANISERS, "organiser_b")),
    "ratings.playerrecord": ModelRule(sees=f("superuser"), changes=f(), adds=f(), deletes=f()),
    "ratings.ratingsnapshot": ModelRule(sees=f("superuser"), changes=f(), adds=f(), deletes=f()),
    "auth.user": SUPERUSER_ONLY, "auth.group": SUPERUSER_ONLY, "authtoken.tokenproxy": SUPERUSER_ONLY,
    # django-axes' records of logins: read and deleted by a superuser, never added
    "axes.accessattempt": ModelRule(sees=f("superuser"), adds=f()), "axes.accesslog": ModelRule(sees=f("superuser"), adds=f()),
    "axes.accessfailurelog": ModelRule(sees=f("superuser"), adds=f()),
}


# -- the doors ------------------------------------------------------------------------------------

@dataclass
class Door:
    route: str                          # the pattern as the URLconf spells it
    url: Callable[[World], str]
    expect: Callable[[str], str]        # cast member -> outcome
    method: str = "get"
    data: Callable[[World], dict] | None = None
    index_is_hidden: bool = True        # the admin's redirect to its index means "no such object"
    json: bool = False                  # the API's POSTs: an empty JSON body (400 past the permission check)


def routes() -> list[str]:
    """Every route of the URLconf, the admin's included, as its pattern reads."""
    found = []

    def walk(resolver, prefix=""):
        for pattern in resolver.url_patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern):
                found.append(prefix + str(pattern.pattern))

    walk(get_resolver())
    return found


def _admin(name, *args):
    return reverse(f"admin:{name}", args=args)


def model_doors() -> list[Door]:
    doors = []
    for model, model_admin in admin.site._registry.items():
        label, info = model._meta.label_lower, (model._meta.app_label, model._meta.model_name)
        rule = MODEL_RULES.get(label)
        if rule is None:
            continue  # test_every_door_has_a_rule names it
        base = f"admin/{info[0]}/{info[1]}/"

        def pk(w, label=label):
            target = w.targets[label]
            return target.user_id if label == "authtoken.tokenproxy" else target.pk  # a token's page is its user's

        def kind(k, rule=rule):
            return lambda who: rule.door(k, who)

        doors += [
            Door(base, lambda w, i=info: _admin("_".join([*i, "changelist"])), kind("changelist")),
            Door(base + "add/", lambda w, i=info: _admin("_".join([*i, "add"])), kind("add")),
            Door(base + "<path:object_id>/change/", lambda w, i=info, pk=pk: _admin("_".join([*i, "change"]), pk(w)), kind("change")),
            Door(base + "<path:object_id>/delete/", lambda w, i=info, pk=pk: _admin("_".join([*i, "delete"]), pk(w)), kind("delete")),
            Door(base + "<path:object_id>/history/", lambda w, i=info, pk=pk: _admin("_".join([*i, "history"]), pk(w)),
                 kind("history")),
            # Django's old address of a change page: a redirect to it for whoever may reach the admin
            Door(base + "<path:object_id>/", lambda w, i=info, pk=pk: f"/admin/{i[0]}/{i[1]}/{pk(w)}/",
                 lambda who: "login" if who in OUTSIDE else "redirect"),
        ]
        if hasattr(model_admin, "history_form_view"):  # django-simple-history's pages of past versions
            versioned = hasattr(model._meta, "simple_history_manager_attribute")

            def version(w, i=info, pk=pk, label=label, versioned=versioned):
                hid = w.targets[label].history.latest().history_id if versioned else 1
                return _admin("_".join([*i, "simple_history"]), pk(w), hid)

            no_versions = lambda who: "login" if who in OUTSIDE else "hidden"  # noqa: E731
            doors += [Door(base + "^([^/]+)/history/([^/]+)/$", version, kind("history_version") if versioned else no_versions),
                      Door(base + "^([^/]+)/history/([^/]+)/$ (revert)", version, kind("revert") if versioned else no_versions,
                           method="post", data=lambda w: {"_save": "1"})]
    return doors


def can_decide(who):
    return who in {"superuser", "chief", "appeals"}


SEES_TABLE_2_PROTOCOL = {"superuser", "organiser_a", "chief", "appeals", "judge_2"}
USES_THE_DESK = {"superuser", "organiser_a", "chief", "appeals"}
EXPORTS_A = {"superuser", "organiser_a", "chief"}
STAFF_LOGIN = "staff"  # the admin's custom pages: a player is sent to the admin's login too


def custom(route, url, ok, hidden=frozenset(), method="get", login=STAFF_LOGIN, data=None, ok_is="ok"):
    def expect(who):
        seen = outcome(who, ok=set(ok), hidden=set(hidden), login=login)
        return ok_is if seen == "ok" else seen
    return Door(route, url, expect, method=method, data=data)


def api_post(route, url, allowed):
    """An API action: those allowed get past the permission check (400 for the empty body sent);
    the others are refused (403 or 404), the anonymous asked to log in (401)."""
    def expect(who):
        return "invalid" if who in allowed else ("login" if who == "anonymous" else "refused")
    return Door(route, url, expect, method="post", json=True)


def _other_player(w) -> int:
    """Another player registered in tournament A (for the head-to-head page)."""
    player = w.targets["tournaments.player"]
    return w.tournament.registrations.exclude(player=player).order_by("pk").values_list("player_id", flat=True).first()


def _door_code(w) -> str:
    from tournaments.signups import checkin_token

    return checkin_token(w.targets["tournaments.registration"])


def site_doors() -> list[Door]:
    slug = lambda w: w.tournament.slug  # noqa: E731
    everyone = set(CAST)
    job = lambda w: w.targets["exports.exportjob"].pk  # noqa: E731
    stage = lambda w: w.other.stage_id  # noqa: E731
    not_a = {"organiser_b"}
    return [
        # -- the admin's own pages
        custom("admin/", lambda w: _admin("index"), STAFF),
        Door("admin/login/", lambda w: _admin("login"), lambda who: "ok" if who in OUTSIDE else "redirect",
             index_is_hidden=False),  # a logged-in member is sent on to the index
        Door("admin/logout/", lambda w: _admin("logout"), lambda who: "refused", method="get"),  # POST only
        custom("admin/password_change/", lambda w: _admin("password_change"), STAFF),
        custom("admin/password_change/done/", lambda w: _admin("password_change_done"), STAFF),
        custom("admin/jsi18n/", lambda w: _admin("jsi18n"), STAFF),
        Door("admin/r/<path:content_type_id>/<path:object_id>/", lambda w: _admin("view_on_site", 1, 1),
             lambda who: "login" if who in OUTSIDE else "hidden"),
        custom("admin/^(?P<app_label>authtoken|axes|tournaments|auth|protocols|scoring|ratings|exports)/$",
               lambda w: "/admin/tournaments/", STAFF),
        Door("admin/(?P<url>.*)$", lambda w: "/admin/no-such-page/", lambda who: "login" if who in OUTSIDE else "hidden"),
        # the autocomplete: people offered only to those who may fill the field (a registration's player)
        Door("admin/autocomplete/", lambda w: _admin("autocomplete") + "?app_label=tournaments&model_name=registration"
             "&field_name=player&term=", lambda who: "login" if who in OUTSIDE else (
                 "listed" if who in {"superuser", "organiser_a", "organiser_b"} else "unlisted")),
        # -- custom admin pages: registration import, seating, exports
        custom("admin/tournaments/tournament/<path:object_id>/registrations/import/",
               lambda w: _admin("tournaments_tournament_import_registrations", w.tournament.pk), ORGANISERS,
               hidden=not_a),
        # whoever may start a tournament may bring one from another platform (tests/protocols/test_import_games.py)
        custom("admin/protocols/game/import-games/", lambda w: _admin("protocols_game_import_games"),
               {"superuser", "organiser_a", "organiser_b"}),
        custom("admin/tournaments/stage/<path:object_id>/seating/generate/",
               lambda w: _admin("tournaments_stage_seating_generate", stage(w)), ORGANISERS, hidden=not_a),
        custom("admin/tournaments/stage/<path:object_id>/seating/swap/",
               lambda w: _admin("tournaments_stage_seating_swap", stage(w)), ORGANISERS, method="post", hidden=not_a),
        custom("admin/tournaments/stage/<path:object_id>/seating/reseat/",
               lambda w: _admin("tournaments_stage_seating_reseat", stage(w)), ORGANISERS, hidden=not_a, ok_is="redirect"),
        custom("admin/exports/exportjob/<int:pk>/status/", lambda w: _admin("exports_exportjob_status", job(w)),
               {"superuser", "organiser_a", "chief"}, hidden=not_a),
        custom("admin/exports/exportjob/<int:pk>/progress/", lambda w: _admin("exports_exportjob_progress", job(w)),
               {"superuser", "organiser_a", "chief"}, hidden=not_a),
        custom("admin/exports/exportjob/<int:pk>/download/", lambda w: _admin("exports_exportjob_download", job(w)),
               set(), hidden=STAFF),
        custom("admin/exports/exportjob/tournament/<int:pk>/booklet/",
               lambda w: _admin("exports_exportjob_tournament_booklet", w.tournament.pk), EXPORTS_A),
        custom("admin/exports/exportjob/tournament/<int:pk>/<str:what>.<export_format:fmt>",
               lambda w: _admin("exports_exportjob_tournament", w.tournament.pk, "standings", "xlsx"), EXPORTS_A),
        custom("admin/exports/exportjob/stage/<int:pk>/booklet/",
               lambda w: _admin("exports_exportjob_stage_booklet", stage(w)), EXPORTS_A),
        custom("admin/exports/exportjob/stage/<int:pk>/<str:what>.<export_format:fmt>",
               lambda w: _admin("exports_exportjob_stage", stage(w), "seating", "xlsx"), EXPORTS_A),
        custom("admin/exports/exportjob/round/<int:pk>/<str:what>.<export_format:fmt>",
               lambda w: _admin("exports_exportjob_round", w.other.round_id, "protocols", "xlsx"), EXPORTS_A),
        custom("admin/exports/exportjob/game/<int:pk>/<str:what>.<export_format:fmt>",
               lambda w: _admin("exports_exportjob_game", w.game.pk, "protocol", "pdf"), EXPORTS_A),
        # -- the site
        custom("health/", lambda w: "/health/", everyone, login="login"),
        Door("i18n/setlang/", lambda w: "/i18n/setlang/", lambda who: "redirect", method="post", data=lambda w: {"language": "en"}),
        custom("", lambda w: "/", everyone, login="login"),
        Door("favicon.ico", lambda w: "/favicon.ico", lambda who: "redirect"),  # to the static file
        *[custom(route, (lambda w, p=path: p.format(slug=slug(w), n=w.game.number, player=w.targets["tournaments.player"].pk)),
                 everyone, login="login")
          for route, path in [
              ("t/<slug:slug>/", "/t/{slug}/"), ("t/<slug:slug>/standings/table/", "/t/{slug}/standings/table/"),
              ("t/<slug:slug>/standings/version/", "/t/{slug}/standings/version/"),
              ("t/<slug:slug>/players/<int:player_id>/", "/t/{slug}/players/{player}/"),
              ("t/<slug:slug>/games/<int:number>/", "/t/{slug}/games/{n}/"), ("t/<slug:slug>/seating/", "/t/{slug}/seating/"),
              ("t/<slug:slug>/screen/", "/t/{slug}/screen/"), ("t/<slug:slug>/rules/", "/t/{slug}/rules/"),
              # the awards follow the standings' rules (tests/public/test_awards.py: a hidden final)
              ("t/<slug:slug>/awards/", "/t/{slug}/awards/"), ("t/<slug:slug>/screen/awards/", "/t/{slug}/screen/awards/"),
              ("t/<slug:slug>/awards/diplomas.pdf", "/t/{slug}/awards/diplomas.pdf"),
              ("t/<slug:slug>/standings.<export_format:fmt>", "/t/{slug}/standings.xlsx"),
              ("t/<slug:slug>/seating.<export_format:fmt>", "/t/{slug}/seating.xlsx"),
              ("t/<slug:slug>/games/<int:number>/protocol.pdf", "/t/{slug}/games/{n}/protocol.pdf"),
              # the live tables (no roles before sign-off: tests/console/test_live.py)
              ("t/<slug:slug>/tables/live.json", "/t/{slug}/tables/live.json"),
              ("t/<slug:slug>/tables/<int:number>/live/", "/t/{slug}/tables/1/live/"),
              ("t/<slug:slug>/tables/<int:number>/live.json", "/t/{slug}/tables/1/live.json"),
              # the stream overlay: the roles only after the organiser's delay (tests/public/test_overlay.py)
              ("t/<slug:slug>/tables/<int:number>/overlay/", "/t/{slug}/tables/1/overlay/"),
              ("t/<slug:slug>/tables/<int:number>/overlay.json", "/t/{slug}/tables/1/overlay.json"),
          ]],
        # the ratings' public pages (a player, a club, two players of tournament A): everyone
        *[custom(route, (lambda w, p=path: p.format(player=w.targets["tournaments.player"].pk, other=_other_player(w),
                                                    club=w.targets["tournaments.club"].pk)), everyone, login="login")
          for route, path in [
              ("players/<int:player_id>/", "/players/{player}/"),
              ("players/<int:player_id>/vs/<int:other_id>/", "/players/{player}/vs/{other}/"),
              ("players/<int:player_id>/vs/", "/players/{player}/vs/"),
              ("players/names.json", "/players/names.json?q=a"),
              ("ratings/", "/ratings/"), ("ratings/season/", "/ratings/season/"), ("ratings/how/", "/ratings/how/"),
              ("clubs/", "/clubs/"), ("clubs/<int:club_id>/", "/clubs/{club}/"),
          ]],
        # -- the judge's pages
        custom("judge/login/", lambda w: reverse("protocols:login"), everyone, login="login"),
        Door("judge/logout/", lambda w: reverse("protocols:logout"), lambda who: "login", method="post"),
        custom("judge/", lambda w: reverse("protocols:my_games"), everyone - {"anonymous"}, login="login"),
        # web push (tests/tournaments/test_web_push.py): the worker is everyone's; a subscription is its
        # user's own (without VAPID keys, as here, the site takes none: 404; an empty body is no JSON)
        custom("judge/push/sw.js", lambda w: reverse("protocols:push_worker"), everyone, login="login"),
        Door("judge/push/subscription/", lambda w: reverse("protocols:push_subscribe"),
             lambda who: "login" if who == "anonymous" else "hidden", method="post"),
        Door("judge/push/subscription/delete/", lambda w: reverse("protocols:push_unsubscribe"),
             lambda who: "login" if who == "anonymous" else "invalid", method="post"),
        custom("judge/games/<int:pk>/", lambda w: reverse("protocols:game", args=[w.other.pk]), SEES_TABLE_2_PROTOCOL,
               login="login", hidden={"judge_1", "organiser_b", "player"}),
        custom("judge/games/<int:pk>/protest/", lambda w: reverse("protocols:protest_new", args=[w.game.pk]),
               {"superuser", "chief", "judge_1", "player"}, login="login"),
        # the console of table 2's game (JSON for the table's script: a stranger gets 403, not a login page)
        Door("judge/games/<int:pk>/console/", lambda w: reverse("console:console", args=[w.other.pk]),
             lambda who: "ok" if who in {"superuser", "chief", "judge_2"} else "denied"),
        # the judge's screen at table 2 (a page: a visitor is sent to the login) and its timer (JSON)
        custom("judge/games/<int:pk>/console/screen/", lambda w: reverse("console:screen", args=[w.other.pk]),
               {"superuser", "chief", "judge_2"}, login="login"),
        Door("judge/games/<int:pk>/console/timer/", lambda w: reverse("console:timer", args=[w.other.pk]),
             lambda who: "invalid" if who in {"superuser", "chief", "judge_2"} else "denied", method="post", json=True),
        # its log for the browser's offline copy: the same people; the rules' sources, Pyodide's trimmed
        # standard library and the service worker are the same for everyone (no game in them)
        Door("judge/games/<int:pk>/console/log/", lambda w: reverse("console:log", args=[w.other.pk]),
             lambda who: "ok" if who in {"superuser", "chief", "judge_2"} else "denied"),
        custom("judge/console/core.zip", lambda w: reverse("console:core_zip"), everyone, login="login"),
        custom("judge/console/stdlib.zip", lambda w: reverse("console:stdlib_zip"), everyone, login="login"),
        custom("judge/console-sw.js", lambda w: reverse("console:service_worker"), everyone, login="login"),
        # taking the console over and handing it back: the chief judge (the empty body sent is a 400
        # naming the reason, or "not taken over"; tests/console/test_takeover.py takes it over)
        Door("judge/games/<int:pk>/console/takeover/", lambda w: reverse("console:takeover", args=[w.other.pk]),
             lambda who: "invalid" if who in {"superuser", "chief"} else "denied", method="post", json=True),
        Door("judge/games/<int:pk>/console/handback/", lambda w: reverse("console:handback", args=[w.other.pk]),
             lambda who: "invalid" if who in {"superuser", "chief"} else "denied", method="post", json=True),
        # the team standings: A is no team tournament, so a 404 for everyone (with teams, they follow the
        # standings' rules: tests/scoring/test_teams.py, tests/api/test_teams.py)
        Door("t/<slug:slug>/teams/", lambda w: f"/t/{slug(w)}/teams/", lambda who: "hidden"),
        Door("api/v1/tournaments/<slug:slug>/teams/", lambda w: f"/api/v1/tournaments/{slug(w)}/teams/", lambda who: "hidden"),
        Door("t/<slug:slug>/teams.<export_format:fmt>", lambda w: f"/t/{slug(w)}/teams.xlsx", lambda who: "hidden"),
        # sign-up and check-in (tests/public/test_signup_pages.py): the sign-up page is everyone's (A has no
        # sign-up open: it says so); a withdrawal of nobody's sign-up goes back to it; check-in is a
        # registered player's page (the others read that they are not registered); the door's list and
        # a player's door code are A's organisers'
        custom("t/<slug:slug>/signup/", lambda w: f"/t/{slug(w)}/signup/", everyone, login="login"),
        Door("t/<slug:slug>/signup/withdraw/", lambda w: f"/t/{slug(w)}/signup/withdraw/", lambda who: "redirect",
             method="post"),
        custom("t/<slug:slug>/check-in/", lambda w: f"/t/{slug(w)}/check-in/", everyone - {"anonymous"}, login="login"),
        custom("desk/<slug:slug>/check-in/", lambda w: reverse("desk:check-in", args=[slug(w)]), ORGANISERS, login="login"),
        custom("desk/<slug:slug>/check-in/<str:token>/",
               lambda w: reverse("desk:check-in-scan", args=[slug(w), _door_code(w)]), ORGANISERS, login="login"),
        # the printable judge and hall cards: the tournament's organisers
        Door("t/<slug:slug>/cards/", lambda w: f"/t/{slug(w)}/cards/", lambda who: "ok" if who in ORGANISERS else "hidden"),
        # -- the chief judge's desk
        custom("desk/<slug:slug>/", lambda w: reverse("desk:home", args=[slug(w)]), USES_THE_DESK, login="login"),
        custom("desk/<slug:slug>/protests/<int:pk>/", lambda w: reverse("desk:protest", args=[slug(w), w.protest.pk]),
               USES_THE_DESK, login="login"),
        custom("desk/<slug:slug>/approve/<int:seat_id>/",
               lambda w: reverse("desk:approve", args=[slug(w), w.targets["protocols.seat"].pk]), {"superuser", "chief"},
               method="post", login="login", ok_is="redirect"),
        custom("desk/<slug:slug>/log/", lambda w: reverse("desk:log", args=[slug(w)]), USES_THE_DESK, login="login"),
        custom("desk/<slug:slug>/tables/", lambda w: reverse("desk:tables", args=[slug(w)]), USES_THE_DESK, login="login"),
        # the desk's take-over / hand-back form for a table's console: the chief judge (the empty form
        # sent names the missing reason and goes back to the desk; tests/desk/test_console_control.py)
        custom("desk/<slug:slug>/games/<int:pk>/console/",
               lambda w: reverse("desk:console_control", args=[slug(w), w.other.pk]), {"superuser", "chief"},
               method="post", login="login", ok_is="redirect"),
        # -- the API (its own rules are tested in tests/api/test_permissions.py; here: no door unasked)
        *[custom(route, (lambda w, p=path: p.format(slug=slug(w), n=w.game.number, player=w.targets["tournaments.player"].pk,
                                                    club=w.targets["tournaments.club"].pk)),
                 everyone, login="login")
          for route, path in [
              ("api/v1/tournaments/", "/api/v1/tournaments/"), ("api/v1/tournaments/<slug:slug>/", "/api/v1/tournaments/{slug}/"),
              ("api/v1/tournaments/<slug:slug>/stages/", "/api/v1/tournaments/{slug}/stages/"),
              ("api/v1/tournaments/<slug:slug>/seating/", "/api/v1/tournaments/{slug}/seating/"),
              ("api/v1/tournaments/<slug:slug>/games/", "/api/v1/tournaments/{slug}/games/"),
              ("api/v1/tournaments/<slug:slug>/games/<id:number>/", "/api/v1/tournaments/{slug}/games/{n}/"),
              ("api/v1/tournaments/<slug:slug>/standings/", "/api/v1/tournaments/{slug}/standings/"),
              ("api/v1/tournaments/<slug:slug>/awards/", "/api/v1/tournaments/{slug}/awards/"),
              ("api/v1/tournaments/<slug:slug>/players/", "/api/v1/tournaments/{slug}/players/"),
              ("api/v1/tournaments/<slug:slug>/players/<id:player_id>/", "/api/v1/tournaments/{slug}/players/{player}/"),
              ("api/v1/players/", "/api/v1/players/"), ("api/v1/players/<id:player_id>/", "/api/v1/players/{player}/"),
              ("api/v1/players/<id:player_id>/rating/", "/api/v1/players/{player}/rating/"),
              ("api/v1/ratings/", "/api/v1/ratings/"), ("api/v1/season-points/", "/api/v1/season-points/"),
              ("api/v1/clubs/", "/api/v1/clubs/"), ("api/v1/clubs/<id:pk>/", "/api/v1/clubs/{club}/"),
              ("api/schema/", "/api/schema/"), ("api/docs/", "/api/docs/"), ("api/redoc/", "/api/redoc/"),
          ]],
        custom("api/v1/tournaments/<slug:slug>/file/", lambda w: f"/api/v1/tournaments/{slug(w)}/file/", ORGANISERS,
               login="login"),
        custom("admin/auth/user/<id>/password/", lambda w: f"/admin/auth/user/{w.users['chief'].pk}/password/", {"superuser"}),
        Door("api/", lambda w: "/api/", lambda who: "hidden"),  # any address under /api/ that is no endpoint: a JSON 404
        custom("api/v1/tournaments/import/jobs/<id:pk>/", lambda w: f"/api/v1/tournaments/import/jobs/{w.import_job.pk}/",
               ORGANISERS, login="login", hidden=set(CAST) - ORGANISERS - {"anonymous"}),
        api_post("api/v1/tournaments/import/", lambda w: "/api/v1/tournaments/import/", ORGANISERS | {"organiser_b"}),
        Door("api/v1/auth/token/", lambda w: "/api/v1/auth/token/", lambda who: "refused", method="get"),
        custom("api/v1/protocols/", lambda w: "/api/v1/protocols/", everyone - {"anonymous"}, login="login"),
        custom("api/v1/protocols/<id:pk>/", lambda w: f"/api/v1/protocols/{w.other.pk}/", SEES_TABLE_2_PROTOCOL,
               login="login", hidden={"judge_1", "organiser_b", "player"}),
        api_post("api/v1/protocols/<id:pk>/sign-off/", lambda w: f"/api/v1/protocols/{w.other.pk}/sign-off/",
                 {"superuser", "chief", "judge_2"}),
        # who may approve or file is decided before the body is read: only they get the empty body's
        # 400; the others are refused without learning what the body lacks (tests/api/test_permissions.py)
        api_post("api/v1/protocols/<id:pk>/approve-extra/", lambda w: f"/api/v1/protocols/{w.other.pk}/approve-extra/",
                 {"superuser", "chief"}),
        # a protest on table 1's signed-off game: its judge, its players and the chief file one
        api_post("api/v1/protocols/<id:pk>/protests/", lambda w: f"/api/v1/protocols/{w.game.pk}/protests/",
                 {"superuser", "chief", "judge_1", "player"}),
        custom("api/v1/protests/", lambda w: "/api/v1/protests/", everyone - {"anonymous"}, login="login"),
        api_post("api/v1/protests/<id:pk>/decision/", lambda w: f"/api/v1/protests/{w.protest.pk}/decision/",
                 {"superuser", "chief", "appeals"}),
    ]


ACTION_RULES: dict[tuple[str, str], Callable[[str], bool]] = {}  # filled below: who is offered each action


def offered_to(*who):
    return lambda member: member in who


for _label in ("tournaments.tournament", "tournaments.stage"):
    for _action in ("export_all_blank_sheets", "export_protocol_booklet", "export_protocols_xlsx", "export_standings_pdf",
                    "export_standings_xlsx", "export_seating_pdf", "export_seating_xlsx"):
        ACTION_RULES[(_label, _action)] = offered_to(*STAFF)  # each refuses a tournament the user may not export
ACTION_RULES.update({
    ("tournaments.stage", "generate_seating"): offered_to("superuser", "organiser_a", "organiser_b"),
    ("tournaments.stage", "reveal_standings"): offered_to("superuser", "organiser_a", "organiser_b"),
    ("tournaments.round", "export_blank_sheets"): offered_to(*STAFF),
    ("tournaments.round", "export_completed_sheets"): offered_to(*STAFF),
    ("tournaments.round", "export_round_xlsx"): offered_to(*STAFF),
    ("protocols.game", "sign_off_games"): offered_to(*STAFF),
    ("protocols.game", "export_protocol_sheets"): offered_to(*STAFF),
    ("protocols.game", "export_blank_game_sheets"): offered_to(*STAFF),
    ("protocols.game", "delete_selected"): offered_to("superuser", "organiser_a", "organiser_b"),
    ("tournaments.stage", "delete_selected"): offered_to("superuser", "organiser_a", "organiser_b"),
    ("tournaments.round", "delete_selected"): offered_to("superuser", "organiser_a", "organiser_b"),
    ("tournaments.table", "delete_selected"): offered_to("superuser", "organiser_a", "organiser_b"),
    ("tournaments.registration", "delete_selected"): offered_to("superuser", "organiser_a", "organiser_b"),
    ("tournaments.team", "delete_selected"): offered_to("superuser", "organiser_a", "organiser_b"),
    ("tournaments.tournament", "delete_selected"): offered_to("superuser"),
    ("tournaments.player", "delete_selected"): offered_to("superuser"),
    ("tournaments.club", "delete_selected"): offered_to("superuser"),
    ("tournaments.judge", "delete_selected"): offered_to("superuser"),
    ("tournaments.actionlog", "export_csv"): offered_to("superuser"),
    **{("tournaments.signup", action): offered_to("superuser", "organiser_a", "organiser_b")
       for action in ("approve_selected", "decline_selected", "promote_waitlist")},
    ("scoring.standingsstate", "recompute_now"): offered_to("superuser"),
    ("protocols.protest", "delete_selected"): offered_to("superuser"),
    ("scoring.standingsstate", "delete_selected"): offered_to("superuser"),
    ("exports.exportjob", "delete_selected"): offered_to("superuser", "organiser_a", "organiser_b"),
    ("axes.accessattempt", "cleanup_expired_attempts"): offered_to("superuser"),
    ("ratings.ratingsettings", "delete_selected"): offered_to("superuser", "organiser_a", "organiser_b"),
    ("ratings.playerrecord", "merge_two"): offered_to("superuser"),
    **{(label, "delete_selected"): offered_to("superuser") for label in (
        "auth.user", "auth.group", "axes.accessattempt", "axes.accesslog", "axes.accessfailurelog")},
})


# -- probing ---------------------------------------------------------------------------------------

def client_for(world: World, who: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if world.users[who] is not None:
        client.force_login(world.users[who])
    return client


def seen(response, world: World, door: Door) -> str:
    status = response.status_code
    if status == 401:
        return "login"
    if status in (302, 301):
        where = response["Location"]
        if "/login/" in where:
            return "login"
        if door.index_is_hidden and where.rstrip("/").endswith("/admin"):
            return "hidden"  # the admin's "no such object" goes to its index
        return "redirect"
    if door.method == "post" and status in (403, 404, 405) and door.expect("superuser") == "refused":
        return "refused"
    if status == 405:
        return "refused"
    if status == 400:
        return "invalid"  # past the permission check, refused for what was sent
    if status == 404:
        return "hidden"
    if status == 403:
        return "denied"
    if status != 200:
        return f"HTTP {status}"
    context = getattr(response, "context_data", None) or {}
    if "cl" in context:
        label = context["cl"].model._meta.label_lower
        target = world.targets.get(label)
        return "listed" if target is not None and context["cl"].queryset.filter(pk=target.pk).exists() else "unlisted"
    if response.get("Content-Type", "").startswith("application/json") and "results" in (body := _json(response)) and \
            "pagination" in body:
        return "listed" if body["results"] else "unlisted"
    if "adminform" in context and context.get("change") and "has_change_permission" in context:
        return "change" if context["has_change_permission"] else "view"
    return "ok"


def _json(response):
    try:
        return response.json()
    except ValueError:
        return {}


def probe(world: World, who: str) -> list[str]:
    member = client_for(world, who)
    wrong = []
    for door in model_doors() + site_doors():
        url = door.url(world)
        client = client_for(world, who) if "logout" in door.route else member  # a logout ends only its own session
        if door.json:
            response = client.post(url, "{}", content_type="application/json")
        elif door.method == "post":
            response = client.post(url, door.data(world) if door.data else {})
        else:
            response = client.get(url)
        got, want = seen(response, world, door), door.expect(who)
        closed = ("denied", "hidden", "refused")
        if want in closed and got in closed:
            got = want
        if want == "ok" and got in ("change", "view", "listed", "unlisted"):
            got = "ok"  # a custom page built on the admin's form or list
        if got != want:
            wrong.append(f"{door.route} [{door.method.upper()} {url}]: {who} expected {want}, got {got}")
    wrong += probe_actions(world, who, member)
    return wrong


def probe_actions(world: World, who: str, client: Client) -> list[str]:
    wrong = []
    for model, _model_admin in admin.site._registry.items():
        label = model._meta.label_lower
        url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        response = client.get(url)
        offered = set()
        if response.status_code == 200 and response.context_data.get("action_form") is not None:
            offered = {name for name, _label in response.context_data["action_form"].fields["action"].choices if name}
        for action in sorted(offered | {a for (lbl, a) in ACTION_RULES if lbl == label}):
            rule = ACTION_RULES.get((label, action))
            if rule is None:
                wrong.append(f"admin action {label}.{action}: no rule")
                continue
            if (action in offered) != rule(who):
                wrong.append(f"admin action {label}.{action}: {who} expected {'offered' if rule(who) else 'not offered'}, "
                             f"got {'offered' if action in offered else 'not offered'}")
    return wrong


# -- the tests -------------------------------------------------------------------------------------

def test_every_door_has_a_rule():
    """A route of the URLconf with no rule here fails: a view added later is asked about."""
    ruled = {door.route for door in model_doors() + site_doors()}
    missing = [route for route in routes() if route not in ruled]
    unknown = [label for label in (m._meta.label_lower for m in admin.site._registry) if label not in MODEL_RULES]
    assert missing == [] and unknown == [], f"doors without a rule: {missing}; admin models without a rule: {unknown}"


@pytest.mark.django_db
@pytest.mark.parametrize("who", CAST)
def test_each_member_of_the_cast_meets_every_door_as_the_table_says(world, who):
    wrong = probe(world, who)
    assert wrong == [], "\n".join(wrong)
