"""The web links' tokens: signed, unguessable, expiring (bot/web/tokens.py)."""

from __future__ import annotations

import base64

import pytest

from bot.web.tokens import Pass, Signer

KEY = b"k" * 32
NOW = 1_800_000_000.0


def test_a_public_token_names_its_game_only():
    signer = Signer(KEY)
    token = signer.public(42)
    assert signer.read(token, NOW) == Pass(42)
    assert "42" not in token and len(token) >= 32
    assert signer.public(43) != token


def test_a_personal_token_names_the_person_and_expires():
    signer = Signer(KEY)
    token = signer.personal(42, 7, links=3, expires=int(NOW) + 60)
    got = signer.read(token, NOW)
    assert got == Pass(42, 7, 3, int(NOW) + 60) and got.personal
    assert signer.read(token, NOW + 61) is None
    assert signer.expired(token, NOW + 61) and not signer.expired(token, NOW)


@pytest.mark.parametrize("damage", ["flip", "cut", "other key", "junk", "empty", "padding"])
def test_a_forged_or_damaged_token_is_refused(damage):
    signer = Signer(KEY)
    token = signer.personal(42, 7, 0, int(NOW) + 60)
    raw = bytearray(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
    if damage == "flip":  # another game id, same signature
        raw[8] ^= 1
        bad = base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
    elif damage == "cut":
        bad = token[:-4]
    elif damage == "other key":
        bad = Signer(b"x" * 32).personal(42, 7, 0, int(NOW) + 60)
    elif damage == "junk":
        bad = "<script>alert(1)</script>"
    elif damage == "empty":
        bad = ""
    else:
        bad = token + "=="
    assert signer.read(bad, NOW) is None
    assert not signer.expired(bad, NOW + 120)


def test_a_public_token_cannot_be_stretched_into_a_personal_one():
    signer = Signer(KEY)
    public = signer.public(42)
    raw = base64.urlsafe_b64decode(public + "=" * (-len(public) % 4))
    raw = bytes([2]) + raw[1:]  # claim to be personal
    assert signer.read(base64.urlsafe_b64encode(raw).decode().rstrip("="), NOW) is None


def test_a_short_key_is_refused():
    with pytest.raises(ValueError):
        Signer(b"short")
