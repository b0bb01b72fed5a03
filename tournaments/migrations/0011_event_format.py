from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0010_brackets'),
    ]

    operations = [
        migrations.AddField(
            model_name='event',
            name='format',
            field=models.CharField(choices=[('rotation', 'Seat rotation'), ('kings', "King's table"), ('swiss', 'Swiss')], default='rotation', help_text="Seat rotation plans every round at once; king's table and Swiss form each round from the results of the round before.", max_length=10),
        ),
    ]
