"""Entity resolution: mentions and triples of all chunks -> one `ResolvedGraph`.

Merge rules, applied per mention to pick a key, then unioned:
  * same normalised form (`normalize`) -> same entity, across documents;
  * short name -> full name *within one document*: a one-word mention equal to the last word of
    exactly one multi-word name in the same document joins that name (a bare "Brennick" in a
    document naming "Ada Brennick"), as does a first name or an initial with the surname ("Ada",
    "A. Brook" -> "Ada Brook"), and the first word of an organisation's name ("Tarrow" -> "Tarrow
    Maritime Analytics"); never across types (`types.vote_type` over the corpus): a city never joins
    "University of <city>";
  * a company called by its name's first word that NER read as a person ("Quell" for "Quell Therapeutics"),
    by the one organisation of its document it starts or, beside two, by the one the corpus settles
    (`hopgraph.indexing.company_names`);
  * short name -> full name *across documents*: the same, in a document naming no such full name,
    when exactly one full name of a compatible type in the corpus fits and the short form is
    itself no multi-word name's other part;
  * title match: a mention equal to a document title joins the title's entity (same norm);
    inside the title's own document the title without its disambiguator also does
    ("Four Quiet Rooms" in the document titled "Four Quiet Rooms (1936 film)");
  * acronym <-> full name: an all-caps mention ("IBM") is read as a multi-word name whose
    initials it spells ("International Business Machines") in a document naming both (that
    document's mentions only: `merge.local_acronyms`); written alone, it joins the name most
    documents that spell it out give it (a strict majority), or, when none does, the one such
    name of the whole corpus;
  * short person name -> the unique longer name it abbreviates, across documents
    ("Corin Haskett" / "Corin Walter Haskett", see `hopgraph.indexing.variants`).
Not entities: a capitalised one-word name whose lower-case form is an ordinary word of the corpus
("Present", "Booking", "Verdict"), or that is only ever written at the start of a line or sentence (a
heading such as "Outreach"), unless it is mostly tagged a place, nationality or language or is in capitals.
Titles count only for documents whose extraction holds a TITLE mention (documents about one entity).
Entity types: `hopgraph.indexing.types.vote_type` over all mentions, the name, the typed relations and the classes
the text states ("class: <TYPE>" triples, `hopgraph.indexing.classes`; evidence only, never relations).
Entity ids are consecutive from 0 in order of first mention (chunk order, then mention order). The graph is assembled
from the merged keys by `hopgraph.indexing.resolved_graph`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from hopgraph.gc_pause import collector_paused
from hopgraph.indexing.company_names import settle_across
from hopgraph.indexing.junk import junk_keys
from hopgraph.indexing.delta_merges import MergeContext, doc_inputs, global_unions
from hopgraph.indexing.merge import UnionFind, local_acronyms
from hopgraph.indexing.name_votes import NameVotes, across_keys, bare_keys, count, name_stats
from hopgraph.indexing.names import DocKeysMemo, NameStats, doc_keys
from hopgraph.indexing.normalize import normalize
from hopgraph.indexing.relation_fit import fit_relations
from hopgraph.indexing.resolved_graph import build_graph
from hopgraph.models import Chunk, ChunkExtraction, ResolvedGraph

_NO_OVERRIDES: dict[str, str] = {}


def doc_cached(key_of: Callable[[str, str], str]) -> Callable[[str, str], str]:
    """`key_of(text, doc_id)` remembered per document: resolution reads a document's mentions, triples and
    co-occurrences together, naming the same texts many times, and goes over every document in several passes
    (entity order, acronyms, short names, the graph); `key_of` is pure once resolution's corpus-wide tables are
    made, so each (document, text) is keyed once."""
    per_doc: dict[str, dict[str, str]] = {}
    doc, known = None, {}

    def cached(text: str, doc_id: str) -> str:
        nonlocal doc, known
        if doc_id != doc:
            doc = doc_id
            known = per_doc.get(doc_id)
            if known is None:
                known = per_doc[doc_id] = {}
        key = known.get(text)
        if key is None:
            key = known[text] = key_of(text, doc_id)
        return key
    return cached


def _remembering(stats: NameStats) -> NameStats:
    """`stats` whose `compatible` answers are remembered: every document asks it for its own full names and short
    forms, the same pairs again and again, and the answer depends on the corpus's fixed statistics only."""
    copy = object.__new__(type(stats))
    copy.__dict__.update(stats.__dict__)
    known: dict[tuple[str, str, bool, bool], bool] = {}
    ask = stats.compatible

    def compatible(short: str, full: str, first: bool, local: bool = False) -> bool:
        key = (short, full, first, local)
        answer = known.get(key)
        if answer is None:
            answer = known[key] = ask(short, full, first, local)
        return answer
    copy.compatible = compatible
    return copy


class Norms(dict):
    """`normalize` of each text asked, remembered for one resolution: a 100k-passage corpus names ~400k distinct
    texts, more than `normalize`'s own cache holds, each asked several times (mentions, votes, keys, aliases)."""

    def __missing__(self, text: str) -> str:
        norm = self[text] = normalize(text)
        return norm


