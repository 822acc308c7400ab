"""What the system tests share: a real browser (Playwright driving Debian's chromium,
which `.ci/run` installs; never a downloaded one), skipped with the reason when absent."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def _chromium() -> Iterator[Any]:
    """A headless chromium for the module's tests. (Not one for the whole run: while
    Playwright's synchronous API is open, `asyncio.run` cannot be called in its thread,
    and other modules' tests call it.)"""
    if CHROMIUM is None:
        pytest.skip("no chromium here (apt-get install chromium)")
    sync = pytest.importorskip("playwright.sync_api")
    with sync.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()


@pytest.fixture
def browser(_chromium: Any) -> Iterator[Any]:
    """The module's chromium; every page a test opened is closed after it (a page left
    open would go on following a server the test has stopped, using the processor the
    rest of the module's tests need)."""
    yield _chromium
    for context in _chromium.contexts:
        context.close()
