"""Headless Chromium for the web table's tests: Debian's `chromium` and `chromium-driver`
packages (.ci/run installs them), driven through Selenium. Tests skip, saying why, where they
are not installed. The browser is kept on loopback: no background traffic, and every host
name but 127.0.0.1 resolves to nothing."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.ports import free_port

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
PHONE = (360, 780)
DESKTOP = (1280, 900)
#: Where the tests leave their screenshots (to look at; CI keeps them in the run's log dir).
SHOTS = os.environ.get("WEB_SHOTS", "/tmp/boardroom-web-shots")


def missing() -> str | None:
    """Why no browser test can run here (None: they can)."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not (os.path.exists(path) or shutil.which(path)):
            return f"{path} is not installed (apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (make install)"
    return None


needs_browser = pytest.mark.skipif(missing() is not None, reason=str(missing()))


@contextmanager
def chromium(size: tuple[int, int] = DESKTOP, *, mobile: bool = False) -> Iterator[Any]:
    """A headless Chromium window of `size` (CSS pixels); `mobile`: a phone's touch screen."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",  # (CI runs as root)
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-extensions",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
        f"--window-size={size[0]},{size[1]}",
    ):
        options.add_argument(arg)
    if mobile:
        options.add_experimental_option(
            "mobileEmulation",
            {
                "deviceMetrics": {
                    "width": size[0],
                    "height": size[1],
                    "pixelRatio": 2.0,
                    "touch": True,
                }
            },
        )
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # (the driver's port from tests/ports.py: Selenium's own pick could meet a parallel test's)
    service = Service(executable_path=CHROMEDRIVER, port=free_port())
    driver = webdriver.Chrome(options=options, service=service)
    try:
        driver.set_page_load_timeout(20)
        yield driver
    finally:
        driver.quit()


def console_errors(driver: Any) -> list[str]:
    """The browser console's errors since the last call (a refused page's own 4xx aside)."""
    return [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def shot(driver: Any, name: str) -> str:
    os.makedirs(SHOTS, exist_ok=True)
    path = os.path.join(SHOTS, f"{name}.png")
    driver.save_screenshot(path)
    return path
