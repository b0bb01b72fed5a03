from django.apps import AppConfig


class RankingsConfig(AppConfig):
    """Standings, ratings and statistics: the top layer, above league and tournaments.

    The layers below never import this app; they tell it things through hooks it connects
    here: the outbox signal (a change owes recomputes), the night's standings panel, the
    night-closed mail's facts and the admin's erase of a player.
    """

    name = "rankings"
    verbose_name = "Rankings"

    def ready(self) -> None:
        from league.erasure import register_eraser
        from league.permissions import register_club_paths
        from league.signals import recomputes_owed
        from rankings.archive.erase import player_erase
        from rankings.selectors_closing import night_closing_facts
        from rankings.selectors_divisions import night_standings_by_division
        from rankings.services.followups_drain import followups_kick
        from tournaments import hooks

        register_club_paths({
            "rankings.standingrow": "season__club",
            "rankings.ratingpool": "club",
            "rankings.playerrating": "pool__club",
            "rankings.ratinghistory": "pool__club",
        })
        recomputes_owed.connect(followups_kick, dispatch_uid="rankings.followups_kick")
        register_eraser(player_erase)
        # one table per division when the night's season has divisions
        hooks.provide_night_standings(template="rankings/_night_standings.html",
                                      lines=night_standings_by_division)
        # the night-closed mail's place, points and rating change
        hooks.provide_closing_facts(night_closing_facts)
        # the bots' hand review: queued as a night closes, its progress on the night's page
        from rankings import selectors_reviews, tasks_reviews  # noqa: F401 (the task)
        from rankings.services.reviews import night_review_request

        hooks.on_night_closed("rankings.review", lambda event: night_review_request(
            event=event, closing=True))
        hooks.provide_night_review(selectors_reviews.night_review_progress)
        # a closed duplicate night is rated as one game, by its matchpoint places
        from rankings.services.ratings.duplicate import duplicate_night_closed

        hooks.on_night_closed("rankings.duplicate_ratings", duplicate_night_closed)
        register_club_paths({"rankings.nightreview": "event__club",
                             "rankings.reviewedgame": "game__table__round__event__club",
                             "rankings.revieweddecision": "game__table__round__event__club"})
