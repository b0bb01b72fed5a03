"""Calendar feeds and the player's calendar page (namespace `calendars`)."""

from django.urls import path

from tournaments.views import calendars

app_name = "calendars"

urlpatterns = [
    path("calendar/<str:key>.ics", calendars.player_feed, name="player-feed"),
    path("clubs/<slug:slug>/calendar.ics", calendars.club_feed, name="club-feed"),
    path("me/calendar/", calendars.my_calendar, name="my-calendar"),
]
