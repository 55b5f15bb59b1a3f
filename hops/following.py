"""Sentences about an entity that do not name it (pure functions).

A document goes on about what a sentence names: the sentences after it in the same paragraph ("Ada Brook joined
the firm in 2001. She married Tom Reed in 2004."), a news paragraph that points back at the last one's subject
("The 24-year-old, who …"), and later sentences that call an organisation by its class noun ("the trust"). A
sentence that only lists names ("Present: A. Brook, T. Reed, K. Lane.") is about none of them, so nothing after
it is about the entity for being there.
"""

from __future__ import annotations

import re

from hopgraph.indexing.normalize import normalize
from hopgraph.router.leading import ORGANISATION_NOUNS
from hopgraph.router.open_words import is_function_phrase
from hopgraph.router.spans import capitalised_spans

#: Sentences after one that names an entity that still count as about it (same paragraph).
FOLLOWING = 2


def _opens_with_a_name(sentence: str) -> bool:
    """The sentence starts with a name of two or more words, its subject ("Bob Jones was …")."""
    spans = capitalised_spans(sentence.lstrip())
    first = spans[0].text.split() if spans and spans[0].start == 0 else []
    return len(first) >= 2 and not is_function_phrase(first[0])


_BACK_PRONOUNS = frozenset("he she they his her their".split())


def refers_back(sentence: str) -> bool:
    """A paragraph that opens by pointing back at the last one's subject, as news writing does: a pronoun ("He
    joined …") or a definite description with no name in it or beside it ("The 24-year-old, who was born in …",
    not "The previous leader, the Lorn rider Ada Brandt, …")."""
    words = sentence.split()
    if not words:
        return False
    if words[0].lower() in _BACK_PRONOUNS:
        return True
    parts = sentence.split(",")
    head = parts[0].split()[:6]
    if words[0] != "The" or len(head) < 2 or any(w[:1].isupper() for w in head[1:]):
        return False
    apposed = parts[1].split() if len(parts) > 1 else []  # "The previous leader, the Lorn rider Ada Brandt, …"
    return not (apposed[:1] and apposed[0].lower() in ("the", "a", "an") and any(w[:1].isupper() for w in apposed[1:]))


def by_class_noun(all_sents: list[tuple[int, str]], naming: list[tuple[int, str]], name: str) -> list[str]:
    """Sentences after the first one naming an organisation that call it "the <its class noun>" ("the trust",
    "the society's") and name no other one of that class ("the X Trust" alone): the organisation again (pure)."""
    head = name.split()[-1].lower() if name.split() else ""
    if head not in ORGANISATION_NOUNS or not naming:
        return []
    again = re.compile(rf"\bthe\s+{re.escape(head)}(?:'s|’s)?\b")
    other = re.compile(rf"\b[A-Z][\w'’-]*\s+(?i:{re.escape(head)})\b")  # "the Westmarch Trust": another one
    first = min(o for o, _ in naming)
    named = {o for o, _ in naming}
    own = normalize(name)
    return [s for o, s in all_sents if o > first and o not in named and again.search(s)
            and not any(not own.endswith(normalize(m.group(0))) for m in other.finditer(s))]


def following(text: str, all_sents: list[tuple[int, str]], naming: list[tuple[int, str]]) -> list[str]:
    """Up to `FOLLOWING` sentences of `text` after each naming sentence, in the same paragraph (no line
    break between, unless the next paragraph `refers_back`) and not opening with another name, that are not
    naming sentences themselves; a naming sentence that `lists_names` has none (pure)."""
    named = {o for o, _ in naming}
    out: list[str] = []
    for n, (o, s) in enumerate(all_sents):
        if o not in named or lists_names(s):
            continue  # ("Present: A. Brook, T. Reed, K. Lane. 1. The chair welcomed …": about none of them)
        end = o + len(s)
        for o2, s2 in all_sents[n + 1:n + 1 + FOLLOWING]:
            head = s2.split("\n")[0]  # a line break ends the paragraph
            if o2 in named or ("\n" in text[end:o2] and not refers_back(head)) or _opens_with_a_name(head):
                break  # "Bob Jones was born in Tamsel.": about someone else now
            if head.strip() and head not in out:
                out.append(head)
            if head != s2:
                break
            end = o2 + len(s2)
    return out


#: Names in a row that make a sentence a list of them.
LISTED = 3
#: A name of a list item: capitalised words or initials, with an optional title ("Cllr R. Hale", "A. Brook").
_LISTED_NAME = re.compile(r"^(?:[A-Z][\w'’.-]*\s*){1,4}(?:\([^)]*\))?$")


def lists_names(sentence: str) -> bool:
    """The sentence is a list of `LISTED` or more names (after a label such as "Present:"), each item a name alone
    ("Present: Cllr A. Brook (chair), T. Reed, K. Lane."): it says nothing about any one of them."""
    body = sentence.split(":", 1)[1] if re.match(r"^[\w ]{1,30}:", sentence) else sentence
    body = re.sub(r"\s+\d+\.\s*$", "", body.strip()).rstrip(".;")  # (a numbered item's number after it: "… 1.")
    items = [i.strip() for i in re.split(r",|;|\band\b", body) if i.strip()]
    return sum(bool(_LISTED_NAME.match(i)) for i in items) >= LISTED and all(len(i.split()) <= 6 for i in items)
