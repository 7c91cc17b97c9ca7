"""The judge's pages: their games (/judge/) and the protocol entry page (/judge/games/<pk>/).

Views stay thin: the page's forms hand their values to the entry pipeline (protocols/entry/), which
parses and reviews them; the services decide (permissions, validation, version lock).
"""
from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import web_push
from tournaments.models import Publication, SignUp, Tournament
from tournaments.permissions import (
    PermissionRefused,
    can_approve_extra,
    can_edit_protocol,
    can_file_protest,
    can_use_desk,
    can_view_protocol,
    is_chief_judge,
    is_game_judge,
    is_late,
    played_in,
    protest_deadline,
    visible_games,
    visible_tournaments,
)
from tournaments.signups import LIVE as LIVE_SIGNUPS

from .entry import draft_warnings, entry_from_game, players_for, review_parsed
from .forms import ProtocolForm
from .grid import grid_context
from .models import Game, GameStatus, Seat
from .presentation import change_text, person_name
from .protest_forms import ProtestForm
from .protests import file_protest
from .selectors import version_history, with_awaiting_approval
from .services import ProtocolConflict, ProtocolInvalid, save_protocol, sign_off


class LoginForm(AuthenticationForm):
    """A player who signed up logs in with his e-mail, which was stored in lower case: the address
    as he types it (ВОРОН@Mail.ru) finds his account. A login that exists as typed is taken as it is."""

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        if "@" in username and not get_user_model().objects.filter(username=username).exists():
            self.cleaned_data["username"] = username.lower()
        return super().clean()


class LoginView(auth_views.LoginView):
    template_name = "protocols/login.html"
    authentication_form = LoginForm

    def get_default_redirect_url(self):
        return reverse("protocols:my_games")


@login_required(login_url="protocols:login")
def my_games(request):
    """The games whose protocols this user may open (a table judge: their table's; the chief
    judge, the appeals commission and the organisers: the tournament's): first those still to be
    entered and signed off, then the signed-off ones, each flagged when an extra above 0.5 waits
    for the chief judge; and the games the user played, for a protest."""
    user = request.user
    games = (with_awaiting_approval(visible_games(user, Game.objects.all()))
             .select_related("tournament", "stage", "round", "table", "judge")
             .order_by("-tournament__start_date", "tournament_id", "stage__order", "round__number", "table__number", "number"))
    played = (Game.objects.filter(seats__player__user=user, status=GameStatus.SIGNED_OFF)
              .select_related("tournament", "stage", "round", "table").order_by("-signed_off_at")[:20])
    desks = [t for t in visible_tournaments(user, Tournament.objects.select_related("chief_judge")) if can_use_desk(user, t)]
    # where the player sits next (a draft's seating is its organisers' until it is published)
    seats = (Seat.objects.filter(player__user=user).exclude(game__status=GameStatus.SIGNED_OFF)
             .exclude(game__tournament__publication=Publication.DRAFT)
             .select_related("game__tournament", "game__stage", "game__round", "game__table")
             .order_by("game__tournament__start_date", "game__tournament_id", "game__stage__order", "game__round__number",
                       "game__table__number")[:30])
    signups = (SignUp.objects.filter(user=user, status__in=LIVE_SIGNUPS).select_related("tournament")
               .order_by("tournament__start_date"))
    return render(request, "protocols/my_games.html", {
        "my_seats": seats,
        "my_signups": signups,
        "push_key": settings.WEB_PUSH_VAPID_PUBLIC_KEY if web_push.enabled() else "",
        "to_enter": games.exclude(status=GameStatus.SIGNED_OFF)[:500],
        "signed": games.filter(status=GameStatus.SIGNED_OFF)[:500],
        "desks": desks,
        "who": person_name(user),
        "played": [{"game": g, "can_protest": not is_late(g)} for g in played],
    })


def _game(pk):
    return get_object_or_404(
        Game.objects.select_related("tournament__chief_judge", "stage", "round", "table", "judge", "signed_off_by"), pk=pk,
    )


