"""JSON text on the hot path: every step's snapshot and every message a JSON socket is sent.

orjson writes it about ten times faster than the standard library's json.dumps (0.14 -> 0.014 ms
for a 12 KB state), as compact text that any JSON reader reads back exactly, and reads it faster too.
"""

from __future__ import annotations

from typing import Any

import orjson

OPTIONS = orjson.OPT_NON_STR_KEYS  # as json.dumps: a number used as a key becomes a string


def dumps_bytes(value: Any) -> bytes:
    return orjson.dumps(value, option=OPTIONS)


def dumps(value: Any) -> str:
    return orjson.dumps(value, option=OPTIONS).decode()


def loads(text: str | bytes) -> Any:
    return orjson.loads(text)
