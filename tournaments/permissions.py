"""Who may do what: the one permission model of the product.

Every service that changes something asks here and raises `PermissionRefused`; the judge's pages,
the chief judge's desk and the admin's querysets, forms, inlines and actions ask here what to show.
The rules take model instances and querysets and never import an app above this one.

The cast, per tournament:

- superuser: everything, everywhere.
- organiser (`Tournament.organisers`): runs the tournament (its setup, stages, rounds, tables,
  registrations, judges, seating and exports) and sees all of it, protocols included.
  Decision: the judicial acts (amending a signed-off protocol, approving extra points above
  0.5, deciding protests) stay with the chief judge and the appeals commission, to whom
  RULES.md §5 and 8.4 give them; an organiser who is also the chief judge does both.
- chief judge (`Tournament.chief_judge`): every protocol of the tournament, before sign-off and
  after it (then with a written reason); approves extra points above 0.5; decides protests and
  accepts a late one.
- appeals commission (`Tournament.appeals`): decides protests, never on a game they judged; a
  member who also judges a table of the tournament sees another table's game (its roles) only
  once it is signed off, as any table judge.
- table judge (`Game.judge`): the games of their table, only until sign-off; files a protest on
  them; sees no role of another table's game before that game is signed off.
- player (`Player.user`): files a protest on a game they played.
- the people (players, judges, clubs: rows every tournament shares) and the login a person
  signs in with: a superuser, or an organiser of every tournament the person takes part in
  (`can_change_person`); a login once linked is changed by a superuser alone (`can_link_login`).
- printing and exporting in the admin: the organisers and the chief judge.
- a stage whose standings are hidden until the organiser reveals them: its standings, and its
  games' points and results, for the organisers, the chief judge, the appeals commission and the
  tournament's table judges alone (`can_see_hidden_standings`).
- anyone: the public pages of a published or finished tournament; a draft's public pages only
  its organisers, as a preview (`can_preview`), and the API lists it only to those with a role in it.
"""
from __future__ import annotations

from datetime import timedelta

from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .models import Club, Judge, Player, Publication, Tournament

# Game.status of a signed-off game (protocols.vocabulary.GameStatus, an app above this one).
SIGNED_OFF = "signed_off"

# A protest is filed within 10 minutes of the game's end (8.9, 003 item 7); the end is the sign-off.
PROTEST_WINDOW = timedelta(minutes=10)


class PermissionRefused(Exception):
    """The user may not do this; `str()` says why, in the page's language."""


def _active(user) -> bool:
    return user is not None and user.is_authenticated and user.is_active


def _judge_id(user) -> int | None:
    """The pk of the user's Judge row, or None (cached on the user for the request)."""
    if not _active(user):
        return None
    if not hasattr(user, "_judge_id_cache"):
        # A missing reverse one-to-one raises an AttributeError subclass, so getattr's default serves.
        judge = getattr(user, "judge", None)
        user._judge_id_cache = judge.pk if judge is not None else None
    return user._judge_id_cache


def _ids(user, attribute: str, query) -> frozenset[int]:
    """Tournament ids of one kind of role, loaded once per user object."""
    cache = f"_{attribute}_cache"
    if not hasattr(user, cache):
        setattr(user, cache, frozenset(query()))
    return getattr(user, cache)


def _organised(user) -> frozenset[int]:
    return _ids(user, "organised", lambda: Tournament.objects.filter(organisers=user).values_list("pk", flat=True))


def _appeals(user) -> frozenset[int]:
    judge = _judge_id(user)
    if judge is None:
        return frozenset()
    return _ids(user, "appeals", lambda: Tournament.objects.filter(appeals=judge).values_list("pk", flat=True))


def _table_judged(user) -> frozenset[int]:
    """Tournament ids in which the user judges a table: a game of it, or a place among its judges."""
    judge = _judge_id(user)
    if judge is None:
        return frozenset()
    return _ids(user, "table_judged", lambda: Tournament.objects.filter(
        Q(judge_links__judge=judge) | Q(games__judge=judge)).values_list("pk", flat=True))


# -- roles ---------------------------------------------------------------------------------------

def is_superuser(user) -> bool:
    return _active(user) and user.is_superuser


def is_organiser(user, tournament) -> bool:
    return is_superuser(user) or (_active(user) and tournament.pk in _organised(user))


def is_chief_judge(user, tournament) -> bool:
    if is_superuser(user):
        return True
    judge = _judge_id(user)
    return judge is not None and tournament.chief_judge_id == judge


def is_appeals_member(user, tournament) -> bool:
    return _active(user) and tournament.pk in _appeals(user)


def is_game_judge(user, game) -> bool:
    judge = _judge_id(user)
    return judge is not None and game.judge_id == judge


def played_in(user, game) -> bool:
    """Did the user's player sit at this game?"""
    return _active(user) and game.seats.filter(player__user=user).exists()


# -- protocols -----------------------------------------------------------------------------------

def _appeals_sees(user, game) -> bool:
    """An appeals member sees every protocol, unless they also judge a table of the tournament:
    then another table's game only once it is signed off (no roles before, as any table judge)."""
    tournament = game.tournament
    if not is_appeals_member(user, tournament):
        return False
    return game.is_signed_off or tournament.pk not in _table_judged(user)


