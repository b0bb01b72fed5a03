"""Time boxes shared by the searches."""

import time


class Deadline:
    """A wall-clock budget; child() carves out a shorter one that ends no later."""

    def __init__(self, seconds: float):
        self.end = time.monotonic() + seconds

    def expired(self) -> bool:
        return time.monotonic() >= self.end

    def remaining(self) -> float:
        return max(0.0, self.end - time.monotonic())

    def child(self, seconds: float) -> "Deadline":
        return Deadline(min(seconds, self.remaining()))
