"""Sign-up from the site, the waitlist and check-in (docs/signup.md).

    signup_state(tournament, now) -> "closed" | "not_yet" | "open" | "over"
    sign_up(tournament=, user=, details=) -> SignUp         (SignUpRefused naming the field)
    withdraw(signup, by=)                                   his own, or the organisers'
    approve(signup, by=), decline(signup, by=)              the organisers' decisions
    promote(tournament) -> list[SignUp]                     the waitlist into freed places
    set_paid(registration, paid, by=)
    checkin_state(tournament, now), check_in(registration, by=), undo_check_in(registration, by=)
    no_shows(tournament) -> QuerySet[Registration]
    checkin_token(registration) / registration_of_token(tournament, token)   the QR code at the door

A sign-up becomes a Registration once confirmed, so everything that reads registrations (the
seating, K's participants, the standings) sees only confirmed players. The places are the
tournament's registrations not withdrawn, whoever made them (a sign-up, the admin, an import).
Each change is written under a lock of the tournament's row, so two sign-ups for the last place
cannot both take it, and tells the player by e-mail after the commit (SignUpChanged;
tournaments/signup_mail.py).

Matching is the registration import's (tournaments/names.py): a nickname that compares equal to a
stored player's is that player only when the signed-in account is his. A stored player without an
account is a question for the organisers (`look_alike`, the sign-up waits for them); a stored
player with another account is refused: the visitor logs in as him or picks another nickname.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.core import signing
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .action_log import log_action
from .action_types import ActionType
from .clubs import ClubsByName
from .domain_events import RegistrationsChanged, SignUpChanged, publish
from .models import Player, Registration, SignUp, SignUpStatus, Team, Tournament
from .names import name_key
from .registration_import import MAX_LENGTHS, forbidden_character, team_named  # the import's bounds and teams

# The sign-ups that hold or wait for a place (the others are over)
LIVE = (SignUpStatus.PENDING, SignUpStatus.WAITLISTED, SignUpStatus.CONFIRMED)
_TOKEN_SALT = "tournaments.signups.check-in"

# The action log's entries of this module (registered in TournamentsConfig.ready)
ACTION_TYPES = (
    ActionType("signup_approved", gettext_lazy("Sign-up approved")),
    ActionType("signup_declined", gettext_lazy("Sign-up declined")),
    ActionType("signup_withdrawn", gettext_lazy("Sign-up withdrawn by the organisers")),
    ActionType("fee_paid", gettext_lazy("Entry fee marked paid")),
    ActionType("fee_unpaid", gettext_lazy("Entry fee marked unpaid")),
    ActionType("checked_in", gettext_lazy("Checked in")),
    ActionType("check_in_undone", gettext_lazy("Check-in undone")),
)


def record(user, action: str, *, tournament, target) -> None:
    log_action(tournament=tournament, user=user, action=action, obj=target)


class SignUpRefused(ValueError):
    """A sign-up the rules refuse: `field` is the form's field it concerns ("" for the whole)."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Details:
    """What the player gives: his nickname, name, club and city."""

    nickname: str
    real_name: str = ""
    club: str = ""
    city: str = ""
    team: str = ""  # a team tournament's team, by its name (made when nobody named it before)


def _window(opens, closes, now) -> str:
    if opens is None:
        return "closed"
    if now < opens:
        return "not_yet"
    if closes is not None and now >= closes:
        return "over"
    return "open"


def signup_state(tournament: Tournament, now=None) -> str:
    """Whether a visitor may sign up now: "closed" (no sign-up on the site), "not_yet", "open",
    "over". A draft or finished tournament takes none."""
    if tournament.publication != "published":
        return "closed"
    return _window(tournament.signup_opens_at, tournament.signup_closes_at, now or timezone.now())


def checkin_state(tournament: Tournament, now=None) -> str:
    """Whether a player may check in himself now (the organisers may at any time)."""
    return _window(tournament.checkin_opens_at, tournament.checkin_closes_at, now or timezone.now())


def places_taken(tournament: Tournament) -> int:
    return Registration.objects.filter(tournament=tournament, withdrawn=False).count()


