"""The tests' settings: Beacon's own, in local development mode (a checkout's own secret key when
SECRET_KEY is unset, as `make run` has)."""

import os

os.environ.setdefault("BEACON_DEV", "1")

from config.settings import *  # noqa: F403
