"""bot/runtime/sse.py against aiohttp: events written straight to the transport put the same
bytes on the wire as `StreamResponse.write` does (HTTP/1.1 chunks, and HTTP/1.0's bare
bytes), read from a real socket on loopback; a page gone is reported, not written to."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from bot.runtime.sse import Stream, framed

EVENTS = [b'data: {"version": 2}\n\n', b": still here\n\n", b"data: \xc3\xa9\n\n"]


async def _start(request: web.Request) -> web.StreamResponse:
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
    if request.version >= (1, 1):
        response.enable_chunked_encoding()
    await response.prepare(request)
    await response.write(b"retry: 2000\n\n")
    return response


async def by_library(request: web.Request) -> web.StreamResponse:
    response = await _start(request)
    for event in EVENTS:
        await response.write(event)
    return response


async def by_stream(request: web.Request) -> web.StreamResponse:
    response = await _start(request)
    stream = Stream(request, response)
    for event in EVENTS:
        assert stream.send(framed(event, stream.chunked))
    return response


async def _raw(server: TestServer, path: str, version: str) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    writer.write(f"GET {path} HTTP/{version}\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    data = await asyncio.wait_for(reader.read(), 5)
    writer.close()
    return data.split(b"\r\n\r\n", 1)[1]  # the body as sent, after the headers


@pytest.mark.parametrize("version", ["1.1", "1.0"])
async def test_the_stream_writes_what_aiohttp_writes(version):
    app = web.Application()
    app.router.add_get("/library", by_library)
    app.router.add_get("/stream", by_stream)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    try:
        theirs = await _raw(server, "/library", version)
        ours = await _raw(server, "/stream", version)
    finally:
        await server.close()
    assert ours == theirs
    assert theirs.startswith(b"d\r\nretry: 2000\n\n\r\n" if version == "1.1" else b"retry:")


async def test_a_page_gone_is_reported_not_written():
    sent: list[bool] = []

    async def handler(request: web.Request) -> web.StreamResponse:
        response = await _start(request)
        stream = Stream(request, response)
        request.transport.close()  # the page goes away
        sent.append(stream.send(framed(EVENTS[0], stream.chunked)))
        sent.append(stream.send(framed(EVENTS[0], stream.chunked)))
        return response

    app = web.Application()
    app.router.add_get("/", handler)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        await asyncio.wait_for(reader.read(), 5)
        writer.close()
    finally:
        await server.close()
    assert sent == [False, False]
