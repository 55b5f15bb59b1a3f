"""The rule-based router: question -> `RouteDecision` (shape, requirements, plan). No LLM.

Entity spans come from three places, best first: names the knowledge graph links
(`hopgraph.graph.link.link_entities`, exact aliases only, so it stays fast), capitalised
runs of words, and spaCy's named entities (used when the question has no capitalised
name, e.g. typed in lower case). A question with none of these is read from a noun phrase standing in for
a name (`hopgraph.router.stand_in`). The shape and relation chain are read by
`hopgraph.router.understand`; the plan by `hopgraph.router.plan`. The router never answers.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import TYPE_CHECKING, Any

from hopgraph.indexing.predicates import role_title
from hopgraph.models import RouteDecision
from hopgraph.router.comparing_wording import compares
from hopgraph.router.described import described_spans, description_index
from hopgraph.router.fronted import preposition_last
from hopgraph.router.held_before import held_before
from hopgraph.router.listed import brought_forward
from hopgraph.router.namesakes import spell_out_namesakes
from hopgraph.router.plan import build_plan
from hopgraph.router.spans import YEAR, ParsedQuestion, Span, capitalised_spans, merge_styled_names
from hopgraph.router.open_words import STOP, is_function_phrase
from hopgraph.router.other_names import date_or_number
from hopgraph.router.stand_in import STAND_IN_CONFIDENCE, stand_in_span
from hopgraph.router.tokens import IS_BEFORE, tokenize
from hopgraph.router.understand import NO_ENTITY, Meaning, understand
from hopgraph.router.vocab import RELATIONS

if TYPE_CHECKING:
    from hopgraph.graph.build import KnowledgeGraph



class RuleRouter:
    def __init__(self, kg: KnowledgeGraph | None = None, nlp: Any = None, meaning: Meaning | None = None):
        self.kg = kg if kg is not None and kg.entities else None
        self.nlp = nlp
        self.meaning = meaning
        self._last_parse: tuple[str, Any] = ("", None)
        self.graph_relations = _graph_relations(self.kg) if self.kg is not None else frozenset()
        self._by_first_word: dict[str, list[str]] | None = None

    def route(self, question: str) -> RouteDecision:
        question = spell_out_namesakes(question, self.names_starting)  # "the two X labels": both names
        question = brought_forward(question)  # "… : the firm A joined, and … . Which of those …?": one question
        question = held_before(question)  # "Who was chair of X before Y?": who came before Y as chair of X
        question = preposition_last(question, self.nlp)  # "After whom is X named?": who is X named after
        q = question.strip().rstrip("?").strip()
        named = self.named_spans(q)
        found = described_spans(q, self._parsed(q), self.kg, self.descriptions) \
            if self.kg is not None and self.nlp is not None and all(date_or_number(s.text) for s in named) else []
        # "Who started the food bank?": the corpus's one food bank, a guess to start from (before the tagger's names)
        spans = sorted(named + found, key=lambda s: s.start) if found else self.entity_spans(q, named)
        parsed = understand(question, spans, self.nlp, self.type_of if self.kg is not None else None, self.meaning)
        if found and parsed.anchors:
            parsed.confidence = min(parsed.confidence, 0.5)
        if parsed.reason == NO_ENTITY and self.nlp is not None:
            parsed = self._read_from_stand_in(question, q) or parsed
        reqs, plan = build_plan(parsed, question, self.source_for, self.whole_source())
        return RouteDecision(
            route="multi_hop" if len(reqs) > 1 else "single_hop",
            shape=parsed.shape,
            first_query=plan[0].text if plan else question,
            reason=parsed.reason,
            requirements=reqs,
            plan=plan,
            order=parsed.order,
            anchors=parsed.anchors,
            confidence=parsed.confidence,
        )

    def _read_from_stand_in(self, question: str, q: str) -> ParsedQuestion | None:
        """The question read from its most deeply embedded noun phrase, standing in for the name it does not give
        (`stand_in`); None for a comparison, a terse query, or when that reading finds no anchor either."""
        span = stand_in_span(q, self._parsed(q))
        if span is None or compares(tokenize(question.strip(), [], self.nlp)):
            return None
        parsed = understand(question, [span], self.nlp, self.type_of if self.kg is not None else None, self.meaning)
        if not parsed.anchors:
            return None
        parsed.confidence = min(parsed.confidence, STAND_IN_CONFIDENCE)
        parsed.reason = f"no name: '{span.text}' stands in for one; {parsed.reason}"
        return parsed

    @cached_property
    def descriptions(self) -> dict[str, set[int]]:
        """The last words of the graph's names -> their entities (`described.description_index`)."""
        return description_index(self.kg) if self.kg is not None else {}

    def names_starting(self, part: str) -> list[str]:
        """The graph's names of bodies, places, events and works that start with `part` and go on ("X Records" for
        "X"); [] without a graph."""
        if self.kg is None:
            return []
        if self._by_first_word is None:
            index: dict[str, list[str]] = {}
            for e in self.kg.entities.values():
                if e.type in _NAMESAKE_TYPES and " " in e.name:
                    index.setdefault(e.name.split()[0].lower(), []).append(e.name)
            self._by_first_word = index
        return [n for n in self._by_first_word.get(part.split()[0].lower(), []) if n.startswith(part + " ")]

    def type_of(self, name: str) -> str:
        """The graph's type of the entity a name links to ("" when unknown or ambiguous)."""
        types = {self.kg.entities[e].type for e in self.kg.lookup(name) if e in self.kg.entities}
        return types.pop() if len(types) == 1 else ""

    def whole_source(self) -> str:
        """How whole questions are retrieved: through the graph where pages are titled by their subject (the
        graph then leads from a name to its page), else plain hybrid search (headlines, minutes, notes)."""
        return "graph" if self.kg is not None and self.kg.paged else "hybrid"

    def source_for(self, relation: str) -> str:
        """`graph` for a relation the graph has edges for, else `hybrid`."""
        return "graph" if relation in self.graph_relations else "hybrid"

    # ------------------------------------------------------------ entity spans
    def named_spans(self, q: str) -> list[Span]:
        """The question's names: the graph's and capitalised runs (not yet the tagger's named entities)."""
        spans = _split_at_sentences(capitalised_spans(q))  # before linking: "X, Y. Who" holds the name "X, Y"
        spans = [self._without_opening_verb(q, s) for s in spans]
        linked = self._linked_spans(q) if self.kg is not None else []
        if self.kg is not None:
            spans = _prefer_linked(q, spans, linked) if spans else linked  # typed without capitals: the graph's names
        spans = _year_apart(spans, linked)
        spans = [s for s in _join_disambiguators(q, _split_at_sentences(spans)) if not is_function_phrase(s.text)
                 and not self._common_word(q, s)]
        if len(spans) > 1:  # another name is what the question is about
            spans = [s for s in spans if not self._opening_word(q, s)] or spans
        elif spans and self._opening_word(q, spans[0]) and self._aside(q, spans[0]):
            spans = []  # "Quick one for you: …", "Heads up, …": the asker's aside names nothing
        return spans

    def entity_spans(self, q: str, named: list[Span] | None = None) -> list[Span]:
        """The question's names (`named_spans`, when not given), else the tagger's named entities."""
        spans = self.named_spans(q) if named is None else named
        if not spans and self.nlp is not None:
            spans = merge_styled_names(q, [_span(q, e.start_char, e.end_char) for e in self.nlp(q).ents
                                           if e.label_ not in ("DATE", "CARDINAL", "ORDINAL", "TIME")])
        return spans

    def _without_opening_verb(self, q: str, span: Span) -> Span:
        """ "Saw the June 2022 article about …", "Read the X report": a sentence the asker opens with a verb (its
        subject left out) runs the verb into the name after "the"; the name starts after "the". Only a run whose
        second word is "the" is checked, by the tagger, so "Alexander the Great" stays whole."""
        words = span.text.split(" ")
        if self.nlp is None or len(words) < 3 or words[1] != "the" or self.nlp(q[span.start:])[0].pos_ != "VERB":
            return span
        start = span.start + len(words[0]) + len(" the ")
        return Span(start, span.end, q[start:span.end], span.possessive)

    def _common_word(self, q: str, span: Span) -> bool:
        """One capitalised word the graph holds no entity for and the documents also write in lower case ("When
        did she become Mayor?"): a common noun written as a title, no name to start from. Not one that opens a name
        of the graph and stands before a noun of the question ("the 2014 Kestrel panel", with "Kestrel Prize"
        known): the name said short."""
        if self.kg is None or " " in span.text or span.text.lower() not in self.kg.lower_words \
                or self.kg.lookup(span.text):
            return False
        after = re.match(r"\s+([a-z]+)", q[span.end:])  # ("Master of the guild": "of" names no noun)
        return not (after and after.group(1) not in STOP and span.text.lower() in self.kg.by_first_word
                    and not span.possessive)

    def _opening_word(self, q: str, span: Span) -> bool:
        """ "Quick check: …", "Random thought - …", "… . Apparently it's …": one capitalised word opening the
        question or one of its sentences that the tagger reads as no proper noun and the graph holds no entity for
        is the asker's aside, not a name (asked only when the question names something else, or of an `_aside`:
        "Inception director" keeps its one word)."""
        if " " in span.text or self.nlp is None or (self.kg is not None and self.kg.lookup(span.text)) or \
                not (span.start == 0 or _SENTENCE_END.search(q[:span.start])):
            return False
        doc, at = self._token_at(q, span)
        if at is None:
            return False
        nxt = doc[at + 1].lower_ if at + 1 < len(doc) else ""
        joined = nxt in ("or", "and", "vs", "versus", ",", "&", "'s", "’s")  # "A or B"
        return doc[at].pos_ not in ("PROPN", "X") and not joined

    def _aside(self, q: str, span: Span) -> bool:
        """A capitalised word opening a fragment: a number, particle or stop follows it ("Quick one for you:", "Heads
        up,"), where "Tarnball is …" is the subject of its sentence and "Lorn director birthplace" a terse query."""
        if not span.text[:1].isupper():
            return False
        doc, at = self._token_at(q, span)
        return at is not None and at + 1 < len(doc) and doc[at + 1].pos_ not in _CLAUSE_OR_NAME

    def _token_at(self, q: str, span: Span) -> tuple[Any, int | None]:
        """The tagger's parse of the question and the index of the token where `span` starts (None if none does)."""
        doc = self._parsed(q)
        return doc, next((t.i for t in doc if t.idx == span.start), None)

    def _parsed(self, q: str) -> Any:
        """The tagger's parse of the question, made once for all its spans."""
        last = self._last_parse  # (read once: another thread may parse another question meanwhile)
        if last[0] != q:
            last = self._last_parse = (q, self.nlp(q))
        return last[1]

    def _linked_spans(self, q: str) -> list[Span]:
        from hopgraph.cache.query_cache import cached
        from hopgraph.graph.link import link_entities

        out = []
        for e in cached("link", ("exact", q), lambda: link_entities(q, self.kg, fuzzy=False), list):
            start = e.start + (len(m.group()) if (m := _LEADING_FUNCTION_WORDS.match(q[e.start:e.end])) else 0)
            if e.end - start > 2:
                out.append(_span(q, start, e.end))
        return out


