"""Federation pages: the list, a federation, its pools' leaderboards and people, its staff."""

from django.urls import path

from rankings import views_federations

urlpatterns = [
    path("federations/", views_federations.federation_list, name="federation-list"),
    path("federations/<slug:slug>/", views_federations.federation_detail,
         name="federation-detail"),
    path("federations/<slug:slug>/staff/", views_federations.federation_staff,
         name="federation-staff"),
    path("federations/<slug:slug>/ratings/<int:pk>/",
         views_federations.federation_pool_page, name="federation-pool"),
    path("federations/<slug:slug>/ratings/<int:pk>/players/<int:player>/",
         views_federations.federation_player, name="federation-player"),
]
