"""The public pages: clubs, seasons, standings, players and ratings.

They keep the URL namespace "league" they had before the rankings app existed, so every
`{% url 'league:...' %}` and reverse() across the apps still names them.
"""

from django.urls import path

from rankings import (
    views,
    views_divisions,
    views_duplicate,
    views_finals,
    views_public,
    views_ratings,
)

app_name = "league"

urlpatterns = [
    path("", views.home, name="home"),
    path("clubs/<slug:slug>/", views.club_detail, name="club-detail"),
    path("seasons/<int:pk>/", views.season_detail, name="season-detail"),
    path("seasons/<int:pk>/standings/", views_public.SeasonStandingsView.as_view(),
         name="season-standings"),
    path("seasons/<int:pk>/divisions/", views_divisions.season_divisions,
         name="season-divisions"),
    path("seasons/<int:pk>/divisions/<int:division>/standings.<str:export_format>",
         views_divisions.division_export, name="season-division-export"),
    path("seasons/<int:pk>/divisions/edit/", views_divisions.season_divisions_edit,
         name="season-divisions-edit"),
    path("seasons/<int:pk>/roll-over/", views_divisions.season_roll_over_page,
         name="season-roll-over"),
    path("seasons/<int:pk>/final/new/", views_finals.season_final_new, name="season-final-new"),
    path("events/<int:pk>/boards/records/", views_duplicate.hand_records,
         name="hand-records"),
    path("players/<int:pk>/", views_public.player_detail, name="player-detail"),
    path("clubs/<slug:slug>/ratings/", views_ratings.club_ratings, name="club-ratings"),
    path("ratings/<int:pk>/", views_ratings.RatingPoolView.as_view(), name="rating-pool"),
]