#: Function words in lower case before a name the graph holds with them ("the mill at Tamsel" links the alias
#: "AT TAMSEL" of a heading in capitals): no part of the name the question says.
_LEADING_FUNCTION_WORDS = re.compile(r"(?:(?:the|a|an|at|in|on|of|for|to|by|from|with|near)\s+)+")

#: Graph types of things that share a name part with a namesake ("X Records", "X Sounds"): not people or places.
_NAMESAKE_TYPES = frozenset({"ORG", "FAC", "WORK_OF_ART", "PRODUCT", "EVENT"})

#: The end of a sentence before the text that follows it.
_SENTENCE_END = re.compile(r"[.!?]['\"’”)]?\s+$")


#: Tags after an opening word that make it a clause's subject or part of a terse query, not an aside.
_CLAUSE_OR_NAME = frozenset(("VERB", "AUX", "NOUN", "PROPN", "ADJ"))


def _split_at_sentences(spans: list[Span]) -> list[Span]:
    """ "Glass Hours. Which" -> "Glass Hours", "Which": a capitalised run never crosses a sentence end (a
    full stop after a word of three or more letters, after a digit, "LSA-2021-03. The", or after a closing quote,
    "'Glass Hours'. One"; initials such as "L." and "Jr." stay inside)."""
    out: list[Span] = []
    for s in spans:
        start = 0
        for m in re.finditer(r"(?:(?<=\w{3})|(?<=\d)|(?<=\w['’\"”]))[.!?]\s+", s.text):
            out.append(Span(s.start + start, s.start + m.start(), s.text[start:m.start()]))
            start = m.end()
        out.append(Span(s.start + start, s.end, s.text[start:], s.possessive) if start else s)
    return [_trim(s) for s in out if s.text.strip()]


