"""manage.py import_games --format polemica|mafiaratings FILE... : a club's history from another
platform into draft tournaments (protocols/foreign; docs/foreign-games.md)."""
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from protocols.foreign.importer import READERS, NotStored, plan, store


class Command(BaseCommand):
    help = ("Import game records kept on Polemica or mafiaratings into draft tournaments. A file with a record that "
            "cannot be read is refused whole (its file, game and field named); players are matched by nickname, and "
            "a look-alike name is a question answered with --same or --new before anything is stored.")

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE")
        parser.add_argument("--format", required=True, choices=sorted(READERS))
        parser.add_argument("--tournament", default="", help="the tournament's name (Polemica's records name none)")
        parser.add_argument("--same", action="append", default=[], metavar="NAME=NICKNAME",
                            help="the record's NAME is our player NICKNAME")
        parser.add_argument("--new", action="append", default=[], metavar="NAME", help="the record's NAME is a new player")
        parser.add_argument("--dry-run", action="store_true", help="show what would be imported, store nothing")

    def handle(self, *args, **o):
        # The server operator's tool, worded in English throughout as Django's own commands are
        # (the records' refusals are translated for the admin page; here they match the rest).
        with translation.override("en"):
            self._handle(**o)

    def _handle(self, **o):
        same = {}
        for pair in o["same"]:
            name, sep, nickname = pair.partition("=")
            if not sep or not name.strip() or not nickname.strip():
                raise CommandError(f"--same {pair!r}: write NAME=NICKNAME")
            same[name.strip()] = nickname.strip()
        p = plan(o["format"], [(f, None) for f in o["files"]], tournament_name=o["tournament"].strip(), same=same,
                 new={n.strip() for n in o["new"]})
        write = self.stdout.write
        for why in p.refused:
            self.stderr.write(f"refused, nothing of it imported: {why}")
        for key, games in p.tournaments.items():
            write(f"tournament {p.names[key]!r}: {len(games)} games, "
                  f"{min(g.played_on for g in games)} to {max(g.played_on for g in games)}")
        write(f"players: {len(p.matched)} matched to ours, {len(p.new_players)} new")
        for name, nickname in sorted(p.matched.items()):
            if name != nickname:
                write(f"  {name} = {nickname}")
        for note in p.notes:
            write(f"left out: {note}")
        for q in p.questions:
            self.stderr.write(f"question: {_question(q)}")
        if p.questions:
            raise CommandError(f"{len(p.questions)} question(s) open: nothing imported")
        if o["dry_run"] or not p.tournaments:
            if p.refused:
                raise CommandError(f"{len(p.refused)} refused")
            return
        try:
            stored = store(o["format"], p)
        except NotStored as e:
            raise CommandError("nothing imported: " + "; ".join(e.args[0])) from None
        for tournament in stored:
            write(f"imported as a draft: {tournament.name} (/admin/tournaments/tournament/{tournament.pk}/change/)")
        if p.refused:
            raise CommandError(f"{len(p.refused)} refused; the rest is imported")


def _question(q) -> str:
    two = " (two people of the records have this name)" if q.several else ""
    split = ("--new '{n}' if they are different people (the first keeps the name where it is free, each other "
             "gets his platform's id beside it)" if q.several else "--new '{n}' if he is another person").format(n=q.name)
    if q.why == "look-alike":
        ours = " or ".join(repr(c) for c in q.candidates)
        return f"is {q.name!r} our {ours}?{two} answer --same '{q.name}={q.candidates[0]}' or {split}"
    if q.why == "two people":
        return f"two people of the records are called {q.name!r}: answer --same '{q.name}={q.name}' if they are one person, or {split}"
    if q.why == "another account":
        return (f"our {q.name!r} came from another account of the platform: answer --same '{q.name}={q.name}' if this "
                f"one is him too, or {split}")
    return f"{q.name!r}: {q.why}"
