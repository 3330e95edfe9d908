"""The web links' tokens: a game's public page, and one person's own view of it.

A token is the URL-safe base64 of a packed payload followed by the first 18 bytes of its
HMAC-SHA256 under the site's key (`web_keys`): it names a game without being guessable from
another game's link, and only the bot can make one. A personal token also names the person,
the number of their links then (`people.web_links`: `/game web revoke` advances it, so older
links stop working) and when it expires (Unix seconds)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import struct
from dataclasses import dataclass

PUBLIC, PERSONAL = 1, 2
_PUBLIC = struct.Struct(">BQ")
_PERSONAL = struct.Struct(">BQQIQ")
_SIG = 18


@dataclass(frozen=True)
class Pass:
    """What a valid token lets in: a game, and (a personal link) one person until `expires`."""

    game_id: int
    user_id: int | None = None
    links: int = 0
    expires: int = 0

    @property
    def personal(self) -> bool:
        return self.user_id is not None


class Signer:
    """Makes and reads tokens with one key."""

    def __init__(self, key: bytes) -> None:
        if len(key) < 16:
            raise ValueError("the signing key is too short")
        self._key = key

    def public(self, game_id: int) -> str:
        return self._seal(_PUBLIC.pack(PUBLIC, game_id))

    def personal(self, game_id: int, user_id: int, links: int, expires: int) -> str:
        return self._seal(_PERSONAL.pack(PERSONAL, game_id, user_id, links, expires))

    def read(self, token: str, now: float) -> Pass | None:
        """The pass a token gives at `now` (Unix seconds); None when it is forged, damaged
        or expired."""
        raw = _unb64(token)
        if raw is None or len(raw) <= _SIG:
            return None
        payload, sig = raw[:-_SIG], raw[-_SIG:]
        if not hmac.compare_digest(sig, self._sign(payload)):
            return None
        if payload[0] == PUBLIC and len(payload) == _PUBLIC.size:
            return Pass(_PUBLIC.unpack(payload)[1])
        if payload[0] == PERSONAL and len(payload) == _PERSONAL.size:
            _, game_id, user_id, links, expires = _PERSONAL.unpack(payload)
            return Pass(game_id, user_id, links, expires) if now < expires else None
        return None

    def expired(self, token: str, now: float) -> bool:
        """Is this a genuine personal token whose time is up (so the page can say so)?"""
        raw = _unb64(token)
        if raw is None or len(raw) != _PERSONAL.size + _SIG or raw[0] != PERSONAL:
            return False
        payload, sig = raw[:-_SIG], raw[-_SIG:]
        return hmac.compare_digest(sig, self._sign(payload)) and _PERSONAL.unpack(payload)[4] <= now

    def _seal(self, payload: bytes) -> str:
        return base64.urlsafe_b64encode(payload + self._sign(payload)).decode().rstrip("=")

    def _sign(self, payload: bytes) -> bytes:
        return hmac.new(self._key, payload, hashlib.sha256).digest()[:_SIG]


def _unb64(token: str) -> bytes | None:
    if not token or len(token) > 200 or not token.isascii():
        return None
    try:
        return base64.b64decode(token + "=" * (-len(token) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        return None
