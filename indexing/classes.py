"""What kind of thing a name is, as the text states it with a class noun (type evidence for `types.vote_type`).

English names a thing's class next to its name: in apposition ("Quellby, a diagnostics company", "the test,
Quickmark"), as a copula complement ("Tarrow is a small town"), as a noun right before the name ("the utility
Quellby Power", "the pianist Ada Brook") or in "the <class> of <name>" ("the village of Tarrow"). Such a statement
is stronger evidence than a NER guess on an unfamiliar name, and so is a company's legal form after it ("Quell
Catering Ltd", `name_edges.COMPANY_SUFFIXES`) and a name modifying a place, facility, work or event noun ("the
Tarrow valley", "the Quell shell jacket") unless NER took the name for a place. `class_triples` reads them as
(name, "class: <TYPE>", <noun>, "class") triples, which resolution counts as type evidence, never as relations.
People in the plural said of one name are a firm of them ("Brask Vennick, architects"); in a list "Ada Brook,
solicitor, Brask & Co" the role is Ada Brook's, not the firm's; a place noun another name modifies ("Ada Brook
(Tarrow Hill ward)") is that name's. The words around a name that state its kind without a class noun ("the
Tarrow Five", "Tarrow Plinth are ...") are `hopgraph.indexing.class_cues`.
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Span, Token

from hopgraph.indexing.class_cues import context_cues, standing_alone
from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.name_edges import COMPANY_SUFFIXES
from hopgraph.indexing.types import CLASS_PREFIX

CLASS_TYPES: dict[str, str] = {}
for _type, _nouns in (
    ("ORG", "company firm business startup start-up manufacturer maker utility bank group newspaper daily "
            "weekly broadcaster brewery retailer agency organisation organization association club team squad "
            "orchestra charity foundation label studio operator supplier outfitter cooperative party university "
            "hospital conservatory institute laboratory department committee council choir ensemble paper "
            "insurer airline carrier fund band duo trio quartet quintet practice chambers imprint magazine fanzine "
            "restaurant pub café cafe bistro brasserie creamery dairy distillery bakery housebuilder wholesaler "
            "haulier consultancy"),
    ("GPE", "town village city municipality hamlet capital country suburb"),
    ("LOC", "river lake mountain peak summit valley glacier pass massif stream brook range gorge island tributary "
            "forest area ward"),
    ("FAC", "hotel inn hut hall building museum bridge dam gondola stadium theatre theater church cathedral "
            "plant factory square tower guesthouse"),
    ("WORK_OF_ART", "novel book opera film album song memoir symphony concerto play drug test shoe boot jacket "
                    "device product vaccine podcast programme documentary show single collection anthology poem"),
    ("PRODUCT", "aircraft airliner turboprop jet trawler dredger ship vessel boat handliner lifeboat cheese beer ale "
                "lager gin whisky cider"),
    ("EVENT", "festival race tour competition prize award medal championship election conference fair"),
    ("PERSON", "pianist violinist cellist composer conductor singer designer engineer doctor nurse surgeon physician "
               "professor manager editor reporter journalist mayor councillor founder co-founder artist painter "
               "author writer poet novelist architect guide climber mountaineer skier cyclist rider runner coach "
               "farmer baker chef priest teacher student researcher scientist librarian curator historian "
               "spokesperson spokeswoman spokesman printer seamstress instructor volunteer widow widower critic "
               "candidate father mother son daughter wife husband brother sister grandfather grandmother uncle aunt "
               "colleague owner host presenter rector warden barrister solicitor judge clerk chairman chairwoman chair "
               "secretary treasurer dean director skipper drummer guitarist bassist vocalist fiddler brewer distiller "
               "cheesemaker fisherman shipwright miller joiner sculptor vicar curate headteacher headmaster "
               "headmistress schoolmaster schoolmistress trustee accountant surveyor lecturer officer executive "
               "inspector nephew niece cousin grandson granddaughter pilot captain governor"),
):
    for _n in _nouns.split():
        CLASS_TYPES[_n] = _type
#: Classes whose noun a name modifies to name one thing ("the Tarrow valley"); a place modifying an organisation
#: noun says where it is instead ("the Tarrow publisher"), so places never take evidence this way.
_NAMED_BY_MODIFIER = frozenset(("LOC", "FAC", "WORK_OF_ART", "EVENT"))
_PLACE_LABELS = frozenset(("GPE", "LOC", "NORP"))
_VALUE_LABELS = frozenset("DATE TIME CARDINAL ORDINAL QUANTITY PERCENT MONEY".split())


def _class_noun(ctx: ChunkContext, tok: Token | None, lone: Span | None = None) -> str | None:
    """The class noun `tok` is, when it is a common noun naming no entity and its lemma is a known class. People in
    the plural said of one name standing alone (`lone`) are a firm of them ("Brask Vennick, architects")."""
    if tok is None or tok.pos_ != "NOUN" or tok.i in ctx.span_of or not tok.is_lower:
        return None
    lemma = tok.lemma_.lower()
    if lone and tok.tag_ == "NNS" and CLASS_TYPES.get(lemma) == "PERSON":
        # "Brask Vennick, architects" is a firm; "Ada, their daughters Ysmay and Tamsk" names the people
        names_own = any(c.dep_ == "poss" or (c.i in ctx.span_of and not lone.start <= c.i < lone.end
                                             and c.dep_ in ("appos", "compound", "conj")) for c in tok.children)
        return None if names_own else "firm"
    return lemma if lemma in CLASS_TYPES else None


def _lone(span: Span) -> bool:
    """A name standing alone, neither joined to another by "and" nor plural in form."""
    return standing_alone(span) and span.root.tag_ != "NNPS"


def _describes_another(ctx: ChunkContext, noun: Token) -> bool:
    """A noun in apposition to an earlier name ("Ada Brook, solicitor, Brask & Co"): it says what that name is,
    not what the name after it is (where the post is held)."""
    return noun.dep_ == "appos" and noun.head.i in ctx.span_of \
        and not any(c.dep_ in ("det", "poss") for c in noun.children)  # "Ada, their daughter Ysmay" names Ysmay


def _named_by_another(ctx: ChunkContext, noun: Token | None) -> bool:
    """A place, building, work or event noun another name modifies ("Ada Brook (Tarrow Hill ward)"): that thing
    is the other name's, and an apposition says where the name is from, not what it is."""
    if noun is None or CLASS_TYPES.get(noun.lemma_.lower()) not in _NAMED_BY_MODIFIER:
        return False
    return any(c.dep_ == "compound" and c.i in ctx.span_of for c in noun.children)


