"""Print a new VAPID key pair for web push, as the environment variables to set."""

from django.core.management.base import BaseCommand

from league.services.push_delivery import vapid_key_pair


class Command(BaseCommand):
    help = ("Print a new VAPID key pair (P-256, base64url) for web push. Set both once and "
            "keep them: browsers registered with one public key cannot be reached with "
            "another.")

    def handle(self, *args, **options):
        public, private = vapid_key_pair()
        self.stdout.write(f"VAPID_PUBLIC_KEY={public}\nVAPID_PRIVATE_KEY={private}\n")
