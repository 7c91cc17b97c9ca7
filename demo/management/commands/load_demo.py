from django.core.management.base import BaseCommand

from demo.builder import Cast, add_demo_roles, build_tournament, deal_unplayed_roles
from engines.seating.generator import default_iterations
from scoring.recompute import recompute
from tournaments.models import Tournament

DEMO_SLUG = "demo"
PLAYERS, QUALIFYING_ROUNDS = 20, 8


class Command(BaseCommand):
    help = ("Create the demo tournament (20 players, 2 tables, 8 qualifying rounds: 7 played and the last one seated "
            "for the judges to enter), with a login for every role and a protest waiting on the desk. Idempotent.")

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000, help="the port the printed addresses name (make run PORT=...)")

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
        player = add_demo_roles(tournament, cast)
        deal_unplayed_roles(tournament)  # the last round's cards are dealt: its judges may run it on the console
        # The standings pages read a stored snapshot: make sure there is one (a no-op if the
        # job that the tournament's creation enqueued has already stored it).
        recompute(tournament.pk)
        site = f"http://127.0.0.1:{options['port']}"
        write = self.stdout.write
        write(("The demo tournament was already there: " if existed else "Created the demo tournament: ") + tournament.slug)
        write(f"Admin (superuser): {site}/admin/  user {cast.admin[0]}  password {cast.admin[1]}")
        write(f"Organiser of the demo: {site}/admin/  user {cast.organiser[0]}  password {cast.organiser[1]}")
        write(f"Chief judge: {site}/judge/ and the desk {site}/desk/{tournament.slug}/ (a protest waits there)"
              f"  user {cast.chief[0]}  password {cast.chief[1]}")
        write(f"Table judges: {site}/judge/  users judge1, judge2  password {cast.judge_password}"
              " (the last qualifying round is theirs to run on the console or to enter)")
        write(f"Player {player.nickname}: {site}/judge/  user {cast.player[0]}  password {cast.player[1]}"
              " (may file a protest on their last game for ten minutes after this command)")
        write(f"Public standings: {site}/t/{tournament.slug}/")
        write(tournament.slug)
