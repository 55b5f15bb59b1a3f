"""End to end: `hopgraph serve` as a real process, the explorer driven in headless Chromium.

Skips only when Chromium or its driver is not installed (CI installs Debian's
`chromium` and `chromium-driver`). The screenshot is saved to
tests/server/artifacts/explorer.png (gitignored) and its path printed.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_corpus import HOSTILE_CHUNK, SCRIPT_TAG

pytestmark = [pytest.mark.slow, pytest.mark.browser]

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
QUESTION = "Where was the director of The Glass Harbor born?"
CHROME_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-quic", "--window-size=1500,950",
]


def _find(*names: str) -> str | None:
    for name in names:
        found = shutil.which(name) or (name if os.path.isabs(name) and os.access(name, os.X_OK) else None)
        if found:
            return found
    return None


CHROMIUM = _find("chromium", "/usr/bin/chromium", "chromium-browser")
CHROMEDRIVER = _find("chromedriver", "/usr/bin/chromedriver")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(server_store: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`hopgraph serve --store … --port …` in a subprocess; yields its base URL once /health answers."""
    port = _free_port()
    log_path = tmp_path_factory.mktemp("serve") / "serve.log"
    cmd = [sys.executable, "-c", "from hopgraph.cli import main; main()", "serve", "--store", str(server_store), "--port", str(port)]
    with log_path.open("w") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            if proc.poll() is not None:
                pytest.fail(f"hopgraph serve exited with {proc.returncode}:\n{log_path.read_text()}")
            try:
                with urllib.request.urlopen(f"{base}/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"hopgraph serve did not answer /health:\n{log_path.read_text()}")
            time.sleep(0.5)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    log_text = log_path.read_text()
    assert "Traceback" not in log_text, log_text  # no request crashed the server


@pytest.fixture(scope="module")
def driver() -> Iterator:
    if not (CHROMIUM and CHROMEDRIVER):
        pytest.skip("chromium / chromedriver not installed (apt-get install chromium chromium-driver)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in CHROME_FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="hopgraph-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    options.binary_location = CHROMIUM
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    d.set_page_load_timeout(60)
    try:
        yield d
    finally:
        d.quit()
        shutil.rmtree(profile, ignore_errors=True)


# ---------------------------------------------------------------- page helpers
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


# ---------------------------------------------------------------- the tests
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
