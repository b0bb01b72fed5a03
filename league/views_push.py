"""The player's browser subscribes to Web Push (`static/js/push.js`) through
`push_subscribe` / `push_unsubscribe`; JSON in, JSON out, a login and CSRF required."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from league.services.push import push_subscribe, push_unsubscribe

MAX_BODY = 4096


def _player_and_body(request):
    player = getattr(request.user, "player", None)
    if player is None:
        return None, None, JsonResponse(
            {"player": [_("Your login is not linked to a player yet.")]}, status=409)
    if len(request.body) > MAX_BODY:
        return None, None, JsonResponse({"body": [_("The request is too large.")]}, status=413)
    try:
        body = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        body = None
    if not isinstance(body, dict):
        return None, None, JsonResponse({"body": [_("Send a JSON object.")]}, status=400)
    return player, body, None


@login_required
@require_GET
def push_key(request):
    """The server's VAPID public key, which the browser needs to subscribe."""
    return JsonResponse({"public_key": settings.VAPID_PUBLIC_KEY,
                         "enabled": bool(settings.VAPID_PUBLIC_KEY)})


@login_required
@require_POST
def push_subscription(request):
    player, body, refusal = _player_and_body(request)
    if refusal:
        return refusal
    keys = body.get("keys") if isinstance(body.get("keys"), dict) else {}
    try:
        row = push_subscribe(player=player, user=request.user, endpoint=body.get("endpoint"),
                             p256dh=keys.get("p256dh"), auth=keys.get("auth"))
    except ValidationError as invalid:
        return JsonResponse(invalid.message_dict, status=400)
    return JsonResponse({"id": row.pk}, status=201)


@login_required
@require_POST
def push_subscription_remove(request):
    player, body, refusal = _player_and_body(request)
    if refusal:
        return refusal
    removed = push_unsubscribe(player=player, user=request.user, endpoint=body.get("endpoint"))
    return JsonResponse({"removed": removed})
