"""Our predicates -> the gold relation vocabulary of extraction benchmarks (newsdesk-style gold folders).

`gold_predicate` uses `hopgraph.indexing.predicates.to_gold` when it offers a mapping, else the local table below.
employer and role count as one predicate, performed_by and premiered_by as one (`canon`).
"""

from __future__ import annotations

TYPE_MAP = {"WORK_OF_ART": "WORK"}
SYMMETRIC = frozenset(("spouse", "sibling", "partner_of"))
GOLD_PREDICATES = frozenset(
    ["born_in", "born_on", "died_in", "spouse", "parent_of", "sibling", "educated_at", "employer", "role", "founded_by", "founded_in", "founded_on", "headquartered_in", "located_in", "member_of", "owner_of", "acquired", "merged_into", "renamed_to", "subsidiary_of", "product_of", "created_by", "performed_by", "premiered_by", "award_won", "elected_to", "participant_in", "partner_of", "other"]
)
_SAME = {"employer": "role", "performed_by": "premiered_by"}

#: Our predicate strings (verb lemmas with prepositions, relational nouns; direction "subject IS <noun> OF
#: object", "subject <verb> object") -> (gold predicate, arguments swapped). Used when
#: hopgraph.indexing.predicates offers no `to_gold`.
_LOCAL: dict[str, tuple[str, bool]] = {}
for _names, _gold, _swap in (
    ("born in|bear in", "born_in", False), ("born on|bear on", "born_on", False), ("die in", "died_in", False),
    ("marry|marry to|wife|husband|spouse|married|wed", "spouse", False),
    ("father|mother|parent", "parent_of", False), ("son|daughter|child", "parent_of", True),
    ("brother|sister|sibling", "sibling", False),
    ("study at|study|graduate from|educate at|attend|alumnus|alumna|graduate", "educated_at", False),
    ("work for|work at|employ|employee|work with|join|hire", "employer", False),
    ("employ by|hire by", "employer", False),
    ("found|co-found|cofound|establish|set up|start", "founded_by", True),
    ("founder|co-founder|cofounder", "founded_by", True),
    ("found by|establish by", "founded_by", False),
    ("found in|establish in", "founded_in", False), ("found on|establish on", "founded_on", False),
    ("headquarter in|base in|headquartered in|based in|headquarters in", "headquartered_in", False),
    ("locate in|situate in|lie in|in|locate at|locate on|stand in|stand on", "located_in", False),
    ("member|member of|join as", "member_of", False),
    ("own|owner|buy|purchase", "owner_of", False), ("acquire", "acquired", False),
    ("merge into|merge with", "merged_into", False), ("rename|rename to", "renamed_to", False),
    ("subsidiary|unit|division|part", "subsidiary_of", False),
    ("make|produce|manufacture|develop|publish|sell|launch|release", "product_of", True),
    ("product|publisher", "product_of", False),
    ("write|compose|design|create|author|paint|build|architect", "created_by", True),
    ("writer|composer|designer|creator|author of", "created_by", True),
    ("premiere|perform|play|sing|record", "premiered_by", True),
    ("win|award|receive|winner", "award_won", False),
    ("elect to", "elected_to", False), ("participate in|take part in|compete in|attend in", "participant_in", False),
    ("partner|partner with|collaborate with|ally", "partner_of", False),
    ("ceo|chief executive|director|president|chair|chairman|chairwoman|chairperson|head|manager|editor|"
     "chief|executive|officer|professor|professor at|lecturer|secretary|treasurer|mayor|principal|dean|"
     "investigator|chief technology officer|cto|cfo|coo|vice president|leader|lead|conductor|curator|"
     "spokesperson|spokesman|spokeswoman|minister|governor|founder and ceo|researcher|scientist|engineer|"
     "doctor|physician|surgeon|nurse|teacher|coach|captain|pilot|guide|analyst|reporter|journalist|"
     "correspondent|columnist|partner at|head of|chair of|run|lead|chair|direct|manage|head|edit", "role", False),
):
    for _n in _names.split("|"):
        _LOCAL.setdefault(_n, (_gold, _swap))


def gold_predicate(predicate: str) -> tuple[str, bool]:
    """(gold predicate, arguments swapped) of one of our predicate strings; `other` when nothing fits.

    Uses `hopgraph.indexing.predicates.to_gold` when that module provides it; a predicate already spelled as a
    gold predicate ("founded_by", "founded by") is taken as is, in the gold direction.
    """
    try:
        from hopgraph.indexing import predicates  # type: ignore[attr-defined]

        fn = getattr(predicates, "to_gold", None)
    except ImportError:
        fn = None
    if fn is not None:
        got = fn(predicate)
        if got is not None:
            return got
    p = predicate.strip().lower()
    if p.replace(" ", "_") in GOLD_PREDICATES:
        return p.replace(" ", "_"), False
    if p in _LOCAL:
        return _LOCAL[p]
    head = p.split(" of ")[0].split(" at ")[0]
    if head in _LOCAL and _LOCAL[head][0] == "role":
        return "role", False
    return "other", False




def canon(pred: str) -> str:
    """The gold predicate with equivalents made one (employer = role, performed_by = premiered_by)."""
    return _SAME.get(pred, pred)