def can_view_protocol(user, game) -> bool:
    """The judge's entry page, read or write: the table's judge, the chief judge, the appeals
    commission (see `_appeals_sees`) and the organisers."""
    tournament = game.tournament
    return (is_game_judge(user, game) or is_chief_judge(user, tournament) or _appeals_sees(user, game)
            or is_organiser(user, tournament))


def can_edit_protocol(user, game) -> bool:
    """May the user change the protocol now (after sign-off the chief judge also gives a reason)?"""
    if is_chief_judge(user, game.tournament):
        return True
    return is_game_judge(user, game) and not game.is_signed_off


def check_edit_protocol(user, game) -> None:
    if not _active(user):
        raise PermissionRefused(_("Log in to edit protocols."))
    if can_edit_protocol(user, game):
        return
    if game.is_signed_off and is_game_judge(user, game):
        raise PermissionRefused(_("This protocol is signed off; only the chief judge may change it."))
    raise PermissionRefused(_("Only the judge of this game's table or the chief judge may edit this protocol."))


def may_run_console(user, game) -> bool:
    """May the user enter events on the game's console? As the entry page: the table's judge
    until sign-off, the chief judge any game of the tournament."""
    return _active(user) and can_edit_protocol(user, game)


def may_take_over_console(user, game) -> bool:
    """Taking a game's console over from its table's judge (with a reason) and handing it back:
    the chief judge of the game's tournament (RULES.md §5: the chief judge runs the judging)."""
    return _active(user) and is_chief_judge(user, game.tournament)


def may_append_console(user, game, *, taken_over: bool) -> bool:
    """Entering an event now: as `may_run_console`; while the chief judge holds the console
    (taken over, not yet handed back) the table's judge only watches, and the chief enters."""
    if taken_over:
        return may_take_over_console(user, game)
    return may_run_console(user, game)


def can_see_console_log(user, game) -> bool:
    """A console game's events, the night's shots and checks among them: public with the protocol
    at sign-off; before that only those who may run the game's console."""
    return game.is_signed_off or may_run_console(user, game)


def can_read_console_log(user, game) -> bool:
    """A console game's events on a staff page beside its protocol (the Game admin's change page):
    only those who may open the game's protocol (`can_view_protocol`), and of them, before the
    sign-off, only those who may run its console (`can_see_console_log`, as on the entry page)."""
    return can_view_protocol(user, game) and can_see_console_log(user, game)


def can_see_roles(user, game) -> bool:
    """Roles are public once the game is signed off; before that only those who may open it see them."""
    return game.is_signed_off or can_view_protocol(user, game)


def can_approve_extra(user, game) -> bool:
    return is_chief_judge(user, game.tournament)


# -- protests ------------------------------------------------------------------------------------

def protest_deadline(game):
    """When the window for filing a protest on `game` closes (None before sign-off)."""
    return game.signed_off_at + PROTEST_WINDOW if game.signed_off_at else None


def can_file_protest(user, game) -> bool:
    """The judge of the game, or a player who sat at it, once it is signed off."""
    return game.is_signed_off and (is_game_judge(user, game) or played_in(user, game) or is_chief_judge(user, game.tournament))


def check_file_protest(user, game, *, accepted_late: bool = False) -> None:
    if not _active(user):
        raise PermissionRefused(_("Log in to file a protest."))
    if not game.is_signed_off:
        raise PermissionRefused(_("A protest is filed after the game's protocol is signed off."))
    if not can_file_protest(user, game):
        raise PermissionRefused(_("Only the judge of the game or a player who played it may file a protest."))
    if accepted_late and not is_chief_judge(user, game.tournament):
        raise PermissionRefused(_("Only the chief judge accepts a protest after the ten minutes."))


def is_late(game, now=None) -> bool:
    deadline = protest_deadline(game)
    return deadline is not None and (now or timezone.now()) > deadline


def can_decide_protest(user, protest) -> bool:
    """The chief judge, or a member of the appeals commission who did not judge the game."""
    game = protest.game
    tournament = game.tournament
    if is_chief_judge(user, tournament):
        return True
    return is_appeals_member(user, tournament) and not is_game_judge(user, game)


def check_decide_protest(user, protest) -> None:
    if not can_decide_protest(user, protest):
        raise PermissionRefused(_("Only the chief judge or the appeals commission, never the game's own judge, decides a protest."))


# -- the tournament ------------------------------------------------------------------------------

def can_manage_tournament(user, tournament) -> bool:
    """Setup, registrations, judges, seating and exports of the tournament."""
    return is_organiser(user, tournament)


def check_manage_tournament(user, tournament) -> None:
    if not can_manage_tournament(user, tournament):
        raise PermissionRefused(_("Only the tournament's organisers may do this."))


def can_export(user, tournament) -> bool:
    """Printing the tournament's sheets and exporting its files in the admin: its organisers and
    its chief judge. (The public files follow the public pages: anyone, where a page shows the data.)"""
    return is_organiser(user, tournament) or is_chief_judge(user, tournament)