def span_classes(ctx: ChunkContext, span: Span) -> list[str]:
    """Class nouns the sentence states for the name `span` (apposition, copula, preceding noun, "the X of")."""
    root = span.root
    lone = span if _lone(span) else None
    out = [_class_noun(ctx, c, lone) for c in root.children if c.dep_ == "appos" and not _named_by_another(ctx, c)]
    if root.dep_ == "appos" and not _describes_another(ctx, root.head) and not _named_by_another(ctx, root.head):
        out.append(_class_noun(ctx, root.head, lone))
    if root.dep_ == "nsubj" and root.head.lemma_ == "be":
        out += [_class_noun(ctx, c, lone) for c in root.head.children if c.dep_ == "attr"]
    if root.dep_ == "attr" and root.head.lemma_ == "be" and lone:  # "its managing director is Ada Brook"
        out += [_class_noun(ctx, c) for c in root.head.children if c.dep_ == "nsubj" and c.tag_ == "NN"]
    if span.start > 0:
        prev = ctx.doc[span.start - 1]
        if prev.head.i == root.i and prev.dep_ in ("compound", "amod"):
            out.append(_class_noun(ctx, prev))
    if root.dep_ == "compound" and span.label_ not in _PLACE_LABELS:  # "the Tarrow valley", "the Quell jacket"
        noun = _class_noun(ctx, root.head)
        if noun is not None and CLASS_TYPES[noun] in _NAMED_BY_MODIFIER:
            out.append(noun)
    if root.dep_ == "pobj" and root.head.lower_ == "of" and root.head.head.dep_ != "pobj":
        noun = _class_noun(ctx, root.head.head)
        if noun is not None and CLASS_TYPES[noun] in ("GPE", "LOC"):
            out.append(noun)
    return [n for n in out if n]


def class_triples(ctx: ChunkContext) -> Iterator[tuple[Span, str, str]]:
    """(name span, "class: <TYPE>", class noun) for every name whose class the text states."""
    doc = ctx.doc
    for span in ctx.spans:
        if span.label_ in _VALUE_LABELS:
            continue
        if span.end < len(doc) and doc[span.end].lower_ in COMPANY_SUFFIXES and span.label_ == "ORG":
            yield span, CLASS_PREFIX + "ORG", "company"  # "Quell Catering Ltd": a company, whatever NER said
        for noun in dict.fromkeys(span_classes(ctx, span)):
            yield span, CLASS_PREFIX + CLASS_TYPES[noun], noun
        for kind, cue in context_cues(ctx, span):  # "the Tarrow Five", "Tarrow Plinth are ...", "on Ixworne Lane"
            yield span, CLASS_PREFIX + kind, cue
