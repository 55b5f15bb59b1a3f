"""Is a document about one entity, its title? (pure functions over the title and the opening text)

Encyclopedic pages are titled by their subject and open with it ("Ada Brook (born 1901) was a ..."); there the
title is an entity and "he"/"she"/"it" mean it. News, minutes, reports and notes are titled by a headline or a
file name ("Harbour board approves new crane", "minutes-03"); there the title is no entity and a pronoun means a
person or organisation named earlier in the text.

`document_mode` says which:

* ``"subject"``: the text starts with the title (without a trailing "(disambiguator)" or ", qualifier") and goes
  on in the same line (a title on a line of its own is a heading, not a lead); or the title is name-like (its
  significant words capitalised, at most 12 words) and the text opens with it: the name the first sentence opens
  with shares the title's first or last word ("Ada Margaret Brook" under "Ada Brook"), or the text opens with a
  pronoun or in lower case (the name was left out: "He was the father of ..."), or with an encyclopedic
  definition ("Name (…) is a …", "Name (…) was …"), or a definite description ("The band was formed ..."), or
  the title is a personal name (2-4 capitalised words) whose last word the first sentence names ("Born in
  Tarrow, Vennick moved ..."): pages titled by a translated or better-known name.
  Or the title is "<Name>: <subtitle>" and the text opens with that name ("Tarrow Bridge: history" over "The
  Tarrow Bridge crosses ..."): `named_subject` is then the document's title entity.
* ``"narrative"``: there is a title, but not of that kind; or the title names a kind of document ("Contract award
  notice, 2019", "Memo: staff rota", "Quell Ltd — minutes, 4 May 2022": `hopgraph.indexing.document_kinds`),
  whatever the text opens with.
* ``"untitled"``: no title at all (the passage itself must say what it is about).
"""

from __future__ import annotations

import re

from hopgraph.indexing.normalize import normalize, strip_disambiguator

SUBJECT, NARRATIVE, UNTITLED = "subject", "narrative", "untitled"

#: Lower-case words a name may hold ("Bank of the North", "Piero da Varenna", "Tachibana no Sadao").
NAME_STOPWORDS = frozenset(
    "of the and a an in on at for to de la le les du des da di del della van von der den ten ter y e et no "
    "upon under over by with from or vs v bin ibn bint al el mac ap dei di du".split()
)
_PRONOUN_OPENING = re.compile(r"(?:He|She|It|They|His|Her|Its|Their)\b")
_WORD = re.compile(r"[^\W\d_][\w'’.-]*|\d[\w'’.-]*", re.UNICODE)
#: End of an encyclopedic opening name: a bracket, a comma, or "is/was/are/were".
_LEAD_END = re.compile(r"[(\[,;:–—]|\s(?:is|was|are|were|has|had)\s")
_MAX_TITLE_WORDS = 12
#: An encyclopedic first sentence: "Name (…) is a …", "Name was an …", "Name is the …".
_DEFINITION = re.compile(r"[^\n.]{1,150}?(?:\([^()\n]*\))?,?\s+(?:is|was|are|were)\s+(?:a|an|the|one|\d)\b"
                         r"|[^\n.(]{1,80}\([^\n]{0,200}?\)\s*,?\s*(?:is|was|are|were)\b")
#: A passage opening with a definite description of its subject: "The film was released in 1950."
_DESCRIPTION = re.compile(r"(?:The|This) (?:film|movie|album|song|single|book|novel|play|opera|company|band|group|"
                          r"club|team|village|town|city|river|lake|mountain|station|school|university|church|ship|"
                          r"game|series|episode|magazine|newspaper|building|bridge|party)\b")


def title_base(title: str) -> str:
    """The title without a trailing "(disambiguator)": "Three Ghosts (1936 film)" -> "Three Ghosts"."""
    return strip_disambiguator(title).strip()


def is_name_like(title: str) -> bool:
    """True when every significant word starts with a capital or a digit (a name, not a headline or file name)."""
    words = _WORD.findall(title_base(title))
    if not words or len(words) > _MAX_TITLE_WORDS:
        return False
    significant = [w for w in words if w.lower() not in NAME_STOPWORDS or w is words[0]]
    return bool(significant) and all(w[0].isupper() or w[0].isdigit() for w in significant) \
        and any(w[0].isupper() for w in significant)


