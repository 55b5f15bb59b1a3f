"""A company called by the first word of its name ("Brook" for "Brook Therapeutics"), which NER reads as a person
or leaves untyped (a helper of `hopgraph.indexing.names` and `hopgraph.indexing.resolve`).

A one-word name typed PERSON or untyped in the corpus, that is no person's surname anywhere and starts only
organisations' names (not a town's: "Tarrow station"), may stand for the organisations of its document whose name
it starts. With one such organisation it joins it; with two ("Brook Diagnostics" beside it) it may be a town's
name ("Tarrow Gazette", "Tarrow Conservatory"), so it joins one of them only where the corpus settles it: in every
document where the name stands for one organisation alone, it stands for that same one.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hopgraph.indexing.names import NameStats

_SHORT_TYPES = ("PERSON", "PROPN")


def company_candidates(mentions: list[tuple[str, str, str]], stats: NameStats) -> dict[str, set[str]]:
    """Short name -> the organisations of the document (mentions: text, label, norm) it may stand for."""
    orgs: dict[str, set[str]] = defaultdict(set)
    for _text, _label, norm in mentions:
        words = norm.split()
        if len(words) > 1 and stats.types.get(norm) == "ORG":
            orgs[words[0]].add(norm)
    return {norm: orgs[norm] for _text, _label, norm in mentions
            if norm in orgs and stats.types.get(norm) in _SHORT_TYPES and norm not in stats.surnames
            and norm not in stats.non_org_starts}


def company_short_names(mentions: list[tuple[str, str, str]], stats: NameStats) -> dict[str, str]:
    """Short name -> the one organisation of its document it stands for."""
    return {short: next(iter(orgs)) for short, orgs in company_candidates(mentions, stats).items() if len(orgs) == 1}


def settle_across(doc_mentions: dict[str, list[tuple[str, str, str]]], overrides: dict[str, dict[str, str]],
                  stats: NameStats, candidates: dict[str, dict[str, set[str]]] | None = None) -> None:
    """Where a short name may stand for several organisations of its document and every document in which it
    stands for one alone names the same one, it stands for that one (added to `overrides`, per document).
    `candidates`: each document's `company_candidates` when known already (read, not changed)."""
    if candidates is None:
        candidates = {doc: company_candidates(ms, stats) for doc, ms in doc_mentions.items()}
    settled: dict[str, set[str]] = defaultdict(set)
    for per_doc in candidates.values():
        for short, orgs in per_doc.items():
            if len(orgs) == 1:
                settled[short] |= orgs
    for doc, per_doc in candidates.items():
        for short, orgs in per_doc.items():
            target = settled.get(short, set())
            if len(orgs) > 1 and len(target) == 1 and target <= orgs and short not in overrides.get(doc, {}):
                overrides.setdefault(doc, {})[short] = next(iter(target))
