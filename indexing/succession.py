"""Who held a position before: "A succeeds B", "A takes over from B", "A replaced B" pass A's position to B.

News of an appointment names the new holder's position first ("Quell Ltd has appointed A as chief executive")
and the predecessor later ("A succeeds B, who retires after ten years"), often without repeating the title. B
held the position A takes: (B, "role: <title>", organisation) for A's first role in the chunk said before the
succession or in its sentence (the position the text announces; a career history of A follows it).
"""

from __future__ import annotations

from hopgraph.indexing.normalize import normalize
from hopgraph.indexing.predicates import ROLE
from hopgraph.models import Triple

#: Positions kept as their own nouns (`predicates.KEEP_NOUNS`) that one holds and hands on: "the director of Y".
POSTS = frozenset(("director", "publisher"))
#: Canonical (readable) predicates saying the subject followed the object in a position.
SUCCESSION = frozenset(("succeed", "take over from", "replace"))


def _same_person(a: str, b: str) -> bool:
    """The same name, or one is the other's surname ("Brook" and "Ada Brook")."""
    na, nb = normalize(a), normalize(b)
    return bool(na and nb) and (na == nb or na.split()[-1] == nb.split()[-1] and (
        len(na.split()) == 1 or len(nb.split()) == 1))


def succession_triples(triples: list[Triple]) -> list[tuple[str, str, str, str, str]]:
    """(predecessor, role: <title>, organisation, "succession", sentence) for each succession the triples state."""
    out = []
    for at, t in enumerate(triples):
        if t.predicate not in SUCCESSION:
            continue
        # (a role A is said to hold only after the succession is a later or an earlier post of A's career:
        # "… succeeding B. A joins from Y, where she was finance director" passes B no post at Y)
        said = [r for k, r in enumerate(triples) if k < at or r.sentence == t.sentence]
        role = next((r for r in said if (r.predicate.startswith(ROLE) or r.predicate in POSTS)
                     and _same_person(r.subject, t.subject)
                     and not _same_person(r.subject, t.object)), None)
        if role is not None and not _same_person(role.object, t.object):
            out.append((t.object, role.predicate, role.object, "succession", t.sentence))
    return out
