"""The organiser's pages (not the admin): seasons, nights, walk-ins, substitutes, members.

One namespace for everything an organiser sets up, whichever app holds the view."""

from django.urls import path

from league import views_mail_log as mail_log_views
from league import views_members as member_views
from league import views_organiser as season_views
from league import views_tokens as token_views
from league import views_webhooks as webhook_views
from tournaments.views import organiser as night_views

app_name = "organiser"

urlpatterns = [
    path("clubs/<slug:slug>/seasons/new/", season_views.season_new, name="season-new"),
    path("seasons/<int:pk>/edit/", season_views.season_edit, name="season-edit"),
    path("clubs/<slug:slug>/members/", member_views.club_members, name="club-members"),
    path("clubs/<slug:slug>/members/<int:membership>/role/", member_views.member_role,
         name="member-role"),
    path("clubs/<slug:slug>/members/<int:membership>/remove/", member_views.member_remove,
         name="member-remove"),
    path("clubs/<slug:slug>/tokens/", token_views.club_tokens, name="club-tokens"),
    path("clubs/<slug:slug>/tokens/<int:pk>/revoke/", token_views.token_revoke_view,
         name="token-revoke"),
    path("clubs/<slug:slug>/webhooks/", webhook_views.club_webhooks, name="club-webhooks"),
    path("clubs/<slug:slug>/webhooks/<int:pk>/remove/", webhook_views.webhook_delete_view,
         name="webhook-delete"),
    path("clubs/<slug:slug>/mail/", mail_log_views.club_mail_log, name="club-mail-log"),
    path("seasons/<int:pk>/nights/new/", night_views.night_new, name="night-new"),
    path("clubs/<slug:slug>/tournaments/new/", night_views.tournament_new,
         name="tournament-new"),
    path("events/<int:pk>/edit/", night_views.night_edit, name="night-edit"),
    path("events/<int:pk>/walk-in/", night_views.night_walk_in, name="night-walk-in"),
    path("events/<int:pk>/seating/replan/", night_views.night_replan, name="night-replan"),
    path("events/<int:pk>/next-round/", night_views.night_next_round, name="night-next-round"),
    path("events/<int:pk>/preview/", night_views.night_preview, name="night-preview"),
    path("tables/<int:pk>/substitute/", night_views.table_substitute, name="table-substitute"),
]
