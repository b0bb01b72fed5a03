"""A federation of two clubs for the federation tests (a test factory).

Xanadu is public, Yew private; both count their Bluke nights in the Card Federation.
Ann plays in both: her Xanadu row has her login, her Yew row ("Ann at Yew") is the same
person, unlinked until she links it. In Yew, Olive agreed to appear on federation
leaderboards and Hal did not.
"""

import datetime
import random

from league.models import (
    Club,
    Federation,
    FederationClub,
    FederationState,
    Membership,
    Player,
    Role,
)
from rankings.models import RatingPool
from rankings.services.federations import federation_sync
from tests.factories import UserFactory
from tests.league.played_games import T0, night, record_game, table_at
from tournaments.models import EventStatus


def member(club, name, *, role=Role.PLAYER, login=False, opt_in=False) -> Player:
    user = UserFactory(username=name.lower().replace(" ", "")) if login else None
    player = Player.objects.create(display_name=name, user=user, federation_opt_in=opt_in)
    Membership.objects.create(club=club, player=player, role=role)
    return player


def play_night(club, people, *, day: int, games: int, seed: int, close=True):
    """A Bluke night of ``games`` four-player games, closed unless ``close`` is False."""
    rng = random.Random(seed)
    event = night(club, None, date=T0.date() + datetime.timedelta(days=day))
    played = []
    for number in range(games):
        table = table_at(event, rng.sample(people, 4), round_number=number + 1)
        played.append(record_game(
            table, totals=[rng.choice([40, 80, 120, 160]) for _ in range(4)],
            played_at=T0 + datetime.timedelta(days=day, hours=number)))
    if close:
        event.status = EventStatus.CLOSED
        event.save(update_fields=["status"])
    return event, played


def build_world() -> dict:
    x = Club.objects.create(name="Xanadu", slug="xanadu", is_public=True)
    y = Club.objects.create(name="Yew", slug="yew", is_public=False)
    xorg = member(x, "Xavier", role=Role.ORGANISER, login=True)
    yorg = member(y, "Yvonne", role=Role.ORGANISER, login=True)
    ann = member(x, "Ann", login=True)
    xs = [ann, xorg, *(member(x, name) for name in ("Bo", "Cy", "Di"))]
    ann_y = member(y, "Ann at Yew")
    olive = member(y, "Olive", login=True, opt_in=True)
    hal = member(y, "Hal", login=True)
    ys = [ann_y, yorg, olive, hal, *(member(y, name) for name in ("Ed", "Flo"))]
    staff = UserFactory(username="fedstaff")
    federation = Federation.objects.create(name="Card Federation", slug="cards")
    federation.staff.add(staff)
    now = datetime.datetime(2026, 3, 1, tzinfo=datetime.UTC)
    for club in (x, y):
        FederationClub.objects.create(federation=federation, club=club, game="bluke",
                                      state=FederationState.MEMBER, requested_at=now,
                                      joined_at=now)
    games = []
    for week in range(3):
        games += play_night(x, xs, day=7 * week, games=4, seed=week)[1]
        games += play_night(y, ys, day=7 * week + 1, games=4, seed=10 + week)[1]
    return {"x": x, "y": y, "xorg": xorg, "yorg": yorg, "ann": ann, "ann_y": ann_y,
            "olive": olive, "hal": hal, "xs": xs, "ys": ys, "staff": staff,
            "federation": federation, "games": games}


def build_synced_world() -> dict:
    """The world with its federation's pool made and rated, as `world["pool"]`."""
    world = build_world()
    federation_sync(federation_id=world["federation"].pk)
    world["pool"] = RatingPool.objects.get(federation=world["federation"])
    return world
