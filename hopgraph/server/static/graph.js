/* The graph view: one cytoscape instance, subgraphs merged into it, filters and layout.
 *
 * Node ids are "n<entity id>", edge ids "e<relation index>", so merging the
 * same neighbourhood twice never duplicates anything.
 */
"use strict";

window.HG = window.HG || {};

const TYPE_COLORS = {
  PERSON: "#1c7ed6", ORG: "#2b8a3e", GPE: "#e67700", LOC: "#d9480f", FAC: "#862e9c",
  DATE: "#868e96", WORK_OF_ART: "#c2255c", TITLE: "#5c940d", NORP: "#0b7285", PROPN: "#495057",
};

HG.typeColor = (type) => TYPE_COLORS[type] || "#748ffc";

const STYLE = [
  { selector: "node", style: {
    "background-color": (n) => TYPE_COLORS[n.data("type")] || "#748ffc",
    label: "data(label)", "font-size": 10, color: "#212529", "text-valign": "bottom", "text-margin-y": 3,
    "text-wrap": "ellipsis", "text-max-width": 120, "text-background-color": "#ffffff", "text-background-opacity": 0.75,
    width: "mapData(degree, 1, 60, 16, 44)", height: "mapData(degree, 1, 60, 16, 44)",
  } },
  { selector: "node.center", style: { "border-width": 3, "border-color": "#212529" } },
  { selector: "node.expanded", style: { "border-width": 2, "border-color": "#495057", "border-style": "double" } },
  { selector: "edge", style: {
    width: 1.6, "line-color": "#74c0fc", "curve-style": "bezier", "target-arrow-shape": "triangle",
    "target-arrow-color": "#74c0fc", "arrow-scale": 0.8, label: "data(predicate)", "font-size": 8, color: "#1864ab",
    "text-rotation": "autorotate", "text-background-color": "#ffffff", "text-background-opacity": 0.8,
  } },
  { selector: "edge[kind = 'cooccur']", style: {
    width: 1, "line-color": "#dee2e6", "line-style": "dashed", "target-arrow-shape": "none", label: "",
  } },
  { selector: ".evidence", style: { "z-index": 10 } },
  { selector: "node.evidence", style: { "border-width": 5, "border-color": "#e8590c", "border-opacity": 1 } },
  { selector: "edge.evidence", style: {
    width: 4.5, "line-color": "#e8590c", "target-arrow-color": "#e8590c", "line-style": "solid",
    label: "data(predicate)", color: "#c92a2a", "font-weight": "bold",
  } },
  { selector: ":selected", style: { "overlay-color": "#fab005", "overlay-opacity": 0.3, "overlay-padding": 6 } },
  { selector: ".filtered, .hidden-by-user", style: { display: "none" } },
];

