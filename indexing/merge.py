"""Unions of entity keys: a union-find and the merge rules that need the whole corpus (acronyms, short person
names, "also known as" statements)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from functools import lru_cache

from hopgraph.indexing.names import initials as _initials_of
from hopgraph.indexing.variants import PERSON_LABELS, _split, short_name_targets

ALIAS_PREDICATES = frozenset(("know as", "also know as", "bear as"))
#: `names.initials`, remembered: the acronym rules ask it for every multi-word mention, twice.
initials = lru_cache(maxsize=1 << 18)(_initials_of)


class UnionFind:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, x: str) -> str:
        self.parent.setdefault(x, x)
        root = x
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[x] != root:
            self.parent[x], x = root, self.parent[x]
        return root

    def union(self, a: str, b: str) -> None:
        if not a or not b:  # a dropped (junk) name joins nothing
            return
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def is_acronym(text: str) -> bool:
    """An all-capitals word of 2-6 letters ("IBM", "US")."""
    return 2 <= len(text) <= 6 and text.isalpha() and text.isupper()


def local_acronyms(doc_mentions, key_of) -> dict[str, dict[str, str]]:
    """Per document, acronym norm -> the key of the document's own multi-word (non-person) name whose initials
    it spells ("US" beside "Uncle Silas"). A document's reading is its own: it rewrites that document's
    mentions only (`resolve.key_of`), never the acronym's corpus-wide key, so "US" read as "Uncle Silas" in a
    film's article and as "United States" in others does not join the film to the country."""
    out: dict[str, dict[str, str]] = {}
    for doc_id, ms in doc_mentions.items():
        local = {initials(n): key_of(n, doc_id) for _t, lab, n in ms if " " in n and lab != "PERSON"}
        found = {norm: local[norm] for text, _label, norm in ms if is_acronym(text) and local.get(norm)}
        if found:
            out[doc_id] = found
    return out


#: Types an acronym may stand for when no document spells it out: an organisation, a place, a people, a law or
#: programme. A person, a work or an untyped title whose initials happen to spell it is a coincidence of the
#: corpus's size, not a reading ("VR" and a novel "Violet Rain" no document relates).
UNSPELLED_TARGETS = frozenset(("ORG", "GPE", "LOC", "FAC", "NORP", "LAW"))


#: With classes that differ, an acronym joins its spelled-out name only when it has at most this many mentions
#: in the corpus per document spelling it out.
MENTIONS_PER_SPELLING = 3


def acronym_target_fits(acronym_type: str, target_type: str, support: int, mentions: int) -> bool:
    """May an acronym (its corpus type, its `mentions` in the corpus) join a full name that `support` documents
    spell it out as (0: none does, the name is the corpus's one name of those initials)? Not when the name is
    unspelled and no organisation or place (`UNSPELLED_TARGETS`), nor when the two names' classes differ
    (`alias_class`: a place, a people, anything else) unless the acronym is rare beside the spellings (NER types
    capitals loosely, so one mention typed "ORG" weighs little against a spelled-out place; an acronym of many
    mentions typed otherwise is another thing, which one document's spelling does not make a valley)."""
    if support == 0 and target_type not in UNSPELLED_TARGETS:
        return False
    if alias_classes_fit(_acronym_class(acronym_type), _acronym_class(target_type)):
        return True
    return support > 0 and mentions <= MENTIONS_PER_SPELLING * support


def _acronym_class(name_type: str) -> str:
    """`alias_class`, a building counted with organisations: the acronym of a museum, an airport or a theatre
    is typed an organisation by NER, and the place is one."""
    return alias_class("ORG" if name_type == "FAC" else name_type)


