/* The explorer's wiring: entity search with suggestions, expand-on-click, filters, hide, ask + evidence highlight.
 *
 * window.hopgraph exposes the cytoscape instance and the main actions (used by the browser test).
 */
"use strict";

(function () {
  const { el, fill } = HG;
  const graph = HG.graph;
  const $ = (id) => document.getElementById(id);

  /** Typed relations by default; co-occurrence links only when the toggle asks for them. */
  const cooccur = () => $("cooccur-toggle").checked;
  const hiddenNote = (hood) => (hood.cooccur_hidden
    ? ` · ${hood.cooccur_hidden} co-occurrence links hidden (tick "co-occurrence" to show them)` : "");

  /** Most entities drawn at once: a 2-hop neighbourhood of a hub has hundreds; past these it is unreadable. */
  const CAP = { 1: 60, 2: 40 };
  const capNote = (hood) => (hood.total_nodes > hood.nodes.length
    ? ` (showing the ${hood.nodes.length} closest and best connected of ${hood.total_nodes})` : "");

  const app = {
    center: null,

    /** Replace the canvas with an entity's neighbourhood (entity = id or name). */
    async loadEntity(ref) {
      HG.status(`loading ${ref}…`);
      const hops = Number($("hops-select").value) || 1;
      try {
        const hood = await HG.api(`/graph/neighborhood?${HG.query({ entity: ref, hops, limit: CAP[hops] || 40, cooccur: cooccur() })}`);
        showStart(false);
        graph.clear();
        graph.merge(hood);
        graph.node(hood.center).addClass("center expanded");
        graph.layout();
        this.center = hood.center;
        HG.status(`${hood.nodes.length} entities, ${hood.edges.length} relations around ${hood.nodes[0].name}${capNote(hood)}${hiddenNote(hood)}`);
        HG.panels.showEntity(hood.center);
      } catch (err) {
        HG.status(HG.describeError(err), "error");
      }
    },

    /** Merge an entity's 1-hop neighbourhood into the canvas. */
    async expand(entityId) {
      try {
        const hood = await HG.api(`/graph/neighborhood?${HG.query({ entity: entityId, hops: 1, limit: 40, cooccur: cooccur() })}`);
        const added = graph.merge(hood);
        graph.node(entityId).addClass("expanded");
        graph.layout();
        HG.status(`expanded ${hood.nodes[0].name}: ${added.nodes().length} new entities, ${added.edges().length} new relations${hiddenNote(hood)}`);
      } catch (err) {
        HG.status(HG.describeError(err), "error");
      }
    },

    /** Run the hop loop, render its trace, and highlight the evidence it bound on the graph. */
    async ask(question) {
      const button = $("ask-button");
      button.disabled = true;
      fill($("ask-summary"), el("span", { class: "muted" }, "asking…"));
      fill($("trace"));
      fill($("final-hits"));
      try {
        const result = await HG.api("/ask", { question, k: 10, answer: true });
        HG.panels.renderAsk(result);
        showStart(false);
        await this.highlight(result);
      } catch (err) {
        fill($("ask-summary"), el("p", { class: "error" }, HG.describeError(err)));
      } finally {
        button.disabled = false;
      }
    },

    async highlight(result) {
      const { chunkIds, sentences } = evidenceOf(result);
      if (!chunkIds.length) { HG.status("the hop loop bound no evidence"); return; }
      const sub = await HG.api(`/graph/evidence?${HG.query({ chunk_id: chunkIds, sentence: sentences })}`);
      graph.merge(sub);
      const marked = graph.highlightEvidence(sub);
      graph.layout();
      HG.status(`evidence: ${marked.nodes().length} entities, ${marked.edges().length} relations from ${chunkIds.length} chunks`);
    },
  };

  /** Evidence chunks: those bound to a requirement, else those the grader cited, else the top 3 hits;
   *  plus the sentences the grader quoted (they narrow the highlighted relations). */
  function evidenceOf(result) {
    const assessments = result.traces.flatMap((t) => (t.decision ? t.decision.assessments : []))
      .filter((a) => a.status === "supported");
    const sentences = [...new Set(assessments.map((a) => a.evidence_sentence).filter(HG.isQuotable))];
    const bound = result.hits.filter((h) => h.requirement_id).map((h) => h.chunk_id);
    const graded = assessments.flatMap((a) => a.evidence_chunk_ids);
    const chunkIds = bound.length ? bound : graded.length ? graded : result.hits.slice(0, 3).map((h) => h.chunk_id);
    return { chunkIds: [...new Set(chunkIds)], sentences };
  }

  // ------------------------------------------------------------ entity search with suggestions
  const input = $("entity-input");
  const list = $("suggestions");
  let suggestions = [];
  let active = -1;
  let timer = null;

  async function suggest() {
    const match = input.value.trim();
    if (!match) { closeSuggestions(); return; }
    try {
      suggestions = await HG.api(`/entities?${HG.query({ match, limit: 8 })}`);
    } catch (err) {
      suggestions = [];
    }
    active = suggestions.length ? 0 : -1;
    renderSuggestions();
  }

  function renderSuggestions() {
    fill(list, suggestions.map((s, i) => el("li", {
      role: "option", class: i === active ? "active" : "", "aria-selected": i === active ? "true" : "false",
      dataset: { id: s.id }, onmousedown: (ev) => { ev.preventDefault(); pick(i); },
    }, el("span", { class: "name" }, s.name), el("span", { class: "muted" }, ` ${s.type} · ${s.degree}`))));
    list.hidden = suggestions.length === 0;
  }

  function closeSuggestions() {
    suggestions = [];
    active = -1;
    fill(list);
    list.hidden = true;
  }

  function pick(i) {
    const s = suggestions[i];
    closeSuggestions();
    if (!s) return;
    input.value = s.name;
    app.loadEntity(String(s.id));
  }

  input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(suggest, 120); });
  input.addEventListener("keydown", (ev) => {
    if (list.hidden) return;
    if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      ev.preventDefault();
      active = (active + (ev.key === "ArrowDown" ? 1 : -1) + suggestions.length) % suggestions.length;
      renderSuggestions();
    } else if (ev.key === "Escape") {
      closeSuggestions();
    }
  });
  input.addEventListener("blur", () => setTimeout(closeSuggestions, 150));
  $("entity-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (active >= 0 && suggestions[active]) pick(active);
    else if (input.value.trim()) { closeSuggestions(); app.loadEntity(input.value.trim()); }
  });

  // ------------------------------------------------------------ graph interaction
  const cy = graph.init($("cy"));
  cy.on("tap", "node", (ev) => {
    const eid = ev.target.data("eid");
    HG.panels.showEntity(eid);
    if (!ev.target.hasClass("expanded")) app.expand(eid);
  });
  cy.on("tap", "edge", (ev) => {
    const e = ev.target;
    HG.panels.showEdge({
      source_name: e.source().data("label"), target_name: e.target().data("label"), predicate: e.data("predicate"),
      kind: e.data("kind"), chunk_id: e.data("chunk_id"), sentence: e.data("sentence"),
    });
  });
  cy.on("cxttap", "node", (ev) => graph.hide(ev.target));

  $("cooccur-toggle").addEventListener("change", () => { if (app.center !== null) app.loadEntity(String(app.center)); });
  $("predicate-filter").addEventListener("change", (ev) => { graph.predicate = ev.target.value; graph.applyFilters(); graph.layout(); });
  $("layout-select").addEventListener("change", (ev) => { graph.layoutName = ev.target.value; graph.layout(); });
  $("hide-selected").addEventListener("click", () => graph.hide(cy.nodes(":selected")));
  $("show-hidden").addEventListener("click", () => graph.showHidden());
  $("clear-graph").addEventListener("click", () => { graph.clear(); app.center = null; HG.status(""); showStart(true); });

  // a narrower (or wider) window: resize the canvas and fit the drawing into it again
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => graph.refit(), 120);
  });

  $("ask-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const question = $("ask-input").value.trim();
    if (question) app.ask(question);
  });

  HG.api("/health").then((h) => {
    fill($("store-info"), `${h.documents} documents · ${h.entities} entities · ${h.relations} relations`);
    if (!h.ask_available) { $("ask-button").disabled = true; $("ask-input").placeholder = "the hop loop is not installed"; }
  }).catch((err) => HG.status(HG.describeError(err), "error"));

  // ------------------------------------------------------------ start page: what is in this store
  function showStart(visible) {
    $("start").hidden = !visible;
  }

  function askExample(question) {
    $("ask-input").value = question;
    app.ask(question);
  }

  HG.api("/overview").then((o) => {
    const n = (x, word) => `${x.toLocaleString()} ${word}`;
    fill($("start-counts"), `${n(o.documents, "documents")} · ${n(o.chunks, "chunks")} · ${n(o.entities, "entities")} · `
      + `${n(o.typed_relations, "stated relations")} (${n(o.relations - o.typed_relations, "co-occurrence links")})`);
    fill($("start-types"), o.types.slice(0, 8).map((t) => el("span", { class: "type-chip" },
      el("span", { class: "swatch", style: `background:${HG.typeColor(t.type)}` }), `${t.type || "untyped"} ${t.count}`)));
    fill($("start-entities"), o.top_entities.length ? o.top_entities.map((e) => el("button", {
      type: "button", class: "entity-chip", onclick: () => { input.value = e.name; app.loadEntity(String(e.id)); },
    }, e.name, el("span", { class: "muted" }, ` ${e.degree}`))) : el("p", { class: "muted" },
      "This store has no knowledge graph (indexed with --no-graph, or no entity found); asking still works."));
    fill($("start-examples"), o.examples.map((q) => el("li", {},
      el("button", { type: "button", class: "link example", onclick: () => askExample(q) }, q))));
    if (o.top_entities.length) input.placeholder = `Find an entity (e.g. ${o.top_entities[0].name})`;
    if (o.examples.length && !$("ask-button").disabled) $("ask-input").placeholder = o.examples[0];
  }).catch((err) => fill($("start-counts"), HG.describeError(err)));

  HG.app = app;
  window.hopgraph = { cy, app, graph };
})();
