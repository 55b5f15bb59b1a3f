"""Does a chunk support a requirement, and which bridge entity does it name? (pure functions)

Used by the rule-based grader. A chunk supports "relation R of entity E" when
- it mentions E: the graph links E to the chunk (mentions, aliases), or E's normalised
  name occurs in the chunk's title or text; and
- it states R: a graph edge of the chunk from E whose predicate expresses R, or one of R's
  cue words in the chunk's text (in the same sentence as E unless the chunk is E's own page).
The bridge entity (the answer of R, e.g. the director) is the other endpoint of a matching
edge, else the name nearest after the cue word in that sentence (or a date, for dates).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hopgraph.hops.age_dates import born_by_age
from hopgraph.hops.bridges import has_address, in_address, lexical_bridges, name_part, named_as_parent
from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.following import by_class_noun, following
from hopgraph.hops.free_cues import FREE, done_by, free_cues, free_spec, states_freely
from hopgraph.hops.names import titled_sex, without_role
from hopgraph.hops.open_bridge import common_word
from hopgraph.hops.origin_events import begins_something_else
from hopgraph.hops.our_voice import speaks_for, we_sentences
from hopgraph.hops.same_post import SUCCESSIONS, succeeds_another, succession_by_post
from hopgraph.hops.title_date import dated_by_title
from hopgraph.indexing.normalize import DATE_RE, normalize
from hopgraph.router.leading import ORGANISATION_NOUNS
from hopgraph.router.spans import capitalised_spans
from hopgraph.router.vocab import RELATIONS, RelationSpec, cue_regex, predicate_matches

_SEXED = {"mother": "m", "father": "f"}  # a kin relation -> the sex its answer's title cannot say


@dataclass
class Support:
    chunk_id: str
    entity: str
    home: bool  # the chunk's title is the entity
    by_graph: bool
    sentence: str
    bridges: list[str] = field(default_factory=list)
    done_by: bool = False  # the sentence says the entity did it to the bridge ("Y, directed by <entity>")

    @property
    def score(self) -> int:
        # a sentence naming both ends in a by-phrase outweighs a loose cue on the entity's own page
        return 2 * self.home + self.by_graph + (1 if self.bridges else 0) + 3 * self.done_by


def check(view: ChunkView, name: str, relation: str, topic: list[str] | tuple[str, ...] = ()) -> Support | None:
    """Support for (name, relation) in one chunk, with its bridge candidates; None when absent. With a
    `topic` the fact is of that thing of the entity ("the astronomical clock" of Vessary): its page is the
    one whose title holds the entity's name and the topic words ("Vessary astronomical clock")."""
    home = view.is_home(name) or (bool(topic) and view.is_topic_page(name, topic))
    if not home and not view.mentions(name):
        return None
    rel = RELATIONS.get(relation)
    ends = _edge_ends(view, name, rel) if rel is not None else []
    edge_bridges = [(other, sentence) for other, sentence, right_way in ends if right_way]
    # "A succeeded B" names no successor of A, whatever its words say ("A married B" reads both ways)
    symmetric = rel is not None and bool(rel.predicates & rel.reverse)
    wrong_way = set() if symmetric else {normalize(other) for other, _, right_way in ends if not right_way}
    cue = cue_regex(relation) if rel is not None else free_cues(relation)
    sents = view.sents if home else view.sentences_with(name)
    if not sents and not home:  # linked through an alias the text spells differently
        for alias in view.linked_aliases(name):
            sents = sents or view.sentences_with(alias)
    cue_sents = [s for _, s in sents if cue is None or _states(cue, s, free=rel is None)]
    if rel is not None and rel.name in ("father", "mother", "parent"):  # "Y, son of A and X": X's child, not parents
        cue_sents = [s for s in cue_sents if not named_as_parent(s, name)]
    if rel is not None and rel.name == "release_date":  # "opened its new hall" begins no X (nor dates it)
        cue_sents = [s for s in cue_sents if not begins_something_else(s, cue, name)]
    if rel is not None and rel.answer == "date":
        undated = cue_sents
        cue_sents = [s for s in cue_sents if DATE_RE.search(s)]
        if home and not cue_sents:  # an entity's own page dating it: "X is a 1994 film", "X (1921–2016)"
            cue_sents = [s for _, s in view.sents[:2] if DATE_RE.search(s)]
        if not cue_sents and not edge_bridges and (told := dated_by_title(view.hit.title, undated, cue, name)):
            # "Local news, May 2009": "X opened its doors on Thursday" is dated by the report's title
            return Support(view.hit.chunk_id, name, home, False, told[0].strip(), [told[1]])
        if rel.name == "born_date" and not cue_sents and not edge_bridges \
                and (aged := born_by_age(view.hit.title, [s for _, s in sents], name)):
            # "Obituary, 2012": "X, who has died aged 81" was born in 1931 (to within a year)
            return Support(view.hit.chunk_id, name, home, False, aged[0].strip(), [aged[1]])
    if cue is None and not home:
        cue_sents = []
    if not cue_sents and not home and cue is not None and (rel is None or rel.answer != "date"):
        # "BREATHE-2, our phase II trial, … The lead site is H, where the principal investigator is P.": the
        # sentences right after one naming the entity go on about it (same paragraph)
        cue_sents = [s for s in following(view.hit.text, view.sents, sents) if _states(cue, s, free=rel is None)]
    if not cue_sents and not home and cue is not None and (rel is None or rel.answer != "date"):
        # "The X Trust will run the garden. … Dr P becomes the trust's first director.": a later sentence names
        # the entity by its class noun
        cue_sents = [s for s in by_class_noun(view.sents, sents, name) if _states(cue, s, free=rel is None)]
    if not cue_sents and not edge_bridges and not home and cue is not None and view.headed_by(name):
        # "Charity report 2019" opening "OCAA flew 701 missions. Dr P, who became medical director …": a report
        # headed by no name that opens with the entity goes on about it
        cue_sents = [s for _, s in view.sents if _states(cue, s, free=rel is None)]
    if not cue_sents and not edge_bridges and not home and cue is not None and speaks_for(view, name):
        # "Head of Operations, Voltmere Storage Ltd. … You will report to our finance director, P.": a chunk that
        # opens on an organisation and says "we" speaks for it
        said = cue_regex(relation, _WE_BEGAN) if rel is not None and rel.name == "release_date" else cue
        cue_sents = [s for s in we_sentences(view) if _states(said, s, free=rel is None)
                     and (rel is None or rel.answer != "date" or DATE_RE.search(s))]
    if rel is not None and rel.name == "country":  # an address states it: "near Vaalhoek, Tarnveld, South Africa"
        cue_sents += [s for _, s in sents if s not in cue_sents and (in_address(s, name) or (home and has_address(s)))]
    if not edge_bridges and not cue_sents and rel is not None and rel.name in SUCCESSIONS:
        # "Our medical director, Dr A, leaves us. … Dr B will take over as medical director.": told by the post
        if told := succession_by_post([s for _, s in view.sents], name, rel.name):
            return Support(view.hit.chunk_id, name, home, False, told[0].strip(), [told[1]])
    if rel is not None and rel.name == "release_date":  # "opened its new hall" begins no X
        began = cue_regex(relation, _WE_BEGAN)  # the cue, and how an organisation says it began ("we set up")
        cue_sents = [s for s in cue_sents if not begins_something_else(s, began, name)]
    if rel is not None and rel.name == "successor":  # "She succeeds B": B came before her
        cue_sents = [s for s in cue_sents if not succeeds_another(s, name)]
    if not edge_bridges and not cue_sents:
        return None
    sentence, text_bridges = "", []
    # a relation said by an agent noun ("the winner of X") is answered by who does its verb, a person
    spec = rel or free_spec(relation)
    done = _done_by(view, cue_sents[:4], name, cue) if rel is None else None
    if done:  # "<Y>, a film directed by <name>": Y
        sentence, bridge = done
        text_bridges = [bridge]
    else:
        sentence, text_bridges = _first_bridges(view, cue_sents[:4], name, spec, cue, wrong_way)
        if not text_bridges and not edge_bridges and not home and rel is not None and rel.answer != "date":
            # "X runs managed databases. The company was founded by P, who still leads it as chief executive.":
            # the sentence naming X has the cue but no answer; the next ones, still about X, may
            later = [s for s in following(view.hit.text, view.sents, sents) if s not in cue_sents
                     and _states(cue, s, free=rel is None)]
            later_sentence, text_bridges = _first_bridges(view, later[:2], name, spec, cue, wrong_way)
            sentence = later_sentence if text_bridges else sentence
    bridges = _dedupe([b for b, _ in edge_bridges] + [_without_role(view, b) for b in text_bridges])
    if home and (rel is None or rel.answer != "date"):  # "X (born Y) was the wife of Z": Y is X, no answer
        bridges = [b for b in bridges if normalize(b) not in view.own_names()]
    if rel is not None and rel.name in _SEXED and bridges:  # "daughter of Archduke A and Infanta B": no archduke
        bridges = [b for b in bridges if titled_sex(b) != _SEXED[rel.name]]  # is her mother
        if not bridges:
            return None  # the parents it names are of the other sex: it does not state this one
    if rel is not None and rel.name in _SEXED and not bridges and not home:
        return None  # "As a son of the king, Louis was …" after a sentence naming X: no parent of X is named
    if edge_bridges and edge_bridges[0][1]:
        sentence = edge_bridges[0][1]  # the sentence the graph edge was read from
    return Support(view.hit.chunk_id, name, home, bool(edge_bridges), sentence.strip(), bridges, done_by=bool(done))