def can_download_export(user, tournament, requested_by_id: int | None) -> bool:
    """A kept file (a booklet built by a job): whoever asked for it, while they may still export."""
    return can_export(user, tournament) or (_active(user) and requested_by_id == user.pk and user.is_staff)


def can_use_desk(user, tournament) -> bool:
    """The chief judge's desk: the chief judge, the appeals commission and the organisers."""
    return is_chief_judge(user, tournament) or is_appeals_member(user, tournament) or is_organiser(user, tournament)


def _any_role(user) -> frozenset[int]:
    """Tournament ids in which the user organises, judges (chief, table or appeals)."""
    judge = _judge_id(user)
    judged = frozenset()
    if judge is not None:
        judged = _ids(user, "judged", lambda: Tournament.objects.filter(
            Q(chief_judge=judge) | Q(judge_links__judge=judge) | Q(games__judge=judge)).values_list("pk", flat=True))
    return _organised(user) | _appeals(user) | judged


def visible_tournaments(user, queryset: QuerySet) -> QuerySet:
    """The tournaments in which the user has any role (all for a superuser)."""
    if is_superuser(user):
        return queryset
    if not _active(user):
        return queryset.none()
    return queryset.filter(pk__in=_any_role(user))


def managed_tournaments(user, queryset: QuerySet) -> QuerySet:
    """The tournaments the user organises (all for a superuser)."""
    if is_superuser(user):
        return queryset
    if not _active(user):
        return queryset.none()
    return queryset.filter(pk__in=_organised(user))


def visible_games(user, queryset: QuerySet) -> QuerySet:
    """Games whose protocol the user may open: a table judge sees only their own table's games."""
    if is_superuser(user):
        return queryset
    if not _active(user):
        return queryset.none()
    judge = _judge_id(user)
    appeals, judging = _appeals(user), _table_judged(user)
    q = (Q(tournament__in=set(_organised(user)) | set(appeals - judging))
         | Q(tournament__in=set(appeals & judging), status=SIGNED_OFF))
    if judge is not None:
        q |= Q(judge=judge) | Q(tournament__chief_judge=judge)
    return queryset.filter(q)


# -- the people: rows every tournament shares --------------------------------------------------

def person_tournaments(person) -> QuerySet:
    """The tournaments a player, a judge or a club (through its players) takes part in."""
    if isinstance(person, Player):
        q = Q(registrations__player=person) | Q(games__seats__player=person)
    elif isinstance(person, Judge):
        q = Q(chief_judge=person) | Q(appeals=person) | Q(judge_links__judge=person) | Q(games__judge=person)
    elif isinstance(person, Club):
        q = Q(registrations__player__club=person) | Q(games__seats__player__club=person)
    else:
        raise TypeError(f"not a person: {type(person).__name__}")
    return Tournament.objects.filter(q).distinct()


def can_change_person(user, person) -> bool:
    """Renaming, moving or deleting a player, a judge or a club shows in every tournament it takes
    part in: a superuser, or an organiser of every one of them (of none yet: any organiser)."""
    if is_superuser(user):
        return True
    if not _active(user):
        return False
    return not person_tournaments(person).exclude(pk__in=_organised(user)).exists()


def can_link_login(user, person) -> bool:
    """Who sets the login a player or a judge signs in with: a superuser; an organiser who may
    change the person only while none is linked (a linked login is never reassigned but by a
    superuser: whoever holds it acts as that judge or player)."""
    if is_superuser(user):
        return True
    return person.user_id is None and can_change_person(user, person)


def linkable_logins(user, queryset: QuerySet) -> QuerySet:
    """The logins an organiser may link to a player or a judge: nobody's yet (no judge, no player),
    never a superuser's, never an organiser's; a superuser: any."""
    if is_superuser(user):
        return queryset
    return queryset.filter(judge__isnull=True, player__isnull=True, is_superuser=False,
                           organised_tournaments__isnull=True).distinct()


def can_see_hidden_standings(user, tournament) -> bool:
    """A stage's standings hidden from the public (`Stage.standings_hidden`): still shown to the
    organisers, the chief judge, the appeals commission and the tournament's table judges."""
    return (is_organiser(user, tournament) or is_chief_judge(user, tournament) or is_appeals_member(user, tournament)
            or (_active(user) and tournament.pk in _table_judged(user)))


# -- publication ---------------------------------------------------------------------------------

def can_preview(user, tournament) -> bool:
    """A draft's public pages, shown with a "preview — not public" banner: its organisers."""
    return is_organiser(user, tournament)


def can_read_publicly(user, tournament) -> bool:
    return tournament.publication != Publication.DRAFT or can_preview(user, tournament)


def readable_tournaments(user, queryset: QuerySet) -> QuerySet:
    """The tournaments the public reads (pages, API) show the user: every published or finished one,
    and a draft only to those with a role in it (all for a superuser)."""
    if is_superuser(user):
        return queryset
    published = ~Q(publication=Publication.DRAFT)
    if not _active(user):
        return queryset.filter(published)
    return queryset.filter(published | Q(pk__in=_any_role(user)))
