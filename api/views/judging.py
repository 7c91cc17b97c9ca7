"""The judges' side: protocols, sign-off, approval of extras, protests and their decisions.

Every change goes through the services the pages use (protocols/services.py, protocols/protests.py)
and so through the one permission model: a table judge touches only their own table's games and
only until the sign-off; the chief judge amends with a reason, approves extras and decides
protests (with the appeals commission). A stale write gets a 409 with the other side's change."""
from __future__ import annotations

import re

from django.db.models import Q
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, generics, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from protocols.entry import entry_from_game, parse_entry, players_for
from protocols.models import Game, Protest
from protocols.protests import decide_protest, file_protest
from protocols.services import ProtocolInvalid, approve_extra, save_protocol, sign_off
from tournaments.permissions import (
    PermissionRefused,
    can_approve_extra,
    can_edit_protocol,
    can_see_roles,
    can_view_protocol,
    check_decide_protest,
    check_edit_protocol,
    check_file_protest,
    visible_games,
)

from ..filters import JudgeGameFilter, ProtestFilter
from ..schema import examples, judge_errors
from ..serializers import judging as j
from ..serializers import protocol as p
from ..serializers.public import ProtestSerializer
from .base import ApiMixin

MAX_VERSION = 2**31 - 1
IF_MATCH = OpenApiParameter("If-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
                            description='The version the change is based on, as the protocol\'s ETag ("3"); '
                                        "instead of `version` in the body.")


def _games():
    return Game.objects.select_related("tournament__chief_judge", "stage", "round", "table", "judge", "replay_of__stage",
                                       "replay_of__round", "replay_of__table")


def game_ref(user, game) -> dict:
    return {
        "id": game.pk, "tournament": game.tournament.slug, "number": game.number, "stage": game.stage.kind,
        "round": game.round.number, "table": game.table.number, "judge": game.judge.name if game.judge_id else None,
        "status": game.status, "version": game.version, "signed_off_at": game.signed_off_at,
        "can_edit": can_edit_protocol(user, game), "can_approve_extra": can_approve_extra(user, game),
    }


def protocol_body(user, game) -> dict:
    body = {**game_ref(user, game), **p.entry_data(entry_from_game(game))}
    if not can_see_roles(user, game):
        for seat in body["seats"]:
            seat["role"] = None
    return body


def protocol_response(user, game, status_code=200) -> Response:
    response = Response(j.ProtocolSerializer(protocol_body(user, game)).data, status=status_code)
    response["ETag"] = f'"{game.version}"'
    return response


def expected_version(request, data: dict) -> int:
    """The version a change is based on: If-Match, else `version` in the body. A value no version
    ever had is a stale write (409), as on the entry page."""
    header = request.headers.get("If-Match")
    if header is not None:
        m = re.fullmatch(r'\s*(?:W/)?"?(\d{1,12})"?\s*', header)
        value = int(m.group(1)) if m else 0
    elif data.get("version") is not None:
        value = data["version"]
    else:
        raise exceptions.ValidationError({"version": [exceptions.ErrorDetail(
            _("Send the version the change is based on (the field or If-Match)."), code="required")]})
    return value if 0 < value <= MAX_VERSION else 0


class JudgeMixin(ApiMixin):
    permission_classes = [IsAuthenticated]

    def game(self, pk: int, *, check=can_view_protocol) -> Game:
        game = get_object_or_404(_games(), pk=pk)
        if not check(self.request.user, game):
            raise PermissionRefused(_("Only the judge of this game's table or the chief judge may open this protocol."))
        return game

    def entry(self, game, data):
        """The posted entry (the plain mapping the serializer typed) through the entry pipeline's
        parse, over the game's players; the values it cannot take as a 400. The services run the
        storable and rule checks as for the page."""
        stored = entry_from_game(game)
        entry, problems = parse_entry(data, base=stored, players=players_for(game, stored),
                                      may_approve=can_approve_extra(self.request.user, game))
        if problems:
            raise ProtocolInvalid(problems)
        return entry


