"""End to end: `hopgraph serve` as a real process, the explorer driven in headless Chromium.

Skips only when Chromium or its driver is not installed (CI installs Debian's
`chromium` and `chromium-driver`). The screenshot is saved to
tests/server/artifacts/explorer.png (gitignored) and its path printed. The server
and browser fixtures are in conftest.py, the page helpers in explorer_page.py; the
start page is tested in test_explorer_start_browser.py, /docs in test_api_docs_browser.py.
"""

from __future__ import annotations

import time

import pytest
from explorer_page import (
    ARTIFACTS,
    CLEAR_POINT_ON_EDGE,
    assert_no_alert,
    click_canvas,
    js,
    node_position,
    pick_entity,
    wait_for,
)
from server_corpus import HOSTILE_CHUNK, SCRIPT_TAG

pytestmark = [pytest.mark.slow, pytest.mark.browser]

QUESTION = "Where was the director of The Glass Harbor born?"


def test_explorer_search_expand_filter_edge_ask(server: str, driver):
    try:
        drive_explorer(server, driver)
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        driver.save_screenshot(str(ARTIFACTS / "explorer-failure.png"))
        print(f"\nfailure screenshot: {ARTIFACTS / 'explorer-failure.png'}\nbrowser log: {driver.get_log('browser')}")
        raise