def resolve(chunks: list[Chunk], extractions: list[ChunkExtraction], corpus: NameVotes | None = None,
            fit: bool = True, record: dict | None = None, memo: DocKeysMemo | None = None) -> ResolvedGraph:
    """Merge mentions into entities and turn triples / co-occurrences into relations. `corpus`: the whole
    corpus's votes per name when `chunks` are only part of it (an update's neighbourhood), else counted here.
    `fit`: drop the typed relations whose ends' types do not fit (`fit_relations`); an update does that once
    it knows which entities keep their stored type. `record`: filled with each document's merge inputs
    (`delta_merges.doc_inputs`, what a build keeps for updates). `memo`: each document's within-document
    overrides remembered over resolutions with the same corpus statistics (an update's rounds)."""
    with collector_paused():
        return _resolve(chunks, extractions, corpus, fit, record, memo)


def _resolve(chunks: list[Chunk], extractions: list[ChunkExtraction], corpus: NameVotes | None, fit: bool,
             record: dict | None = None, memo: DocKeysMemo | None = None) -> ResolvedGraph:
    norms = Norms()
    by_chunk = {e.chunk_id: e for e in extractions}
    chunk_doc = {c.chunk_id: c.doc_id for c in chunks}
    titled = {chunk_doc[e.chunk_id] for e in extractions if e.chunk_id in chunk_doc
              and any(m.label == "TITLE" for m in e.mentions)}
    doc_title = {c.doc_id: c.title for c in chunks if c.title and c.doc_id in titled}
    doc_mentions: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for c in chunks:
        ext = by_chunk.get(c.chunk_id)
        for m in ext.mentions if ext else ():
            doc_mentions[c.doc_id].append((m.text, m.label, norms[m.text]))
    votes = corpus or count(chunks, by_chunk, norms=norms)
    if corpus is None:
        votes.types = votes.name_types()  # asked by `name_stats` and `bare_keys`: computed once
    stats = name_stats(votes)
    junk = junk_keys(chunks, votes.labels, votes.texts, votes.mid_sentence())
    remembering = _remembering(stats)
    if memo is None:
        overrides = {d: doc_keys(ms, doc_title.get(d, ""), remembering) for d, ms in doc_mentions.items()}
        companies = None
    else:
        overrides = {d: memo(d, ms, doc_title.get(d, ""), stats, remembering) for d, ms in doc_mentions.items()}
        companies = {d: memo.candidates(d, ms, stats) for d, ms in doc_mentions.items()}
    settle_across(doc_mentions, overrides, remembering, companies)  # "Brook" of "Brook Therapeutics" beside "Brook Diagnostics"
    honorific = bare_keys(votes)
    across = across_keys(votes, stats)

    targets = {d: set(o.values()) for d, o in overrides.items()}  # a document's full names keep their key

    def name_key(text: str, doc_id: str) -> str:
        norm = norms[text]
        norm = overrides.get(doc_id, _NO_OVERRIDES).get(norm, norm)
        norm = across.get(norm, norm) if norm not in targets.get(doc_id, ()) else norm
        norm = honorific.get(norm, norm)
        return "" if norm in junk else norm

    acronyms = local_acronyms(doc_mentions, doc_cached(name_key))  # "US" beside "Uncle Silas": that document's reading only

    def key_of(text: str, doc_id: str) -> str:
        local = acronyms.get(doc_id)
        if local:
            key = local.get(norms[text])
            if key:
                return key
        return name_key(text, doc_id)

    key_of = doc_cached(key_of)

    uf = UnionFind()
    order: dict[str, int] = {}
    for c in chunks:
        for text, _label, _norm in doc_mentions.get(c.doc_id, ()):
            key = key_of(text, c.doc_id)
            if key:
                order.setdefault(key, len(order))
                uf.find(key)
    in_order = [by_chunk[c.chunk_id] for c in chunks if c.chunk_id in by_chunk]  # an update's extractions too
    # The mention counts read `votes.labels`, not `votes`: an update's votes hold its merge step, which keeps this
    # context, and a cycle through them would leave every extraction of S to the cyclic collector (0.5 s at 100k).
    labels = votes.labels
    ctx = MergeContext(doc_mentions, key_of, acronyms, in_order, chunk_doc, _outside_documents(name_key), stats.types,
                       lambda key: sum(labels[key].values()) if key in labels else 0)
    if corpus is not None and corpus.merges is not None:  # an update: S's keys unioned as the corpus's are
        corpus.merges(uf, ctx)
    else:  # acronyms, short person names, "also known as" (no alias across classes): `delta_merges`
        inputs = doc_inputs(ctx)
        if record is not None:
            record.update(inputs)
        global_unions(inputs, ctx.types, ctx.mentions, uf)
    places = {k for k, c in votes.labels.items() if stats.is_place(k, c)}
    graph = build_graph(chunks, by_chunk, chunk_doc, uf, order, key_of, norms, places,
                        corpus.merges.named if corpus is not None and corpus.merges is not None else lambda _key: False)
    if fit:
        fit_relations(graph, {e.entity_id: e.type for e in graph.entities})
    return graph


def _outside_documents(name_key: Callable[[str, str], str]) -> Callable[[str], str]:
    """A text's key read by no document (no document's own full names or short forms), remembered."""
    known: dict[str, str] = {}

    def key(text: str) -> str:
        k = known.get(text)
        if k is None:
            k = known[text] = name_key(text, _NO_DOCUMENT)
        return k
    return key


_NO_DOCUMENT = "\x00no document"


