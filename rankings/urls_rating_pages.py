"""A player's page in one rating pool (rankings.views_rating_player)."""

from django.urls import path

from rankings import views_rating_player

app_name = "ratings"

urlpatterns = [
    path("ratings/<int:pk>/players/<int:player>/", views_rating_player.player_rating,
         name="player"),
]
