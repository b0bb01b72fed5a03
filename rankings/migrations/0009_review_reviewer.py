# Reviews stored before the reviewer had a version are taken as the first reviewer's: their
# costly flags may predate the confidence test, so asking for them again redoes them.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("rankings", "0008_club_import"),
    ]

    operations = [
        migrations.AddField(
            model_name="nightreview",
            name="reviewer",
            field=models.PositiveSmallIntegerField(
                default=1,
                help_text="The reviewer's version that reviews the night "
                          "(games/bots/review.py); an older one's review is redone when asked."),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="reviewedgame",
            name="reviewer",
            field=models.PositiveSmallIntegerField(
                default=1, help_text="The reviewer's version that judged it."),
            preserve_default=False,
        ),
    ]