def has_place(tournament: Tournament) -> bool:
    return tournament.capacity is None or places_taken(tournament) < tournament.capacity


def waitlist_position(signup: SignUp) -> int | None:
    """1 for the first on the waitlist; None when he is not on it."""
    if signup.status != SignUpStatus.WAITLISTED:
        return None
    return SignUp.objects.filter(tournament_id=signup.tournament_id, status=SignUpStatus.WAITLISTED,
                                 created_at__lte=signup.created_at).exclude(
        created_at=signup.created_at, pk__gt=signup.pk).count()


def _locked(tournament_id: int) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament_id)


def _tell(signup: SignUp, change: str) -> None:
    publish(SignUpChanged(signup_id=signup.pk, change=change))


def _set(signup: SignUp, status: str, change: str) -> None:
    signup.status, signup.changed_at = status, timezone.now()
    signup.save(update_fields=["status", "changed_at", "player", "look_alike"])
    _tell(signup, change)


def _full(tournament: Tournament, team: Team | None) -> bool:
    return team is not None and team.members.filter(withdrawn=False).count() >= tournament.team_size


def _register(tournament: Tournament, player: Player, team_name: str = "") -> Registration:
    team = None
    if team_name and tournament.team_size is not None:
        team = team_named(tournament, team_name)
        if team is None:
            team = Team.objects.create(tournament=tournament, name=team_name)
        elif _full(tournament, team):
            team = None  # filled since he signed up: registered without a team, the organisers decide
    registration = Registration.objects.filter(tournament=tournament, player=player).first()
    if registration is not None:  # withdrawn earlier, now back
        registration.withdrawn = False
        registration.team = team or registration.team
        registration.save(update_fields=["withdrawn", "team"])
    else:
        top = Registration.objects.filter(tournament=tournament).aggregate(top=Max("number"))["top"] or 0
        registration = Registration.objects.create(tournament=tournament, player=player, number=top + 1, team=team)
    publish(RegistrationsChanged(tournament_id=tournament.pk))
    return registration


def _place_or_waitlist(tournament: Tournament, signup: SignUp, change: str) -> None:
    """Confirm the sign-up if a place is free (registering him), else put him on the waitlist."""
    if has_place(tournament) and not SignUp.objects.filter(
            tournament=tournament, status=SignUpStatus.WAITLISTED, created_at__lt=signup.created_at).exists():
        _register(tournament, signup.player, signup.team_name)
        _set(signup, SignUpStatus.CONFIRMED, change)
    else:
        _set(signup, SignUpStatus.WAITLISTED, "waitlisted")


def _matching_players(nickname: str) -> list[Player]:
    key = name_key(nickname)
    return [p for p in Player.objects.only("pk", "nickname", "user_id") if name_key(p.nickname) == key]


def _clean(details: Details) -> Details:
    values = {"nickname": details.nickname.strip(), "name": details.real_name.strip(), "club": details.club.strip(),
              "city": details.city.strip(), "team": details.team.strip()}
    fields = {"nickname": "nickname", "name": "real_name", "club": "club", "city": "city", "team": "team"}
    for column, value in values.items():
        if forbidden_character(value) is not None:
            raise SignUpRefused(fields[column], _("Contains an invisible or control character; type it again."))
        if len(value) > MAX_LENGTHS[column]:
            raise SignUpRefused(fields[column], _("Longer than %(limit)s characters.") % {"limit": MAX_LENGTHS[column]})
    if not values["nickname"]:
        raise SignUpRefused("nickname", _("Give your nickname."))
    return Details(values["nickname"], values["name"], values["club"], values["city"], values["team"])


def _player_for(user, details: Details) -> tuple[Player | None, Player | None]:
    """(his player, or None; the stored look-alike the organisers must decide on, or None)."""
    own = Player.objects.filter(user=user).first()
    if own is not None:
        return own, None
    found = _matching_players(details.nickname)
    if any(p.user_id is not None for p in found):
        raise SignUpRefused("nickname", _(
            "A player with this nickname has an account of his own: log in with it, or choose another nickname."))
    if found:
        return None, found[0]
    club = ClubsByName().get_or_create(details.club, details.city) if details.club else None
    player = Player.objects.create(nickname=details.nickname, real_name=details.real_name, city=details.city,
                                   club=club, user=user)
    return player, None


