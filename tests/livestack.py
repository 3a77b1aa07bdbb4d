"""Start real Daphne servers on the test database, for browser, restart and multi-process tests."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_database_url() -> str:
    """The URL of the database the tests are using (the test database, not the real one)."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = db.get("USER") or "postgres"
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    host = db.get("HOST") or "127.0.0.1"
    port = db.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{db['NAME']}"


def worker() -> str:
    """This pytest-xdist worker's name ("gw0", ...), or "main" when the tests run in one process."""
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


class DaphneServer:
    """`python -m daphne` on a free port: Beacon on the test database unless told another app or database.

    With `dice_dir`, the server's dice are scripted per battle from that directory (battles/play/dice.py):
    `script_dice` loads a battle's."""

    def __init__(
        self,
        port: int | None = None,
        extra_env: dict[str, str] | None = None,
        app: str = "config.asgi:application",
        database_url: str | None = None,
        log_dir: Path | None = None,
        dice_dir: Path | None = None,
        daphne_args: tuple[str, ...] = (),
    ) -> None:
        self.may_move = port is None
        self.port = port or free_port()
        self.extra_env = extra_env or {}
        self.dice_dir = dice_dir
        if dice_dir is not None:
            self.extra_env["BEACON_DICE_SCRIPT"] = str(dice_dir)
        self.app = app
        self.daphne_args = daphne_args
        self.database_url = database_url
        self.process: subprocess.Popen[bytes] | None = None
        self.log_path = (
            log_dir or ROOT / "tests" / "browser" / "artifacts"
        ) / f"daphne-{worker()}-{uuid.uuid4().hex[:8]}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> DaphneServer:
        env = {
            **os.environ,
            "DATABASE_URL": self.database_url or test_database_url(),
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SECRET_KEY": settings.SECRET_KEY,  # sessions made by the test are the server's too
            # Browser tests sign up and in from this one address, again and again.
            "THROTTLE_SIGN_IN_FAILURES": "100000",
            "THROTTLE_SIGN_IN_FAILURES_PER_ADDRESS": "100000",
            "THROTTLE_SIGN_UPS": "100000",
            "THROTTLE_IMPORTS": "100000",
            "THROTTLE_BATTLES": "100000",
            "PYTHONUNBUFFERED": "1",
        }
        if settings.REDIS_URL:
            env["REDIS_URL"] = settings.REDIS_URL
        # The tests lift Django's guard against the ORM in async code beside Playwright's event loop
        # (tests/browser/conftest.py); a server keeps it.
        env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        env.update(self.extra_env)
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(3):
            with self.log_path.open("ab") as log:
                logged_before = log.tell()
                self.process = subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "daphne",
                        *self.daphne_args,
                        "-b",
                        "127.0.0.1",
                        "-p",
                        str(self.port),
                        self.app,
                    ],
                    cwd=ROOT,
                    env=env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            try:
                self._wait_until_listening()
            except RuntimeError:
                # The free port was taken between free_port() and Daphne's bind (by another process
                # on this machine, another test worker): one that has not listened yet moves.
                taken = b"Address already in use" in self.log_path.read_bytes()[logged_before:]
                if not (self.may_move and taken):
                    raise
                self.port = free_port()
            else:
                self.may_move = False  # restarted, it comes back where its clients reconnect
                return self
        raise RuntimeError(f"daphne found no free port; see {self.log_path}")

    def _wait_until_listening(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"daphne exited early; see {self.log_path}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"daphne did not listen on {self.port} within {timeout}s")

    def script_dice(self, public_id: str, faces: str) -> None:
        """The battle `public_id` rolls these faces ("6 1 2 ...") on this server, then random dice."""
        assert self.dice_dir is not None, "this server's dice are not scripted (DaphneServer(dice_dir=...))"
        (self.dice_dir / f"{public_id}.json").write_text(json.dumps([int(face) for face in faces.split()]))

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def kill(self) -> None:
        """kill -9: no shutdown, no goodbye to the sockets."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


class JsonSocket:
    """A bot's websocket to a live server (`?format=json`), for tests across processes."""

    def __init__(self, server_url: str, public_id: str, token: str = "") -> None:
        query = f"?format=json&seat={token}" if token else "?format=json"
        self.url = server_url.replace("http://", "ws://") + f"/ws/battles/{public_id}/{query}"
        self.origin = server_url
        self.socket: Any = None

    async def open(self, within: float = 30.0) -> dict[str, Any]:
        """Connect, retrying while the server is not up yet; returns the view it sends first."""
        from websockets.asyncio.client import connect

        deadline = time.monotonic() + within
        while True:
            try:
                self.socket = await connect(self.url, origin=self.origin, proxy=None)  # type: ignore[arg-type]
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.2)
        return await self.next("view")

    async def send(self, message: dict[str, Any]) -> None:
        await self.socket.send(json.dumps(message))

    async def command(self, command: dict[str, Any], expected_version: int | None = None) -> str:
        message_id = str(uuid.uuid4())
        await self.send(
            {"type": "command", "id": message_id, "expected_version": expected_version, "command": command}
        )
        return message_id

    async def next_message(self, timeout: float = 15.0) -> dict[str, Any]:
        """The next message other than a presence update."""
        while True:
            message = json.loads(await asyncio.wait_for(self.socket.recv(), timeout))
            if message["type"] != "presence":
                return dict(message)

    async def next(self, kind: str = "step", timeout: float = 15.0) -> dict[str, Any]:
        """The next message of `kind`; presence updates in between are skipped unless asked for."""
        while True:
            message = json.loads(await asyncio.wait_for(self.socket.recv(), timeout))
            if message["type"] == kind:
                return dict(message)
            assert message["type"] == "presence", f"expected a {kind}, got {str(message)[:300]}"

    async def closed_by_server(self, timeout: float = 15.0) -> bool:
        from websockets.exceptions import ConnectionClosed

        try:
            while True:
                await asyncio.wait_for(self.socket.recv(), timeout)
        except ConnectionClosed:
            return True

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
