"""The league's federation pages: a club's memberships, a person's links and consent."""

from django.urls import path

from league import views_federations

urlpatterns = [
    path("clubs/<slug:slug>/federations/", views_federations.club_federations,
         name="club-federations"),
    path("me/federation/", views_federations.my_federation, name="my-federation"),
]
