from django.urls import path

from league import views

app_name = "league"

urlpatterns = [
    path("", views.home, name="home"),
    path("clubs/<slug:slug>/", views.club_detail, name="club-detail"),
    path("seasons/<int:pk>/", views.season_detail, name="season-detail"),
]