@transaction.atomic
def sign_up(*, tournament: Tournament, user, details: Details, now=None) -> SignUp:
    """Sign `user` up (see the module): confirmed, waitlisted or waiting for the organisers."""
    tournament = _locked(tournament.pk)
    if signup_state(tournament, now) != "open":
        raise SignUpRefused("", _("Sign-up for this tournament is not open."))
    details = _clean(details)
    if tournament.team_size is not None:
        if not details.team:
            raise SignUpRefused("team", _("Name your team."))
        if _full(tournament, team_named(tournament, details.team)):
            raise SignUpRefused("team", _("This team has %(size)s players already.") % {"size": tournament.team_size})
    signup = SignUp.objects.filter(tournament=tournament, user=user).first()
    if signup is not None and signup.status in LIVE:
        raise SignUpRefused("", _("You have signed up already."))
    player, look_alike = _player_for(user, details)
    if player is not None and Registration.objects.filter(tournament=tournament, player=player, withdrawn=False).exists():
        raise SignUpRefused("", _("You are registered already."))
    if signup is None:
        signup = SignUp(tournament=tournament, user=user)
    signup.player, signup.look_alike = player, look_alike
    signup.nickname, signup.real_name, signup.club, signup.city = (
        details.nickname, details.real_name, details.club, details.city)
    signup.team_name = details.team if tournament.team_size is not None else ""
    signup.created_at = signup.changed_at = timezone.now()  # a new sign-up goes to the end of the line
    signup.status = SignUpStatus.PENDING
    signup.save()
    if look_alike is not None or tournament.signup_approval:
        _tell(signup, "pending")
    else:
        _place_or_waitlist(tournament, signup, "confirmed")
    return signup


@transaction.atomic
def withdraw(signup: SignUp, *, by) -> list[SignUp]:
    """Withdraw the sign-up; a confirmed one frees its place (the registration is deleted, or
    marked withdrawn once he has a seat) for the waitlist. Returns the sign-ups promoted."""
    tournament = _locked(signup.tournament_id)
    signup = SignUp.objects.select_for_update().get(pk=signup.pk)
    if signup.status not in LIVE:
        return []
    was_confirmed = signup.status == SignUpStatus.CONFIRMED
    if was_confirmed and signup.player_id:
        registration = Registration.objects.filter(tournament=tournament, player_id=signup.player_id).first()
        if registration is not None:
            if registration.player.seats.filter(game__stage__tournament=tournament).exists():
                registration.withdrawn = True
                registration.save(update_fields=["withdrawn"])
            else:
                registration.delete()
            publish(RegistrationsChanged(tournament_id=tournament.pk))
    _set(signup, SignUpStatus.WITHDRAWN, "withdrawn")
    if by is not None and by != signup.user:
        record(by, "signup_withdrawn", tournament=tournament, target=signup)
    return _promote(tournament) if was_confirmed else []


@transaction.atomic
def approve(signup: SignUp, *, by) -> SignUp:
    """The organisers accept a waiting sign-up: a look-alike becomes his account's player."""
    tournament = _locked(signup.tournament_id)
    signup = SignUp.objects.select_for_update().get(pk=signup.pk)
    if signup.status != SignUpStatus.PENDING:
        raise SignUpRefused("", _("Only a sign-up awaiting the organisers can be approved."))
    if signup.player is None:
        player = signup.look_alike
        if player is None:
            raise SignUpRefused("", _("The stored player this sign-up named is gone: decline it."))
        if player.user_id is not None and player.user_id != signup.user_id:
            raise SignUpRefused("", _("This player has an account of his own now: decline the sign-up."))
        if Player.objects.filter(user=signup.user).exclude(pk=player.pk).exists():
            raise SignUpRefused("", _("This account has a player already: decline the sign-up."))
        player.user = signup.user
        player.save(update_fields=["user"])
        signup.player = player
    if Registration.objects.filter(tournament=tournament, player=signup.player, withdrawn=False).exists():
        raise SignUpRefused("", _("This player is registered already."))
    _place_or_waitlist(tournament, signup, "approved")
    record(by, "signup_approved", tournament=tournament, target=signup)
    return signup


