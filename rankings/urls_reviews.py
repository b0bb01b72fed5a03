"""The bots' hand review: pages (namespace `reviews`) and API paths (`api_paths`)."""

from django.urls import path

from rankings import views_reviews
from rankings.api import reviews as api

app_name = "reviews"

urlpatterns = [
    path("games/<int:pk>/review/", views_reviews.game_review, name="game"),
    path("players/<int:pk>/review/", views_reviews.player_review, name="player"),
    path("clubs/<slug:slug>/reviews/", views_reviews.club_reviews, name="club"),
]

api_paths = [
    path("events/<int:pk>/review/", api.NightReviewView.as_view(), name="event-review"),
    path("games/<int:pk>/review/", api.GameReviewView.as_view(), name="game-review"),
    path("players/<int:pk>/review/", api.PlayerReviewView.as_view(), name="player-review"),
]
