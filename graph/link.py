"""Entity linking: find the graph entities a question (or any text) names.

1. Exact: the longest word n-grams of the text whose normalised form is an
   entity name or alias (non-overlapping, longest first). An n-gram must
   contain a capitalised word or a number, so common words ("film", "born")
   never link on their own; in a text typed without capitals ("corvane optics
   founder - where did she study") an n-gram of two or more words that are not
   all function words links too, and so does one word the documents never write
   in lower case ("varrow md" for Varrow Catering). Two or more words also link to a name they are all
   but its last class word of ("hollin harbour primary" for Hollin Harbour Primary School). An ambiguous
   alias shares its confidence among its entities, favouring the ones mentioned in more documents.
2. Fuzzy: capitalised spans left unmatched are compared to every alias with
   rapidfuzz (token-sort ratio >= 88); confidence is the ratio scaled to 0.9.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from typing import TypeVar

from rapidfuzz import fuzz, process

from hopgraph.graph.build import NAME_CLASS_WORDS, KnowledgeGraph
from hopgraph.graph.predicates import TYPE_NOUNS
from hopgraph.indexing.resolve import normalize
from hopgraph.models import LinkedEntity

T = TypeVar("T")

_WORD = re.compile(r"[\w][\w'’.\-&]*")
MAX_NGRAM = 12
FUZZY_MIN = 88
# words that may start a sentence capitalised without naming anything
_QUESTION_WORDS = frozenset(
    "who whom whose what which where when why how is are was were did do does the a an in on of and or "
    "both same".split()
)




#: entity ids one name may mean -> the weight of each: how much of the name's confidence it gets.
Weigh = Callable[[set[int]], dict[int, float]]


_POSSESSIVE = re.compile(r"['’]s$")


def _words(text: str) -> list[tuple[int, int, str]]:
    """(start, end, word) with possessive 's and trailing punctuation cut off ("Mott's" -> "Mott")."""
    out = []
    for m in _WORD.finditer(text):
        word = _POSSESSIVE.sub("", m.group()).rstrip(".'’-")
        if word:
            out.append((m.start(), m.start() + len(word), word))
    return out


def _is_name_like(words: list[str]) -> bool:
    return any(w[0].isupper() or any(ch.isdigit() for ch in w) for w in words if w.lower() not in _QUESTION_WORDS)


def typed_without_capitals(words: list[str]) -> bool:
    """No word after the first is capitalised: a search-box query, where names are not capitalised either."""
    return len(words) >= 2 and not any(w[0].isupper() for w in words[1:])


def _lowercase_name_like(words: list[str]) -> bool:
    """Two or more words, not all function words: what may be a name in a text typed without capitals."""
    return len(words) >= 2 and any(w.lower() not in _QUESTION_WORDS and w.lower() not in TYPE_NOUNS for w in words)


def _never_lower(words: list[str], kg: KnowledgeGraph) -> bool:
    """One word the documents never write in lower case: a name even when typed so ("varrow md"). It links
    only to names it begins, and not after another such word (the end of a longer name)."""
    w = words[0].lower() if len(words) == 1 else ""
    return len(w) >= 4 and bool(kg.lower_words) and w not in kg.lower_words and w not in _QUESTION_WORDS \
        and w not in TYPE_NOUNS


def _name_beside(words: list[tuple[int, int, str]], i: int, taken: list[bool], kg: KnowledgeGraph) -> bool:
    """A word next to word i that no longer name took is a one-word name too ("tamsel brandt"): both are
    parts of one name the graph does not hold, neither a name of its own. A number ("2014") is no name part."""
    for j in (i - 1, i + 1):
        if 0 <= j < len(words) and not taken[j] and words[j][2].isalpha() and _never_lower([words[j][2]], kg) \
                and normalize(words[j][2]) in kg.alias_index:
            return True
    return False


def _one_word_names(key: str, ids: set[int], kg: KnowledgeGraph) -> set[int]:
    """The entities one word typed in lower case names: those of its alias whose name it begins ("varrow" for
    Varrow Catering, not a surname of someone else), else its alias's one entity (an acronym, a surname only one
    person has), else the names it is the first word of ("coastlink" for Coastlink Airways)."""
    begun = {e for e in ids if e in kg.entities and f"{normalize(kg.entities[e].name)} ".startswith(f"{key} ")}
    if begun:
        return begun
    if len(ids) == 1:
        return ids
    return set() if ids else kg.by_first_word.get(key, set())


