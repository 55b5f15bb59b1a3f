"""End to end: the API docs page of `hopgraph serve` in headless Chromium (fixtures in conftest.py)."""

from __future__ import annotations

import pytest
from explorer_page import js, wait_for

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_api_docs_render_offline(server: str, driver):
    """Swagger UI at /docs runs from the app's own copy (no CDN) under the page's CSP."""
    from selenium.webdriver.common.by import By

    driver.get_log("browser")  # drop what earlier pages logged
    driver.get(f"{server}/docs")
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".swagger-ui .opblock")) >= 9, message="no operations shown")
    summaries = {e.text for e in driver.find_elements(By.CSS_SELECTOR, ".opblock-summary-path")}
    assert {"/ask", "/graph/neighborhood", "/chunks/{chunk_id}"} <= summaries
    resources = js(driver, "return performance.getEntriesByType('resource').map(e => e.name)")
    assert all(url.startswith(server) for url in resources), resources
    assert not [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
