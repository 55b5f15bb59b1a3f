"""Short names and their full forms: which name a mention stands for, per document and across the corpus.

* short name -> full name *within one document*: a one-word mention equal to the last word of exactly one
  multi-word name in the same document joins that name, as does a first name or an initial with the surname
  ("Ada", "A. Brook" -> "Ada Brook"), the first word of an organisation's name ("Tarrow" -> "Tarrow Maritime
  Analytics") and its head word ("Philharmonic" -> "Tarrow Philharmonic"); never across types (`NameStats.compatible`): a city never joins "University of <city>";
* short name -> full name *across documents*: the same, when exactly one full name of a compatible type in the
  corpus fits (`corpus_short_keys`);
* title base -> title inside a titled document; an honorific form -> the bare name (`honorific_keys`).
"""

from __future__ import annotations

from collections import Counter, defaultdict

from hopgraph.indexing.normalize import normalize, strip_disambiguator
from hopgraph.indexing.types import has_head_word, name_type
from hopgraph.indexing.variants import HONORIFICS as _HONORIFICS
from hopgraph.indexing.variants import NUMERALS as _NUMERALS

NAME_LABELS = frozenset("PERSON PROPN TITLE ORG".split())
_STOP = frozenset("of and the for in on at de to a an".split())

def initials(norm: str) -> str:
    """Initials of the significant words of a normalised name: "bank of america" -> "ba"."""
    return "".join(w[0] for w in norm.split() if w not in _STOP)


_PERSONISH = frozenset(("PERSON", "PROPN", "TITLE", "CONCEPT"))
PLACES = frozenset(("GPE", "LOC", "FAC", "NORP"))


class NameStats:
    """Corpus facts the short-name rules need: each name's type (`vote_type`), how many distinct multi-word
    names a word starts, and the surnames of people (each word counted by the names giving it, so an update
    moves them by its names only: `moved`)."""

    def __init__(self, types: dict[str, str] | None = None):
        self.types = types or {}
        self.starts: Counter = Counter()
        self.surnames: Counter = Counter()  # last word of a person's name -> such names
        self.non_org_starts: Counter = Counter()  # first words of names that are no organisation's -> such names
        for key, etype in self.types.items():
            self._count(key, etype, 1)

    def _count(self, key: str, etype: str, n: int) -> None:
        words = key.split()
        if len(words) > 1:
            _move(self.starts, words[0], n)
            if etype != "ORG":
                _move(self.non_org_starts, words[0], n)
            if etype == "PERSON":
                _move(self.surnames, words[-1], n)

    def moved(self, types: dict[str, str], before: dict[str, str | None]) -> NameStats:
        """The stats of `types`, a corpus that differs from this one in the names of `before` only (name -> its
        type here, None when it is not a name here): these counts copied and moved by those names."""
        out = NameStats()
        out.types = types
        out.starts, out.surnames, out.non_org_starts = (Counter(c) for c in (self.starts, self.surnames,
                                                                            self.non_org_starts))
        for name, etype in before.items():
            if etype is not None:
                out._count(name, etype, -1)
            if (now := types.get(name)) is not None:
                out._count(name, now, 1)
        return out

    def compatible(self, short: str, full: str, first: bool, local: bool = False) -> bool:
        """May `short` stand for `full`? A surname, first name or initial + surname for a person (in the same
        document whatever NER called it, unless a place other than a GPE, or as a surname a GPE that starts
        other names, a town's name as in "Tarrow station"); for an organisation only its first word, when that word starts no
        other name, is no surname and is no place. Never a place's first word ("Tarrow" of "Tarrow valley")."""
        if not self.types:  # no corpus types known: the old surname rule (last word of a name)
            return not first
        st, ft = self.types.get(short, "PROPN"), self.types.get(full, "PROPN")
        if ft == "PERSON" and has_head_word(full):  # "Tarrow Conservatory of Music" tagged PERSON is no person
            ft = "ORG"
        if ft == "PERSON":
            return st in _PERSONISH or (local and st not in PLACES - {"GPE"}
                                        and (first or st != "GPE" or not self.starts[short]))
        if ft in _PERSONISH:  # an untyped name (a title, a proper-noun run): the old rule
            return (local and not (first and has_head_word(full))) or not first
        if local and first and st in _PERSONISH and " of " in f" {full} " and not has_head_word(full):
            return True  # "Maurice" for "Maurice of Tarrow", whatever NER called the longer name
        if local and not first and ft == "ORG" and st not in PLACES and name_type(f"x {short}") == "ORG":
            return True  # "the Philharmonic" for "Tarrow Philharmonic" in the same document
        return first and ft == "ORG" and st not in PLACES and self.starts[short] == 1 \
            and short not in self.surnames

    def is_place(self, key: str, labels: Counter) -> bool:
        """A one-word name that starts several other names and is sometimes tagged a place is a place
        ("Tarrow" of "Tarrow Hospital", "Tarrow Gazette", "in Tarrow")."""
        return " " not in key and self.starts[key] >= 2 and (labels["GPE"] + labels["LOC"]) > 0


