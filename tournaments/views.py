from django.views.generic import ListView

from .models import Tournament


class TournamentListView(ListView):
    """Public list of tournaments (the tournament page itself reads the standings snapshot)."""

    model = Tournament
    template_name = "tournaments/list.html"
    context_object_name = "tournaments"
