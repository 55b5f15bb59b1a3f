"""Helpers of the browser tests: waiting on the page, running script in it, real clicks on the graph canvas."""

from __future__ import annotations

from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def wait_for(driver, condition, timeout: float = 30, message: str = ""):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(lambda d: condition(d), message)


def js(driver, script: str, *args):
    return driver.execute_script(script, *args)


def pick_entity(driver, typed: str, expected: str) -> None:
    """Type into the entity box, check the first suggestion, press Enter, wait for the graph."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    box = driver.find_element(By.ID, "entity-input")
    box.clear()
    box.send_keys(typed)
    wait_for(driver, lambda d: [li for li in d.find_elements(By.CSS_SELECTOR, "#suggestions li") if li.is_displayed()],
             message="no suggestions shown")
    first = lambda d: js(d, "const li = document.querySelector('#suggestions li.active .name'); return li && li.textContent")  # noqa: E731
    wait_for(driver, lambda d: first(d) == expected, message=f"first suggestion is {first(driver)!r}, not {expected!r}")
    box.send_keys(Keys.ENTER)
    wait_for(driver, lambda d: js(d, "return window.hopgraph.cy.nodes('.center').map(n => n.data('label'))") == [expected],
             message=f"{expected} not loaded")
    wait_for(driver, lambda d: d.find_element(By.ID, "details-title").text == expected)


def click_canvas(driver, x: float, y: float, context: bool = False) -> None:
    """A real mouse click at rendered coordinates (x, y) of the cytoscape canvas."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    canvas = driver.find_element(By.ID, "cy")
    rect = canvas.rect
    chain = ActionChains(driver).move_to_element_with_offset(canvas, int(x - rect["width"] / 2), int(y - rect["height"] / 2))
    (chain.context_click() if context else chain.click()).perform()


def node_position(driver, label: str) -> dict:
    return js(driver, "const n = window.hopgraph.cy.nodes().filter(n => n.data('label') === arguments[0]); "
                      "return n.empty() ? null : n.renderedPosition();", label)


# The point of an edge farthest from every visible node (the edge is drawn as a quadratic
# bezier through its endpoints and midpoint), so a real click there hits the edge.
CLEAR_POINT_ON_EDGE = """
const [src, pred, tgt] = arguments;
const cy = window.hopgraph.cy;
const e = cy.edges().filter(x => x.data('predicate') === pred && x.source().data('label') === src
                                 && x.target().data('label') === tgt)[0];
const S = e.renderedSourceEndpoint(), T = e.renderedTargetEndpoint(), M = e.renderedMidpoint();
const C = {x: 2 * M.x - (S.x + T.x) / 2, y: 2 * M.y - (S.y + T.y) / 2};
const at = t => ({x: (1 - t) ** 2 * S.x + 2 * t * (1 - t) * C.x + t * t * T.x,
                  y: (1 - t) ** 2 * S.y + 2 * t * (1 - t) * C.y + t * t * T.y});
const boxes = cy.nodes().filter(n => n.visible()).map(n => n.renderedBoundingBox({includeLabels: false}));
const clearance = p => Math.min(...boxes.map(b => Math.max(b.x1 - p.x, p.x - b.x2, b.y1 - p.y, p.y - b.y2)));
return [0.5, 0.4, 0.6, 0.3, 0.7, 0.25, 0.75].map(at).reduce((a, b) => (clearance(b) > clearance(a) ? b : a));
"""


def assert_no_alert(driver) -> None:
    from selenium.common.exceptions import NoAlertPresentException

    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert
