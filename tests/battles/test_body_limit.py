"""A request body larger than the site takes is refused by the app itself (413) before Django reads
it, whether it states its length or comes in chunks, and the server does not parse it into memory
first: through a real server, its peak memory read from /proc."""

from __future__ import annotations

import http.client
from pathlib import Path

import pytest

from tests.livestack import DaphneServer

pytestmark = [pytest.mark.django_db(transaction=True)]

MIB = 1024 * 1024


def peak_memory_kib(pid: int) -> int:
    """The process's peak resident memory so far (Linux's VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM")


def post(server: DaphneServer, body: bytes, chunked: bool = False) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    boundary = "x" * 20
    headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
    if chunked:
        connection.request(
            "POST",
            "/armies/import/",
            body=iter([body[i : i + MIB] for i in range(0, len(body), MIB)]),
            headers={**headers, "Transfer-Encoding": "chunked"},
            encode_chunked=True,
        )
    else:
        connection.request("POST", "/armies/import/", body=body, headers=headers)
    response = connection.getresponse()
    answer = (response.status, response.read().decode(errors="replace"))
    connection.close()
    return answer


def test_a_body_over_the_limit_is_refused_before_the_app_reads_it() -> None:
    server = DaphneServer().start()
    try:
        before = peak_memory_kib(server.pid)
        status, text = post(server, b"x" * (64 * MIB))
        after = peak_memory_kib(server.pid)
        chunked = post(server, b"y" * (3 * MIB), chunked=True)
        small = post(server, b"z" * 1000)
    finally:
        server.stop()
    assert status == 413 and "larger than this site takes (1024 KB)" in text
    # Daphne holds the body once, in chunks for the app; Twisted's parse of it (12 times its size) is gone.
    assert after - before < 2 * 64 * 1024
    assert chunked[0] == 413
    assert small[0] == 403  # an ordinary form post, refused for its missing CSRF token as ever
