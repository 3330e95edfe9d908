"""Server-sent events written straight to the connection, for the web table's live pages.

aiohttp's `StreamResponse.write` is a coroutine per page per event: with a hundred pages
following one game, waking a hundred handlers and writing through a hundred coroutines cost
about 50 µs a page, 5 ms of the bot's CPU per move (bench/web_load.py). Here one loop hands the
same framed bytes to each page's transport (`request.transport`, public) without a coroutine:
a few µs a page. The bytes are what `StreamResponse.write` would send: an HTTP/1.1 chunk when
the response is chunked (it is, for a stream without a length), the bytes themselves
otherwise (tests/runtime/test_sse.py compares the two on the wire).

The first write of a response goes through `StreamResponse.write` (it sends the headers);
`Stream` takes over after it."""

from __future__ import annotations

import asyncio

from aiohttp import web

#: A page whose unsent bytes pass this is too slow to follow: it is closed (its browser
#: reconnects and reads the page afresh).
BACKLOG = 256 * 1024


def framed(data: bytes, chunked: bool) -> bytes:
    """`data` as `StreamResponse.write` puts it on the wire."""
    if not chunked or not data:
        return data
    return b"%x\r\n%b\r\n" % (len(data), data)


class Stream:
    """One prepared event-stream response, written to without awaiting."""

    __slots__ = ("_transport", "chunked")

    def __init__(self, request: web.Request, response: web.StreamResponse) -> None:
        if not response.prepared:
            raise RuntimeError("prepare the response and write to it once first")
        self._transport: asyncio.Transport | None = request.transport  # type: ignore[assignment]
        self.chunked = response.chunked

    def send(self, data: bytes) -> bool:
        """Write `data` (framed with `framed(data, self.chunked)`); False once the page has
        gone or fallen too far behind (then the connection is closed)."""
        transport = self._transport
        if transport is None or transport.is_closing():
            self._transport = None
            return False
        if transport.get_write_buffer_size() > BACKLOG:
            transport.close()
            self._transport = None
            return False
        transport.write(data)
        return True