def merge_acronyms(uf: UnionFind, doc_mentions, key_of, local: dict[str, dict[str, str]] | None = None,
                   types: dict[str, str] | None = None, corpus_key=None, mentions=None) -> None:
    """Union the corpus-wide key of an all-caps mention written without its full name with the full name most
    documents that spell it out give it (more than half of them: "US" -> "United States" though one film's
    article spells it "Uncle Silas"), or, when no document spells it out, with the one multi-word name of
    the corpus whose initials it spells, if the two fit (`acronym_target_fits`, `types`: corpus-wide name
    types). `local`: each document's own readings (`local_acronyms`), which rewrite that document's mentions
    only. `corpus_key(text)`: the acronym's key outside any document; a document that keys the mention
    otherwise reads it as one of its own names (a one-word "US" ending a film's title "Night of Us" in the
    film's article) and unions nothing: its key is that name's, not the acronym's."""
    local, types = local or {}, types or {}
    spelled: dict[str, Counter] = defaultdict(Counter)
    for found in local.values():
        for norm, target in found.items():
            spelled[norm][target] += 1
    global_full: dict[str, set[str]] = defaultdict(set)
    for doc_id, ms in doc_mentions.items():
        for _text, label, norm in ms:
            if " " in norm and label != "PERSON":
                global_full[initials(norm)].add(key_of(norm, doc_id))
    wanted: dict[str, tuple[str, str]] = {}  # key -> (norm, target)
    for doc_id, ms in doc_mentions.items():
        for text, _label, norm in ms:
            if not is_acronym(text) or norm in local.get(doc_id, ()):
                continue
            key = key_of(text, doc_id)
            if not key or key in wanted or (corpus_key is not None and key != corpus_key(text)):
                continue
            target = acronym_target(norm, spelled, global_full)
            if target is not None and key != target:
                wanted[key] = (norm, target)
    union_acronyms(uf, wanted, spelled, types, mentions)


def acronym_target(norm: str, spelled: Mapping[str, Counter], fulls: Mapping[str, set[str]]) -> str | None:
    """The full name an acronym reading `norm` stands for: the one documents spell it out as, by a strict
    majority with no tie; else the only multi-word name whose initials it is; else None (pure)."""
    if norm in spelled:
        (best, n), = spelled[norm].most_common(1)
        counts = spelled[norm].values()
        return best if 2 * n > sum(counts) and sum(c == n for c in counts) == 1 else None
    return next(iter(fulls[norm])) if len(fulls.get(norm, ())) == 1 else None


def union_acronyms(uf: UnionFind, wanted: Mapping[str, tuple[str, str]], spelled: Mapping[str, Counter],
                   types: Mapping[str, str], mentions: Callable[[str], int] | None) -> None:
    """Union each acronym key with its wanted (norm, target) where the types and support fit."""
    for key, (norm, target) in wanted.items():
        support = spelled[norm][target] if norm in spelled else 0
        if acronym_target_fits(types.get(key, ""), types.get(target, ""), support, mentions(key) if mentions else 0):
            uf.union(key, target)


def merge_short_names(uf: UnionFind, doc_mentions, key_of) -> None:
    """Union a short person name with the unique longer name it abbreviates (`short_name_targets`)."""
    labels: dict[str, Counter] = defaultdict(Counter)
    for doc_id, ms in doc_mentions.items():
        for text, label, _norm in ms:
            labels[key_of(text, doc_id)][label] += 1
    keys = {k for k, c in labels.items() if k and PERSON_LABELS.intersection(c)}
    persons = {k for k in keys if 2 * labels[k]["PERSON"] > sum(labels[k].values())}  # mostly PERSON
    for part in _same_family(keys):
        for short, full in short_name_targets(part, persons).items():
            uf.union(short, full)


def _same_family(keys: set[str]) -> list[set[str]]:
    """`keys` of several words grouped by family part and first letter: a short name only ever abbreviates a
    longer name of its group (same family part, its first given name the long one's, an initial of it or a
    prefix: `variants._fits`), so `short_name_targets` per group gives what it gives over all keys, without
    comparing every "John ... Smith" with every other "... Smith". A group with no name of three words or more
    is left out: only such a name is ever abbreviated."""
    groups: dict[tuple[str, str], set[str]] = defaultdict(set)
    for k in keys:
        words = k.split()
        if len(words) == 2:  # two words: the family part is the last one (a lone "of" too), without `_split`
            groups[(words[1], words[0][0])].add(k)
        elif len(words) > 2:
            groups[(" ".join(_split(words)[1]), words[0][0])].add(k)
    return [g for g in groups.values() if len(g) > 1 and any(k.count(" ") > 1 for k in g)]