def drive_explorer(server: str, driver) -> None:
    """Search, expand, filter, hide, open an edge, ask; assert on the DOM and the cytoscape state."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.select import Select

    driver.get(f"{server}/")
    wait_for(driver, lambda d: "entities" in d.find_element(By.ID, "store-info").text, message="health not shown")

    # 1. a document whose text is markup shows as text and runs nothing
    pick_entity(driver, "Quillon", "Quillon Verse")
    mention = wait_for(driver, lambda d: [b for b in d.find_elements(By.CSS_SELECTOR, ".mentions button") if b.text == HOSTILE_CHUNK])
    mention[0].click()
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#details-body .chunk-text"))
    shown = js(driver, "return document.querySelector('#details-body .chunk-text').textContent")
    assert SCRIPT_TAG in shown and '<img src=x onerror="alert(2)">' in shown
    assert js(driver, "return document.querySelectorAll('#details-body script, #details-body img').length") == 0
    time.sleep(0.5)  # an injected onerror handler would have fired by now
    assert_no_alert(driver)

    # 2. entity search with suggestions -> neighbourhood graph with a maintained layout; typed relations by default
    pick_entity(driver, "Glass Har", "The Glass Harbor")
    labels = set(js(driver, "return window.hopgraph.cy.nodes().map(n => n.data('label'))"))
    assert {"Oskar Brandt", "Saltmoor Studios"} <= labels
    assert not driver.find_element(By.ID, "cooccur-toggle").is_selected()
    assert js(driver, "return window.hopgraph.cy.edges('[kind = \"cooccur\"]').length") == 0
    assert js(driver, "return window.hopgraph.cy.edges('[kind = \"typed\"]').length") > 0
    assert "co-occurrence links hidden" in driver.find_element(By.ID, "status").text
    assert driver.find_elements(By.CSS_SELECTOR, "#details-body details.cooccurrence")  # summarised, collapsed
    assert not driver.find_element(By.CSS_SELECTOR, "#details-body details.cooccurrence").get_attribute("open")
    before = js(driver, "return window.hopgraph.cy.nodes().length")

    # 3. a real click on a node expands it (merges its neighbourhood) and shows its details
    pos = node_position(driver, "Oskar Brandt")
    click_canvas(driver, pos["x"], pos["y"])
    wait_for(driver, lambda d: js(d, "return window.hopgraph.cy.nodes().filter(n => n.data('label') === 'Oskar Brandt')[0].hasClass('expanded')"),
             message="node not expanded")
    wait_for(driver, lambda d: js(d, "return window.hopgraph.cy.nodes().length") > before, message="no nodes merged")
    wait_for(driver, lambda d: d.find_element(By.ID, "details-title").text == "Oskar Brandt")
    assert "Tamsel" in js(driver, "return window.hopgraph.cy.nodes().map(n => n.data('label'))")

    # 4. filters: unticking a type hides its nodes; "typed only" hides co-occurrence edges
    type_box = driver.find_element(By.CSS_SELECTOR, ".type-chip[data-type='DATE'] input")
    type_box.click()
    assert js(driver, "return window.hopgraph.cy.nodes('[type = \"DATE\"]').every(n => !n.visible())")
    assert js(driver, "return window.hopgraph.cy.nodes('[type = \"PERSON\"]').every(n => n.visible())")
    driver.find_element(By.CSS_SELECTOR, ".type-chip[data-type='DATE'] input").click()
    assert js(driver, "return window.hopgraph.cy.nodes('[type = \"DATE\"]').every(n => n.visible())")
    Select(driver.find_element(By.ID, "predicate-filter")).select_by_value("@typed")
    assert js(driver, "return window.hopgraph.cy.edges('[kind = \"cooccur\"]').every(e => !e.visible())")
    assert js(driver, "return window.hopgraph.cy.edges('[kind = \"typed\"]').some(e => e.visible())")

    # 5. right-click hides a node; "Show hidden" brings it back
    pos = node_position(driver, "Kestrel Bay")
    click_canvas(driver, pos["x"], pos["y"], context=True)
    wait_for(driver, lambda d: not js(d, "return window.hopgraph.cy.nodes().filter(n => n.data('label') === 'Kestrel Bay')[0].visible()"))
    driver.find_element(By.ID, "show-hidden").click()
    assert js(driver, "return window.hopgraph.cy.nodes().filter(n => n.data('label') === 'Kestrel Bay')[0].visible()")

    # 6. only "direct" edges shown; a real click on one shows its sentence and the chunk text it was read from
    Select(driver.find_element(By.ID, "predicate-filter")).select_by_value("direct")
    assert js(driver, "return window.hopgraph.cy.edges().filter(e => e.visible()).every(e => e.data('predicate') === 'direct')")
    spot = js(driver, CLEAR_POINT_ON_EDGE, "Oskar Brandt", "direct", "The Glass Harbor")
    click_canvas(driver, spot["x"], spot["y"])
    wait_for(driver, lambda d: d.find_element(By.ID, "details-title").text == "Oskar Brandt — direct → The Glass Harbor",
             message="edge details not shown")
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#details-body .chunk-text"))
    assert "directed by Oskar Brandt" in driver.find_element(By.CSS_SELECTOR, "#details-body blockquote.sentence").text
    assert "The Glass Harbor is a 1979 drama film." in driver.find_element(By.CSS_SELECTOR, "#details-body .chunk-text").text
    assert "directed by Oskar Brandt" in driver.find_element(By.CSS_SELECTOR, "#details-body .chunk-text mark").text

    Select(driver.find_element(By.ID, "predicate-filter")).select_by_value("")  # back to all relations
    assert js(driver, "return window.hopgraph.cy.edges('[kind = \"cooccur\"]').length") == 0  # still typed only

    # 6b. co-occurrence on demand: the toggle reloads the view with those links, unticking drops them again
    driver.find_element(By.ID, "cooccur-toggle").click()
    wait_for(driver, lambda d: js(d, "return window.hopgraph.cy.edges('[kind = \"cooccur\"]').some(e => e.visible())"),
             message="co-occurrence links not shown")
    driver.find_element(By.ID, "cooccur-toggle").click()
    wait_for(driver, lambda d: js(d, "return window.hopgraph.cy.edges('[kind = \"cooccur\"]').length") == 0,
             message="co-occurrence links not dropped")

    # 7. ask: the hop trace appears and the evidence path is highlighted on the graph
    ask = driver.find_element(By.ID, "ask-input")
    ask.send_keys(QUESTION + Keys.ENTER)
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#trace li.hop"), timeout=90, message="no trace")
    hops = driver.find_elements(By.CSS_SELECTOR, "#trace li.hop")
    assert all(h.find_element(By.CSS_SELECTOR, ".hop-query").text.strip() for h in hops)
    assert hops[-1].find_elements(By.CSS_SELECTOR, ".verdict")
    assert driver.find_elements(By.CSS_SELECTOR, "#final-hits .hit.bound .badge.req")
    wait_for(driver, lambda d: js(d, "return window.hopgraph.cy.edges('.evidence').length") > 0, message="no evidence highlighted")
    evidence = js(driver, "return window.hopgraph.cy.edges('.evidence').map(e => "
                          "[e.source().data('label'), e.data('predicate'), e.target().data('label')])")
    assert ["Oskar Brandt", "direct", "The Glass Harbor"] in evidence
    assert any(src == "Oskar Brandt" and "born" in pred for src, pred, _ in evidence)
    assert js(driver, "return window.hopgraph.cy.edges('.evidence').every(e => e.visible())")
    width = js(driver, "return parseFloat(window.hopgraph.cy.edges('.evidence')[0].style('width'))")
    assert width > 3  # drawn thicker than ordinary edges
    assert "evidence:" in driver.find_element(By.ID, "status").text

    # 8. nothing left the machine, nothing failed in the console, no alert ever fired
    resources = js(driver, "return performance.getEntriesByType('resource').map(e => e.name)")
    assert resources and all(url.startswith(server) for url in resources), resources
    severe = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not severe, severe
    assert_no_alert(driver)

    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "explorer.png"
    assert driver.save_screenshot(str(shot))
    print(f"\nexplorer screenshot: {shot}")
