"""The /api/v1/ router: every app's API endpoints under one versioned prefix."""

from django.urls import path
from rest_framework.routers import DefaultRouter

from league.api import webhooks as league_webhooks
from league.api.urls import router as league_router
from rankings.api import archive as rankings_archive
from rankings.api import federations as rankings_federations
from rankings.api import rating_history as rankings_rating_history
from rankings.api import standings as rankings_standings
from rankings.urls_reviews import api_paths as review_api_paths
from tournaments.api.urls import router as tournaments_router
from tournaments.api.urls import urlpatterns as tournaments_paths

router = DefaultRouter()
router.registry.extend(league_router.registry)
router.registry.extend(tournaments_router.registry)

app_name = "api"
standings_paths = [
    path("seasons/<int:pk>/standings/", rankings_standings.SeasonStandingsView.as_view(),
         name="season-standings"),
    path("players/<int:pk>/ratings/", rankings_standings.PlayerRatingsView.as_view(),
         name="player-ratings"),
    path("players/<int:pk>/ratings/<int:pool>/",
         rankings_rating_history.PlayerPoolRatingView.as_view(), name="player-pool-rating"),
    path("players/<int:pk>/ratings/<int:pool>/history/",
         rankings_rating_history.PlayerRatingHistoryView.as_view(),
         name="player-rating-history"),
]
archive_paths = [
    path("clubs/<int:pk>/archive/", rankings_archive.ClubArchiveView.as_view(),
         name="club-archive"),
    path("clubs/import/", rankings_archive.ClubImportView.as_view(), name="club-import"),
    path("clubs/import/<uuid:pk>/", rankings_archive.ClubImportStatusView.as_view(),
         name="club-import-status"),
    path("players/<int:pk>/data/", rankings_archive.PlayerDataView.as_view(),
         name="player-data"),
]
federation_paths = [
    path("federations/", rankings_federations.FederationListView.as_view(),
         name="federations"),
    path("federations/<slug:slug>/", rankings_federations.FederationDetailView.as_view(),
         name="federation"),
    path("federations/<slug:slug>/pools/<int:pool>/",
         rankings_federations.FederationLeaderboardView.as_view(),
         name="federation-leaderboard"),
]
webhook_paths = [
    path("clubs/<int:pk>/webhooks/", league_webhooks.WebhookListView.as_view(),
         name="club-webhooks"),
    path("clubs/<int:pk>/webhooks/<int:hook>/", league_webhooks.WebhookDetailView.as_view(),
         name="club-webhook"),
]
urlpatterns = [*tournaments_paths, *review_api_paths, *standings_paths, *archive_paths,
               *federation_paths,
               *webhook_paths,
               *router.urls]
