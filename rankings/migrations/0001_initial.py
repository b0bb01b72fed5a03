"""The standings, ratings and player statistics models, moved here from the league app.

State only: the tables already exist (league migrations 0002-0004, partitioned rating
history included) and keep their names through each model's db_table. league's 0008
drops the models from its own state; this takes them over, rows and all.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('league', '0008_rankings_models_moved'),
        ('tournaments', '0005_rename_game_tableresult'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='RatingPool',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('game', models.CharField(max_length=40)),
                        ('variant', models.CharField(blank=True, default='{}', max_length=255)),
                        ('kind', models.CharField(default='plackett_luce', max_length=20)),
                        ('params', models.JSONField(blank=True, default=dict)),
                        ('fitted_at', models.DateTimeField(blank=True, null=True)),
                        ('fit_report', models.JSONField(blank=True, default=dict)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_pools', to='league.club')),
                    ],
                    options={
                        'db_table': 'league_ratingpool',
                        'ordering': ['club', 'game', 'variant'],
                    },
                ),
                migrations.CreateModel(
                    name='RatingHistory',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('played_at', models.DateTimeField()),
                        ('game_order', models.BigIntegerField(help_text='The game id, for ordering within played_at.')),
                        ('record_hash', models.CharField(help_text="The game's record when rated.", max_length=64)),
                        ('mu_before', models.FloatField()),
                        ('sigma_before', models.FloatField()),
                        ('games_before', models.PositiveIntegerField()),
                        ('mu_after', models.FloatField()),
                        ('sigma_after', models.FloatField()),
                        ('games_after', models.PositiveIntegerField()),
                        ('game', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='rating_history', to='tournaments.tableresult')),
                        ('player', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='rating_history', to='league.player')),
                        ('pool', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='history', to='rankings.ratingpool')),
                    ],
                    options={
                        'verbose_name_plural': 'rating history',
                        'db_table': 'league_ratinghistory',
                        'ordering': ['pool', 'played_at', 'game_order', 'player_id'],
                    },
                ),
                migrations.CreateModel(
                    name='PlayerRating',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('mu', models.FloatField()),
                        ('sigma', models.FloatField(default=0.0)),
                        ('games', models.PositiveIntegerField(default=0)),
                        ('provisional', models.BooleanField(default=True, help_text="By the engine's rule at the last game (before inactivity).")),
                        ('last_played_at', models.DateTimeField(blank=True, null=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='league.player')),
                        ('pool', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='rankings.ratingpool')),
                    ],
                    options={
                        'db_table': 'league_playerrating',
                        'ordering': ['pool', '-mu'],
                    },
                ),
                migrations.CreateModel(
                    name='StandingRow',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('rank', models.PositiveIntegerField(help_text='1 is best; tied players share a rank.')),
                        ('qualified', models.BooleanField(default=True, help_text="False below the season's minimum attendance (listed after).")),
                        ('points', models.FloatField(help_text="The ranking value under the season's scheme.")),
                        ('games', models.PositiveIntegerField(default=0)),
                        ('nights', models.PositiveIntegerField(default=0)),
                        ('counted_nights', models.PositiveIntegerField(default=0, help_text='Nights that count towards points (best N of M).')),
                        ('total_score', models.FloatField(default=0)),
                        ('average_score', models.FloatField(default=0)),
                        ('average_points', models.FloatField(default=0)),
                        ('firsts', models.PositiveIntegerField(default=0)),
                        ('seconds', models.PositiveIntegerField(default=0)),
                        ('places', models.JSONField(default=dict, help_text='Count of games per finishing place.')),
                        ('tiebreak', models.CharField(blank=True, help_text='The tie-break that separated this player, if any.', max_length=40)),
                        ('computed_at', models.DateTimeField()),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='standing_rows', to='league.player')),
                        ('season', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='standing_rows', to='league.season')),
                    ],
                    options={
                        'db_table': 'league_standingrow',
                        'ordering': ['season', 'rank', 'player__display_name'],
                    },
                ),
                migrations.CreateModel(
                    name='HeadToHead',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('games', models.PositiveIntegerField(default=0)),
                        ('ahead', models.PositiveIntegerField(default=0)),
                        ('behind', models.PositiveIntegerField(default=0)),
                        ('level', models.PositiveIntegerField(default=0)),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.club')),
                        ('opponent', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.player')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='head_to_head', to='league.player')),
                    ],
                    options={
                        'verbose_name_plural': 'head-to-head records',
                        'db_table': 'league_headtohead',
                        'constraints': [models.UniqueConstraint(fields=('player', 'club', 'opponent'), name='head_to_head_unique')],
                    },
                ),
                migrations.CreateModel(
                    name='PlayerGameStat',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('played_at', models.DateTimeField()),
                        ('record_hash', models.CharField(help_text="The game's record when counted.", max_length=64)),
                        ('table_label', models.CharField(blank=True, max_length=20)),
                        ('score', models.FloatField(null=True)),
                        ('place', models.FloatField(null=True)),
                        ('others', models.JSONField(default=list, help_text='Every other player at the table.')),
                        ('rivals', models.JSONField(default=dict, help_text='Opponent id -> comparison: 1 ahead of them, -1 behind, 0 level.')),
                        ('hands', models.PositiveIntegerField(default=0)),
                        ('perfect', models.PositiveIntegerField(default=0)),
                        ('over', models.PositiveIntegerField(default=0)),
                        ('sets', models.PositiveIntegerField(default=0)),
                        ('overtricks', models.PositiveIntegerField(default=0)),
                        ('by_size', models.JSONField(default=dict, help_text='Cards dealt -> [hands, made, perfect].')),
                        ('bluke_hands', models.PositiveIntegerField(default=0)),
                        ('bluke_held', models.PositiveIntegerField(default=0)),
                        ('bluke_won', models.PositiveIntegerField(default=0)),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.club')),
                        ('game', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='player_stats', to='tournaments.tableresult')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='game_stats', to='league.player')),
                    ],
                    options={
                        'db_table': 'league_playergamestat',
                        'indexes': [models.Index(fields=['player', '-played_at', '-id'], name='player_game_stat_recent'), models.Index(fields=['club', 'player'], name='player_game_stat_club')],
                        'constraints': [models.UniqueConstraint(fields=('game', 'player'), name='player_game_stat_unique')],
                    },
                ),
                migrations.CreateModel(
                    name='PlayerStats',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('games', models.PositiveIntegerField(default=0)),
                        ('hands', models.PositiveIntegerField(default=0)),
                        ('perfect', models.PositiveIntegerField(default=0)),
                        ('over', models.PositiveIntegerField(default=0)),
                        ('sets', models.PositiveIntegerField(default=0)),
                        ('overtricks', models.PositiveIntegerField(default=0)),
                        ('by_size', models.JSONField(default=dict, help_text='Cards dealt -> [hands, made, perfect].')),
                        ('bluke_hands', models.PositiveIntegerField(default=0)),
                        ('bluke_held', models.PositiveIntegerField(default=0)),
                        ('bluke_won', models.PositiveIntegerField(default=0)),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.club')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='club_stats', to='league.player')),
                    ],
                    options={
                        'verbose_name_plural': 'player statistics',
                        'db_table': 'league_playerstats',
                        'constraints': [models.UniqueConstraint(fields=('player', 'club'), name='player_stats_unique')],
                    },
                ),
                migrations.AddConstraint(
                    model_name='ratingpool',
                    constraint=models.UniqueConstraint(fields=('club', 'game', 'variant'), name='rating_pool_unique'),
                ),
                migrations.AddIndex(
                    model_name='ratinghistory',
                    index=models.Index(fields=['pool', 'played_at', 'game_order'], name='league_rati_pool_id_d8379f_idx'),
                ),
                migrations.AddIndex(
                    model_name='ratinghistory',
                    index=models.Index(fields=['player', 'played_at'], name='league_rati_player__777876_idx'),
                ),
                migrations.AddConstraint(
                    model_name='ratinghistory',
                    constraint=models.UniqueConstraint(fields=('pool', 'game_order', 'player'), name='rating_history_unique'),
                ),
                migrations.AddConstraint(
                    model_name='playerrating',
                    constraint=models.UniqueConstraint(fields=('pool', 'player'), name='player_rating_unique'),
                ),
                migrations.AddConstraint(
                    model_name='standingrow',
                    constraint=models.UniqueConstraint(fields=('season', 'player'), name='standing_row_unique'),
                ),
            ],
        ),
    ]