def _move(counts: Counter, word: str, n: int) -> None:
    left = counts.get(word, 0) + n
    if left > 0:
        counts[word] = left
    else:  # a word no name gives any more is gone, as from a count made afresh
        counts.pop(word, None)


def short_forms(words: list[str]) -> list[tuple[str, bool]]:
    """(short key, is a first word) forms a full name may be called by: last word, first word, initial + surname."""
    out = [(words[-1], False), (words[0], True)]
    if len(words[0]) > 1:
        out.append((f"{words[0][0]} {words[-1]}", False))
    return out


def pick(short: str, cands: set[str]) -> str | None:
    """The one candidate; among several, the one whose surname the short name is, when unique."""
    if len(cands) == 1:
        return next(iter(cands))
    by_surname = [c for c in cands if c.split()[-1] == short]
    return by_surname[0] if len(by_surname) == 1 else None


def doc_keys(mentions: list[tuple[str, str, str]], title: str, stats: NameStats | None = None
              ) -> dict[str, str]:
    """Within-document key overrides: short name -> full name, lead full name / title base -> title, a family
    member's first name -> that person's full name elsewhere in the corpus (`family_first_names`)."""
    stats = stats or NameStats()
    overrides: dict[str, str] = {}
    title_norm = normalize(title) if title else ""
    full: dict[str, set[str]] = defaultdict(set)
    for _text, label, norm in mentions:
        words = norm.split()
        if len(words) > 1 and label in NAME_LABELS | PLACES:
            for short, first in short_forms(words):
                if stats.compatible(short, norm, first, local=True):
                    full[short].add(norm)
    if title:
        base = normalize(strip_disambiguator(title))
        tw = base.split()
        if base and base != title_norm:
            overrides[base] = title_norm
        for _text, label, norm in mentions:  # "Teo Andrés Calderán Oyarte" in the doc titled "Teo Calderán"
            words = norm.split()
            if len(tw) > 1 and len(words) > 1 and words[0] == tw[0] and tw[-1] in words and norm != title_norm:
                overrides[norm] = title_norm
    from hopgraph.indexing.company_names import company_short_names

    for short, org in company_short_names(mentions, stats).items():
        full.setdefault(short, {org})
    for _text, _label, norm in mentions:
        if norm not in full or (" " in norm and not is_initialled(norm)) or norm in overrides:
            continue  # the title's own base form stays the title's
        cands = full[norm]
        target = title_norm if title_norm in cands else pick(norm, cands)
        if target:
            overrides[norm] = overrides.get(target, target)
    overrides.update(family_first_names(mentions, stats, full, overrides))
    for norm in overrides:  # follow chains: "brook" -> "a brook" -> "ada brook"
        for _ in range(3):
            nxt = overrides.get(overrides[norm])
            if nxt is None or nxt == norm:
                break
            overrides[norm] = nxt
    return overrides


