"""The field someone studied: "Where did X study law?" asks where, and "law" is no hop (a pure function).

After "study", a bare noun with no determiner is the subject studied: it says which of the person's studies
is meant, so it qualifies the search for where they studied instead of being read as a relation of its own
("law of X"). A tagger may read the bare verb of a do-question as a noun ("did the judge … study law").
"""

from __future__ import annotations

from hopgraph.router.lexicon import is_relation_verb
from hopgraph.router.tokens import DO_FORMS, Tok, renumber

#: Verbs whose bare object is a field of study.
_STUDY_VERBS = frozenset(("study",))
#: Words that may end the field's phrase.
_AFTER_FIELD = frozenset("at in under with for before after ? . ,".split())


def without_field_of_study(toks: list[Tok]) -> tuple[list[Tok], list[str]]:
    """The tokens without the bare nouns (and adjectives) after a verb of study that close its phrase ("study
    civil engineering?", "study law at Y"), and those words; unchanged and no words when there are none."""
    for t in toks:
        bare = t.pos == "NOUN" and t.i > 0 and toks[t.i - 1].pos not in ("DET", "ADJ") \
            and any(u.lower in DO_FORMS for u in toks[:t.i])  # ("Where did the judge who … study law?")
        if (t.lemma not in _STUDY_VERBS and t.lower not in _STUDY_VERBS) or not (t.pos == "VERB" or bare):
            continue
        end = t.i + 1
        while end < len(toks) and (toks[end].pos in ("ADJ", "NOUN") or (bare and _misread_last(toks, end))) \
                and toks[end].anchor < 0:
            end += 1  # ("did X's daughter study medicine": the tagger took "medicine" for the bare verb)
        if end == t.i + 1 or toks[end - 1].pos not in ("NOUN", "VERB") \
                or (end < len(toks) and toks[end].lower not in _AFTER_FIELD):
            continue
        return renumber(toks[:t.i + 1] + toks[end:]), [u.lower for u in toks[t.i + 1:end]]
    return toks, []


def _misread_last(toks: list[Tok], i: int) -> bool:
    """The word at `i` is the question's last, tagged a verb though it is none of the lexicon's."""
    return toks[i].pos == "VERB" and not is_relation_verb(toks[i]) and all(not u.lower.isalnum() for u in toks[i + 1:])
