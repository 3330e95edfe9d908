"""Board drawing off the event loop: in a worker process or a thread, the same image."""

from __future__ import annotations

from bot import catalog
from tests.conftest import TEST_RENDERERS, TEST_TITLES
from tests.titles.bazaar import TITLE


async def test_worker_process_and_thread_draw_the_same_board():
    catalog.load(TEST_TITLES, TEST_RENDERERS)
    state = TITLE.encode(TITLE.setup(3, 3, {}))
    in_thread = await catalog.draw_board_async("bazaar", state)
    catalog.start_render_pool(1, TEST_TITLES, TEST_RENDERERS)
    try:
        in_worker = await catalog.draw_board_async("bazaar", state)
        area = await catalog.draw_board_async("bazaar", state, 1)
    finally:
        catalog.stop_render_pool()
    assert in_worker == in_thread
    assert in_worker.data[:8] == b"\x89PNG\r\n\x1a\n" and area.filename == "seat2.png"