_LEADING_YEAR = re.compile(YEAR + r"\s+(?=[\'\"‘“]?[A-Z])")


def _year_apart(spans: list[Span], linked: list[Span]) -> list[Span]:
    """ "the 2015 Vellmark Medal winner": a year before a name says which edition, it is no part of the name
    (unless the graph knows the whole run as one name, "1999 World Cup")."""
    exact = {(s.start, s.end) for s in linked}
    out = []
    for s in spans:
        m = _LEADING_YEAR.match(s.text)
        if m and (s.start, s.end) not in exact:
            s = Span(s.start + m.end(), s.end, s.text[m.end():], s.possessive)
        out.append(s)
    return out


def _join_disambiguators(q: str, spans: list[Span]) -> list[Span]:
    """ "Are You There? (Film)" is one name: a parenthesis right after a name belongs to it."""
    out: list[Span] = []
    for s in spans:
        if out and s.text.startswith("(") and re.fullmatch(r"[?!.]?\s?", q[out[-1].end:s.start]):
            prev = out.pop()
            s = Span(prev.start, s.end, q[prev.start:s.end], s.possessive)
        out.append(s)
    return out


#: A capitalised quantifier opening a sentence ("One of the X co-chairs …") is no part of the name after it.
_QUANTIFIER = re.compile(r"(?:One|Two|Three|Some|Many|Most|All|Each|Both|Either|Neither|None|Several|Few|Any)"
                         r" of (?:the |its |their )?(?=\S)")


