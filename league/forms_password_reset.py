"""The password reset form, with its mail queued in the outbox instead of sent.

The worker uses it (`league.services.password_resets`): Django's form finds the logins of
the address, makes their tokens and renders their mail; only the sending is ours, a row in
the outbox (`league.services.mail`) within the hourly limits per address and per account.
A throttled reset is dropped with a logged warning: the person asking sees no difference.
"""

from django.contrib.auth.forms import PasswordResetForm
from django.template import loader
from django.utils import translation

from league.models import MailKind
from league.services.languages import language_of
from league.services.mail import queue_mail_within_limits


class QueuedPasswordResetForm(PasswordResetForm):
    def send_mail(self, subject_template_name, email_template_name, context, from_email,
                  to_email, html_email_template_name=None):
        # A worker composes it, far from the request: the mail speaks the login's language.
        with translation.override(language_of(context["user"])):
            subject = "".join(
                loader.render_to_string(subject_template_name, context).splitlines())
            body = loader.render_to_string(email_template_name, context)
        queue_mail_within_limits(to=to_email, subject=subject, body=body,
                                 kind=MailKind.PASSWORD_RESET, account=context["user"])
