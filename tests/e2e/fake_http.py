"""HTTP plumbing of the fake Discord: reading a request's body (JSON, or multipart with
`payload_json` and files) and answering JSON as Discord does; attachments' content types and
image sizes."""

from __future__ import annotations

import json
import re
from typing import Any

from aiohttp import web


async def read_body(request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
    ctype = request.content_type
    files: list[tuple[str, bytes]] = []
    body: Any = None
    if ctype.startswith("multipart/"):
        m = re.search(r'boundary="?([^";]+)"?', request.headers.get("Content-Type", ""))
        boundary = m[1] if m else ""
        indexed: list[tuple[int, str, bytes]] = []
        for name, filename, data in multipart_parts(await request.read(), boundary):
            if name == "payload_json":
                body = json.loads(data.decode())
            elif name.startswith("files["):
                indexed.append((int(name[6:-1]), filename or name, data))
            elif name.startswith("file"):
                indexed.append((len(indexed), filename or name, data))
        indexed.sort()
        files = [(fn, data) for _, fn, data in indexed]
    elif request.can_read_body:
        raw = await request.read()
        if raw:
            try:
                body = json.loads(raw)
            except ValueError:
                body = raw.decode(errors="replace")
    return body, files


def multipart_parts(raw: bytes, boundary: str) -> list[tuple[str, str | None, bytes]]:
    """(field name, filename, bytes) of a multipart/form-data body."""
    out: list[tuple[str, str | None, bytes]] = []
    for chunk in raw.split(b"--" + boundary.encode())[1:]:
        if chunk.startswith(b"--"):
            break
        head, _, data = chunk.partition(b"\r\n\r\n")
        if data.endswith(b"\r\n"):
            data = data[:-2]
        disposition = next(
            (
                line.decode()
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-disposition")
            ),
            "",
        )
        name = re.search(r'\bname="([^"]*)"', disposition)
        filename = re.search(r'\bfilename="([^"]*)"', disposition)
        out.append((name[1] if name else "", filename[1] if filename else None, data))
    return out


def json_response(data: Any, status: int = 200) -> web.Response:
    """JSON with exactly `application/json` (discord.py compares the header verbatim)."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def content_type(filename: str) -> str:
    ext = filename.rsplit(".", 1)[-1].lower()
    return {
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "webp": "image/webp",
        "gif": "image/gif",
        "txt": "text/plain; charset=utf-8",
        "json": "application/json",
    }.get(ext, "application/octet-stream")


def image_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return None