MAX_TEXT_BRIDGES = 3  # candidates read from one sentence
#: How an organisation says it was founded in its own voice ("We began in a garden shed in 1987").
_WE_BEGAN = ("start", "set up", "began", "begun")
def antecedent(view: ChunkView, sentence: str, spec: RelationSpec) -> str:
    """ "Kalvor Mill opens today with funds from the Tesmir Trust. The company was founded by Dr P …": a sentence
    whose subject is a definite description of a body ("The company", "The charity") speaks of the organisation
    the sentence before it is about, which answers what its founder founded; "" for other relations, sentences
    opening otherwise, or when no earlier name is typed as an organisation."""
    words = sentence.split()
    if spec.name == "child" and words and words[0] in ("She", "He") and _CHILD_OF.search(sentence) \
            and view.hit.title and "PERSON" in view.types_of(view.hit.title):
        return view.hit.title  # "She was born in T, the only child of <entity>": the page's own person is the child
    if spec.name not in _MADE or len(words) < 3 or words[0] != "The" or words[1].lower() not in ORGANISATION_NOUNS:
        return ""
    at = view.hit.text.find(sentence)
    before = [s for _, s in view.sents if s != sentence and view.hit.text.find(s) < at]
    for earlier in reversed(before[-2:]):
        names = [name_part(sp).text for sp in capitalised_spans(earlier)]
        bodies = [n for n in names if n and "ORG" in view.types_of(n)]
        if bodies:
            return bodies[0]  # the earlier sentence's own subject, as a rule its first name
    return ""


