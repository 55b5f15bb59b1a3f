"""What kind of thing a name is, as the words around it show without a class noun (type evidence, pure of the corpus).

English marks a name that is no person's in ways that do not depend on knowing the name:

* an article right before it: "the Tarrow Five", "the Ostrel Linnet" (a personal name takes no article; titles and
  honorifics are left alone: "the Duke of Tarrow", "the Reverend Ada Brook");
* a verb in the plural after it alone, as British English writes of a band, a firm or a team: "Tarrow Plinth are a
  trio", "Brask Vennick have been instructed" -> an organisation;
* being where something is or happens: "trained at Brask Vennick" (not "smiled at Ysmay Vennick");
* being founded, set up or formed: "Brask Vennick was set up in 1986", "Tarrow Plinth formed in 1989" -> an
  organisation;
* quotation marks around the whole name: "Brezzock Stair" (a blog, a story, a song) -> a work's title;
* a person's title before it or letters after it: "Cllr Ysmay Vennick", "Ysmay Marrel KC" -> a person;
* a locative preposition or a house number before a name whose head word names a place or a building: "land off
  Ixworne Lane", "14 Tarrow Row", "at Ossel Mill" -> that place's type, which a surname-like head ("Lane", "Mill")
  alone does not win against the NER's PERSON (`types.surname_shaped`).

`context_cues` gives (type, cue word) pairs; `classes.class_triples` writes them as "class: <TYPE>" triples, the
first as `types.NOT_PERSON`, evidence against a person only.
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from hopgraph.indexing.types import NOT_PERSON, PERSON_PREFIXES, PERSON_SUFFIXES, name_type
from hopgraph.indexing.variants import HONORIFICS

#: Words after "the" that make a person's title ("the Duke of Tarrow", "the late Ada Brook").
_TITLE_WORDS = HONORIFICS | frozenset("late rev revd reverend hon honourable mr mrs ms miss young old".split())
#: Verb forms that are plural only (a lexical verb's plural form is too often a misread noun: "X artichoke").
_PLURAL_FORMS = frozenset("are were 're".split())
#: ... and these when they are the present tense ("Brask Vennick have been", not "would have been").
_PLURAL_PRESENT = frozenset("have do 've".split())
#: Verbs whose passive subject is an organisation: it was founded, established, set up, incorporated.
_FOUNDED = frozenset("found establish incorporate form".split())
#: Verbs whose intransitive subject is a group: a band forms, splits up, disbands, re-forms.
_GROUP_VERBS = frozenset("form disband reform re-form".split())
#: Verbs whose "at" points at someone ("smiled at Ada Brook"); after any other word "at" places the name.
_AT_SOMEONE = frozenset("look stare glance gaze peer smile laugh grin frown nod wink wave point aim direct shout yell "
                        "scream swear snap bark sneer scoff marvel throw fire shoot hit swing jab rage".split())
#: Prepositions that place a thing: "on Ixworne Lane", "off Tarrow Road", "at Ossel Mill".
_LOCATIVE = frozenset("on off along at near beside opposite behind into past via outside inside".split())
_PLACE_KINDS = frozenset(("FAC", "LOC", "GPE"))
_QUOTES = frozenset(("\"", "'"))
_QUOTE_PAIRS = frozenset((("“", "”"), ("‘", "’"), ("«", "»"), ("„", "“")))


def standing_alone(span: Span) -> bool:
    """The name is joined to no other by "and" or "or"."""
    root = span.root
    return root.dep_ != "conj" and not any(c.dep_ in ("conj", "cc") for c in root.children)


def has_article(span: Span) -> bool:
    """ "the" right before the name and attached to it, the name no title's ("the Duke of Tarrow") nor a person's
    with an honorific ("the Reverend Ada Brook")."""
    doc = span.doc
    if span.root.pos_ != "PROPN":
        return False  # "the Tarrow family": a common noun's article ("family" of people, as gold types it)
    words = [t.lower_.strip(".") for t in span]
    if words and words[0] == "the":
        words = words[1:]
        article: Token | None = span[0]
    else:
        article = doc[span.start - 1] if span.start > 0 else None
        if article is not None and (article.lower_ != "the" or article.head.i not in range(span.start, span.end)):
            article = None
    return article is not None and bool(words) and words[0] not in _TITLE_WORDS and "of" not in words


def plural_subject(span: Span) -> bool:
    """The name alone is the subject of a verb in the plural ("Tarrow Plinth are", "Brask Vennick have been")."""
    root = span.root
    if root.dep_ not in ("nsubj", "nsubjpass") or not standing_alone(span) or root.pos_ != "PROPN" \
            or root.tag_ == "NNPS" or span[-1].lower_.endswith("s"):
        return False  # a name plural in form ("our Tarrow Fennels are") says nothing of a group
    verb = root.head
    finite = [verb] + [c for c in verb.children if c.dep_ == "aux"]
    return any(t.pos_ in ("AUX", "VERB") and (t.lower_ in _PLURAL_FORMS or (t.lower_ in _PLURAL_PRESENT
                                                                            and t.tag_ == "VBP")) for t in finite)


def founded_subject(span: Span) -> bool:
    """The name is what was founded or set up ("Brask Vennick was set up in 1986"), or a group that formed or
    disbanded ("Tarrow Plinth formed in 1989")."""
    root = span.root
    verb = root.head
    lemma = verb.lemma_.lower()
    if root.dep_ == "nsubjpass":
        set_up = lemma == "set" and any(c.dep_ == "prt" and c.lower_ == "up" for c in verb.children)
        return lemma in _FOUNDED or set_up
    if root.dep_ == "nsubj" and lemma in _GROUP_VERBS:
        return not any(c.dep_ in ("dobj", "obj") for c in verb.children)
    return False


def at_name(span: Span) -> bool:
    """The name is where something is or happens: the object of "at" ("trained at Brask Vennick", "a night at
    Tarrow Plinth"), not of a verb that points "at" someone ("smiled at Ysmay Vennick")."""
    root = span.root
    prep = root.head
    return root.dep_ == "pobj" and prep.lower_ == "at" and prep.i == span.start - 1 \
        and prep.head.lemma_.lower() not in _AT_SOMEONE and standing_alone(span)


def titled(span: Span) -> str | None:
    """A person's title right before the name or post-nominal letters right after it ("Cllr Ysmay Vennick", "Ysmay
    Marrel KC"): the title or letters, else None."""
    doc = span.doc
    before = doc[span.start - 1] if span.start > 0 else None
    after = doc[span.end] if span.end < len(doc) else None
    if before is not None and before.text[:1].isupper() and before.lower_.rstrip(".") in PERSON_PREFIXES:
        return before.text
    if after is not None and after.text in PERSON_SUFFIXES and span[-1].text[:1].isupper():
        return after.text
    return None


def quoted(span: Span) -> bool:
    """The whole of a quotation is the name: a title ("her story 'The Brezzock Stair'", "the blog "Ossel Notes"")."""
    doc = span.doc
    if span.start == 0 or span.end >= len(doc):
        return False
    before, after = doc[span.start - 1].text, doc[span.end].text
    return (before, after) in _QUOTE_PAIRS or (before in _QUOTES and after in _QUOTES and before == after)


def placed(span: Span) -> str | None:
    """The type of a place- or building-headed name a locative preposition or a house number puts somewhere
    ("on Ixworne Lane", "14 Tarrow Row"), else None."""
    kind = name_type(span.text)
    if kind not in _PLACE_KINDS or span.start == 0:
        return None
    before = span.doc[span.start - 1]
    root = span.root
    if before.like_num and before.pos_ == "NUM":
        return kind
    if root.dep_ == "pobj" and root.head.lower_ in _LOCATIVE and root.head.i == span.start - 1:
        return kind
    return None


def context_cues(ctx, span: Span) -> list[tuple[str, str]]:
    """(type, cue) for every cue of the name `span`'s kind its context gives."""
    if span.label_ not in ("PERSON", "ORG", "FAC", "LOC", "GPE", "PROPN", "WORK_OF_ART", "PRODUCT", "EVENT", "NORP"):
        return []
    out: list[tuple[str, str]] = []
    if has_article(span):
        out.append((NOT_PERSON, "the"))
    if at_name(span):
        out.append((NOT_PERSON, "at"))
    if plural_subject(span):
        out.append(("ORG", "plural verb"))
    if founded_subject(span):
        out.append(("ORG", "founded"))
    if quoted(span):
        out.append(("WORK_OF_ART", "quoted"))
    title = titled(span)
    if title:
        out.append(("PERSON", title))
    kind = placed(span)
    if kind:
        out.append((kind, "placed"))
    return out
