import os

# Playwright's sync API runs an event loop in the test thread; Django must allow ORM calls there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