#: A sentence saying whose child its subject is.
_CHILD_OF = re.compile(r"\b(?:child|son|daughter)\s+of\b")
#: Relations whose answer is what the entity made: the subject of "The company was founded by <entity>".
_MADE = frozenset(("founded",))


def _first_bridges(view: ChunkView, sents: list[str], name: str, spec: RelationSpec, cue: re.Pattern[str] | None,
                   wrong_way: set[str]) -> tuple[str, list[str]]:
    """(sentence, bridges) of the first of `sents` that yields a name (or date) of the right kind; the first
    sentence and no bridges when none does."""
    for sent in sents:
        found = [b for b in lexical_bridges(sent, name, spec, cue) if normalize(b) not in wrong_way]
        if (earlier := antecedent(view, sent, spec)) and normalize(earlier) != normalize(name):
            found = [earlier] + [b for b in found if b != earlier]  # "The company was founded by <name>"
        if bridges := _fitting(view, found, spec):
            return sent, bridges
    return (sents[0] if sents else ""), []


def _fitting(view: ChunkView, names: list[str], spec: RelationSpec) -> list[str]:
    """The best three of a sentence's candidate bridges: for a free relation (no cue to be near) names with
    their own page first; otherwise wrongly typed names (a nationality or a date for a person) dropped
    before the three are taken, and the rightly typed first."""
    if spec.answer != "date" and any(" " not in b and b[:1].isalpha() for b in names):
        # "Changes to the timetable …": a heading's word, which the chunk writes in lower case elsewhere
        names = [b for b in names if not b[:1].isalpha() or view.has_page(b) or not common_word(b, view.lower_words)]
    if spec is FREE:
        return sorted(names[:MAX_TEXT_BRIDGES], key=lambda b: not view.has_page(b))
    if view.kg is not None or spec.name == "country":
        names = sorted((b for b in names if view.answer_fit(b, spec) >= 0), key=lambda b: -view.answer_fit(b, spec))
    return names[:MAX_TEXT_BRIDGES]


