from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0011_action_players_merged'),
    ]

    operations = [
        migrations.AlterField(
            model_name='actionlog',
            name='action',
            field=models.CharField(choices=[('sign_off', 'Protocol signed off'), ('amend', 'Protocol amended'), ('approve_extra', 'Extra points approved'), ('protest_filed', 'Protest filed'), ('protest_accepted_late', 'Late protest accepted'), ('protest_decided', 'Protest decided'), ('replay_ordered', 'Replay ordered'), ('player_excluded', 'Player excluded'), ('seating_saved', 'Seating saved'), ('seats_swapped', 'Players swapped'), ('reseated', 'Stage reseated'), ('players_merged', 'Players merged'), ('console_taken_over', 'Console taken over'), ('console_handed_back', 'Console handed back')], max_length=32, verbose_name='action'),
        ),
    ]
