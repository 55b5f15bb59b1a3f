/* The side panel: entity details, edge details with the source chunk, and the ask trace. */
"use strict";

window.HG = window.HG || {};
const { el, fill } = HG;

HG.panels = {
  /** Entity: aliases, type, degree, relations (each with its sentence), mentions (chunk ids). */
  async showEntity(entityId) {
    const body = document.getElementById("details-body");
    try {
      const e = await HG.api(`/entities/${encodeURIComponent(entityId)}`);
      fill(document.getElementById("details-title"), e.name);
      const item = (r) => el("li", { class: `relation ${r.kind}` },
        el("button", { type: "button", class: "link", onclick: () => this.showEdge(r) },
          `${r.source_name} — ${r.predicate} → ${r.target_name}`),
        el("div", { class: "sentence" }, r.sentence));
      const typed = e.relations.filter((r) => r.kind === "typed");
      const cooccurring = e.relations.filter((r) => r.kind !== "typed");
      const chunkIds = [...new Set(e.mentions.map((m) => m.chunk_id))];
      fill(body,
        el("p", { class: "meta" }, el("span", { class: "badge" }, e.type || "untyped"), ` degree ${e.degree} · in ${e.doc_freq} documents · id ${e.id}`),
        e.aliases.length ? el("p", { class: "aliases" }, "Aliases: ", e.aliases.join(", ")) : null,
        el("div", { class: "actions" },
          el("button", { type: "button", onclick: () => HG.app.expand(e.id) }, "Expand"),
          el("button", { type: "button", onclick: () => HG.app.loadEntity(String(e.id)) }, "Centre here"),
          el("button", { type: "button", onclick: () => HG.graph.hide(HG.graph.node(e.id)) }, "Hide")),
        el("h3", {}, `Relations (${typed.length})`),
        typed.length ? el("ul", { class: "relations" }, typed.slice(0, 80).map(item))
          : el("p", { class: "muted" }, "No stated relation."),
        cooccurring.length ? el("details", { class: "cooccurrence" },
          el("summary", {}, `Named in the same sentence as (${cooccurring.length})`),
          el("ul", { class: "relations" }, cooccurring.slice(0, 80).map(item))) : null,
        el("h3", {}, `Mentioned in ${chunkIds.length} chunks`),
        el("ul", { class: "mentions" }, chunkIds.map((cid) => el("li", {},
          el("button", { type: "button", class: "link", onclick: () => this.showChunk(cid) }, cid)))));
    } catch (err) {
      fill(body, el("p", { class: "error" }, HG.describeError(err)));
    }
  },

  /** Edge: predicate, ends, sentence, then the chunk text it was read from. */
  async showEdge(edge) {
    fill(document.getElementById("details-title"), `${edge.source_name} — ${edge.predicate} → ${edge.target_name}`);
    const body = document.getElementById("details-body");
    fill(body,
      el("p", { class: "meta" }, el("span", { class: "badge" }, edge.kind), ` chunk ${edge.chunk_id}`),
      el("blockquote", { class: "sentence" }, edge.sentence || "(no sentence)"),
      el("div", { id: "chunk-view" }, el("p", { class: "muted" }, "loading chunk…")));
    await this.renderChunk(edge.chunk_id, edge.sentence, document.getElementById("chunk-view"));
  },

  /** A chunk on its own. */
  async showChunk(chunkId, sentence) {
    fill(document.getElementById("details-title"), `Chunk ${chunkId}`);
    const body = document.getElementById("details-body");
    fill(body, el("div", { id: "chunk-view" }, el("p", { class: "muted" }, "loading chunk…")));
    await this.renderChunk(chunkId, sentence, document.getElementById("chunk-view"));
  },

  /** The chunk text as text, the sentence marked, and its entities as buttons. */
  async renderChunk(chunkId, sentence, target) {
    try {
      const c = await HG.api(`/chunks/${encodeURIComponent(chunkId)}`);
      const at = sentence ? c.text.indexOf(sentence) : -1;
      const text = at < 0 ? [c.text]
        : [c.text.slice(0, at), el("mark", {}, sentence), c.text.slice(at + sentence.length)];
      fill(target,
        el("h3", {}, c.title || c.doc_id),
        el("p", { class: "meta" }, `document ${c.doc_id} · chunk ${c.position} · characters ${c.start}–${c.end}`),
        el("div", { class: "chunk-text" }, text),
        el("div", { class: "chunk-entities" }, c.entities.map((e) =>
          el("button", { type: "button", class: "entity-chip", onclick: () => HG.app.loadEntity(String(e.id)) }, e.name))));
    } catch (err) {
      fill(target, el("p", { class: "error" }, HG.describeError(err)));
    }
  },

  /** An AgenticRetrievalResult: verdict, the answer with its citations, one numbered item per step, final hits.
   *  "complete" (green) only when the grader's last verdict said so; a grader's note is never shown as a quote. */
  renderAsk(result) {
    const decided = result.traces.filter((t) => t.decision);
    const last = decided.length ? decided[decided.length - 1].decision : null;
    const earned = result.termination_reason === "complete" && last !== null && last.verdict === "complete";
    fill(document.getElementById("ask-summary"),
      earned ? el("span", { class: "badge verdict-complete", title: "the grader found every requirement supported" }, "complete")
        : el("span", { class: "badge verdict-incomplete", title: "the grader did not find every requirement supported" },
          `not complete: ${result.termination_reason.replaceAll("_", " ")}`),
      ` ${result.total_hops} hops · ${result.correction_count} corrections · ${result.elapsed_s.toFixed(2)} s`,
      result.route ? el("div", { class: "muted" }, `route: ${result.route.route} (${result.route.shape})`) : null,
      result.answer ? this.answerBlock(result.answer) : null,
      result.hits.length ? null : el("p", { class: "muted" }, "No chunk matched the question in any hop."));
    fill(document.getElementById("trace"), result.traces.map((t, i) => el("li", { class: "hop", dataset: { hop: t.hop, step: i + 1 } },
      el("div", { class: "hop-head" },
        el("strong", {}, `${i + 1}. ${t.is_correction ? "Correction" : "Hop"} ${t.hop}${t.requirement_id ? ` · ${t.requirement_id}` : ""}`),
        el("span", { class: "badge" }, t.source),
        t.decision ? el("span", { class: `badge verdict verdict-${t.decision.verdict}` }, t.decision.verdict) : null,
        el("span", { class: "muted" }, `${t.elapsed_s.toFixed(2)} s`)),
      el("div", { class: "hop-query" }, t.query),
      t.decision ? el("div", { class: "hop-reason muted" }, t.decision.reason) : null,
      t.decision && t.decision.assessments.length ? el("ul", { class: "assessments" }, t.decision.assessments.map((a) =>
        el("li", { class: `assessment ${a.status}` },
          el("span", { class: "badge req" }, a.requirement_id),
          el("span", { class: `badge status-${a.status}` }, a.status),
          a.entity ? ` ${a.entity}` : "",
          a.bridge_entities.length ? ` → ${a.bridge_entities.join(", ")}` : "",
          a.failure_reason ? el("div", { class: "muted" }, a.failure_reason) : null,
          a.evidence_sentence ? (HG.isQuotable(a.evidence_sentence)
            ? el("div", { class: "sentence" }, `“${a.evidence_sentence}”`)
            : el("div", { class: "note muted" }, `note: ${a.evidence_sentence}`)) : null))) : null,
      el("ul", { class: "hits" }, t.hits.slice(0, 5).map((h) => this.hitItem(h))))));
    fill(document.getElementById("final-hits"),
      el("h3", {}, `Evidence (${result.hits.length} hits)`),
      el("ul", { class: "hits final" }, result.hits.map((h) => this.hitItem(h))));
  },

  /** The answer text, each [chunk id] citation a button that opens that chunk. */
  answerBlock(text) {
    const lines = text.split("\n").filter((line) => line.trim());
    return el("div", { class: "answer" }, lines.map((line) => el("p", {}, line.split(/(\[[^\[\]]+\])/).map((part) => {
      const cite = /^\[([^\[\]]+)\]$/.exec(part);
      return cite ? el("button", { type: "button", class: "link cite", dataset: { chunk: cite[1] },
        onclick: () => this.showChunk(cite[1]) }, `[${cite[1]}]`) : part;
    }))));
  },

  hitItem(hit) {
    return el("li", { class: hit.requirement_id ? "hit bound" : "hit", dataset: { chunk: hit.chunk_id } },
      hit.requirement_id ? el("span", { class: "badge req" }, hit.requirement_id) : null,
      el("button", { type: "button", class: "link", onclick: () => this.showChunk(hit.chunk_id) }, hit.title || hit.chunk_id),
      el("span", { class: "muted" }, ` ${hit.chunk_id}`));
  },
};
