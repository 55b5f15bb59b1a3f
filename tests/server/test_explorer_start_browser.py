"""End to end, a first visit: the explorer's start page, an example question asked from it, the 2-hop view
and a narrow window, in headless Chromium against `hopgraph serve` (fixtures in conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from explorer_page import ARTIFACTS, js, wait_for

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_start_page_ask_panel_two_hop_view_and_narrow_window(server: str, server_store: Path, driver):
    try:
        drive_first_visit(server, server_store, driver)
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        driver.save_screenshot(str(ARTIFACTS / "explorer-start-failure.png"))
        print(f"\nfailure screenshot: {ARTIFACTS / 'explorer-start-failure.png'}\nbrowser log: {driver.get_log('browser')}")
        raise
    finally:
        driver.set_window_size(1500, 950)


def _store_names(server_store: Path) -> set[str]:
    import sqlite3

    with sqlite3.connect(server_store / "hopgraph.db") as conn:
        return {" ".join(r[0].split()) for r in conn.execute("SELECT name FROM entities") if r[0]}


def all_nodes_inside_canvas(driver) -> bool:
    """Every visible node's rendered box lies within the cytoscape container (the drawing is fitted)."""
    return js(driver, """
        const cy = window.hopgraph.cy, w = cy.width(), h = cy.height();
        const shown = cy.nodes().filter(n => n.visible());
        return shown.length > 0 && shown.every(n => { const b = n.renderedBoundingBox({includeLabels: false});
            return b.x1 >= -1 && b.y1 >= -1 && b.x2 <= w + 1 && b.y2 <= h + 1; });""")


def drive_first_visit(server: str, server_store: Path, driver) -> None:
    """A first-time user: the start page says what is in the store; an example question asked from it shows
    its answer with citations and an honest verdict; the 2-hop view is typed, capped and fitted; a narrow
    window moves the panel below and refits the graph."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select

    driver.get_log("browser")
    driver.get(f"{server}/")
    by_id = driver.find_element

    # 1. start page: counts, best connected entities, examples built from this store's entities
    wait_for(driver, lambda d: "documents" in by_id(By.ID, "start-counts").text, message="no counts on the start page")
    assert by_id(By.ID, "start").is_displayed()
    assert "chunks" in by_id(By.ID, "start-counts").text and "stated relations" in by_id(By.ID, "start-counts").text
    names = _store_names(server_store)
    top = [b.text.rsplit(" ", 1)[0] for b in driver.find_elements(By.CSS_SELECTOR, "#start-entities .entity-chip")]
    assert len(top) >= 3 and set(top) <= names, top
    examples = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#start-examples button.example")]
    assert examples and all(any(name in q for name in names if len(name) > 3) for q in examples), examples
    assert top[0] in by_id(By.ID, "entity-input").get_attribute("placeholder")
    assert by_id(By.ID, "ask-input").get_attribute("placeholder") == examples[0]
    static = Path(__file__).resolve().parents[2] / "hopgraph" / "server" / "static"
    shipped = " ".join(f.read_text(encoding="utf-8") for f in static.glob("*.*") if f.suffix in (".html", ".js"))
    assert not [n for n in top if n in shipped], "the page hard-codes store names"
    ARTIFACTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / "explorer-start.png"))

    # 2. an example question from the start page: answer with citation buttons, numbered steps, honest verdict
    driver.find_element(By.CSS_SELECTOR, "#start-examples button.example").click()
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#trace li.hop"), timeout=90, message="no trace")
    assert not by_id(By.ID, "start").is_displayed()
    steps = [li.get_attribute("data-step") for li in driver.find_elements(By.CSS_SELECTOR, "#trace li.hop")]
    assert steps == [str(i) for i in range(1, len(steps) + 1)]
    heads = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "#trace li.hop .hop-head strong")]
    assert len(set(heads)) == len(heads), heads  # every trace item has its own number
    verdicts = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#trace li.hop .badge.verdict")]
    green = driver.find_elements(By.CSS_SELECTOR, "#ask-summary .verdict-complete")
    assert bool(green) == (bool(verdicts) and verdicts[-1] == "complete")
    assert not driver.find_elements(By.CSS_SELECTOR, "#trace .assessment .verdict-complete")  # "supported" is not green
    side = by_id(By.ID, "side").text
    assert "“open reading" not in side and '"open reading' not in side
    cites = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#ask-summary .answer button.cite"),
                     message="no answer with citations")
    chunk = cites[0].get_attribute("data-chunk")
    cites[0].click()
    wait_for(driver, lambda d: by_id(By.ID, "details-title").text == f"Chunk {chunk}")

    # 3. a question the store cannot answer never shows a green "complete"
    ask = by_id(By.ID, "ask-input")
    ask.clear()
    ask.send_keys("Which submarine did the lighthouse keeper's parrot command?\n")
    wait_for(driver, lambda d: "asking…" not in by_id(By.ID, "ask-summary").text and by_id(By.ID, "ask-button").is_enabled(),
             timeout=90, message="the second question got no result")
    assert driver.find_elements(By.CSS_SELECTOR, "#ask-summary .badge")
    verdicts = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#trace li.hop .badge.verdict")]
    if not verdicts or verdicts[-1] != "complete":
        assert not driver.find_elements(By.CSS_SELECTOR, "#ask-summary .verdict-complete")
        assert "not complete" in by_id(By.ID, "ask-summary").text

    # 4. the 2-hop view of the best connected entity: typed relations only, capped, fitted into the canvas
    Select(by_id(By.ID, "hops-select")).select_by_value("2")
    driver.find_element(By.CSS_SELECTOR, "#clear-graph").click()
    assert by_id(By.ID, "start").is_displayed()  # cleared: the start page is back
    driver.find_element(By.CSS_SELECTOR, "#start-entities .entity-chip").click()
    wait_for(driver, lambda d: js(d, "return window.hopgraph.cy.nodes('.center').length") == 1, message="hub not loaded")
    assert js(driver, "return window.hopgraph.cy.edges('[kind = \"cooccur\"]').length") == 0
    assert 1 < js(driver, "return window.hopgraph.cy.nodes().length") <= 40
    wait_for(driver, all_nodes_inside_canvas, message="2-hop view not fitted")
    if "showing the" in by_id(By.ID, "status").text:
        assert " of " in by_id(By.ID, "status").text

    # 5. a narrow window: the panel moves below the graph and the graph is fitted again
    driver.set_window_size(640, 900)
    wait_for(driver, lambda d: js(d, "return window.hopgraph.cy.width()") < 700, message="canvas not resized")
    wait_for(driver, all_nodes_inside_canvas, message="graph not refitted to the narrow window")
    cy_box = js(driver, "return document.getElementById('cy').getBoundingClientRect().toJSON()")
    side_box = js(driver, "return document.getElementById('side').getBoundingClientRect().toJSON()")
    assert side_box["top"] >= cy_box["bottom"] - 1 and cy_box["width"] <= 640
    ARTIFACTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / "explorer-narrow.png"))
    assert not [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