@login_required(login_url="protocols:login")
def game_entry(request, pk: int):
    game = _game(pk)
    if not can_view_protocol(request.user, game):
        return render(request, "protocols/denied.html", {
            "game": game, "message": _("Only the judge of this game's table or the chief judge may open this protocol."),
        }, status=403)
    stored = entry_from_game(game)
    players = players_for(game, stored)
    may_approve = can_approve_extra(request.user, game)
    ruleset = game.tournament.ruleset
    problems, warnings, conflict, reason = [], [], None, ""
    posted = request.POST if request.method == "POST" else None
    form = ProtocolForm(posted, base=stored, players=players, may_approve=may_approve, ruleset=ruleset)
    if posted is not None:
        reason = (request.POST.get("reason") or "").strip()  # services.text_problems refuses one too long
        try:
            expected = int(request.POST.get("version", ""))
        except ValueError:
            expected = 0
        if not 0 < expected < 2**31:
            expected = 0  # no version was ever 0: a conflict, never a database error
        action = request.POST.get("action")
        # "sign_off_ask" is the sign-off button without the page's script: the server asks first.
        signing = action in ("sign_off", SIGN_OFF_ASK)
        review = review_parsed(form.entry, form.problems, game=game, stored=stored, signing=signing, reason=reason)
        problems, warnings = review.errors, review.warnings
        if action == SIGN_OFF_ASK and not game.is_signed_off and not problems:
            context = _context(request, game, form, [], [], None, reason)
            context["confirm_sign_off"] = True
            return render(request, "protocols/game_entry.html", context)
        if not problems:
            service = sign_off if signing else save_protocol
            try:
                service(game=game, user=request.user, entry=form.entry, expected_version=expected, reason=reason)
            except PermissionRefused as exc:
                return render(request, "protocols/denied.html", {"game": game, "message": str(exc)}, status=403)
            except ProtocolConflict as exc:
                conflict = exc
                game = _game(pk)
            except ProtocolInvalid as exc:
                problems = exc.problems
            else:
                game.refresh_from_db()
                messages.success(request, _("Protocol signed off.") if game.is_signed_off and service is sign_off
                                 else _("Protocol saved (version %(v)s).") % {"v": game.version})
                return HttpResponseRedirect(reverse("protocols:game", args=[game.pk]))
    else:
        warnings = draft_warnings(entry=stored, game=game)
    context = _context(request, game, form, problems, warnings, conflict, reason)
    return render(request, "protocols/game_entry.html", context, status=200 if not (problems or conflict) else 422)


SIGN_OFF_ASK = "sign_off_ask"


def _context(request, game, form: ProtocolForm, problems, warnings, conflict, reason):
    user = request.user
    return {
        **grid_context(user, game, form, problems, warnings),
        "conflict": conflict, "reason": reason,
        "conflict_changes": [change_text(c) for c in conflict.changes] if conflict else [],
        "editable": can_edit_protocol(user, game),
        "is_chief": is_chief_judge(user, game.tournament), "needs_reason": game.is_signed_off,
        "history": version_history(game),
        "signed_off_by_name": person_name(game.signed_off_by),
        "protests": list(game.protests.select_related("player", "decided_by")),
        "can_protest": can_file_protest(user, game) and (not is_late(game) or is_chief_judge(user, game.tournament)),
        "protest_deadline": protest_deadline(game),
    }


@login_required(login_url="protocols:login")
def protest_new(request, pk: int):
    """File a protest on a signed-off game: its judge or one of its players, within ten minutes
    of the sign-off; after that the chief judge, with a reason."""
    game = _game(pk)
    user = request.user
    if not can_file_protest(user, game):
        if not game.is_signed_off and (is_game_judge(user, game) or played_in(user, game) or is_chief_judge(user, game.tournament)):
            message = _("This game is not signed off yet: a protest is filed after the sign-off, within ten minutes of it.")
        else:
            message = _("Only the judge of the game or a player who played it may file a protest.")
        return render(request, "protocols/denied.html", {"game": game, "message": message}, status=403)
    late = is_late(game)
    seats = list(game.seats.order_by("number").values_list("number", "player_id", "player__nickname"))
    own = getattr(getattr(user, "player", None), "pk", None)
    initial = {"player": own} if any(pk == own for _n, pk, _nick in seats) else {}
    form = ProtestForm(request.POST or None, seats=seats, late=late, initial=initial)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                file_protest(game=game, user=user, player_id=data["player"], point=data["point"], seat=data["seat"],
                             text=data["text"], late_reason=data.get("late_reason", ""))
            except PermissionRefused as exc:
                form.add_error(None, str(exc))
            except ProtocolInvalid as exc:
                form.add_problems(exc.problems)
            else:
                messages.success(request, _("The protest is filed; the chief judge decides it."))
                target = "protocols:game" if can_view_protocol(user, game) else "protocols:my_games"
                return HttpResponseRedirect(reverse(target, args=[game.pk] if target == "protocols:game" else []))
        status = 422
    to_game = can_view_protocol(user, game)
    return render(request, "protocols/protest_form.html", {
        "game": game, "form": form, "late": late, "deadline": protest_deadline(game),
        "back_url": reverse("protocols:game", args=[game.pk]) if to_game else reverse("protocols:my_games"),
        "back_label": _("Back to the protocol") if to_game else _("My games"),
    }, status=status)
