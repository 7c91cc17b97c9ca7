import datetime

from django.core.management.base import BaseCommand
from django.utils import timezone

from demo.builder import Cast, add_demo_roles, build_tournament, deal_unplayed_roles
from engines.seating.generator import default_iterations
from ratings.models import RatingSettings
from ratings.recompute import recompute as recompute_rating
from scoring.recompute import recompute
from tournaments.models import Player, Publication, Registration, Tournament

DEMO_SLUG = "demo"
PLAYERS, QUALIFYING_ROUNDS = 20, 8
# a finished tournament of the same players earlier in the year, with a category: the season's
# points and the rating have something to show on a fresh demo
FINISHED_SLUG = "demo-autumn"
FINISHED_ROUNDS, FINISHED_FINAL, FINISHED_STARS = 6, 2, 2
# a tournament in a fortnight with its sign-up open: two of its twenty places are free, the rest
# is the waitlist; check-in opens on its first morning
UPCOMING_SLUG, UPCOMING_PLACES, UPCOMING_REGISTERED = "demo-spring", 20, 18


def finished_tournament():
    """The demo's finished tournament (idempotent, as build_tournament is)."""
    existed = Tournament.objects.filter(slug=FINISHED_SLUG).first()
    if existed is not None:
        return existed
    tournament = build_tournament(FINISHED_SLUG, name="Осенний кубок клуба «Волга» (демо)", players=PLAYERS,
                                  qualifying_rounds=FINISHED_ROUNDS, final_games=FINISHED_FINAL, seed=7, versions=True)
    today = timezone.localdate()
    start = max(datetime.date(today.year, 1, 1), today - datetime.timedelta(days=30))  # the same season as the demo
    Tournament.objects.filter(pk=tournament.pk).update(start_date=start, end_date=start + datetime.timedelta(days=1),
                                                        publication=Publication.FINISHED)
    RatingSettings.objects.update_or_create(tournament=tournament, defaults={"stars": FINISHED_STARS})
    return Tournament.objects.get(pk=tournament.pk)


def upcoming_tournament():
    """The demo's tournament to sign up for (idempotent)."""
    existed = Tournament.objects.filter(slug=UPCOMING_SLUG).first()
    if existed is not None:
        return existed
    now = timezone.now()
    start = timezone.localdate() + datetime.timedelta(days=14)
    morning = timezone.make_aware(datetime.datetime.combine(start, datetime.time(9, 0)))
    tournament = Tournament.objects.create(
        slug=UPCOMING_SLUG, name="Весенний кубок (демо, запись открыта)", city="Москва", start_date=start,
        end_date=start + datetime.timedelta(days=1), lot_seed=UPCOMING_SLUG, capacity=UPCOMING_PLACES, fee="1500 ₽",
        signup_opens_at=now - datetime.timedelta(days=1), signup_closes_at=morning,
        checkin_opens_at=morning - datetime.timedelta(hours=1), checkin_closes_at=morning + datetime.timedelta(hours=1))
    players = Player.objects.filter(registrations__tournament__slug=DEMO_SLUG).order_by("nickname")[:UPCOMING_REGISTERED]
    Registration.objects.bulk_create(Registration(tournament=tournament, player=player, number=n)
                                     for n, player in enumerate(players, start=1))
    return tournament


class Command(BaseCommand):
    help = ("Create the demo tournament (20 players, 2 tables, 8 qualifying rounds: 7 played and the last one seated "
            "for the judges to enter), with a login for every role and a protest waiting on the desk, and a finished "
            "tournament of the same players earlier in the year for the ratings and the season. Idempotent.")

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000, help="the port the printed addresses name (make run PORT=...)")
        parser.add_argument("--reset", action="store_true",
                            help="delete the demo's tournaments first and build them again: the last round unplayed "
                                 "once more, for another rehearsal (make demo RESET=1)")

    def handle(self, *args, **options):
        if options["reset"]:
            # their games, seats, protocols, logs and protests go with them; the players stay
            # (the same nicknames come back) and the rating is recomputed below
            demos = Tournament.objects.filter(slug__in=(DEMO_SLUG, FINISHED_SLUG, UPCOMING_SLUG))
            deleted = demos.delete()[1].get("tournaments.Tournament", 0)
            self.stdout.write(f"Deleted the demo's {deleted} tournaments, to build them again.")
        existed = Tournament.objects.filter(slug=DEMO_SLUG).exists()
        cast = Cast()
        # The seating the admin would give by default: one search of the default budget (a larger
        # budget runs the default one first and then its own, twice the time for the same quality here).
        tournament = build_tournament(
            DEMO_SLUG, name="Кубок Москвы по спортивной мафии (демо)", cast=cast, players=PLAYERS,
            qualifying_rounds=QUALIFYING_ROUNDS, seating_moves=default_iterations(PLAYERS, QUALIFYING_ROUNDS),
            final_games=0, unplayed_rounds=1, versions=True,
        )
        finished = finished_tournament()
        recompute(finished.pk)
        upcoming = upcoming_tournament()
        player = add_demo_roles(tournament, cast)
        deal_unplayed_roles(tournament)  # the last round's cards are dealt: its judges may run it on the console
        # The standings pages read a stored snapshot: make sure there is one (a no-op if the
        # job that the tournament's creation enqueued has already stored it).
        recompute(tournament.pk)
        recompute_rating(force=True)  # the rating over both tournaments' games (bulk rows sent no event)
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
        write(f"Public standings: {site}/t/{tournament.slug}/ (and a finished tournament: {site}/t/{finished.slug}/)")
        write(f"Ratings: {site}/ratings/ and the season's points {site}/ratings/season/")
        write(f"Sign-up (two places left, then the waitlist): {site}/t/{upcoming.slug}/signup/; "
              f"the organisers' check-in list: {site}/desk/{upcoming.slug}/check-in/")
        write(tournament.slug)