def opens_with_title(title: str, text: str) -> bool:
    """True when the text opens with the title (see the module docstring)."""
    base = title_base(title)
    head = text.lstrip(" \t\r\n\"'“‘*#-")
    if not head:
        return False
    for form in (base, base.split(",")[0].strip()):
        if form and head[:len(form)].lower() == form.lower():
            rest = head[len(form):].lstrip(" \t\"'”’")
            return bool(rest) and rest[0] not in "\r\n"  # a title on a line of its own is a heading
    if _PRONOUN_OPENING.match(head) or not (head[0].isupper() or head[0].isdigit()):
        return True
    first_line = head.split("\n", 1)[0][:200]
    cut = _LEAD_END.search(first_line)
    lead_text = normalize(first_line[:cut.start()] if cut else first_line)
    if lead_text.startswith(normalize(base.split(",")[0])) or _DESCRIPTION.match(head):
        return True  # "The Harbour Bell is ..." under "Harbour Bell"; "The film was released ..."
    lead = normalize(" ".join(_leading_name(first_line[:cut.start()] if cut else first_line))).split()
    tw = [w for w in normalize(base.split(",")[0]).split() if w not in NAME_STOPWORDS]
    if bool(tw) and bool(lead) and (tw[0] in lead[:3] or tw[-1] in lead):
        return True
    first_sentence = normalize(re.split(r"(?<=[.!?])\s", first_line, maxsplit=1)[0]).split()
    words = _WORD.findall(base.split(",")[0])
    if 1 < len(words) <= 4 and all(w[0].isupper() for w in words) and len(tw[-1]) >= 4 and tw[-1].isalpha() \
            and tw[-1] in first_sentence:
        return True  # "Born in Tarrow, Vennick moved ..." under "Orla Vennick"
    return _DEFINITION.match(first_line) is not None


def _leading_name(text: str) -> list[str]:
    """The capitalised words a text opens with (lower-case name words such as "of" allowed), at most 12."""
    out = []
    for word in _WORD.findall(text)[:12]:
        if not (word[0].isupper() or word[0].isdigit() or word.lower() in NAME_STOPWORDS):
            break
        out.append(word)
    return out


_SUBTITLE = re.compile(r":\s")


def named_subject(title: str, opening_text: str) -> str | None:
    """The name a "<Name>: <subtitle>" title ("Tarrow Bridge: history and repairs", "Ossel (river): course and
    tributaries") puts first, when it is name-like and the text opens with it (after "The") and goes on in the
    same line: the document is about that entity, though its whole title names none. None otherwise."""
    parts = _SUBTITLE.split(title, maxsplit=1)
    if len(parts) < 2:
        return None
    name = parts[0].strip()
    base = title_base(name)
    if not base or not is_name_like(name):
        return None
    head = opening_text.lstrip(" \t\r\n\"'“‘*#-")
    head = head[4:] if head[:4].lower() == "the " and base[:4].lower() != "the " else head
    rest = head[len(base):]
    return base if head[:len(base)].lower() == base.lower() and rest[:1] in (" ", ",", "(", "'", "’") \
        and "\n" not in rest[:2] else None


def document_mode(title: str, opening_text: str) -> str:
    """"subject", "narrative" or "untitled" for a document with this title and first chunk text."""
    if not title.strip():
        return UNTITLED
    from hopgraph.indexing.document_kinds import kind_titled  # it reads names with `is_name_like`

    if kind_titled(title):  # "Contract award notice, 2019" over "Contract award notice. Awarding body: ..."
        return NARRATIVE
    head = opening_text.lstrip(" \t\r\n\"'“‘*#-")
    for form in (title_base(title), title_base(title).split(",")[0].strip()):
        if form and head[:len(form)].lower() == form.lower():  # opens with the title, name-like or not
            rest = head[len(form):].lstrip(" \t\"'”’")
            if rest and rest[0] not in "\r\n":
                return SUBJECT
    if is_name_like(title) and opens_with_title(title, opening_text):
        return SUBJECT
    if named_subject(title, opening_text):
        return SUBJECT
    return NARRATIVE