def link_entities(text: str, kg: KnowledgeGraph, fuzzy: bool = True, weigh: Weigh | None = None) -> list[LinkedEntity]:
    """Entities named in `text`, best first (by confidence, then position). `weigh` shares an ambiguous name's
    confidence among its entities (default: by how many documents mention each, `doc_freq_weights`)."""
    weigh = weigh or doc_freq_weights(kg)
    words = _words(text)
    taken = [False] * len(words)
    found: list[LinkedEntity] = []
    lowercase = typed_without_capitals([w for _, _, w in words])
    for n in range(min(MAX_NGRAM, len(words)), 0, -1):
        for i in range(len(words) - n + 1):
            if any(taken[i : i + n]):
                continue
            span = [w for _, _, w in words[i : i + n]]
            one_word = False
            last_words = _body_by_last_words(text, words, i, n, kg, lowercase)  # "the clock trust"
            if not last_words and not _is_name_like(span) and not (lowercase and _lowercase_name_like(span)):
                one_word = lowercase and _never_lower(span, kg) and not _name_beside(words, i, taken, kg)
                if not one_word:
                    continue
            surface = text[words[i][0] : words[i + n - 1][1]]
            if len(surface) < 2 or (n == 1 and span[0].lower() in TYPE_NOUNS):
                continue  # a lone initial ("M") or a kind of thing ("(Film)") names nothing
            key = normalize(surface)
            ids = kg.alias_index.get(key) or (kg.without_class_word.get(key) if n >= 2 else None) or last_words
            if one_word:
                ids = _one_word_names(key, ids or set(), kg)
            if not ids:
                continue
            for j in range(i, i + n):
                taken[j] = True
            found.extend(_share(kg, weigh(ids), surface, words[i][0], words[i + n - 1][1], 1.0))
    if fuzzy:
        found.extend(_fuzzy_spans(text, words, taken, kg, weigh))
    found.sort(key=lambda e: (-e.confidence, e.start))
    return found


#: Class words of bodies a text may name by their last words alone ("the parish council", "the sailing club").
BODY_WORDS = NAME_CLASS_WORDS - {"ltd", "limited", "plc", "inc", "llc", "press", "records", "studios"} | frozenset(
    "council association committee board partnership cooperative co-operative union guild circle league federation "
    "agency authority practice chambers".split())
#: Words before a body's class word that say which of several, not which body ("the new club", "the same school").
_NOT_NAMING = frozenset("new old local same other former first second third last next main whole current original "
                        "present previous big small only own rival sister parent".split())
#: Words before a body's class word that ask for one, or any one ("which club", "a club").
_ASKING_BEFORE = frozenset("which what whose a an any another some each every no".split())
#: Words a body named by its last words follows: it is one the reader knows ("the clock trust", "its sailing club").
_KNOWN_BEFORE = frozenset("the its their his her our your my this that".split())


def _body_by_last_words(text: str, words: list[tuple[int, int, str]], i: int, n: int, kg: KnowledgeGraph,
                        lowercase: bool) -> set[int]:
    """The one body whose name ends on words i..i+n ("the clock trust" for Orrin Town Hall Clock Trust): two or
    more words ending on a body's class word, after "the" or a possessive (a known body, where "which club" asks
    one) or in a search-box query, and no word that only picks one of several ("the new club"). Empty otherwise,
    or when several bodies end so."""
    span = [w.lower() for _, _, w in words[i:i + n]]
    if n < 2 or span[-1] not in BODY_WORDS or span[0] in _NOT_NAMING or any(w in _QUESTION_WORDS for w in span):
        return set()
    before = words[i - 1][2].lower() if i > 0 else ""
    possessed = i > 0 and text[words[i - 1][1]:words[i][0]].startswith(("'s", "’s"))
    if not (before in _KNOWN_BEFORE or possessed or (lowercase and before not in _NOT_NAMING | _ASKING_BEFORE)):
        return set()
    ids = by_last_words(kg).get(normalize(" ".join(span)), set())
    return ids if len(ids) == 1 else set()


_LAST_WORDS_CACHE: dict[int, tuple[KnowledgeGraph, dict[str, set[int]]]] = {}


