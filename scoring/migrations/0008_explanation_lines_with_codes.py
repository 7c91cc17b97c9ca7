"""Every stored explanation line has five items, [component, clause, cents, code, params]
(scoring/selectors.py decodes no other shape). A line stored before codes existed,
[component, clause, cents, English note], becomes [component, clause, cents, "", {}]: shown
without its note, as the pages showed it, until the next recompute rewrites the snapshot
(0005 asked every tournament for one)."""
from django.db import migrations

BATCH = 500


def _rewritten(explanation):
    changed = False
    games = []
    for number, seat, role, lines in explanation or []:
        fixed = []
        for line in lines:
            if len(line) < 5:
                line, changed = [*line[:3], "", {}], True
            fixed.append(line)
        games.append([number, seat, role, fixed])
    return games if changed else None


def give_old_lines_a_code(apps, schema_editor):
    PlayerStanding = apps.get_model("scoring", "PlayerStanding")
    pending = []
    for pk, explanation in PlayerStanding.objects.values_list("pk", "explanation").iterator(chunk_size=BATCH):
        games = _rewritten(explanation)
        if games is not None:
            pending.append(PlayerStanding(pk=pk, explanation=games))
        if len(pending) >= BATCH:
            PlayerStanding.objects.bulk_update(pending, ["explanation"])
            pending = []
    if pending:
        PlayerStanding.objects.bulk_update(pending, ["explanation"])


class Migration(migrations.Migration):
    replaces = [("snapshots", "0008_explanation_lines_with_codes")]  # the app's label was "snapshots"; see 0010
    dependencies = [
        ("scoring", "0007_registration_standing_mark"),
    ]

    operations = [migrations.RunPython(give_old_lines_a_code, migrations.RunPython.noop)]