def _edge_ends(view: ChunkView, name: str, rel: RelationSpec) -> list[tuple[str, str, bool]]:
    """(name, sentence, right way) of the other endpoints of this chunk's edges from `name` that express `rel`
    or, for a relation whose direction decides who is whose (kinship, succession), its reverse: "A succeeded
    B" is read the right way for B's successor and the wrong way for A's."""
    kg = view.kg
    if kg is None:
        return []
    ids = view.ids_of(name)
    out: list[tuple[str, str, bool]] = []
    for i in kg.relations.touching(kg.relations_by_chunk.get(view.hit.chunk_id, ()), ids):
        r = kg.relations[i]
        if r.kind != "typed":
            continue
        ok, reverse = predicate_matches(rel, r.predicate)
        if not ok:
            continue
        entity_is_subject = r.source_id in ids
        right_way = not (rel.answer == "person" and rel.reverse) or reverse == entity_is_subject
        other = r.target_id if entity_is_subject else r.source_id
        if other in ids or other not in kg.entities:
            continue
        other_name = kg.entities[other].name
        if (rel.answer == "date") != bool(DATE_RE.fullmatch(other_name.strip())):
            continue
        out.append((other_name, r.sentence, right_way))
    return out


def _done_by(view: ChunkView, sents: list[str], name: str, cue: re.Pattern[str] | None) -> tuple[str, str] | None:
    """(sentence, bridge) of the first sentence saying the entity did the free relation to the bridge."""
    for sent in sents if cue is not None else ():
        if bridge := done_by(sent, name, cue, view.hit.title):
            return sent, bridge
    return None


def _states(cue: re.Pattern[str], sentence: str, free: bool) -> bool:
    """A vocabulary relation's cue anywhere; a free relation's only as an ordinary word (`states_freely`). A
    question in a document ("Who owns X?" heading an FAQ's answer) asks, it states nothing."""
    if sentence.rstrip(" \"'”’)").endswith("?"):
        return False
    return states_freely(cue, sentence) if free else bool(cue.search(sentence))


def _without_role(view: ChunkView, name: str) -> str:
    """The name read without a role word written before it ("Conductor Ada Brook"), when the graph knows the person."""
    kg = view.kg
    if kg is None or not kg.lower_words:
        return name
    return without_role(name, lambda w: w in kg.lower_words,
                        lambda n: any(kg.entities[e].type == "PERSON" for e in kg.lookup(n) if e in kg.entities))


def _dedupe(names: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for n in names:
        key = normalize(n)
        if key and key not in seen:
            seen.add(key)
            out.append(n)
    return out
