from rest_framework.routers import DefaultRouter

from league.api import divisions, views

router = DefaultRouter()
router.register("clubs", views.ClubViewSet, basename="club")
router.register("players", views.PlayerViewSet, basename="player")
router.register("seasons", views.SeasonViewSet, basename="season")
router.register("tokens", views.TokenViewSet, basename="token")
router.register("divisions", divisions.DivisionViewSet, basename="division")
