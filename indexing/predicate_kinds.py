"""A canonical predicate made to fit what its arguments are (pure functions).

The same English says different things of different kinds of thing, and the canonical vocabulary
(`hopgraph.indexing.predicates`) keeps them apart:

* an organisation "in" a place is headquartered there, a building or a place is located there ("X is the only
  university in Y", "a hospital in Y");
* "launched" an organisation is founded it ("A and B launched the Tarrow Cycling Team"); "was launched in Y" / "on
  DATE" is where and when it was founded; a product launched stays a product;
* an organisation that "opened on DATE" was founded then (a building's opening stays a readable "open on");
* a race or a festival "held in" a place is located there;
* a river or a place that "joins" something is no employee: the verb stays;
* a person who "comes from", "joins from" or "left" an organisation worked there; one who "works for" or joins a
  group by its name (an orchestra, a team, a party) is a member of it;
* "conducted" an orchestra is its conductor; "won" a prize "for" a work names the work's author;
* a person or organisation that presents, performs, speaks or rides "at"/"in" an event takes part in it.

What a name is comes from its form first (`hopgraph.indexing.types.name_type`: "... Hospital" is an organisation),
then from the NER label the extractor saw.
"""

from __future__ import annotations

from hopgraph.indexing.types import ORG_OR_BUILDING, name_type

_ORG_LABELS = frozenset(("ORG",))
#: Last words of a group's name one is a member of rather than employed by.
_GROUP_HEADS = frozenset(
    "orchestra philharmonic team squad club party band choir ensemble league association society union list "
    "committee greens".split()
)
#: Verbs that, from a person to an organisation, say the person worked there.
_FROM_EMPLOYER = frozenset(("come from", "join from", "leave", "move from", "arrive from"))
_PLACE_KINDS = frozenset(("GPE", "LOC", "FAC"))
#: Verbs of taking a part at an event: one who presents, performs or rides "at"/"in" a fair, festival or race
#: takes part in it.
_AT_EVENT = frozenset(f"{verb} {prep}" for verb in ("present", "perform", "speak", "appear", "play", "exhibit",
                                                    "compete", "race", "ride", "sing", "start", "exhibit")
                      for prep in ("at", "in"))


def kind_of(name: str, label: str | None) -> str | None:
    """The type a name's form states, else its NER label."""
    return name_type(name) or label


def fit_kinds(pred: str, subject: str, obj: str, subj_label: str | None = None,
              obj_label: str | None = None, raw: str = "") -> str:
    """`pred` adjusted to its arguments' kinds (see the module docstring); unchanged when nothing applies."""
    subj_kind = kind_of(subject, subj_label)
    obj_kind = kind_of(obj, obj_label)
    if pred in _FROM_EMPLOYER and subj_kind == "PERSON" and obj_kind == "ORG":
        pred = "work for"
    if pred == "work for" and subj_kind == "PERSON" and obj.split()[-1].lower() in _GROUP_HEADS:
        return "member of"
    if pred == "conduct" and obj_kind == "ORG":
        return "role: conductor"
    if pred == "win for" and "WORK_OF_ART" in (obj_kind, obj_label):
        return "author"
    if pred == "work for" and subj_kind in _PLACE_KINDS and raw:
        return raw  # "the Ossel joins the Tarrow": a river joins, it is employed by no one
    if pred == "located in" and subj_kind == "ORG":
        return "headquartered in"
    if pred == "headquartered in" and subj_kind in _PLACE_KINDS and name_type(subject) is not None \
            and subj_label != "ORG" and subject.split()[-1].lower() not in ORG_OR_BUILDING:
        return "located in"  # "the Tarrow Bridge in Y": a structure is located ("Quell House" tagged ORG is a firm)
    if pred == "launch" and obj_kind == "ORG":
        return "founder"
    if pred in ("launch in", "launch on", "open on") and subj_kind == "ORG":  # a building opened stays opened
        return "founded on" if pred.endswith("on") else "founded in"
    if pred in ("hold in", "take place in", "stage in") and subj_kind == "EVENT":
        return "located in"
    if obj_kind == "EVENT" and subj_kind in ("PERSON", "ORG") and pred in _AT_EVENT:
        return "participant in"
    return pred
