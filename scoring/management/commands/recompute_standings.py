from django.core.management.base import BaseCommand, CommandError

from scoring.recompute import recompute
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Recompute a tournament's standings now, in this process, and store a new snapshot."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament with slug {slug!r}")
        version = recompute(tournament.pk, force=True)
        self.stdout.write(f"{slug}: standings stored as version {version}")
