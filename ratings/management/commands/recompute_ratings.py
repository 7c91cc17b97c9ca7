from django.core.management.base import BaseCommand

from ratings.recompute import current_snapshot, recompute


class Command(BaseCommand):
    help = ("Recompute the rating of every rated game now, in this process, and store a new snapshot "
            "(--incremental: apply only the games after the last rated one when nothing else changed).")

    def add_arguments(self, parser):
        parser.add_argument("--incremental", action="store_true",
                            help="resume from the stored state when only later games were signed off")

    def handle(self, *args, incremental=False, **options):
        if incremental:
            from ratings.models import RatingState

            RatingState.raise_requested()
            version = recompute()
        else:
            version = recompute(force=True)
        snapshot = current_snapshot()
        self.stdout.write(f"rating stored as version {version}: {snapshot.games} games, {snapshot.players} players")
