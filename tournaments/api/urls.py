from django.urls import path
from rest_framework.routers import DefaultRouter

from tournaments.api import boards, brackets, online, tasks, views

router = DefaultRouter()
router.register("events", views.EventViewSet, basename="event")
router.register("rounds", views.RoundViewSet, basename="round")
router.register("tables", views.TableViewSet, basename="table")
router.register("seats", views.SeatViewSet, basename="seat")
router.register("games", views.TableResultViewSet, basename="game")
router.register("hands", views.HandViewSet, basename="hand")
router.register("brackets", brackets.BracketViewSet, basename="bracket")

urlpatterns = [
    path("rulesets/", views.RulesetsView.as_view(), name="rulesets"),
    path("records/check/", views.RecordCheckView.as_view(), name="record-check"),
    path("tasks/<str:task_id>/", tasks.TaskStatusView.as_view(), name="task-status"),
    path("tables/<str:pk>/play/", online.TablePlayView.as_view(), name="table-play"),
    *[path(f"tables/<str:pk>/play/{name}/", online.TableCommandView.as_view(command=name),
           name=f"table-play-{name}") for name in online.COMMANDS],
    path("events/<int:pk>/boards/", boards.EventBoardsView.as_view(), name="event-boards"),
]
