"""The explanations and the document of a snapshot kept as PostgreSQL `json` rather than `jsonb`
(scoring.models.StoredJSONField: nothing queries inside them, and the conversion cost a third of
storing a large snapshot). Other databases: unchanged."""

import scoring.models
from django.db import migrations


class Migration(migrations.Migration):

    replaces = [("snapshots", "0009_explanation_stored_as_json")]  # the app's label was "snapshots"; see 0010
    dependencies = [
        ('scoring', '0008_explanation_lines_with_codes'),
    ]

    operations = [
        migrations.AlterField(
            model_name='playerstanding',
            name='explanation',
            field=scoring.models.StoredJSONField(default=list, help_text='Per game: [number, seat, role, [[component, clause, cents, code, params], ...]] (engines/scoring/explain.py).', verbose_name='explanation'),
        ),
        migrations.AlterField(
            model_name='standingssnapshot',
            name='document',
            field=scoring.models.StoredJSONField(default=dict, help_text='The mafia-standings/1 document.', verbose_name='document'),
        ),
    ]
