"""Refusing hostile input plainly, before it reaches a view or a query."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest


def refuse_nul_characters(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[..., HttpResponse]:
    """Middleware: an address holding a NUL character (`%00`) is refused with 400. No page's address
    holds one, and PostgreSQL cannot compare text with one (a query would fail with a server error)."""

    def middleware(request: HttpRequest) -> HttpResponse:
        query = request.GET
        if "\x00" in request.path or any("\x00" in k or "\x00" in v for k, vs in query.lists() for v in vs):
            return HttpResponseBadRequest(
                "That address holds a NUL character (%00), which no address of this site holds.",
                content_type="text/plain; charset=utf-8",
            )
        return get_response(request)

    return middleware


LONE_SURROGATE = re.compile("[\ud800-\udfff]")
"""Half of a character: JSON may write one (`"\\ud800"`), but no page or database can hold it."""


def unstorable(value: Any, most_depth: int = 64, nul: bool = True) -> str | None:
    """What in a value read from JSON no page or database can hold, in a sender's words (a NUL
    character, which PostgreSQL cannot store, unless `nul` is False for a reader that refuses
    control characters field by field; a lone surrogate; nesting deeper than `most_depth`), or None
    if nothing."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > most_depth:
            return f"arrays or objects nested more than {most_depth} levels deep"
        if isinstance(item, str):
            if nul and "\x00" in item:
                return "a NUL character"
            if LONE_SURROGATE.search(item):
                return "a lone surrogate (half a character)"
        elif isinstance(item, dict):
            stack.extend((part, depth + 1) for pair in item.items() for part in pair)
        elif isinstance(item, list):
            stack.extend((part, depth + 1) for part in item)
    return None


Message = Mapping[str, Any]
Scope = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """ASGI middleware: an HTTP request whose body is larger than `most` bytes is refused with 413
    before Django reads any of it (Django would spool it, and parse it as a form or an upload, only
    to refuse it then). A body that states its length is refused by that; one sent in chunks, as
    soon as its chunks pass the limit. Daphne has read the body before the app is called, so the
    proxy's limit keeps it from the server at all (docs/deploy.md); this one bounds what the app does."""

    def __init__(self, app: ASGIApp, most: int) -> None:
        self.app, self.most = app, most

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        stated = dict(scope.get("headers") or []).get(b"content-length", b"")
        if stated.isdigit() and int(stated) > self.most:
            await self._refuse(send)
            return
        seen = 0
        too_large = False

        async def counted() -> Message:
            nonlocal seen, too_large
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.most:
                    too_large = True
                    return {"type": "http.disconnect"}  # Django stops reading and answers nothing
            return message

        await self.app(scope, counted, send)
        if too_large:
            await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = f"The request is larger than this site takes ({self.most // 1024} KB).".encode()
        headers = [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(body)).encode()),
        ]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def leave_bodies_to_the_app() -> None:
    """Twisted, under Daphne, parses a POSTed form or upload whole into memory (its `request.args`,
    which Daphne never reads) before the app is called: a 200 MB upload made the server peak at
    2.5-3.5 GB, and a malformed one was answered 400 by Twisted. Twisted's own option
    (`parsePOSTFormSubmission`) turns that off; Daphne then hands the body on in chunks, from
    Twisted's temporary file, and BodyLimit refuses it."""
    from daphne.http_protocol import WebRequest  # type: ignore[import-untyped]

    if getattr(WebRequest, "leaves_bodies_to_the_app", False):
        return
    parsing_init = WebRequest.__init__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        parsing_init(self, *args, **{**kwargs, "parsePOSTFormSubmission": False})

    WebRequest.__init__ = __init__
    WebRequest.leaves_bodies_to_the_app = True


class WithoutTraceback(logging.Filter):
    """A logging filter that keeps a record's message and drops its traceback (settings.LOGGING)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info = None
        record.exc_text = None
        return True
