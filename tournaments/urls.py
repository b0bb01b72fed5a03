from django.urls import path

from tournaments.views import bots, cards, events, player, scoresheet, screen, seat_entry

app_name = "tournaments"

urlpatterns = [
    path("events/<int:pk>/", events.event_detail, name="event-detail"),
    path("events/<int:pk>/attendance/", events.event_attendance, name="event-attendance"),
    path("events/<int:pk>/seating/", events.event_plan_seating, name="event-plan-seating"),
    path("events/<int:pk>/close/", events.event_close, name="event-close"),
    path("events/<int:pk>/seating/status/", events.event_seating_status,
         name="event-seating-status"),
    path("events/<int:pk>/rounds/<int:number>/publish/", events.round_publish,
         name="round-publish"),
    path("events/<int:pk>/cards/tables/", cards.table_cards, name="table-cards"),
    path("events/<int:pk>/cards/players/", cards.player_cards, name="player-cards"),
    path("events/<int:pk>/cards/scoresheets/", cards.blank_scoresheets,
         name="blank-scoresheets"),
    path("events/<int:pk>/answer/", player.event_answer, name="event-answer"),
    path("me/", player.my_nights, name="my-nights"),
    path("events/<int:pk>/screen/", screen.event_screen, name="event-screen"),
    path("events/<int:pk>/screen/live/", screen.event_screen_live, name="event-screen-live"),
    path("tables/<int:pk>/scoresheet/", scoresheet.table_scoresheet, name="table-scoresheet"),
    path("tables/<int:pk>/scoresheet/check/", scoresheet.table_scoresheet_check,
         name="table-scoresheet-check"),
    path("tables/<int:pk>/entry/", seat_entry.table_entry, name="table-entry"),
    path("tables/<int:pk>/entry/check/", seat_entry.table_entry_check,
         name="table-entry-check"),
    path("seat/", seat_entry.seat_code, name="seat-code"),
    path("seat/<str:token>/", seat_entry.seat_entry, name="seat-entry"),
    path("seat/<str:token>/check/", seat_entry.seat_entry_check, name="seat-entry-check"),
    path("tables/<int:pk>/bots/", bots.table_fill_bots, name="table-fill-bots"),
    path("tables/<int:pk>/bots/play/", bots.table_play_bots, name="table-play-bots"),
]
