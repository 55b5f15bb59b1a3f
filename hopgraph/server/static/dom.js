/* DOM and HTTP helpers shared by the explorer's scripts.
 *
 * Every piece of store text (names, sentences, chunk text) reaches the page
 * through el()/text nodes (textContent), never innerHTML: a document that
 * contains "<script>" shows as those characters.
 */
"use strict";

window.HG = window.HG || {};

/** el("li", {class: "hit", onclick: f}, "text", childNode, ...) -> element; strings become text nodes. */
HG.el = function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
};

/** Replace an element's children. */
HG.fill = function fill(node, ...children) {
  node.replaceChildren();
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
};

/** An error from the API, with its status and JSON body. */
class ApiError extends Error {
  constructor(status, body) {
    super((body && body.detail) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}
HG.ApiError = ApiError;

/** GET (or POST with a JSON body) an API path; resolves to parsed JSON, rejects with ApiError. */
HG.api = async function api(path, body) {
  const init = body === undefined
    ? { headers: { Accept: "application/json" } }
    : { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch (_) { data = null; }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
};

/** A query string from an object; arrays repeat the key. */
HG.query = function query(params) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === "") continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  return search.toString();
};

/** Show a one-line message under the graph (kind: "info" | "error"). */
HG.status = function status(message, kind) {
  const node = document.getElementById("status");
  node.textContent = message || "";
  node.className = kind || "info";
};

/** The message of an API error, with "did you mean" names for a 404. */
HG.describeError = function describeError(err) {
  if (err instanceof ApiError && err.body.closest && err.body.closest.length) {
    return `${err.message} — did you mean: ${err.body.closest.join(", ")}?`;
  }
  return err.message || String(err);
};

/** Whether a grader's evidence_sentence is a sentence of a document (quoted) or a note of its own ("open reading: …"). */
HG.isQuotable = function isQuotable(sentence) {
  const text = (sentence || "").trim();
  return text !== "" && !text.toLowerCase().startsWith("open reading:");
};