HG.graph = {
  cy: null,
  hiddenTypes: new Set(),
  predicate: "",
  layoutName: "cose",

  init(container) {
    this.cy = cytoscape({ container, style: STYLE, elements: [], minZoom: 0.15, maxZoom: 3 });
    return this.cy;
  },

  /** Add a Neighborhood/Subgraph's nodes and edges (skipping ones already shown); returns the added collection. */
  merge(subgraph) {
    const cy = this.cy;
    const add = [];
    for (const n of subgraph.nodes) {
      if (cy.getElementById(`n${n.id}`).empty()) {
        add.push({ group: "nodes", data: { id: `n${n.id}`, eid: n.id, label: n.name, type: n.type || "", degree: n.degree } });
      }
    }
    for (const e of subgraph.edges) {
      if (cy.getElementById(`e${e.id}`).empty()) {
        add.push({ group: "edges", data: {
          id: `e${e.id}`, rid: e.id, source: `n${e.source}`, target: `n${e.target}`, predicate: e.predicate,
          kind: e.kind, chunk_id: e.chunk_id, sentence: e.sentence,
        } });
      }
    }
    const added = cy.add(add);
    this.applyFilters();
    return added;
  },

  clear() {
    this.cy.elements().remove();
    this.applyFilters();
  },

  /** Hide nodes (and their edges) until "Show hidden". */
  hide(nodes) {
    nodes.addClass("hidden-by-user").unselect();
    this.applyFilters();
  },

  showHidden() {
    this.cy.elements().removeClass("hidden-by-user");
    this.applyFilters();
    this.layout();
  },

  node(entityId) {
    return this.cy.getElementById(`n${entityId}`);
  },

  /** Re-run the chosen layout over what is visible. */
  layout() {
    const hidden = ".filtered, .hidden-by-user";
    const nodes = this.cy.nodes().not(hidden);
    if (nodes.empty()) return;
    // only edges whose both ends take part: a layout must not see an edge to a node it does not place
    const visible = nodes.union(nodes.edgesWith(nodes).not(hidden));
    const options = this.layoutName === "concentric"
      ? { name: "concentric", concentric: (n) => (n.hasClass("center") || n.hasClass("evidence") ? 100 : n.data("degree")), levelWidth: () => 8, minNodeSpacing: 25 }
      : { name: "cose", randomize: false, nodeRepulsion: () => 9000, idealEdgeLength: () => 90, numIter: 1500 };
    visible.layout({ ...options, animate: false, fit: true, padding: 40, nodeDimensionsIncludeLabels: true }).run();
  },

  /** After the container changed size (narrow window): let cytoscape measure it again and fit what is shown. */
  refit() {
    const cy = this.cy;
    cy.resize();
    const shown = cy.elements().not(".filtered, .hidden-by-user");
    if (shown.nonempty()) cy.fit(shown, 30);
  },

  /** Hide nodes of unticked types and edges not matching the predicate filter (and orphaned ends). */
  applyFilters() {
    const cy = this.cy;
    cy.batch(() => {
      cy.elements().removeClass("filtered");
      cy.nodes().filter((n) => this.hiddenTypes.has(n.data("type"))).addClass("filtered");
      if (this.predicate === "@typed") cy.edges("[kind = 'cooccur']").addClass("filtered");
      else if (this.predicate) cy.edges().filter((e) => e.data("predicate") !== this.predicate).addClass("filtered");
      // mark the edges of hidden nodes too: cytoscape's cached edge styles go stale otherwise
      cy.nodes(".filtered, .hidden-by-user").connectedEdges().addClass("filtered");
    });
    this.renderFilterControls();
  },

  /** Checkboxes for the entity types on the canvas, options for its predicates. */
  renderFilterControls() {
    const cy = this.cy;
    const types = [...new Set(cy.nodes().map((n) => n.data("type")))].sort();
    const box = document.getElementById("type-filters");
    HG.fill(box, types.map((type) => HG.el("label", { class: "type-chip", dataset: { type } },
      HG.el("input", { type: "checkbox", value: type, checked: !this.hiddenTypes.has(type) ? "checked" : null,
        onchange: (ev) => { ev.target.checked ? this.hiddenTypes.delete(type) : this.hiddenTypes.add(type); this.applyFilters(); this.layout(); } }),
      HG.el("span", { class: "swatch", style: `background:${TYPE_COLORS[type] || "#748ffc"}` }),
      type || "untyped")));
    const select = document.getElementById("predicate-filter");
    const predicates = [...new Set(cy.edges("[kind = 'typed']").map((e) => e.data("predicate")))].sort();
    const keep = ["", "@typed", ...predicates];
    if (this.predicate && !keep.includes(this.predicate)) keep.push(this.predicate);
    HG.fill(select, keep.map((p) => HG.el("option", { value: p, selected: p === this.predicate ? "selected" : null },
      p === "" ? "all" : p === "@typed" ? "typed only" : p)));
  },

  /** Mark the nodes and edges of an evidence subgraph (class "evidence"); returns the marked elements. */
  highlightEvidence(subgraph) {
    const cy = this.cy;
    cy.elements().removeClass("evidence");
    for (const n of subgraph.nodes) this.node(n.id).addClass("evidence");
    for (const e of subgraph.edges) cy.getElementById(`e${e.id}`).addClass("evidence");
    return cy.elements(".evidence");
  },
};
