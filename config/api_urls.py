"""The /api/v1/ router: every app's API endpoints under one versioned prefix."""

from rest_framework.routers import DefaultRouter

from league.api.urls import router as league_router
from tournaments.api.urls import router as tournaments_router
from tournaments.api.urls import urlpatterns as tournaments_paths

router = DefaultRouter()
router.registry.extend(league_router.registry)
router.registry.extend(tournaments_router.registry)

app_name = "api"
urlpatterns = [*tournaments_paths, *router.urls]
