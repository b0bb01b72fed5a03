from django.db import migrations, models

import league.models.clubs

LANGUAGES = [
    ("en", "English"),
    ("ka", "ქართული"),
    ("ru", "Русский"),
    ("ko", "한국어"),
    ("bn", "বাংলা"),
    ("hi", "हिन्दी"),
    ("ne", "नेपाली"),
    ("fr", "Français"),
    ("nl", "Nederlands"),
]


class Migration(migrations.Migration):

    dependencies = [
        ("league", "0012_webhooks"),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="language",
            field=models.CharField(
                blank=True, choices=LANGUAGES, max_length=10,
                help_text="The language of the club's pages for visitors who chose none, and "
                          "of its printed cards and sheets. Empty: each visitor's own."),
        ),
        migrations.AddField(
            model_name="club",
            name="time_zone",
            field=models.CharField(
                default=league.models.clubs.server_time_zone, max_length=64,
                validators=[league.models.clubs.validate_time_zone],
                help_text="The club's nights are shown in this zone (an IANA name, e.g. "
                          "Europe/Paris)."),
        ),
        migrations.AddField(
            model_name="player",
            name="language",
            field=models.CharField(
                blank=True, choices=LANGUAGES, max_length=10,
                help_text="The language this person reads the site in (the switcher sets it)."),
        ),
    ]
