"""Beacon as a server that is killed (kill -9) between a step's commit and its push: for the test
that the other servers' sockets are sent the step all the same (battles/play/catch_up.py)."""

import importlib
import os
import signal

from config.asgi import application

submit = importlib.import_module("battles.play.submit")  # once config.asgi has set Django up


def _killed(*args: object) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


submit.publish_step = _killed  # type: ignore[assignment]

__all__ = ["application"]
