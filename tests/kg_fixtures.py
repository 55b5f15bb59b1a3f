"""A small hand-made knowledge graph for the graph tests, and a matching corpus.

Entities                         Relations (index: source -pred-> target, chunk, kind)
  0 Oskar Brandt  (PERSON, df 3)   r0: 0 -direct->  1   film#0    typed
  1 The Glass Harbor (WORK, df 2)  r1: 0 -cooccur-> 2   misc#0    cooccur
  2 Tamsel        (GPE, df 2)      r2: 2 -cooccur-> 3   tamsel#0  cooccur
  3 Kestrel Bay   (GPE, df 1)      r3: 5 -produce-> 1   studio#0  typed
  4 film          (CONCEPT)        r4: 0 -born in-> 2   oskar#0   typed
  5 Saltmoor Studios (ORG, df 1)
  6 Glass         (PERSON)         (isolated)
  7 Greta Brandt  (PERSON, df 1)   (isolated; shares the alias "Brandt")

Home chunks (title matches): 0 oskar#0, 1 film#0, 2 tamsel#0, 3 kb#0, 5 studio#0.
"""

from __future__ import annotations

import json
from pathlib import Path

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.models import Entity, Relation

ENTITIES = [
    Entity(entity_id=0, name="Oskar Brandt", type="PERSON", aliases=["Oskar Brandt", "Brandt"], doc_freq=3),
    Entity(entity_id=1, name="The Glass Harbor", type="WORK_OF_ART", aliases=["The Glass Harbor"], doc_freq=2),
    Entity(entity_id=2, name="Tamsel", type="GPE", aliases=["Tamsel"], doc_freq=2),
    Entity(entity_id=3, name="Kestrel Bay", type="GPE", aliases=["Kestrel Bay"], doc_freq=1),
    Entity(entity_id=4, name="film", type="CONCEPT", aliases=["film"], doc_freq=1),
    Entity(entity_id=5, name="Saltmoor Studios", type="ORG", aliases=["Saltmoor Studios", "Saltmoor"], doc_freq=1),
    Entity(entity_id=6, name="Glass", type="PERSON", aliases=["Glass"], doc_freq=1),
    Entity(entity_id=7, name="Greta Brandt", type="PERSON", aliases=["Greta Brandt", "Brandt"], doc_freq=1),
]
RELATIONS = [
    Relation(source_id=0, predicate="direct", target_id=1, chunk_id="film#0", sentence="Oskar Brandt directed The Glass Harbor."),
    Relation(source_id=0, predicate="cooccur", target_id=2, chunk_id="misc#0", sentence="Brandt visited Tamsel.", kind="cooccur"),
    Relation(source_id=2, predicate="cooccur", target_id=3, chunk_id="tamsel#0", sentence="Tamsel lies near Kestrel Bay.", kind="cooccur"),
    Relation(source_id=5, predicate="produce", target_id=1, chunk_id="studio#0", sentence="Saltmoor Studios produced The Glass Harbor."),
    Relation(source_id=0, predicate="born in", target_id=2, chunk_id="oskar#0", sentence="Oskar Brandt was born in Tamsel."),
]
MENTIONS = [
    (1, "film#0"), (0, "film#0"),
    (0, "oskar#0"), (2, "oskar#0"),
    (2, "tamsel#0"), (3, "tamsel#0"),
    (0, "misc#0"), (2, "misc#0"),
    (3, "kb#0"),
    (5, "studio#0"), (1, "studio#0"),
]
ALIASES = [("brandt", 0), ("brandt", 7), ("saltmoor", 5)]
DOCS = {
    "film": ("The Glass Harbor", "The Glass Harbor is a film. Oskar Brandt directed The Glass Harbor."),
    "oskar": ("Oskar Brandt", "Oskar Brandt is a director. Oskar Brandt was born in Tamsel."),
    "tamsel": ("Tamsel", "Tamsel is a town founded in 1803. Tamsel lies near Kestrel Bay."),
    "misc": ("Notes", "Brandt visited Tamsel."),
    "kb": ("Kestrel Bay", "Kestrel Bay is a port city with a harbour."),
    "studio": ("Saltmoor Studios", "Saltmoor Studios produced The Glass Harbor."),
}


def small_kg() -> KnowledgeGraph:
    titles = {f"{doc}#0": title for doc, (title, _) in DOCS.items()}
    return KnowledgeGraph.from_parts({e.entity_id: e for e in ENTITIES}, list(RELATIONS), list(MENTIONS), list(ALIASES), titles)


def write_small_corpus(path: Path) -> Path:
    """The documents behind the small graph (one chunk each: ids `<doc>#0`)."""
    records = [{"id": doc, "title": title, "text": text} for doc, (title, text) in DOCS.items()]
    path.write_text(json.dumps(records), encoding="utf-8")
    return path