#: Classes of a name's corpus type for "also known as" joins. A place is only ever another name of a place, a
#: people (NORP) of a people; a name of another type (a person, an organisation, a work) is no place or
#: people. Untyped names (PROPN, TITLE, CONCEPT) may join anything.
_STRICT = {"GPE": "place", "LOC": "place", "FAC": "place", "NORP": "group"}
_UNTYPED = frozenset(("", "PROPN", "TITLE", "CONCEPT"))


def alias_class(name_type: str) -> str:
    """"place", "group", "other" (a type that is neither) or "" (no type) for a corpus name type."""
    return _STRICT.get(name_type) or ("" if name_type in _UNTYPED else "other")


def alias_classes_fit(a: str, b: str) -> bool:
    """May names of classes `a` and `b` be one entity? An untyped side fits anything; a place or people only
    the same; two other types fit each other (NER often calls a person's nickname a work, a person an ORG)."""
    return not a or not b or a == b


def group_alias_class(classes: Counter) -> str:
    """The class of a group of names from its names' classes: a place or people if any name is one (the more
    frequent of the two), else "other" if any name is typed, else "" (a film's group holding its untyped
    title, its untyped other titles and one ORG-tagged name is "other")."""
    strict = [c for c in classes if c in ("place", "group")]
    if strict:
        return max(strict, key=lambda c: (classes[c], c))
    return "other" if classes else ""


def merge_known_as(uf: UnionFind, extractions, chunk_doc, key_of, types: dict[str, str] | None = None) -> None:
    """"X, also known as Y" between two named mentions: one entity with both names, unless the classes of the
    two groups it would join differ (`types`: each name's corpus-wide type; `alias_classes_fit`): a film "known
    as X in Velloria and Ostmark" is neither country, nor are the countries one another through it. ("Known
    as A or B" may name two true aliases in one sentence, so a subject's second alias is not refused.) Nor does
    a one-word name already joined to a longer name carry a statement further (`weak_link`): "Orsa" made the
    alias of a duchess in her article and written "Orsina Kell, known as Orsa" in another is not the link of a
    chain joining the two women (a one-word name is shared by many people; its corpus-wide key is no one's).
    `extractions` are taken in the order given (the chunks' order), the first join of a one-word name standing."""
    types = types or {}
    group_class, longer = _joined_groups(uf, types)

    def class_of(key: str) -> str:
        root = uf.find(key)
        found = group_class.get(root)
        return alias_class(types.get(root, "")) if found is None else found  # a key alone: its own class

    def weak_link(key: str) -> bool:
        if " " in key:
            return False
        root = uf.find(key)
        return " " in root or root in longer

    for ext in extractions:
        doc_id = chunk_doc.get(ext.chunk_id)
        for t in ext.triples:
            if t.predicate not in ALIAS_PREDICATES:
                continue
            a, b = key_of(t.subject, doc_id), key_of(t.object, doc_id)
            if a in uf.parent and b in uf.parent and uf.find(a) != uf.find(b):
                ca, cb = class_of(a), class_of(b)
                if alias_classes_fit(ca, cb) and not weak_link(a) and not weak_link(b):
                    held = any(" " in r or r in longer for r in (uf.find(a), uf.find(b)))
                    uf.union(a, b)
                    group_class[uf.find(a)] = ca or cb
                    if held:
                        longer.add(uf.find(a))


def _joined_groups(uf: UnionFind, types: dict[str, str]) -> tuple[dict[str, str], set[str]]:
    """For the groups of more than one key only (a key alone is its own class, and holds several words when it
    has a space): root -> the group's class (`group_alias_class`), and the roots without a space of groups
    holding a name of several words. Only the joined keys are read, not every key of the corpus."""
    joined = [k for k, p in uf.parent.items() if p != k]
    members: dict[str, Counter] = defaultdict(Counter)  # root -> classes of the group's names
    longer: set[str] = set()
    for key in joined + list({uf.find(k): None for k in joined}):
        root = uf.find(key)
        if c := alias_class(types.get(key, "")):
            members[root][c] += 1
        if " " in key:
            longer.add(root)
    group_class = {root: group_alias_class(members.get(root, Counter())) for root in {uf.find(k) for k in joined}}
    return group_class, longer
