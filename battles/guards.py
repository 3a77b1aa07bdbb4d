"""Refusing hostile input plainly, before it reaches a view or a query."""

from __future__ import annotations

from collections.abc import Callable

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
