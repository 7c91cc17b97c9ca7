from django.contrib.auth import authenticate
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, generics, parsers
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from ..parsers import JSONParser
from ..schema import examples, public_errors
from ..serializers.judging import TokenInput, TokenOutput
from ..throttling import TokenThrottle
from .base import ApiMixin


class ObtainToken(ApiMixin, generics.GenericAPIView):
    """A token for a judge's app: `Authorization: Token <token>` on every request after this one.
    The same token is returned until an administrator deletes it (admin: Auth Token)."""

    permission_classes = [AllowAny]
    authentication_classes = []
    throttle_classes = [TokenThrottle]
    serializer_class = TokenInput
    # JSON, or a form as `curl -d username=... -d password=...` sends it (every other operation takes JSON only)
    parser_classes = [JSONParser, parsers.FormParser]

    @extend_schema(tags=["auth"], request=TokenInput, responses=public_errors(TokenOutput, 415, auth=False), examples=examples("token"))
    def post(self, request):
        data = TokenInput(data=request.data)
        data.is_valid(raise_exception=True)
        # Django's own request, so that a lockout (django-axes) marks it and the middleware answers 429
        user = authenticate(request._request, username=data.validated_data["username"], password=data.validated_data["password"])
        if user is None or not user.is_active:
            raise exceptions.ValidationError({"password": [exceptions.ErrorDetail(
                _("Unable to log in with the username and password given."), code="authorization")]})
        token, _created = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})