@extend_schema(tags=["protocols"], responses=judge_errors(j.GameRefSerializer(many=True), paged=True), examples=examples("protocols"))
class ProtocolList(JudgeMixin, generics.ListAPIView):
    """The games whose protocols you may open: a table judge their table's, the chief judge, the
    appeals commission and the organisers their tournament's."""

    serializer_class = j.GameRefSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_class = JudgeGameFilter

    def get_queryset(self):
        return visible_games(self.request.user, _games()).order_by(
            "-tournament__start_date", "tournament_id", "stage__order", "round__number", "table__number", "number")

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response([game_ref(request.user, g) for g in page])


class ProtocolDetail(JudgeMixin, generics.GenericAPIView):
    serializer_class = j.ProtocolSerializer
    queryset = Game.objects.none()
    problem_fields = {"reason": "reason"}

    @extend_schema(tags=["protocols"], responses=judge_errors(j.ProtocolSerializer, 403, 404), examples=examples("protocol"))
    def get(self, request, pk):
        """A protocol as the entry page holds it, with its version (also the ETag)."""
        return protocol_response(request.user, self.game(pk))

    @extend_schema(tags=["protocols"], request=p.ProtocolInput, parameters=[IF_MATCH],
                   responses=judge_errors(j.ProtocolSerializer, 400, 403, 404, 409, 415),
                   examples=examples("protocol_input", "protocol"))
    def put(self, request, pk):
        """Save the protocol (a draft before the sign-off; after it, an amendment by the chief judge with
        a `reason`). Checked as the entry page checks it; a stale `version` gets a 409."""
        game = self.game(pk)
        check_edit_protocol(request.user, game)
        data = p.ProtocolInput(data=request.data)
        data.is_valid(raise_exception=True)
        version = expected_version(request, data.validated_data)
        entry = self.entry(game, data.validated_data)
        game = save_protocol(game=game, user=request.user, entry=entry, expected_version=version,
                             reason=data.validated_data["reason"].strip())
        return protocol_response(request.user, self.game(pk))


class SignOff(JudgeMixin, generics.GenericAPIView):
    serializer_class = j.ProtocolSerializer
    queryset = Game.objects.none()
    problem_fields = {"reason": "reason"}

    @property
    def problem_prefix(self):
        return "protocol." if isinstance(self.request.data, dict) and "protocol" in self.request.data else ""

    @extend_schema(tags=["protocols"], request=p.SignOffInput, parameters=[IF_MATCH],
                   responses=judge_errors(j.ProtocolSerializer, 400, 403, 404, 409, 415), examples=examples("sign_off"))
    def post(self, request, pk):
        """Sign the protocol off (9.11): the stored one, or `protocol` saved and signed in one step. The
        complete protocol is checked (roles, result, the day record against the result, 8.4, 8.5)."""
        game = self.game(pk)
        check_edit_protocol(request.user, game)
        data = p.SignOffInput(data=request.data)
        data.is_valid(raise_exception=True)
        version = expected_version(request, data.validated_data)
        entry = self.entry(game, data.validated_data["protocol"]) if "protocol" in data.validated_data else None
        sign_off(game=game, user=request.user, entry=entry, expected_version=version, reason=data.validated_data["reason"].strip())
        return protocol_response(request.user, self.game(pk))


class ApproveExtra(JudgeMixin, generics.GenericAPIView):
    serializer_class = j.ProtocolSerializer
    queryset = Game.objects.none()

    @extend_schema(tags=["protocols"], request=p.ApproveInput, parameters=[IF_MATCH],
                   responses=judge_errors(j.ProtocolSerializer, 400, 403, 404, 409, 415), examples=examples("approve"))
    def post(self, request, pk):
        """The chief judge approves one seat's extra points above 0.5 (8.4)."""
        game = self.game(pk, check=lambda user, g: can_view_protocol(user, g) or can_approve_extra(user, g))
        if not can_approve_extra(request.user, game):  # refused before the body is read: 403, never a 400
            raise PermissionRefused(_("Only the chief judge approves extra points above 0.5."))
        data = p.ApproveInput(data=request.data)
        data.is_valid(raise_exception=True)
        has_version = request.headers.get("If-Match") is not None or data.validated_data.get("version") is not None
        version = expected_version(request, data.validated_data) if has_version else None
        approve_extra(game=game, user=request.user, seat=data.validated_data["seat"], expected_version=version)
        return protocol_response(request.user, self.game(pk))


