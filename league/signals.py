"""Signals that tell a higher layer something happened, so league never imports it.

`recomputes_owed` is sent after commit when recomputes were written to the outbox
(`PendingRecompute`); the rankings app connects the drain to it in its AppConfig.ready().
"""

from django.dispatch import Signal

recomputes_owed = Signal()
