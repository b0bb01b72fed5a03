"""A player's own data: the download and the erase page (rankings.views_archive)."""

from django.urls import path

from rankings import views_archive

app_name = "archive"

urlpatterns = [
    path("players/<int:pk>/data.json", views_archive.player_data, name="player-data"),
    path("players/<int:pk>/erase/", views_archive.player_erase_page, name="player-erase"),
]