def family_first_names(mentions: list[tuple[str, str, str]], stats: NameStats, full: dict[str, set[str]],
                       decided: dict[str, str]) -> dict[str, str]:
    """A one-word name the document's own names do not settle, that is the first name of exactly one person of
    the corpus sharing a surname with a person of this document: "his son, Tam" in an obituary of Ada Brook is
    Tam Brook, not Cy Tam of another document (a family names its members by their first names)."""
    own = {norm for _t, _l, norm in mentions}
    surnames = {norm.split()[-1] for norm in own if len(norm.split()) > 1 and stats.types.get(norm) == "PERSON"}
    out: dict[str, str] = {}
    for _text, _label, norm in mentions:
        if " " in norm or norm in full or norm in decided or norm in out \
                or stats.types.get(norm, "PERSON") not in ("PERSON", "PROPN"):
            continue
        cands = {f"{norm} {s}" for s in surnames if stats.types.get(f"{norm} {s}") == "PERSON"} - own
        if len(cands) == 1:
            out[norm] = next(iter(cands))
    return out


def is_initialled(norm: str) -> bool:
    """"a brook": an initial and a surname."""
    words = norm.split()
    return len(words) == 2 and len(words[0]) == 1 and len(words[1]) > 2


def honorific_keys(norms: set[str]) -> dict[str, str]:
    """"emperor theodosius ii" -> "theodosius ii" when the bare form is itself a mention somewhere
    and is specific (several words or a regnal number)."""
    out = {}
    for norm in norms:
        words = norm.split()
        k = 0
        while k < len(words) - 1 and words[k] in _HONORIFICS:
            k += 1
        if k == 0:
            continue
        rest = words[k:]
        bare = " ".join(rest)
        if bare in norms and (len(rest) > 1 or rest[-1] in _NUMERALS):
            out[norm] = bare
    return out


def corpus_short_keys(doc_mentions, stats: NameStats) -> dict[str, str]:
    """Short name -> the one full name of a compatible type in the corpus it can stand for (one word, or an
    initial and a surname), applied where a document's own names did not decide."""
    full: dict[str, set[str]] = defaultdict(set)
    for ms in doc_mentions.values():
        for _text, label, norm in ms:
            words = norm.split()
            if len(words) > 1 and label in NAME_LABELS | PLACES:
                for short, first in short_forms(words):
                    if short != norm and stats.compatible(short, norm, first):
                        full[short].add(norm)
    out = {}
    for short, cands in full.items():
        if short in stats.types and (" " not in short or is_initialled(short)):
            target = pick(short, cands)
            if target is not None:
                out[short] = target
    return out



class DocKeysMemo:
    """`doc_keys` of each document remembered over several resolutions with the same corpus statistics (an
    update's rounds resolve a neighbourhood and then a slightly larger one: the same documents with the same
    mentions and title give the same overrides). Each call hands out a copy (`settle_across` adds to it)."""

    def __init__(self) -> None:
        self.stats: NameStats | None = None
        self.known: dict[str, tuple[list, str, dict[str, str]]] = {}
        self.companies: dict[str, tuple[list, dict[str, set[str]]]] = {}

    def __call__(self, doc: str, mentions: list[tuple[str, str, str]], title: str, stats: NameStats,
                 compatible: NameStats) -> dict[str, str]:
        """`doc_keys(mentions, title, compatible)`; `stats`: the statistics `compatible` answers from (a
        remembering copy is made per resolution), whose identity keys the memo."""
        self._same(stats)
        hit = self.known.get(doc)
        if hit is None or hit[0] != mentions or hit[1] != title:
            hit = self.known[doc] = (mentions, title, doc_keys(mentions, title, compatible))
        return dict(hit[2])

    def candidates(self, doc: str, mentions: list[tuple[str, str, str]], stats: NameStats) -> dict[str, set[str]]:
        """`company_candidates(mentions, stats)` of a document, remembered likewise (not to be changed)."""
        from hopgraph.indexing.company_names import company_candidates

        self._same(stats)
        hit = self.companies.get(doc)
        if hit is None or hit[0] != mentions:
            hit = self.companies[doc] = (mentions, company_candidates(mentions, stats))
        return hit[1]

    def _same(self, stats: NameStats) -> None:
        """Forget what was remembered for other statistics."""
        if stats is not self.stats:
            self.stats, self.known, self.companies = stats, {}, {}
