"""Password resets: the request notes the address, the worker composes and queues the mail.

`password_reset_request` is all a reset request does: one row, the same for an address
that has logins and one that has none, so the two cannot be told apart by the answer or
its time. `password_resets_compose` (run by the mail task before it sends) looks the logins
up with Django's reset form, which makes each login's token and renders its mail, and
queues it within the hourly limits (`league.forms_password_reset`).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from league.forms_password_reset import QueuedPasswordResetForm
from league.models import PasswordResetRequest
from league.services.mail import mail_kick, mail_kicks_held


def password_reset_request(*, email: str, domain: str, use_https: bool) -> None:
    """Ask for reset mails to the logins of `email` (none when it has none)."""
    PasswordResetRequest.objects.create(email=email.strip(), domain=domain[:255],
                                        use_https=use_https, created_at=timezone.now())
    transaction.on_commit(mail_kick)


def password_resets_compose(*, limit: int = 200) -> int:
    """Turn up to `limit` reset requests into queued mails; returns how many were read.

    Each request is deleted in the transaction that queues its mail: a second worker finds
    it gone (the conditional delete below), and a failure leaves it for the next run.
    """
    done = 0
    pks = list(PasswordResetRequest.objects.order_by("pk").values_list("pk", flat=True)[:limit])
    for pk in pks:
        with transaction.atomic(), mail_kicks_held():
            request = PasswordResetRequest.objects.filter(pk=pk).first()
            if request is None or not PasswordResetRequest.objects.filter(pk=pk).delete()[0]:
                continue  # another worker composed it
            form = QueuedPasswordResetForm({"email": request.email})
            if form.is_valid():
                form.save(domain_override=request.domain, use_https=request.use_https)
            done += 1
    return done
