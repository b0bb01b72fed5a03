"""A redis-server of the test's own on a free port, to stop and freeze at will.

Never the shared Redis on 6379: other tests and people use it.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class OwnRedis:
    def __init__(self) -> None:
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if self.answers():
                return
            time.sleep(0.05)
        raise RuntimeError(f"redis-server on port {self.port} did not start")

    def answers(self) -> bool:
        ping = subprocess.run(["redis-cli", "-p", str(self.port), "ping"],
                              capture_output=True, text=True, timeout=5)
        return ping.stdout.strip() == "PONG"

    def keys(self) -> int:
        size = subprocess.run(["redis-cli", "-p", str(self.port), "dbsize"],
                              capture_output=True, text=True, timeout=5)
        return int(size.stdout.strip())

    def stop(self) -> None:
        if self.process is not None:
            os.kill(self.process.pid, signal.SIGCONT)  # a frozen server cannot exit
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def freeze(self) -> None:
        os.kill(self.process.pid, signal.SIGSTOP)

    def thaw(self) -> None:
        os.kill(self.process.pid, signal.SIGCONT)
