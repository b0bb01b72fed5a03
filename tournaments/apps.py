from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from league.api.auth import register_seat_tokens
        from league.permissions import register_club_paths
        from tournaments.services.seat_links import seat_link_by_token

        register_club_paths({
            "tournaments.event": "club",
            "tournaments.round": "event__club",
            "tournaments.board": "round__event__club",
            "tournaments.table": "round__event__club",
            "tournaments.seat": "table__round__event__club",
            "tournaments.tableresult": "table__round__event__club",
            "tournaments.hand": "game__table__round__event__club",
            "tournaments.pendingresult": "table__round__event__club",
            "tournaments.seatlink": "seat__table__round__event__club",
            "tournaments.clubentrysetting": "club",
            "tournaments.bracket": "event__club",
            "tournaments.bracketentrant": "bracket__event__club",
            "tournaments.bracketmatch": "bracket__event__club",
        })
        register_seat_tokens(seat_link_by_token)
