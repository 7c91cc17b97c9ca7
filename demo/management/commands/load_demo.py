from django.core.management.base import BaseCommand

from demo.builder import Cast, build_tournament
from scoring.recompute import recompute
from seating.core.generator import default_iterations
from tournaments.models import Tournament

DEMO_SLUG = "demo"
PLAYERS, QUALIFYING_ROUNDS = 20, 8


class Command(BaseCommand):
    help = ("Create the demo tournament (20 players, 2 tables, 8 qualifying rounds: 7 played and the last one seated "
            "for the judges to enter). Idempotent.")

    def handle(self, *args, **options):
        existed = Tournament.objects.filter(slug=DEMO_SLUG).exists()
        cast = Cast()
        # The seating the admin would give by default: one search of the default budget (a larger
        # budget runs the default one first and then its own, twice the time for the same quality here).
        tournament = build_tournament(
            DEMO_SLUG, name="Кубок Москвы по спортивной мафии (демо)", cast=cast, players=PLAYERS,
            qualifying_rounds=QUALIFYING_ROUNDS, seating_moves=default_iterations(PLAYERS, QUALIFYING_ROUNDS),
            final_games=0, unplayed_rounds=1, versions=True,
        )
        # The standings pages read a stored snapshot: make sure there is one (a no-op if the
        # job that the tournament's creation enqueued has already stored it).
        recompute(tournament.pk)
        self.stdout.write(("The demo tournament was already there: " if existed else "Created the demo tournament: ") + tournament.slug)
        self.stdout.write(f"Admin: http://127.0.0.1:8000/admin/  user {cast.admin[0]}  password {cast.admin[1]}")
        self.stdout.write(f"Chief judge: user {cast.chief[0]}  password {cast.chief[1]}")
        self.stdout.write(f"Table judges: users judge1, judge2  password {cast.judge_password}"
                          " (the last qualifying round is theirs to enter: http://127.0.0.1:8000/judge/)")
        self.stdout.write(f"Public standings: http://127.0.0.1:8000/t/{tournament.slug}/")
        self.stdout.write(tournament.slug)
