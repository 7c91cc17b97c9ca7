"""The rating's update changed (the zero-sum projection no longer moves the side term,
engines/ratings/README.md): a stored model state was built by the old update, so resuming from
it would mix the two. The next recomputation reruns the whole history."""

from django.db import migrations


def mark_full(apps, schema_editor):
    apps.get_model("ratings", "RatingState").objects.update(full_needed=True)


class Migration(migrations.Migration):

    dependencies = [
        ('ratings', '0002_rating_state_resume'),
    ]

    operations = [
        migrations.RunPython(mark_full, migrations.RunPython.noop),
    ]