def _protests(user):
    """Protests on the games whose protocols the user may open, and those the user filed."""
    games = visible_games(user, Game.objects.all())
    return (Protest.objects.filter(Q(game__in=games) | Q(filed_by=user))
            .select_related("game__tournament__chief_judge", "game__judge", "player").order_by("-filed_at", "-id"))


class GameProtests(JudgeMixin, generics.GenericAPIView):
    serializer_class = ProtestSerializer
    queryset = Game.objects.none()
    problem_fields = {"player": "player_id", "point": "point", "seat": "seat", "text": "text", "late_reason": "late_reason"}

    @extend_schema(tags=["protests"], request=j.ProtestInput, responses=judge_errors(ProtestSerializer, 400, 403, 404, 415, ok=201),
                   examples=examples("protest_input"))
    def post(self, request, pk):
        """File a protest (8.9): a player of the game for themselves, or the game's judge for a player,
        within ten minutes of the sign-off; later only the chief judge, with `late_reason`."""
        game = get_object_or_404(_games(), pk=pk)
        check_file_protest(request.user, game)  # who may file is decided before the body is read
        data = j.ProtestInput(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        protest = file_protest(game=game, user=request.user, player_id=v["player_id"], point=v["point"], seat=v["seat"],
                               text=v["text"], late_reason=v["late_reason"])
        protest = _protests(request.user).filter(pk=protest.pk).first() or protest
        return Response(ProtestSerializer(protest).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["protests"], responses=judge_errors(ProtestSerializer(many=True), paged=True), examples=examples("protests"))
class ProtestList(JudgeMixin, generics.ListAPIView):
    """Protests on the games whose protocols you may open (and those you filed), newest first."""

    serializer_class = ProtestSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_class = ProtestFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema's generator
            return Protest.objects.none()
        return _protests(self.request.user)


class ProtestDecision(JudgeMixin, generics.GenericAPIView):
    serializer_class = ProtestSerializer
    queryset = Protest.objects.none()
    problem_fields = {"status": "status", "decision": "decision", "reason": "reason", "violator": "violator_seat",
                      "protocol": "protocol"}
    problem_prefix = "protocol."

    @extend_schema(tags=["protests"], request=j.DecisionInput, parameters=[IF_MATCH],
                   responses=judge_errors(ProtestSerializer, 400, 403, 404, 409, 415), examples=examples("decision"))
    def post(self, request, pk):
        """Decide a protest (the chief judge or the appeals commission, never the game's own judge):
        rejected; amended, with the amended protocol; or, under mafclub, a replay. A decided protest is
        decided again only with a `reason`."""
        protest = get_object_or_404(Protest.objects.select_related(
            "game__tournament__chief_judge", "game__stage", "game__round", "game__table", "game__judge", "player"), pk=pk)
        check_decide_protest(request.user, protest)
        data = j.DecisionInput(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        game = get_object_or_404(_games(), pk=protest.game_id)
        protest.game = game
        entry = self.entry(game, v["protocol"]) if "protocol" in v else None
        has_version = request.headers.get("If-Match") is not None or v.get("version") is not None
        decide_protest(protest=protest, user=request.user, status=v["status"], decision=v["decision"], reason=v["reason"],
                       entry=entry, expected_version=expected_version(request, v) if has_version else None,
                       violator_seat=v["violator_seat"])
        protest.refresh_from_db()
        return Response(ProtestSerializer(protest).data)
