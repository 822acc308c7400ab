"""What the system tests share: a real browser (Playwright driving Debian's chromium,
which `.ci/run` installs; never a downloaded one), skipped with the reason when absent."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless chromium for the module's tests."""
    if CHROMIUM is None:
        pytest.skip("no chromium here (apt-get install chromium)")
    sync = pytest.importorskip("playwright.sync_api")
    with sync.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()
