"""The process's heap, through glibc (elsewhere these do nothing): give freed pages back, and
keep big blocks out of the heap. Used by the bot and its render workers."""

from __future__ import annotations

import ctypes
from typing import Any

#: glibc's mallopt parameter: allocations of at least this many bytes get their own mapping.
_M_MMAP_THRESHOLD = -3

_libc: Any = None


def trim_heap() -> None:
    """Return freed heap pages to the system (glibc's malloc_trim). Safe in a thread: it
    touches no Python object, and ctypes lets go of the GIL meanwhile."""
    libc = _glibc()
    if libc:
        libc.malloc_trim(0)


def fix_mmap_threshold(nbytes: int) -> None:
    """Give every allocation of `nbytes` or more its own mapping, returned to the system when
    freed. glibc raises this threshold by itself up to 32 MB once a big block is freed, after
    which the bot's board images (a few hundred KB each, passing through by the thousand) land
    in its heap and leave it fragmented for good (bench.e2e_load: the bot's peak was ~12 MiB
    higher)."""
    libc = _glibc()
    if libc:
        libc.mallopt(_M_MMAP_THRESHOLD, nbytes)


def _glibc() -> Any:
    global _libc
    if _libc is None:
        try:
            _libc = ctypes.CDLL("libc.so.6")
            _libc.malloc_trim.argtypes = [ctypes.c_size_t]
            _libc.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
        except (OSError, AttributeError):
            _libc = False
    return _libc