#: A question word contracted with "is" opening a capitalised run ("Where's X's office?") is no part of the name.
_CONTRACTION = re.compile(r"(?:%s)['’]s\s+" % "|".join(sorted(w.capitalize() for w in IS_BEFORE)))


def _trim(s: Span) -> Span:
    """ "Glass Hours I'd" -> "Glass Hours": function words never end a name, nor does a sentence's full stop;
    "One of the X" -> "X", "Where's X" -> "X"."""
    if re.search(r"(?:\w{3}|\))\.$", s.text):
        s = Span(s.start, s.end - 1, s.text[:-1], s.possessive)
    if (m := _QUANTIFIER.match(s.text) or _CONTRACTION.match(s.text)) and m.end() < len(s.text):
        s = Span(s.start + m.end(), s.end, s.text[m.end():], s.possessive)
    words = s.text.split(" ")
    while len(words) > 1 and is_function_phrase(words[-1]) and ("'" in words[-1] or "’" in words[-1] or words[-1] == "I"):
        words.pop()
    text = " ".join(words)
    return s if text == s.text else Span(s.start, s.start + len(text), text, False)


def _span(q: str, start: int, end: int) -> Span:
    poss = q[end:end + 2] in ("'s", "’s", "'S", "’S")
    return Span(start, end, q[start:end], poss)


def _prefer_linked(q: str, spans: list[Span], linked: list[Span]) -> list[Span]:
    """A linked name that covers capitalised runs and more replaces them ("Agnes Carrow, 9th Baroness
    Wexley", "Hearthstone kettle"); a capitalised run that is two linked names side by side splits in two
    ("Ada Brandt Oskar Varn who died first", "Who founded X Y: Ada Brandt or …?"), as does one of two linked names joined by a possessive that
    the graph does not know as one name ("Y's X trial"; a title like "Y's X" the graph knows stays whole)."""
    out = []
    for s in spans:
        inside = sorted((ls for ls in linked if ls.start >= s.start and ls.end <= s.end), key=lambda x: x.start)
        pair = [a for a in inside if a.start == s.start][-1:] + [b for b in inside if b.end == s.end][-1:]
        whole = any(ls.start == s.start and ls.end == s.end for ls in linked)
        gap = q[pair[0].end:pair[1].start].strip() if len(pair) == 2 else None
        side_by_side = gap in ("", ":") and pair[0].end < pair[1].start and all(len(p.text.split()) >= 2 for p in pair)
        owner_then_name = gap in ("'s", "’s") and pair[0].possessive and pair[1].text[:1].isupper()  # "Y's X trial"
        if not whole and (side_by_side or owner_then_name):
            out += [pair[0], Span(pair[1].start, pair[1].end, pair[1].text, s.possessive)]
        else:
            out.append(s)
    for ls in sorted(linked, key=lambda s: s.start - s.end):
        covered = [s for s in out if s.start >= ls.start and s.end <= ls.end]
        overlapping = [s for s in out if s.start < ls.end and s.end > ls.start]
        longer = len(covered) == 1 and (covered[0].end - covered[0].start) < (ls.end - ls.start)
        if (len(covered) >= 2 or longer) and len(covered) == len(overlapping):
            out = [s for s in out if s not in covered] + [Span(ls.start, ls.end, ls.text, covered[-1].possessive)]
        elif not overlapping and q == q.lower():  # typed without capitals ("x 1936 vs y"): the graph's name
            out.append(ls)  # beside a capitalised run (a year) is a name too
    return sorted(out, key=lambda s: s.start)


def _graph_relations(kg: KnowledgeGraph) -> frozenset[str]:
    """Names of the vocabulary relations some typed graph edge expresses."""
    predicates = kg.relations.typed_predicates()
    heads = {p.split(" ")[0] for p in predicates if p}  # no model built per relation
    posts = {title for p in predicates if (title := role_title(p.lower()))}
    return frozenset(name for name, rel in RELATIONS.items()
                     if heads & (rel.predicates | rel.reverse) or posts & rel.roles)
