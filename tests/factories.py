"""factory_boy factories for the domain models (shared by every test area)."""

import datetime

import factory
from django.contrib.auth import get_user_model

from league.models import ApiToken, Club, Membership, Player, Role, Season
from league.models.access import hash_token_key
from tournaments.models import Event, Round, Seat, Table


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    # Unusable password: tests log in with force_login, and hashing a real one is slow.
    password = "!unusable"


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")
    is_public = True


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    display_name = factory.Sequence(lambda n: f"Player {n}")


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    player = factory.SubFactory(PlayerFactory)
    role = Role.PLAYER


class SeasonFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Season

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Season {n}")
    game = "bluke"
    starts_on = datetime.date(2026, 1, 5)


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"League night {n}")
    date = datetime.date(2026, 3, 2)
    game = "bluke"


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    event = factory.SubFactory(EventFactory)
    number = factory.LazyAttribute(lambda r: r.event.rounds.count() + 1)  # 1, 2, ... per event


class TableFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Table

    round = factory.SubFactory(RoundFactory)
    number = factory.LazyAttribute(lambda t: t.round.tables.count() + 1)
    game = factory.LazyAttribute(lambda t: t.round.event.game)
    options = factory.LazyAttribute(lambda t: dict(t.round.event.options))


class SeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Seat

    table = factory.SubFactory(TableFactory)
    position = factory.LazyAttribute(lambda s: s.table.seats.count())


def seated_table(club, players, *, game="bluke", options=None, round=None,
                 published=True) -> Table:
    """A table of `club` with one seat per player (in order), in a new event unless `round`;
    a new round is published (a table being played), unless `published=False`."""
    round = round or RoundFactory(event=EventFactory(club=club, game=game,
                                                     options=options or {}),
                                  published=published)
    table = TableFactory(round=round, game=game, options=options or {})
    for position, player in enumerate(players):
        Seat.objects.create(table=table, position=position, player=player)
    return table


def api_token(club, name="scoring app") -> tuple[ApiToken, str]:
    """An active token of `club` and its plain key."""
    key = ApiToken.new_key()
    token = ApiToken.objects.create(club=club, name=name, key_hash=hash_token_key(key),
                                    prefix=key[4:12])
    return token, key


def played_record(game="bluke", players=4, *, seed=1, seats=None, hands=None, **options) -> dict:
    """A legal record from the rules core: random legal play, all hands or the first `hands`."""
    import random

    from games import rules

    state = rules.load(game, players=players, **options).new_match(seed)
    rng = random.Random(seed)
    while not state.is_terminal() and (hands is None or len(state.hand_log) < hands):
        state.apply(rng.choice(state.legal_actions()))
    return state.to_record(seats)


def row_counts() -> dict:
    """Rows per model of the data a request may write: compare before/after a refusal."""
    from league.models import ApiToken, AuditEntry, IdempotencyRecord, Membership
    from tournaments.models import Hand, TableResult

    models = [Event, Round, Table, Seat, TableResult, Hand, ApiToken, Membership, AuditEntry, Club,
              IdempotencyRecord]
    return {model.__name__: model.objects.count() for model in models}


class TodaysModels:
    """An old migration's model names mapped to today's models, to call its data function
    on today's database (Game is TableResult since tournaments 0005)."""

    def __init__(self, apps):
        self.apps = apps

    def get_model(self, app_label, name):
        return self.apps.get_model(app_label, {"Game": "TableResult"}.get(name, name))
