"""Queue the hand reviews closed nights still owe, or review one night here and now."""

from django.core.management.base import BaseCommand, CommandError

from rankings.services.reviews import night_review_request, night_review_run, night_reviews_pending
from tournaments.models import Event


class Command(BaseCommand):
    help = ("Queue the bots' hand review of every closed night that has none (clubs with "
            "reviews on; with --stale also those an older reviewer made), or with --night ID "
            "review that night in this process.")

    def add_arguments(self, parser):
        parser.add_argument("--night", type=int, help="review this closed night now")
        parser.add_argument("--stale", action="store_true",
                            help="also review again the nights an older reviewer reviewed")

    def handle(self, *args, night=None, stale=False, **options):
        if night is None:
            queued = night_reviews_pending(stale=stale)
            self.stdout.write(f"queued the review of {len(queued)} night(s)")
            return
        event = Event.objects.select_related("club").filter(pk=night).first()
        if event is None:
            raise CommandError(f"no night {night}")
        review = night_review_request(event=event, kick=False)
        if review is None:
            raise CommandError(f"night {night} has nothing to review (not closed, reviews "
                               "off, or no card-by-card hand)")
        review = night_review_run(review.pk)
        self.stdout.write(f"night {night}: {review.status}, {review.games_done} of "
                          f"{review.games_total} tables")