@transaction.atomic
def decline(signup: SignUp, *, by) -> SignUp:
    tournament = _locked(signup.tournament_id)
    signup = SignUp.objects.select_for_update().get(pk=signup.pk)
    if signup.status not in (SignUpStatus.PENDING, SignUpStatus.WAITLISTED):
        raise SignUpRefused("", _("Only a sign-up awaiting the organisers or on the waitlist can be declined."))
    _set(signup, SignUpStatus.DECLINED, "declined")
    record(by, "signup_declined", tournament=tournament, target=signup)
    return signup


def _promote(tournament: Tournament) -> list[SignUp]:
    promoted = []
    for signup in SignUp.objects.filter(tournament=tournament, status=SignUpStatus.WAITLISTED).order_by("created_at", "pk"):
        if not has_place(tournament):
            break
        if Registration.objects.filter(tournament=tournament, player=signup.player, withdrawn=False).exists():
            continue
        _register(tournament, signup.player, signup.team_name)
        _set(signup, SignUpStatus.CONFIRMED, "promoted")
        promoted.append(signup)
    return promoted


@transaction.atomic
def promote(tournament: Tournament) -> list[SignUp]:
    """Move the waitlist into the places free (after a withdrawal, or more places)."""
    return _promote(_locked(tournament.pk))


@transaction.atomic
def set_paid(registration: Registration, paid: bool, *, by) -> None:
    Registration.objects.filter(pk=registration.pk).update(paid=paid)
    record(by, "fee_paid" if paid else "fee_unpaid", tournament=registration.tournament, target=registration)


@transaction.atomic
def check_in(registration: Registration, *, by, now=None) -> bool:
    """Mark him present; False when he was already. The player himself only within the window."""
    registration = Registration.objects.select_for_update().select_related("tournament", "player").get(pk=registration.pk)
    if registration.withdrawn:
        raise SignUpRefused("", _("This player has withdrawn."))
    if registration.checked_in_at is not None:
        return False
    if by is not None and getattr(by, "pk", None) == registration.player.user_id and \
            checkin_state(registration.tournament, now) != "open":
        raise SignUpRefused("", _("Check-in is not open."))
    registration.checked_in_at = now or timezone.now()
    registration.save(update_fields=["checked_in_at"])
    publish(RegistrationsChanged(tournament_id=registration.tournament_id))
    record(by, "checked_in", tournament=registration.tournament, target=registration)
    return True


@transaction.atomic
def undo_check_in(registration: Registration, *, by) -> None:
    Registration.objects.filter(pk=registration.pk).update(checked_in_at=None)
    publish(RegistrationsChanged(tournament_id=registration.tournament_id))
    record(by, "check_in_undone", tournament=registration.tournament, target=registration)


def no_shows(tournament: Tournament):
    """The registered players not checked in (of a tournament that uses check-in)."""
    return (Registration.objects.filter(tournament=tournament, withdrawn=False, checked_in_at__isnull=True)
            .select_related("player").order_by("number"))


def checkin_token(registration: Registration) -> str:
    """What his QR code at the door carries: his registration, signed (nobody makes one up)."""
    return signing.Signer(salt=_TOKEN_SALT).sign(f"{registration.tournament_id}.{registration.pk}")


def registration_of_token(tournament: Tournament, token: str) -> Registration | None:
    try:
        value = signing.Signer(salt=_TOKEN_SALT).unsign(token)
    except signing.BadSignature:
        return None
    tournament_id, _sep, pk = value.partition(".")
    if tournament_id != str(tournament.pk) or not pk.isdigit():
        return None
    return Registration.objects.filter(tournament=tournament, pk=int(pk)).select_related("player").first()
