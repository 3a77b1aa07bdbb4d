"""The tests' settings: Beacon's own, in local development mode (a checkout's own secret key when
SECRET_KEY is unset, as `make run` has)."""

import os

os.environ.setdefault("BEACON_DEV", "1")
os.environ.setdefault("BEACON_PAUSE_SECONDS", "0")  # Beacon plays at once: no test waits on its pace
# The servers the tests start send no nudges by themselves: a test sends them when it means to.
os.environ.setdefault("NUDGE_EVERY_SECONDS", "0")
# Each pytest-xdist worker has its own test database (pytest-django names it after the worker) and
# its own Redis keys and channel-layer groups, which the servers it starts inherit: the worker's name
# is added to the prefix, to CHANNELS_PREFIX's when a run sets one (two runs on one Redis).
if "PYTEST_XDIST_WORKER" in os.environ:
    worker = f"-{os.environ['PYTEST_XDIST_WORKER']}"
    prefix = os.environ.get("CHANNELS_PREFIX", "beacon")
    os.environ["CHANNELS_PREFIX"] = prefix if prefix.endswith(worker) else prefix + worker

from config.settings import *  # noqa: F403