def by_last_words(kg: KnowledgeGraph) -> dict[str, set[int]]:
    """The last two or more words of names and aliases that end on a body's class word -> their entities ("clock
    trust", "hall clock trust" -> "Orrin Town Hall Clock Trust"), made once per graph object. (Kept here, not as a
    property of the graph: `graph/build.py` is part of the indexing code's fingerprint, and a change there rebuilds
    every store.)"""
    def build() -> dict[str, set[int]]:
        out: dict[str, set[int]] = defaultdict(set)
        for key, ids in kg.alias_index.items():
            words = key.split(" ")
            if words[-1] in BODY_WORDS:
                for k in range(2, len(words)):
                    out[" ".join(words[-k:])] |= ids
        return dict(out)
    return _once_per_graph(_LAST_WORDS_CACHE, kg, build)


def doc_freq_weights(kg: KnowledgeGraph) -> Weigh:
    """Each entity weighs the number of documents that mention it (at least 1)."""
    return lambda ids: {e: float(max(kg.entities[e].doc_freq, 1)) for e in ids if e in kg.entities}


def _share(kg: KnowledgeGraph, weights: dict[int, float], surface: str, start: int, end: int,
           base: float) -> list[LinkedEntity]:
    """Split confidence among the (at most five heaviest) entities sharing one alias, by their weights."""
    ranked = sorted(weights, key=lambda e: (-weights[e], e))[:5]
    total = sum(weights[e] for e in ranked) or 1.0
    out = []
    for eid in ranked:
        share = weights[eid] / total if len(ranked) > 1 else 1.0
        conf = base * (0.5 + 0.5 * share) if len(ranked) > 1 else base
        out.append(LinkedEntity(entity_id=eid, name=kg.entities[eid].name, surface=surface,
                                confidence=round(conf, 4), start=start, end=end))
    return out


def _capitalised_runs(words: list[tuple[int, int, str]], taken: list[bool]) -> list[tuple[int, int]]:
    """Index ranges of consecutive untaken capitalised words (allowing 'of', 'the', 'and' inside)."""
    runs, i = [], 0
    while i < len(words):
        w = words[i][2]
        if taken[i] or not (w[0].isupper() or w[0].isdigit()) or w.lower() in _QUESTION_WORDS:
            i += 1
            continue
        j = i + 1
        while j < len(words) and not taken[j]:
            wj = words[j][2]
            if wj[0].isupper() or wj[0].isdigit():
                j += 1
            elif wj.lower() in ("of", "the", "and", "de", "von", "van", "&") and j + 1 < len(words) and words[j + 1][2][0].isupper():
                j += 1
            else:
                break
        runs.append((i, j))
        i = j
    return runs


def _fuzzy_spans(text: str, words: list[tuple[int, int, str]], taken: list[bool], kg: KnowledgeGraph,
                 weigh: Weigh) -> list[LinkedEntity]:
    keys = _alias_keys(kg)
    out: list[LinkedEntity] = []
    for i, j in _capitalised_runs(words, taken):
        surface = text[words[i][0] : words[j - 1][1]]
        query = normalize(surface)
        if len(query) < 4:
            continue
        match = process.extractOne(query, keys, scorer=fuzz.token_sort_ratio, score_cutoff=FUZZY_MIN)
        if match is None:
            continue
        alias, score, _ = match
        out.extend(_share(kg, weigh(kg.alias_index[alias]), surface, words[i][0], words[j - 1][1], 0.9 * score / 100))
    return out


_KEYS_CACHE: dict[int, tuple[KnowledgeGraph, list[str]]] = {}


def _alias_keys(kg: KnowledgeGraph) -> list[str]:
    """The alias strings of a graph, computed once per graph object.

    The graph itself is kept with its keys: a bare id() could be reused by a new graph
    once the old one is garbage-collected, and would then return stale aliases.
    """
    return _once_per_graph(_KEYS_CACHE, kg, lambda: list(kg.alias_index))


def _once_per_graph(cache: dict[int, tuple[KnowledgeGraph, T]], kg: KnowledgeGraph, build: Callable[[], T]) -> T:
    """`build()` made once for the graph object `kg` and kept in `cache` (one graph at a time)."""
    cached = cache.get(id(kg))
    if cached is None or cached[0] is not kg:
        cache.clear()
        cached = cache[id(kg)] = (kg, build())
    return cached[1]
